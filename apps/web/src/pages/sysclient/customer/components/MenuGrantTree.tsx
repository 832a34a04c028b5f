import { Button, Empty, Space, Spin, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allKeys, allLeafKeys, type GrantNode } from '../../../../features/tenant/menu-tree';

interface MenuGrantTreeProps {
  nodes: GrantNode[];
  checked: string[];
  loading: boolean;
  onChange: (checked: string[], halfChecked: string[]) => void;
}

/** Systems and their menus for a customer: parent–child linkage, expand/collapse all, check all/none. */
export function MenuGrantTree({ nodes, checked, loading, onChange }: MenuGrantTreeProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const leafKeys = useMemo(() => allLeafKeys(nodes), [nodes]);
  const checkedSet = new Set(checked);
  const checkedMenus = leafKeys.filter((key) => checkedSet.has(key)).length;
  const roots = nodes.map((node) => node.key);
  const treeData = useMemo(
    () =>
      nodes.map(function toData(node: GrantNode): { key: string; title: string; children?: unknown[] } {
        return { key: node.key, title: node.title, children: node.children?.map(toData) };
      }),
    [nodes],
  );

  if (!nodes.length && !loading)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customerMgmt.chooseSystemsFirst')} />;

  return (
    <div data-testid="menu-grant-tree">
      <Space wrap style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setExpanded(allKeys(nodes))}>
          {t('tenantShared.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('tenantShared.collapseAll')}
        </Button>
        <Button size="small" onClick={() => onChange(allKeys(nodes), [])}>
          {t('tenantShared.checkAll')}
        </Button>
        <Button size="small" onClick={() => onChange([], [])}>
          {t('tenantShared.checkNone')}
        </Button>
        <Typography.Text type="secondary">
          {t('customerMgmt.menusChosen', { checked: checkedMenus, total: leafKeys.length })}
        </Typography.Text>
      </Space>
      <Spin spinning={loading}>
        <Tree
          checkable
          selectable={false}
          height={360}
          treeData={treeData as never}
          checkedKeys={checked}
          expandedKeys={expanded ?? roots}
          onExpand={(keys) => setExpanded(keys.map(String))}
          onCheck={(keys, info) => {
            const list = Array.isArray(keys) ? keys : keys.checked;
            onChange(list.map(String), (info.halfCheckedKeys ?? []).map(String));
          }}
          style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 4 }}
        />
      </Spin>
    </div>
  );
}
