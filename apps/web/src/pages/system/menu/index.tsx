import {
  DeleteOutlined,
  EditOutlined,
  NodeCollapseOutlined,
  NodeExpandOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { App, Button, Form, Input, Select, Space, Table, type TableColumnType, Tooltip } from 'antd';
import { type Key, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../../app/layout/icons';
import { session } from '../../../app/session';
import { menuApi, type SysMenu } from '../../../features/system/menu-api';
import { type Nested, nest, pruneEmpty } from '../../../features/system/tree';
import { DATE_COLUMN_WIDTH, SYSTEM_ID, TABLE_DEFAULT_HEIGHT } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { formatDateTime } from '../../../shared/date';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { useStore } from '../../../shared/store';
import { EmptyState } from '../components/EmptyState';
import { MenuFormDialog } from './components/MenuFormDialog';

type MenuRow = Nested<SysMenu>;

interface Filters {
  menuName?: string;
  status?: string;
  systemId: number;
}

/** Menus (system/menu): the tree of catalogues, menus and buttons of one subsystem. */
export function MenuPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const systems = useStore(session, (state) => state.systems);
  const menuTypes = useDict('sys_menu_type');
  const showHide = useDict('sys_show_hide');
  const statuses = useDict('sys_normal_disable');
  const [filters, setFilters] = useState<Filters>({ systemId: SYSTEM_ID });
  const [rows, setRows] = useState<SysMenu[]>([]);
  /** the subsystem's whole tree: parent choices of the form while a search narrows the table */
  const [allRows, setAllRows] = useState<SysMenu[]>([]);
  const [loading, setLoading] = useState(false);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<{ menuId?: number; parentId?: number } | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const narrowed = !!(filters.menuName || filters.status);
      const [res, all] = await Promise.all([
        menuApi.list({ ...filters }),
        narrowed ? menuApi.list({ systemId: filters.systemId }) : null,
      ]);
      setRows(res.data ?? []);
      setAllRows(all ? (all.data ?? []) : (res.data ?? []));
    } catch {
      setRows([]);
      setAllRows([]);
    } finally {
      setLoading(false);
    }
  }, [filters]);

  useEffect(() => {
    void load();
  }, [load]);

  const tree = useMemo(
    () =>
      pruneEmpty(
        nest(
          rows,
          (row) => row.menuId!,
          (row) => row.parentId,
        ),
      ),
    [rows],
  );
  const parentIds = useMemo(
    () => rows.filter((row) => rows.some((r) => r.parentId === row.menuId)).map((r) => r.menuId!),
    [rows],
  );
  const allExpanded = parentIds.length > 0 && expanded.length >= parentIds.length;
  const filtering = !!(filters.menuName || filters.status);

  useEffect(() => {
    // a search shows every match in place
    setExpanded(filtering ? parentIds : []);
  }, [filtering, parentIds]);

  const closeDialog = useCallback(() => setDialog(null), []);

  const remove = (row: SysMenu) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('menu.deleteConfirm', { name: row.title || row.menuName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await menuApi.remove(row.menuId!);
        message.success(t('common.deleteSuccess'));
        await load();
      },
    });
  };

  const columns: TableColumnType<MenuRow>[] = [
    {
      key: 'menuName',
      dataIndex: 'title',
      title: t('menu.menuName'),
      width: 260,
      ellipsis: true,
      render: (value: string, row) => (
        <span data-testid={`menu-row-${row.menuId}`}>
          {menuIcon(row.icon)} {value || row.menuName}
        </span>
      ),
    },
    { key: 'orderNum', dataIndex: 'orderNum', title: t('sysCommon.sort'), width: 90 },
    { key: 'perms', dataIndex: 'perms', title: t('menu.perms'), width: 200, ellipsis: true },
    { key: 'component', dataIndex: 'component', title: t('menu.component'), width: 200, ellipsis: true },
    {
      key: 'menuType',
      dataIndex: 'menuType',
      title: t('menu.menuType'),
      width: 90,
      render: (value: string) => <DictTag options={menuTypes} value={value} />,
    },
    {
      key: 'visible',
      dataIndex: 'visible',
      title: t('menu.visible'),
      width: 90,
      render: (value: string, row) => (row.menuType === 'F' ? null : <DictTag options={showHide} value={value} />),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('menu.status'),
      width: 90,
      render: (value: string) => <DictTag options={statuses} value={value} />,
    },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('common.createTime'),
      width: DATE_COLUMN_WIDTH + 30,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 220,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          <HasPermi value={['system:menu:edit', 'system:menu:query']} mode="all">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDialog({ menuId: row.menuId })}
              data-testid={`menu-edit-${row.menuId}`}
            >
              {t('common.edit')}
            </Button>
          </HasPermi>
          {row.menuType !== 'F' && (
            <HasPermi value={['system:menu:add']}>
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ parentId: row.menuId })}
                data-testid={`menu-add-child-${row.menuId}`}
              >
                {t('common.add')}
              </Button>
            </HasPermi>
          )}
          <HasPermi value={['system:menu:remove']}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row)}>
              {t('common.delete')}
            </Button>
          </HasPermi>
        </Space>
      ),
    },
  ];

  const search = (values: Filters) =>
    setFilters({
      systemId: values.systemId ?? SYSTEM_ID,
      menuName: values.menuName?.trim() || undefined,
      status: values.status || undefined,
    });

  return (
    <div className="lx-page" data-testid="menu-page">
      <Form<Filters>
        form={form}
        layout="inline"
        className="lx-search-bar"
        initialValues={{ systemId: SYSTEM_ID }}
        onFinish={search}
      >
        <Form.Item name="systemId" label={t('menu.system')} style={{ marginBottom: 8 }}>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 200 }}
            options={
              systems.length
                ? systems.map((system) => ({ label: system.name, value: Number(system.id) }))
                : [{ label: String(SYSTEM_ID), value: SYSTEM_ID }]
            }
            onChange={() => form.submit()}
            data-testid="menu-system"
          />
        </Form.Item>
        <Form.Item name="menuName" label={t('menu.menuName')} style={{ marginBottom: 8 }}>
          <Input
            allowClear
            placeholder={t('common.inputPlaceholder', { label: t('menu.menuName') })}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item name="status" label={t('menu.status')} style={{ marginBottom: 8 }}>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('common.selectPlaceholder', { label: t('menu.status') })}
            options={statuses.map((item) => ({ label: item.dictLabel, value: item.dictValue }))}
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 8 }}>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="table-search">
              {t('common.search')}
            </Button>
            <Button
              icon={<UndoOutlined />}
              onClick={() => {
                form.resetFields();
                form.setFieldsValue({ systemId: filters.systemId });
                setFilters({ systemId: filters.systemId });
              }}
              data-testid="table-reset"
            >
              {t('common.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <div className="lx-toolbar">
        <Space wrap>
          <HasPermi value={['system:menu:add']}>
            <Button
              type="primary"
              ghost
              icon={<PlusOutlined />}
              onClick={() => setDialog({ parentId: 0 })}
              data-testid="menu-add"
            >
              {t('common.add')}
            </Button>
          </HasPermi>
          <Button
            icon={allExpanded ? <NodeCollapseOutlined /> : <NodeExpandOutlined />}
            onClick={() => setExpanded(allExpanded ? [] : parentIds)}
            data-testid="menu-expand"
          >
            {allExpanded ? t('sysCommon.collapseAll') : t('sysCommon.expandAll')}
          </Button>
        </Space>
        <Tooltip title={t('table.refresh')}>
          <Button
            shape="circle"
            icon={<ReloadOutlined />}
            aria-label={t('table.refresh')}
            onClick={() => void load()}
          />
        </Tooltip>
      </div>
      <EmptyState description={filtering ? t('sysCommon.noMatch') : t('menu.empty')}>
        <Table<MenuRow>
          rowKey="menuId"
          columns={columns}
          dataSource={tree}
          loading={loading}
          pagination={false}
          scroll={{ x: 'max-content', y: TABLE_DEFAULT_HEIGHT }}
          expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) }}
          data-testid="menu-table"
        />
      </EmptyState>
      <MenuFormDialog
        open={!!dialog}
        menuId={dialog?.menuId}
        parentId={dialog?.parentId}
        systemId={filters.systemId}
        menus={allRows}
        onClose={closeDialog}
        onSaved={() => void load()}
      />
    </div>
  );
}
