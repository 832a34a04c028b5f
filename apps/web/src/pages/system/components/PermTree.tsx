import { Checkbox, Space, Spin, Tree } from 'antd';
import type { Key } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  allKeys,
  coveredKeys,
  isAllChecked,
  type KeyedNode,
  linkedKeys,
  parentKeys,
} from '../../../features/system/tree';

export interface PermTreeProps {
  nodes: KeyedNode[];
  checkedKeys: Key[];
  onChange: (keys: Key[]) => void;
  /** parent and children checked together (RuoYi's menuCheckStrictly / deptCheckStrictly = true) */
  linked: boolean;
  onLinkedChange: (linked: boolean) => void;
  loading?: boolean;
  height?: number;
  /** open every node when the tree arrives (small trees such as departments) */
  expandAll?: boolean;
  testId?: string;
}

/**
 * The ids a tree grants. Numeric ids only: grouping nodes (a subsystem above its menus) carry
 * string keys and are never granted. Under linkage a checked node covers everything below it;
 * `withAncestors` adds the half-checked parents too — menus need them (a page is reachable only
 * through its catalogue), departments must not get them (checking one team would otherwise
 * show the users sitting directly in its parent company).
 */
export function grantedIds(
  nodes: readonly KeyedNode[],
  checked: readonly Key[],
  linked: boolean,
  withAncestors = true,
): number[] {
  const keys = !linked
    ? checked
    : withAncestors
      ? linkedKeys(nodes, checked as (number | string)[])
      : [...coveredKeys(nodes, checked as (number | string)[])];
  return [
    ...new Set(keys.filter((key) => typeof key === 'number' || /^\d+$/.test(String(key))).map((key) => Number(key))),
  ];
}

/** A checkable tree with expand/collapse, select all/none and the parent-child linkage switch (spec §6). */
export function PermTree({
  nodes,
  checkedKeys,
  onChange,
  linked,
  onLinkedChange,
  loading,
  height = 320,
  expandAll = false,
  testId,
}: PermTreeProps) {
  const { t } = useTranslation();
  const every = useMemo(() => allKeys(nodes), [nodes]);
  const parents = useMemo(() => parentKeys(nodes), [nodes]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  useEffect(() => setExpanded(expandAll ? parents : []), [expandAll, parents]);

  const allExpanded = parents.length > 0 && expanded.length >= parents.length;
  const allChecked = isAllChecked(nodes, checkedKeys as (number | string)[], linked);

  return (
    <div className="lx-perm-tree" data-testid={testId}>
      <Space wrap style={{ marginBottom: 6 }}>
        <Checkbox
          checked={allExpanded}
          onChange={(event) => setExpanded(event.target.checked ? parents : [])}
          data-testid="perm-expand"
        >
          {t('sysCommon.expandCollapse')}
        </Checkbox>
        <Checkbox
          checked={allChecked}
          indeterminate={!allChecked && checkedKeys.length > 0}
          onChange={(event) => onChange(event.target.checked ? every : [])}
          data-testid="perm-select-all"
        >
          {t('sysCommon.selectAll')}
        </Checkbox>
        <Checkbox checked={linked} onChange={(event) => onLinkedChange(event.target.checked)} data-testid="perm-linked">
          {t('sysCommon.linkage')}
        </Checkbox>
      </Space>
      <div style={{ border: '1px solid #e5e6e7', borderRadius: 4, padding: 4 }}>
        <Spin spinning={!!loading}>
          <Tree
            checkable
            blockNode
            selectable={false}
            height={height}
            treeData={nodes}
            checkStrictly={!linked}
            checkedKeys={linked ? checkedKeys : { checked: checkedKeys, halfChecked: [] }}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys)}
            onCheck={(keys) => onChange(Array.isArray(keys) ? keys : keys.checked)}
          />
        </Spin>
      </div>
    </div>
  );
}
