import { CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Space, Tag, Typography } from 'antd';
import { type Key, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { packageApi } from '../../../features/tenant/api';
import { formatPrice } from '../../../features/tenant/format';
import { systemNames, useSubsystems } from '../../../features/tenant/hooks';
import type { PackageRow } from '../../../features/tenant/types';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { formatDateTime } from '../../../shared/date';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { CopyPackageDialog } from './components/CopyPackageDialog';
import { PackageDetailDrawer } from './components/PackageDetailDrawer';
import { PackageDialog } from './components/PackageDialog';

/** Packages (sysclient/package): view, new, edit, copy, delete. */
export function PackagePage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const modes = useDict('package_mode');
  const periods = useDict('package_period');
  const systems = useSubsystems();
  const names = systemNames(systems.data);
  const [editing, setEditing] = useState<PackageRow | 'new' | null>(null);
  const [viewing, setViewing] = useState<PackageRow | null>(null);
  const [copying, setCopying] = useState<PackageRow | null>(null);
  const label = (key: string) => t(`packageMgmt.fields.${key}`);

  const openEdit = async (id: number) => {
    const { data } = await packageApi.get(id);
    setEditing(data);
  };

  const remove = (keys: Key[], rows: PackageRow[]) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('packageMgmt.deleteConfirm', { names: rows.map((row) => row.packageName).join(', ') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await packageApi.remove(keys as number[]);
        message.success(t('common.deleteSuccess'));
        table.current?.refresh();
        table.current?.clearSelection();
      },
    });
  };

  const columns: ProColumn<PackageRow>[] = [
    { key: 'packageId', dataIndex: 'packageId', title: label('id'), width: 90, sortField: 'packageId' },
    {
      key: 'packageName',
      dataIndex: 'packageName',
      title: label('packageName'),
      sortField: 'packageName',
      render: (value: string, row: PackageRow) => (
        <Typography.Link onClick={() => setViewing(row)}>{value}</Typography.Link>
      ),
    },
    {
      key: 'subscriptionPrice',
      dataIndex: 'subscriptionPrice',
      title: label('subscriptionPrice'),
      width: 140,
      align: 'right',
      sortField: 'subscriptionPrice',
      render: (value: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatPrice(value)}</span>,
    },
    {
      key: 'mode',
      dataIndex: 'mode',
      title: label('mode'),
      width: 130,
      render: (value: string) => <DictTag options={modes} value={value} />,
    },
    {
      key: 'period',
      dataIndex: 'period',
      title: label('period'),
      width: 110,
      render: (value: string | null, row: PackageRow) =>
        value ? (
          <span>
            {row.periodCount} × <DictTag options={periods} value={value} />
          </span>
        ) : (
          <Typography.Text type="secondary">{t('packageMgmt.noPeriod')}</Typography.Text>
        ),
    },
    {
      key: 'systems',
      dataIndex: 'systemIds',
      title: label('systems'),
      render: (ids: number[]) => (
        <Space wrap size={4}>
          {ids.slice(0, 4).map((id) => (
            <Tag key={id}>{names.get(id) ?? id}</Tag>
          ))}
          {ids.length > 4 && <Tag>+{ids.length - 4}</Tag>}
        </Space>
      ),
    },
    {
      key: 'activeSubscriptions',
      dataIndex: 'activeSubscriptions',
      title: label('activeSubscriptions'),
      width: 110,
      align: 'right',
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: label('status'),
      width: 90,
      render: (value: string) =>
        value === '0' ? (
          <Tag color="success">{t('tenantShared.enabled')}</Tag>
        ) : (
          <Tag>{t('tenantShared.disabled')}</Tag>
        ),
    },
    { key: 'remark', dataIndex: 'remark', title: t('common.remark'), ellipsis: true, defaultHidden: true },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('common.createTime'),
      width: DATE_COLUMN_WIDTH + 30,
      sortField: 'createTime',
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 260,
      fixed: 'right',
      render: (_: unknown, row: PackageRow) => (
        <>
          <HasPermi value={['sysclient:package:query']}>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(row)}>
              {t('tenantShared.view')}
            </Button>
          </HasPermi>
          <HasPermi value={['sysclient:package:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void openEdit(row.packageId)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['sysclient:package:copy']}>
            <Button type="link" size="small" icon={<CopyOutlined />} onClick={() => setCopying(row)}>
              {t('tenantShared.copy')}
            </Button>
          </HasPermi>
          <HasPermi value={['sysclient:package:remove']}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove([row.packageId], [row])}
            >
              {t('common.delete')}
            </Button>
          </HasPermi>
        </>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="package-page">
      <ProTable<PackageRow>
        ref={table}
        url={packageApi.listUrl}
        rowKey="packageId"
        selectable
        testId="package-table"
        columns={columns}
        searchFields={[
          { type: 'input', name: 'packageName', label: label('packageName') },
          { type: 'select', name: 'mode', label: label('mode'), dictType: 'package_mode' },
          { type: 'select', name: 'period', label: label('period'), dictType: 'package_period' },
          {
            type: 'select',
            name: 'status',
            label: label('status'),
            options: [
              { label: t('tenantShared.enabled'), value: '0' },
              { label: t('tenantShared.disabled'), value: '1' },
            ],
          },
        ]}
        toolbar={({ keys, rows }) => (
          <>
            <HasPermi value={['sysclient:package:add']}>
              <Button
                type="primary"
                ghost
                icon={<PlusOutlined />}
                onClick={() => setEditing('new')}
                data-testid="package-add"
              >
                {t('common.add')}
              </Button>
            </HasPermi>
            <HasPermi value={['sysclient:package:edit']}>
              <Button
                icon={<EditOutlined />}
                disabled={keys.length !== 1}
                onClick={() => void openEdit(Number(keys[0]))}
                data-testid="package-edit"
              >
                {t('common.edit')}
              </Button>
            </HasPermi>
            <HasPermi value={['sysclient:package:copy']}>
              <Button
                icon={<CopyOutlined />}
                disabled={rows.length !== 1}
                onClick={() => setCopying(rows[0] ?? null)}
                data-testid="package-copy"
              >
                {t('tenantShared.copy')}
              </Button>
            </HasPermi>
            <HasPermi value={['sysclient:package:remove']}>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={!keys.length}
                onClick={() => remove(keys, rows)}
                data-testid="package-remove"
              >
                {t('common.delete')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <PackageDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          table.current?.refresh();
        }}
      />
      <CopyPackageDialog
        source={copying}
        onClose={() => setCopying(null)}
        onCopied={() => {
          setCopying(null);
          table.current?.reload();
        }}
      />
      <PackageDetailDrawer row={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
