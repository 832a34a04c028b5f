import { Empty, Input, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type Key, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parentKeys } from '../../../../features/system/tree';
import { filterTree, type SearchTreeNode } from '../../../../shared/SearchTree';

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

function toData(nodes: readonly SearchTreeNode[], text: string): DataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: highlight(node.title, text),
    children: node.children?.length ? toData(node.children, text) : undefined,
  }));
}

/**
 * The department filter of the user list: a searchable tree that opens fully (the shell's
 * SearchTree starts collapsed and cannot be told otherwise); clicking the chosen department again clears it.
 */
export function DeptTreePanel({
  nodes,
  selectedKey,
  onSelect,
  emptyText,
  height = 620,
}: {
  nodes: SearchTreeNode[];
  selectedKey?: string;
  onSelect: (key: string | undefined) => void;
  emptyText: ReactNode;
  height?: number;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState<Key[]>([]);
  const every = useMemo(() => parentKeys(nodes), [nodes]);
  useEffect(() => setExpanded(every), [every]);
  const filtered = useMemo(() => filterTree(nodes, text), [nodes, text]);
  const data = useMemo(() => toData(filtered.nodes, text.trim()), [filtered.nodes, text]);

  return (
    <div data-testid="dept-tree-panel">
      <Input.Search
        allowClear
        placeholder={t('user.deptSearch')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        style={{ marginBottom: 8 }}
        data-testid="tree-search"
      />
      {data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text ? t('sysCommon.noMatch') : emptyText} />
      ) : (
        <Tree
          blockNode
          height={height}
          treeData={data}
          expandedKeys={text.trim() ? filtered.expanded : expanded}
          onExpand={(keys) => setExpanded(keys)}
          selectedKeys={selectedKey ? [selectedKey] : []}
          onSelect={(_keys, info) => {
            const key = String(info.node.key);
            onSelect(key === selectedKey ? undefined : key);
          }}
        />
      )}
    </div>
  );
}
