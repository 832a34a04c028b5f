import { DownloadOutlined } from '@ant-design/icons';
import { Button, Progress, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_CUSTOMERS_HEADERS } from '../../../features/tenant/all-customers';
import { subscriptionApi } from '../../../features/tenant/api';
import { SubscriptionStateTag } from '../../../features/tenant/components/StateTag';
import { exportAllCustomers } from '../../../features/tenant/export';
import { formatPrice } from '../../../features/tenant/format';
import { useCustomerOptions, usePackages } from '../../../features/tenant/hooks';
import { refreshCustomers } from '../../../features/tenant/session-sync';
import type { SubscriptionRow } from '../../../features/tenant/types';
import { elapsedPercent } from '../../../features/tenant/validity';
import { HasPermi } from '../../../shared/perms';
import { actionsColumn, column, idColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import { AddRemoveButtons, RowActions, useConfirmRemove } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef, type SearchField } from '../../../shared/table/ProTable';

import { RenewalChart } from './components/RenewalChart';
import { SubscriptionDialog } from './components/SubscriptionDialog';

const PERM = 'sysclient:subscription';
const STATES = ['active', 'pending', 'ended', 'cancelled'] as const;

/** Customers' subscriptions (sysclient/subscription): they set each customer's validity and grant its sub-systems. */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const table = useRef<ProTableRef>(null);
  const customers = useCustomerOptions();
  const packages = usePackages();
  const [editing, setEditing] = useState<SubscriptionRow | 'new' | null>(null);
  const [version, setVersion] = useState(0);
  const label = (key: string) => t(`subscriptionMgmt.fields.${key}`);

  /** A subscription moves its customer's validity: the table, the chart and the navbar's customers follow. */
  const changed = () => {
    table.current?.refresh();
    setVersion((n) => n + 1);
    void refreshCustomers();
  };

  const openEdit = async (id: number) => {
    const { data } = await subscriptionApi.get(id);
    setEditing(data);
  };

  const remove = useConfirmRemove(
    subscriptionApi.remove,
    (ids) => t('subscriptionMgmt.deleteConfirm', { ids }),
    table,
    changed,
  );

  const searchFields: SearchField[] = [
    {
      type: 'select',
      name: 'clientId',
      label: label('clientName'),
      options: customers.data.map((customer) => ({ label: customer.name, value: String(customer.id) })),
    },
    {
      type: 'select',
      name: 'packageId',
      label: label('packageName'),
      options: packages.data.map((row) => ({ label: row.packageName, value: String(row.packageId) })),
    },
    {
      type: 'select',
      name: 'state',
      label: label('state'),
      options: STATES.map((state) => ({ label: t(`tenantShared.subscriptionState.${state}`), value: state })),
    },
    {
      type: 'select',
      name: 'expiringDays',
      label: label('expiring'),
      options: [7, 30, 90].map((days) => ({
        label: t('subscriptionMgmt.withinDays', { days }),
        value: String(days),
      })),
    },
  ];

  const columns: ProColumn<SubscriptionRow>[] = [
    idColumn('subscriptionId', label('id')),
    textColumn('clientName', label('clientName'), { sortField: 'clientId' }),
    textColumn('packageName', label('packageName')),
    column('price', label('price'), { width: 130, align: 'right', render: (value: number) => formatPrice(value) }),
    timeColumn('startTime', label('startTime'), { sortField: 'startTime' }),
    timeColumn('endTime', label('endTime'), { sortField: 'endTime' }),
    {
      key: 'progress',
      title: label('progress'),
      width: 180,
      render: (_: unknown, row: SubscriptionRow) => {
        const percent = elapsedPercent(row.startTime, row.endTime);
        return row.state === 'active' ? (
          <div>
            <Progress
              percent={percent ?? 0}
              size="small"
              showInfo={false}
              status={row.daysLeft <= 30 ? 'exception' : 'active'}
            />
            <Typography.Text type={row.daysLeft <= 30 ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
              {t('tenantShared.daysLeft', { count: row.daysLeft })}
            </Typography.Text>
          </div>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        );
      },
    },
    {
      key: 'state',
      dataIndex: 'state',
      title: label('state'),
      width: 100,
      render: (value: SubscriptionRow['state']) => <SubscriptionStateTag state={value} />,
    },
    textColumn('remark', t('common.remark'), { defaultHidden: true }),
    timeColumn('createTime', t('common.createTime'), { sortField: 'createTime', defaultHidden: true }),
    actionsColumn(t('common.actions'), 150, (row) => (
      <RowActions
        perm={PERM}
        onEdit={() => void openEdit(row.subscriptionId)}
        onRemove={() => remove([row.subscriptionId], String(row.subscriptionId))}
      />
    )),
  ];

  return (
    <div className="lx-page" data-testid="subscription-page">
      <RenewalChart version={version} />
      <ProTable<SubscriptionRow>
        ref={table}
        url={subscriptionApi.listUrl}
        headers={ALL_CUSTOMERS_HEADERS}
        rowKey="subscriptionId"
        selectable
        testId="subscription-table"
        columns={columns}
        searchFields={searchFields}
        toolbar={({ keys }) => (
          <>
            <AddRemoveButtons
              perm={PERM}
              testId="subscription"
              onAdd={() => setEditing('new')}
              onEdit={() => void openEdit(Number(keys[0]))}
              selected={keys.length}
              onRemove={() => remove(keys, keys.join(', '))}
            />
            <HasPermi value={['sysclient:subscription:export']}>
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  void exportAllCustomers(
                    subscriptionApi.exportUrl,
                    table.current?.getFilters() ?? {},
                    `subscriptions_${Date.now()}.xlsx`,
                  )
                }
                data-testid="subscription-export"
              >
                {t('common.export')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <SubscriptionDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          changed();
        }}
      />
    </div>
  );
}
