import { Descriptions, Drawer, Empty, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscriptionApi } from '../../../../features/tenant/api';
import { SubscriptionStateTag } from '../../../../features/tenant/components/StateTag';
import { formatPrice } from '../../../../features/tenant/format';
import { systemNames, useSubsystems } from '../../../../features/tenant/hooks';
import type { PackageRow, SubscriptionRow } from '../../../../features/tenant/types';
import { DictTag } from '../../../../shared/DictTag';
import { useDict } from '../../../../shared/dict';

/** One package, read-only, with the customers subscribed to it. */
export function PackageDetailDrawer({ row, onClose }: { row: PackageRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const modes = useDict('package_mode');
  const periods = useDict('package_period');
  const systems = useSubsystems(!!row);
  const names = systemNames(systems.data);
  const [subscriptions, setSubscriptions] = useState<{ rows: SubscriptionRow[]; total: number } | null>(null);

  useEffect(() => {
    setSubscriptions(null);
    if (!row) return;
    let alive = true;
    subscriptionApi
      .list({ packageId: row.packageId, pageNum: 1, pageSize: 50, orderByColumn: 'endTime', isAsc: 'descending' })
      .then((res) => {
        if (alive) setSubscriptions({ rows: res.rows ?? [], total: res.total ?? 0 });
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [row]);

  const label = (key: string) => t(`packageMgmt.fields.${key}`);

  return (
    <Drawer open={!!row} onClose={onClose} size={720} title={row?.packageName} data-testid="package-detail">
      {row && (
        <>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'price', label: label('subscriptionPrice'), children: formatPrice(row.subscriptionPrice) },
              { key: 'mode', label: label('mode'), children: <DictTag options={modes} value={row.mode} /> },
              {
                key: 'period',
                label: label('period'),
                children: row.period ? (
                  <span>
                    {row.periodCount} × <DictTag options={periods} value={row.period} />
                  </span>
                ) : (
                  t('packageMgmt.noPeriod')
                ),
              },
              {
                key: 'status',
                label: label('status'),
                children:
                  row.status === '0' ? (
                    <Tag color="success">{t('tenantShared.enabled')}</Tag>
                  ) : (
                    <Tag>{t('tenantShared.disabled')}</Tag>
                  ),
              },
              {
                key: 'systems',
                label: label('systems'),
                span: 2,
                children: (
                  <Space wrap size={4}>
                    {row.systemIds.map((id) => (
                      <Tag key={id}>{names.get(id) ?? id}</Tag>
                    ))}
                  </Space>
                ),
              },
              { key: 'remark', label: t('common.remark'), span: 2, children: row.remark || '-' },
              { key: 'createTime', label: t('common.createTime'), children: row.createTime },
              { key: 'active', label: label('activeSubscriptions'), children: row.activeSubscriptions },
            ]}
          />
          <h4 style={{ marginTop: 20 }}>{t('packageMgmt.subscribers', { count: subscriptions?.total ?? 0 })}</h4>
          {subscriptions && subscriptions.rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('packageMgmt.noSubscribers')} />
          ) : (
            <Table<SubscriptionRow>
              size="small"
              rowKey="subscriptionId"
              loading={!subscriptions}
              dataSource={subscriptions?.rows ?? []}
              pagination={false}
              columns={[
                { key: 'clientName', dataIndex: 'clientName', title: t('subscriptionMgmt.fields.clientName') },
                { key: 'startTime', dataIndex: 'startTime', title: t('subscriptionMgmt.fields.startTime') },
                { key: 'endTime', dataIndex: 'endTime', title: t('subscriptionMgmt.fields.endTime') },
                {
                  key: 'state',
                  dataIndex: 'state',
                  title: t('subscriptionMgmt.fields.state'),
                  render: (value: SubscriptionRow['state']) => <SubscriptionStateTag state={value} />,
                },
              ]}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
