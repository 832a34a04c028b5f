import { Card, Empty, List, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HomeSummary } from '../../../features/tenant/types';
import { EChart } from '../../../shared/chart/EChart';

/** Successful sign-ins over the last seven days. */
export function LoginTrendCard({ summary }: { summary: HomeSummary }) {
  const { t } = useTranslation();
  const option = useMemo(
    () => ({
      grid: { left: 8, right: 16, top: 24, bottom: 4, containLabel: true },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: summary.loginTrend.map((day) => day.date.slice(5)), boundaryGap: false },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'line',
          name: t('homeIndex.logins'),
          areaStyle: { opacity: 0.15 },
          data: summary.loginTrend.map((day) => day.count),
        },
      ],
    }),
    [summary.loginTrend, t],
  );
  return (
    <Card size="small" title={t('homeIndex.loginTrend')} data-testid="login-trend">
      <EChart option={option} height={220} label={t('homeIndex.loginTrend')} />
    </Card>
  );
}

/** Platform users: customers by validity. */
export function CustomerValidityCard({ summary }: { summary: HomeSummary }) {
  const { t } = useTranslation();
  const customers = summary.customers;
  const option = useMemo(
    () =>
      customers
        ? {
            tooltip: { trigger: 'item' },
            legend: { bottom: 0 },
            series: [
              {
                type: 'pie',
                radius: ['45%', '70%'],
                center: ['50%', '45%'],
                label: { formatter: '{c}' },
                data: [
                  { name: t('tenantShared.validity.normal'), value: customers.normal, itemStyle: { color: '#52c41a' } },
                  {
                    name: t('tenantShared.validity.expired'),
                    value: customers.expired,
                    itemStyle: { color: '#f5222d' },
                  },
                  {
                    name: t('tenantShared.validity.not_started'),
                    value: customers.notStarted,
                    itemStyle: { color: '#bfbfbf' },
                  },
                ],
              },
            ],
          }
        : {},
    [customers, t],
  );
  if (!customers) return null;
  return (
    <Card
      size="small"
      title={t('homeIndex.customersByValidity', { total: customers.total })}
      data-testid="customer-validity"
    >
      <EChart option={option} height={220} label={t('homeIndex.customersByValidity', { total: customers.total })} />
    </Card>
  );
}

/** Subscriptions that end within the window (30 days). */
export function ExpiringCard({ summary }: { summary: HomeSummary }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={t('homeIndex.expiringTitle', {
        days: summary.expiringWithinDays,
        count: summary.counts.expiringSubscriptions,
      })}
      data-testid="expiring-subscriptions"
    >
      {summary.expiring.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('homeIndex.noneExpiring', { days: summary.expiringWithinDays })}
        />
      ) : (
        <List
          size="small"
          dataSource={summary.expiring}
          renderItem={(item) => (
            <List.Item
              extra={
                <Tag color={item.daysLeft <= 7 ? 'error' : 'warning'}>
                  {t('tenantShared.daysLeft', { count: item.daysLeft })}
                </Tag>
              }
            >
              <List.Item.Meta
                title={item.clientName}
                description={
                  <Typography.Text type="secondary">
                    {item.packageName} · {item.endTime.slice(0, 10)}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
