import { Card, Empty } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscriptionApi } from '../../../../features/tenant/api';
import type { SubscriptionRow } from '../../../../features/tenant/types';
import { EChart } from '../../../../shared/chart/EChart';

const MONTHS = 12;

/** Running subscriptions grouped by the month they end, for the next twelve months: renewals to prepare. */
export function renewalBuckets(rows: readonly SubscriptionRow[], now = dayjs()): { month: string; count: number }[] {
  const start = now.startOf('month');
  const buckets = Array.from({ length: MONTHS }, (_, i) => ({
    month: start.add(i, 'month').format('YYYY-MM'),
    count: 0,
  }));
  for (const row of rows) {
    const index = dayjs(row.endTime).startOf('month').diff(start, 'month');
    if (index >= 0 && index < MONTHS) buckets[index]!.count += 1;
  }
  return buckets;
}

export function RenewalChart({ version }: { version: number }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<SubscriptionRow[] | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` reloads after each change
  useEffect(() => {
    let alive = true;
    subscriptionApi
      .list({ state: 'active', pageNum: 1, pageSize: 500, orderByColumn: 'endTime', isAsc: 'ascending' })
      .then((res) => {
        if (alive) setRows(res.rows ?? []);
      })
      .catch(() => {
        if (alive) setRows([]);
      });
    return () => {
      alive = false;
    };
  }, [version]);

  const buckets = useMemo(() => renewalBuckets(rows ?? []), [rows]);
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  const option = useMemo(
    () => ({
      grid: { left: 8, right: 8, top: 16, bottom: 4, containLabel: true },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: buckets.map((bucket) => bucket.month) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'bar',
          name: t('subscriptionMgmt.renewals'),
          data: buckets.map((bucket) => bucket.count),
          itemStyle: { color: '#409EFF', borderRadius: [3, 3, 0, 0] },
          barMaxWidth: 28,
        },
      ],
    }),
    [buckets, t],
  );

  return (
    <Card
      size="small"
      title={t('subscriptionMgmt.renewalsTitle', { total })}
      style={{ marginBottom: 12 }}
      data-testid="renewal-chart"
    >
      {rows && total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('subscriptionMgmt.noRenewals')} />
      ) : (
        <EChart option={option} height={160} label={t('subscriptionMgmt.renewalsTitle', { total })} />
      )}
    </Card>
  );
}
