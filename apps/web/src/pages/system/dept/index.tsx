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
import { deptApi, type SysDept } from '../../../features/system/dept-api';
import { type Nested, nest, pruneEmpty } from '../../../features/system/tree';
import { DATE_COLUMN_WIDTH, TABLE_DEFAULT_HEIGHT } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { formatDateTime } from '../../../shared/date';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { EmptyState } from '../components/EmptyState';
import { DeptFormDialog } from './components/DeptFormDialog';

type DeptRow = Nested<SysDept>;

interface Filters {
  deptName?: string;
  deptCode?: string;
  status?: string;
}

/** Departments (system/dept): the tree the caller's data scope shows, with add, edit, delete. */
export function DeptPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const statuses = useDict('sys_normal_disable');
  const [filters, setFilters] = useState<Filters>({});
  const [rows, setRows] = useState<SysDept[]>([]);
  const [loading, setLoading] = useState(false);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<{ deptId?: number; parentId?: number } | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await deptApi.list({ ...filters });
      setRows(res.data ?? []);
    } catch {
      setRows([]);
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
          (row) => row.deptId!,
          (row) => row.parentId,
        ),
      ),
    [rows],
  );
  const parentIds = useMemo(
    () => rows.filter((row) => rows.some((r) => r.parentId === row.deptId)).map((row) => row.deptId!),
    [rows],
  );
  const allExpanded = parentIds.length > 0 && expanded.length >= parentIds.length;
  // departments open fully by default (a company rarely has many levels)
  useEffect(() => setExpanded(parentIds), [parentIds]);
  const closeDialog = useCallback(() => setDialog(null), []);

  const remove = (row: SysDept) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('dept.deleteConfirm', { name: row.deptName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await deptApi.remove(row.deptId!);
        message.success(t('common.deleteSuccess'));
        await load();
      },
    });
  };

  const columns: TableColumnType<DeptRow>[] = [
    {
      key: 'deptName',
      dataIndex: 'deptName',
      title: t('dept.deptName'),
      width: 260,
      ellipsis: true,
      render: (value: string, row) => <span data-testid={`dept-row-${row.deptId}`}>{value}</span>,
    },
    { key: 'deptCode', dataIndex: 'deptCode', title: t('dept.deptCode'), width: 130, ellipsis: true },
    { key: 'orderNum', dataIndex: 'orderNum', title: t('sysCommon.sort'), width: 90 },
    { key: 'leader', dataIndex: 'leader', title: t('dept.leader'), width: 120, ellipsis: true },
    { key: 'phone', dataIndex: 'phone', title: t('dept.phone'), width: 130 },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('sysCommon.status'),
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
          <HasPermi value={['system:dept:edit', 'system:dept:query']} mode="all">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDialog({ deptId: row.deptId })}
              data-testid={`dept-edit-${row.deptId}`}
            >
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['system:dept:add']}>
            <Button
              type="link"
              size="small"
              icon={<PlusOutlined />}
              disabled={row.status === '1'}
              onClick={() => setDialog({ parentId: row.deptId })}
              data-testid={`dept-add-child-${row.deptId}`}
            >
              {t('common.add')}
            </Button>
          </HasPermi>
          {row.parentId !== 0 && (
            <HasPermi value={['system:dept:remove']}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row)}>
                {t('common.delete')}
              </Button>
            </HasPermi>
          )}
        </Space>
      ),
    },
  ];

  const filtering = !!(filters.deptName || filters.deptCode || filters.status);
  return (
    <div className="lx-page" data-testid="dept-page">
      <Form<Filters>
        form={form}
        layout="inline"
        className="lx-search-bar"
        onFinish={(values) =>
          setFilters({
            deptName: values.deptName?.trim() || undefined,
            deptCode: values.deptCode?.trim() || undefined,
            status: values.status || undefined,
          })
        }
      >
        <Form.Item name="deptName" label={t('dept.deptName')} style={{ marginBottom: 8 }}>
          <Input
            allowClear
            placeholder={t('common.inputPlaceholder', { label: t('dept.deptName') })}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item name="deptCode" label={t('dept.deptCode')} style={{ marginBottom: 8 }}>
          <Input
            allowClear
            placeholder={t('common.inputPlaceholder', { label: t('dept.deptCode') })}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item name="status" label={t('sysCommon.status')} style={{ marginBottom: 8 }}>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('common.selectPlaceholder', { label: t('sysCommon.status') })}
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
                setFilters({});
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
          <HasPermi value={['system:dept:add']}>
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setDialog({})} data-testid="dept-add">
              {t('common.add')}
            </Button>
          </HasPermi>
          <Button
            icon={allExpanded ? <NodeCollapseOutlined /> : <NodeExpandOutlined />}
            onClick={() => setExpanded(allExpanded ? [] : parentIds)}
            data-testid="dept-expand"
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
      <EmptyState description={filtering ? t('sysCommon.noMatch') : t('dept.empty')}>
        <Table<DeptRow>
          rowKey="deptId"
          columns={columns}
          dataSource={tree}
          loading={loading}
          pagination={false}
          scroll={{ x: 'max-content', y: TABLE_DEFAULT_HEIGHT }}
          expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) }}
          data-testid="dept-table"
        />
      </EmptyState>
      <DeptFormDialog
        open={!!dialog}
        deptId={dialog?.deptId}
        parentId={dialog?.parentId}
        onClose={closeDialog}
        onSaved={() => void load()}
      />
    </div>
  );
}
