import { CloseCircleOutlined, EllipsisOutlined, ReloadOutlined, WarningFilled } from '@ant-design/icons';
import { Button, Empty, Input, Space, Spin, Tooltip, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dictLabel } from '../../shared/DictTag';
import { useDict } from '../../shared/dict';
import { deviceApi } from './api';
import { CommDot } from './format';
import { deviceStatus, STATUS_COLOURS } from './geo';
import { useLiveDevice } from './live';
import type { TreeNodeRow } from './types';

const ROOT = 'root';
const PAGE = 500;

type Item = { kind: 'device'; node: TreeNodeRow } | { kind: 'more'; parentKey: string; afterId: number };

function NodeTitle({ node, typeLabel }: { node: TreeNodeRow; typeLabel: string }) {
  const live = useLiveDevice(node.deviceId, { commState: node.commState, values: {}, ts: 0 });
  const faulty = deviceStatus(live.commState, live.values, live.event?.eventType, node.fault) === 'fault';
  return (
    <span
      className="lt-tree-node"
      data-testid={`tree-node-${node.uid}`}
      data-fault={String(faulty)}
      title={`${node.uid} · ${typeLabel}`}
    >
      <CommDot state={live.commState} />
      {faulty && <WarningFilled style={{ color: STATUS_COLOURS.fault }} />}
      <span style={faulty ? { color: STATUS_COLOURS.fault } : undefined}>{node.name}</span>
      {node.name !== node.uid && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {node.uid}
        </Typography.Text>
      )}
      {node.childCount > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          ({node.childCount})
        </Typography.Text>
      )}
    </span>
  );
}

export interface DeviceTreeProps {
  projectId: number;
  selectedId: number | null;
  onSelect: (node: TreeNodeRow | null) => void;
  /** change it to reload the tree from the top (after imports, adds, deletes) */
  version?: number;
  height?: number;
  /** shows "show all devices", which calls onSelect(null) */
  clearable?: boolean;
}

/**
 * The project's device tree, one level at a time (box → controller → branch → terminal → lamp
 * heads), 500 nodes per request with "more" at the end, online dots following the WebSocket,
 * and a server-side search by UID or name prefix.
 */
export function DeviceTree({
  projectId,
  selectedId,
  onSelect,
  version = 0,
  height = 560,
  clearable = false,
}: DeviceTreeProps) {
  const { t } = useTranslation();
  const types = useDict('lighting_device_type');
  const [children, setChildren] = useState<Map<string, Item[]>>(new Map());
  const [expanded, setExpanded] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<TreeNodeRow[] | null>(null);
  const nodes = useRef(new Map<string, TreeNodeRow>());

  const fetchLevel = useCallback(
    async (parentKey: string, afterId = 0) => {
      const { data } = await deviceApi.tree({
        projectId,
        parentId: parentKey === ROOT ? undefined : Number(parentKey),
        afterId: afterId || undefined,
        limit: PAGE,
      });
      const items: Item[] = data.nodes.map((node) => {
        nodes.current.set(String(node.deviceId), node);
        return { kind: 'device', node };
      });
      if (data.hasMore && data.nextAfterId) items.push({ kind: 'more', parentKey, afterId: data.nextAfterId });
      setChildren((map) => {
        const next = new Map(map);
        const before = afterId ? (next.get(parentKey) ?? []).filter((item) => item.kind === 'device') : [];
        next.set(parentKey, [...before, ...items]);
        return next;
      });
    },
    [projectId],
  );

  const reload = useCallback(async () => {
    setLoading(true);
    nodes.current.clear();
    setChildren(new Map());
    setExpanded([]);
    try {
      await fetchLevel(ROOT);
    } catch {
      // shown by the request layer
    } finally {
      setLoading(false);
    }
  }, [fetchLevel]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    void reload();
  }, [reload, version]);

  // search on the server: UID or name prefix anywhere in the project
  useEffect(() => {
    const text = keyword.trim();
    if (!text) {
      setResults(null);
      return;
    }
    let alive = true;
    const timer = setTimeout(async () => {
      try {
        const res = await deviceApi.list({ projectId, keyword: text, pageSize: 50 });
        if (!alive) return;
        setResults(
          res.rows.map((row) => {
            const node: TreeNodeRow = {
              deviceId: row.deviceId,
              uid: row.uid,
              name: row.name,
              deviceType: row.deviceType,
              commState: row.commState,
              connection: row.connection,
              fault: row.fault,
              childCount: 0,
              isLeaf: true,
            };
            nodes.current.set(String(row.deviceId), node);
            return node;
          }),
        );
      } catch {
        if (alive) setResults([]);
      }
    }, 300);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [keyword, projectId]);

  const treeData = useMemo(() => {
    const build = (parentKey: string): DataNode[] =>
      (children.get(parentKey) ?? []).map((item) => {
        if (item.kind === 'more')
          return {
            key: `more:${item.parentKey}:${item.afterId}`,
            isLeaf: true,
            selectable: true,
            title: (
              <span data-testid="tree-more">
                <EllipsisOutlined /> {t('ltTree.more')}
              </span>
            ),
          };
        const key = String(item.node.deviceId);
        return {
          key,
          isLeaf: item.node.isLeaf,
          title: <NodeTitle node={item.node} typeLabel={dictLabel(types, item.node.deviceType)} />,
          children: children.has(key) ? build(key) : undefined,
        };
      });
    if (results)
      return results.map((node) => ({
        key: String(node.deviceId),
        isLeaf: true,
        title: <NodeTitle node={node} typeLabel={dictLabel(types, node.deviceType)} />,
      }));
    return build(ROOT);
  }, [children, results, types, t]);

  return (
    <div className="lt-tree" data-testid="device-tree">
      <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
        <Input
          allowClear
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={t('ltTree.search')}
          data-testid="tree-search"
        />
        <Tooltip title={t('table.refresh')}>
          <Button icon={<ReloadOutlined />} onClick={() => void reload()} aria-label={t('table.refresh')} />
        </Tooltip>
      </Space.Compact>
      {clearable && (
        <Button
          size="small"
          type="link"
          icon={<CloseCircleOutlined />}
          onClick={() => onSelect(null)}
          style={{ paddingLeft: 0 }}
          data-testid="tree-clear"
        >
          {t('ltTree.clear')}
        </Button>
      )}
      {loading && !children.size ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ltTree.empty')} />
      ) : (
        <Tree
          blockNode
          virtual
          height={height}
          treeData={treeData}
          expandedKeys={results ? [] : expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          selectedKeys={selectedId !== null ? [String(selectedId)] : []}
          loadData={async ({ key }) => {
            const k = String(key);
            if (k.startsWith('more:') || children.has(k)) return;
            await fetchLevel(k);
          }}
          onSelect={(keys, info) => {
            const key = String(info.node.key);
            if (key.startsWith('more:')) {
              const [, parentKey, afterId] = key.split(':');
              void fetchLevel(parentKey!, Number(afterId));
              return;
            }
            const node = nodes.current.get(key);
            if (keys.length && node) onSelect(node);
            else onSelect(null);
          }}
        />
      )}
    </div>
  );
}
