import { Avatar, Space, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerApi } from '../../../features/tenant/api';
import { ValidityTag } from '../../../features/tenant/components/StateTag';
import { refreshCustomers } from '../../../features/tenant/session-sync';
import type { CustomerDetail, CustomerRow } from '../../../features/tenant/types';
import { daysLeft } from '../../../features/tenant/validity';
import { useHasPermi } from '../../../shared/perms';
import {
  actionsColumn,
  column,
  idColumn,
  statusSwitchColumn,
  textColumn,
  timeColumn,
} from '../../../shared/table/columns';
import { AddRemoveButtons, DetailLink, ExportButton, RowActions, useConfirmRemove } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { CustomerDetailDrawer } from './components/CustomerDetailDrawer';
import { CustomerDialog } from './components/CustomerDialog';

const PERM = 'sysclient:customer';

/** Customers (sysclient/customer): tenants with their main account, validity, subscriptions, systems and menus. */
export function CustomerPage() {
  const { t } = useTranslation();
  const table = useRef<ProTableRef>(null);
  const [editing, setEditing] = useState<CustomerDetail | 'new' | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const canChangeStatus = useHasPermi([`${PERM}:changeStatus`]);
  const label = (key: string) => t(`customerMgmt.fields.${key}`);
  /** the table and the customer switcher of the top bar */
  const changed = () => {
    table.current?.refresh();
    void refreshCustomers();
  };

  const openEdit = async (id: number) => {
    const { data } = await customerApi.get(id);
    setEditing(data);
  };
  const remove = useConfirmRemove(
    customerApi.remove,
    (names) => t('customerMgmt.deleteConfirm', { names }),
    table,
    changed,
  );
  const removeRows = (rows: CustomerRow[]) =>
    remove(
      rows.map((row) => row.clientId),
      rows.map((row) => row.name).join(', '),
    );
  const closeDetail = useCallback(() => setViewing(null), []);

  const columns: ProColumn<CustomerRow>[] = [
    idColumn('clientId', label('id')),
    {
      key: 'name',
      dataIndex: 'name',
      title: label('name'),
      sortField: 'name',
      render: (_: unknown, row: CustomerRow) => (
        <Space>
          <Avatar shape="square" size="small" src={row.logo || undefined}>
            {row.name.slice(0, 1)}
          </Avatar>
          <span>
            <Typography.Link onClick={() => setViewing(row.clientId)}>{row.name}</Typography.Link>
            {row.shortName && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {row.shortName}
              </Typography.Text>
            )}
          </span>
        </Space>
      ),
    },
    column('code', label('code'), { sortField: 'code', width: 120 }),
    {
      key: 'validity',
      title: label('validity'),
      width: 230,
      sortField: 'validTo',
      render: (_: unknown, row: CustomerRow) => (
        <div>
          <ValidityTag state={row.validState} daysLeft={daysLeft(row.validTo)} />
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {(row.validFrom ?? '…').slice(0, 10)} → {(row.validTo ?? '…').slice(0, 10)}
          </Typography.Text>
        </div>
      ),
    },
    column('contacts', label('contacts'), { width: 110 }),
    column('phone', label('phone'), { width: 130, defaultHidden: true }),
    column('mainAccount', label('mainAccount'), { width: 120 }),
    {
      key: 'packageName',
      dataIndex: 'packageName',
      title: label('package'),
      ellipsis: true,
      render: (value: string | null) =>
        value ?? <Typography.Text type="secondary">{t('customerMgmt.noPackage')}</Typography.Text>,
    },
    column('projectCount', label('projects'), { width: 90, align: 'right' }),
    column('userCount', label('users'), { width: 90, align: 'right', defaultHidden: true }),
    {
      key: 'platformName',
      dataIndex: 'platformName',
      title: label('platformName'),
      ellipsis: true,
      defaultHidden: true,
    },
    textColumn('address', label('address'), { defaultHidden: true }),
    statusSwitchColumn(label('status'), {
      name: (row) => row.name,
      change: (row, next) => customerApi.changeStatus(row.clientId, next).then(changed),
      canChange: () => canChangeStatus,
      confirmText: (row, enable) =>
        t(enable ? 'customerMgmt.enableConfirm' : 'customerMgmt.disableConfirm', { name: row.name }),
      ariaLabel: (row) => t('customerMgmt.statusSwitch', { name: row.name }),
    }),
    timeColumn('createTime', t('common.createTime'), { sortField: 'createTime' }),
    actionsColumn(t('common.actions'), 210, (row) => (
      <RowActions perm={PERM} onEdit={() => void openEdit(row.clientId)} onRemove={() => removeRows([row])}>
        <DetailLink perm={PERM} onClick={() => setViewing(row.clientId)} />
      </RowActions>
    )),
  ];

  return (
    <div className="lx-page" data-testid="customer-page">
      <ProTable<CustomerRow>
        ref={table}
        url={customerApi.listUrl}
        rowKey="clientId"
        selectable
        testId="customer-table"
        empty={t('customerMgmt.empty')}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'name', label: label('name') },
          { type: 'input', name: 'code', label: label('code') },
          { type: 'select', name: 'validState', label: label('validity'), dictType: 'customer_validity' },
          { type: 'select', name: 'status', label: label('status'), dictType: 'sys_normal_disable' },
          { type: 'dateRange', name: 'createTime', label: t('common.createTime') },
        ]}
        toolbar={({ rows }) => (
          <>
            <AddRemoveButtons
              perm={PERM}
              testId="customer"
              onAdd={() => setEditing('new')}
              onEdit={() => void openEdit(rows[0].clientId)}
              selected={rows.length}
              onRemove={() => removeRows(rows)}
            />
            <ExportButton
              perm={PERM}
              url={customerApi.exportUrl}
              table={table}
              fileName="customers"
              testId="customer-export"
            />
          </>
        )}
      />
      <CustomerDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          changed();
        }}
      />
      <CustomerDetailDrawer clientId={viewing} onClose={closeDetail} onChanged={() => table.current?.refresh()} />
    </div>
  );
}
