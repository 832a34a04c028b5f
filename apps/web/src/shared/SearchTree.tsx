import { Input, Tree, type TreeProps } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchTreeNode {
  key: string;
  title: string;
  isLeaf?: boolean;
  disabled?: boolean;
  children?: SearchTreeNode[];
  data?: unknown;
}

/** Keeps nodes whose title contains the text, with their ancestors; returns the keys to expand. */
export function filterTree(
  nodes: readonly SearchTreeNode[],
  text: string,
): { nodes: SearchTreeNode[]; expanded: string[] } {
  const needle = text.trim().toLowerCase();
  if (!needle) return { nodes: [...nodes], expanded: [] };
  const expanded: string[] = [];
  const walk = (list: readonly SearchTreeNode[]): SearchTreeNode[] =>
    list.flatMap((node) => {
      const children = walk(node.children ?? []);
      const hit = node.title.toLowerCase().includes(needle);
      if (children.length) expanded.push(node.key);
      if (!hit && !children.length) return [];
      return [{ ...node, children: hit && !children.length ? node.children : children }];
    });
  return { nodes: walk(nodes), expanded };
}

function highlight(title: string, text: string): ReactNode {
  const index = text ? title.toLowerCase().indexOf(text.toLowerCase()) : -1;
  if (index < 0) return title;
  return (
    <span>
      {title.slice(0, index)}
      <span style={{ color: 'var(--ant-color-primary)', fontWeight: 600 }}>
        {title.slice(index, index + text.length)}
      </span>
      {title.slice(index + text.length)}
    </span>
  );
}

function toDataNodes(nodes: readonly SearchTreeNode[], text: string): DataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: highlight(node.title, text.trim()),
    isLeaf: node.isLeaf,
    disabled: node.disabled,
    children: node.children ? toDataNodes(node.children, text) : undefined,
  }));
}

export interface SearchTreeProps {
  nodes: SearchTreeNode[];
  selectedKey?: string;
  onSelect?: (node: SearchTreeNode) => void;
  loadData?: (node: SearchTreeNode) => Promise<void>;
  placeholder?: string;
  height?: number;
}

function findNode(nodes: readonly SearchTreeNode[], key: string): SearchTreeNode | undefined {
  for (const node of nodes) {
    if (node.key === key) return node;
    const child = findNode(node.children ?? [], key);
    if (child) return child;
  }
  return undefined;
}

/** A tree with a filter box above it; matches are highlighted and their ancestors expanded. */
export function SearchTree({ nodes, selectedKey, onSelect, loadData, placeholder, height = 360 }: SearchTreeProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [expandedKeys, setExpandedKeys] = useState<string[]>([]);
  const filtered = useMemo(() => filterTree(nodes, text), [nodes, text]);
  const treeData = useMemo(() => toDataNodes(filtered.nodes, text), [filtered.nodes, text]);
  const expanded = text.trim() ? filtered.expanded : expandedKeys;

  const handleSelect: TreeProps['onSelect'] = (keys) => {
    const key = keys[0];
    if (key === undefined) return;
    const node = findNode(nodes, String(key));
    if (node) onSelect?.(node);
  };

  return (
    <div>
      <Input.Search
        allowClear
        placeholder={placeholder ?? t('tree.searchPlaceholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        style={{ marginBottom: 8 }}
        data-testid="tree-search"
      />
      <Tree
        blockNode
        height={height}
        treeData={treeData}
        expandedKeys={expanded}
        onExpand={(keys) => setExpandedKeys(keys.map(String))}
        selectedKeys={selectedKey ? [selectedKey] : []}
        onSelect={handleSelect}
        loadData={
          loadData
            ? async ({ key }) => {
                const node = findNode(nodes, String(key));
                if (node) await loadData(node);
              }
            : undefined
        }
      />
    </div>
  );
}
