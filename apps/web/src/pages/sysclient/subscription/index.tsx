import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Progress, Typography } from 'antd';
import { type Key, useRef, useState } from 'react';
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
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { formatDateTime } from '../../../shared/date';
import { HasPermi } from '../../../shared/perms';
import { type ProColumn, ProTable, type ProTableRef, type SearchField } from '../../../shared/table/ProTable';

import { RenewalChart } from './components/RenewalChart';
import { SubscriptionDialog } from './components/SubscriptionDialog';

const STATES = ['active', 'pending', 'ended', 'cancelled'] as const;

/** Customers' subscriptions (sysclient/subscription): they set each customer's validity and grant its sub-systems. */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
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

  const remove = (keys: Key[]) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('subscriptionMgmt.deleteConfirm', { ids: keys.join(', ') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await subscriptionApi.remove(keys as number[]);
        message.success(t('common.deleteSuccess'));
        table.current?.clearSelection();
        changed();
      },
    });
  };

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
    { key: 'subscriptionId', dataIndex: 'subscriptionId', title: label('id'), width: 90, sortField: 'subscriptionId' },
    { key: 'clientName', dataIndex: 'clientName', title: label('clientName'), ellipsis: true, sortField: 'clientId' },
    { key: 'packageName', dataIndex: 'packageName', title: label('packageName'), ellipsis: true },
    {
      key: 'price',
      dataIndex: 'price',
      title: label('price'),
      width: 130,
      align: 'right',
      render: (value: number) => formatPrice(value),
    },
    {
      key: 'startTime',
      dataIndex: 'startTime',
      title: label('startTime'),
      width: DATE_COLUMN_WIDTH + 30,
      sortField: 'startTime',
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'endTime',
      dataIndex: 'endTime',
      title: label('endTime'),
      width: DATE_COLUMN_WIDTH + 30,
      sortField: 'endTime',
      render: (value: string) => formatDateTime(value),
    },
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
    { key: 'remark', dataIndex: 'remark', title: t('common.remark'), ellipsis: true, defaultHidden: true },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('common.createTime'),
      width: DATE_COLUMN_WIDTH + 30,
      sortField: 'createTime',
      defaultHidden: true,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 150,
      fixed: 'right',
      render: (_: unknown, row: SubscriptionRow) => (
        <>
          <HasPermi value={['sysclient:subscription:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void openEdit(row.subscriptionId)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['sysclient:subscription:remove']}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove([row.subscriptionId])}
            >
              {t('common.delete')}
            </Button>
          </HasPermi>
        </>
      ),
    },
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
            <HasPermi value={['sysclient:subscription:add']}>
              <Button
                type="primary"
                ghost
                icon={<PlusOutlined />}
                onClick={() => setEditing('new')}
                data-testid="subscription-add"
              >
                {t('common.add')}
              </Button>
            </HasPermi>
            <HasPermi value={['sysclient:subscription:edit']}>
              <Button
                icon={<EditOutlined />}
                disabled={keys.length !== 1}
                onClick={() => void openEdit(Number(keys[0]))}
                data-testid="subscription-edit"
              >
                {t('common.edit')}
              </Button>
            </HasPermi>
            <HasPermi value={['sysclient:subscription:remove']}>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={!keys.length}
                onClick={() => remove(keys)}
                data-testid="subscription-remove"
              >
                {t('common.delete')}
              </Button>
            </HasPermi>
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
