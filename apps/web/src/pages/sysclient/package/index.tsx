import { CopyOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { packageApi } from '../../../features/tenant/api';
import { formatPrice } from '../../../features/tenant/format';
import { systemNames, useSubsystems } from '../../../features/tenant/hooks';
import type { PackageRow } from '../../../features/tenant/types';
import { HasPermi } from '../../../shared/perms';
import {
  actionsColumn,
  column,
  DictCell,
  dictColumn,
  idColumn,
  textColumn,
  timeColumn,
} from '../../../shared/table/columns';
import { AddRemoveButtons, RowActions, RowLink, useConfirmRemove } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { CopyPackageDialog } from './components/CopyPackageDialog';
import { PackageDetailDrawer } from './components/PackageDetailDrawer';
import { PackageDialog } from './components/PackageDialog';

const PERM = 'sysclient:package';

/** Packages (sysclient/package): view, new, edit, copy, delete. */
export function PackagePage() {
  const { t } = useTranslation();
  const table = useRef<ProTableRef>(null);
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

  const remove = useConfirmRemove(packageApi.remove, (names) => t('packageMgmt.deleteConfirm', { names }), table);
  const removeRows = (rows: PackageRow[]) =>
    remove(
      rows.map((row) => row.packageId),
      rows.map((row) => row.packageName).join(', '),
    );

  const columns: ProColumn<PackageRow>[] = [
    idColumn('packageId', label('id')),
    column('packageName', label('packageName'), {
      sortField: 'packageName',
      render: (value: string, row: PackageRow) => (
        <Typography.Link onClick={() => setViewing(row)}>{value}</Typography.Link>
      ),
    }),
    {
      key: 'subscriptionPrice',
      dataIndex: 'subscriptionPrice',
      title: label('subscriptionPrice'),
      width: 140,
      align: 'right',
      sortField: 'subscriptionPrice',
      render: (value: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatPrice(value)}</span>,
    },
    dictColumn('mode', label('mode'), 'package_mode', { width: 130 }),
    {
      key: 'period',
      dataIndex: 'period',
      title: label('period'),
      width: 110,
      render: (value: string | null, row: PackageRow) =>
        value ? (
          <span>
            {row.periodCount} × <DictCell dictType="package_period" value={value} />
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
    textColumn('remark', t('common.remark'), { defaultHidden: true }),
    timeColumn('createTime', t('common.createTime'), { sortField: 'createTime' }),
    actionsColumn(t('common.actions'), 260, (row) => (
      <RowActions
        perm={PERM}
        onEdit={() => void openEdit(row.packageId)}
        onRemove={() => removeRows([row])}
        between={
          <RowLink
            perm={`${PERM}:copy`}
            icon={<CopyOutlined />}
            label={t('tenantShared.copy')}
            onClick={() => setCopying(row)}
          />
        }
      >
        <RowLink
          perm={`${PERM}:query`}
          icon={<EyeOutlined />}
          label={t('tenantShared.view')}
          onClick={() => setViewing(row)}
        />
      </RowActions>
    )),
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
        toolbar={({ rows }) => (
          <AddRemoveButtons
            perm={PERM}
            testId="package"
            onAdd={() => setEditing('new')}
            onEdit={() => void openEdit(rows[0].packageId)}
            selected={rows.length}
            onRemove={() => removeRows(rows)}
          >
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
          </AddRemoveButtons>
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
