import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/chart/EChart';
import type { CustomerSubscription } from '../types';

const COLOURS: Record<string, string> = {
  active: '#52c41a',
  pending: '#1677ff',
  ended: '#bfbfbf',
  cancelled: '#faad14',
};

/** Subscriptions as bars on a time axis with today marked: gaps and overlaps are seen at a glance. */
export function SubscriptionTimeline({
  subscriptions,
  now = Date.now(),
}: {
  subscriptions: readonly CustomerSubscription[];
  now?: number;
}) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    const rows = [...subscriptions].sort((a, b) => dayjs(a.startTime).valueOf() - dayjs(b.startTime).valueOf());
    const labels = rows.map((row) => `${row.packageName} #${row.subscriptionId}`);
    return {
      grid: { left: 8, right: 24, top: 16, bottom: 24, containLabel: true },
      tooltip: {
        formatter: (params: { data: { value: [number, number, number]; state: string; name: string } }) => {
          const [, start, end] = params.data.value;
          return `${params.data.name}<br/>${dayjs(start).format('YYYY-MM-DD')} → ${dayjs(end).format('YYYY-MM-DD')}<br/>${t(`tenantShared.subscriptionState.${params.data.state}`)}`;
        },
      },
      xAxis: {
        type: 'time',
        axisLabel: { formatter: (value: number) => dayjs(value).format('YYYY-MM') },
      },
      yAxis: { type: 'category', data: labels, axisTick: { show: false } },
      series: [
        {
          type: 'custom',
          renderItem: (
            _params: unknown,
            api: {
              value: (index: number) => number;
              coord: (point: [number, number]) => [number, number];
              size: (value: [number, number]) => [number, number];
              style: () => Record<string, unknown>;
            },
          ) => {
            const category = api.value(0);
            const start = api.coord([api.value(1), category]);
            const end = api.coord([api.value(2), category]);
            const height = api.size([0, 1])[1] * 0.5;
            return {
              type: 'rect',
              shape: { x: start[0], y: start[1] - height / 2, width: Math.max(2, end[0] - start[0]), height },
              style: api.style(),
            };
          },
          encode: { x: [1, 2], y: 0 },
          data: rows.map((row, index) => ({
            name: labels[index],
            state: row.state,
            value: [index, dayjs(row.startTime).valueOf(), dayjs(row.endTime).valueOf()],
            itemStyle: { color: COLOURS[row.state] ?? '#1677ff' },
          })),
          markLine: {
            symbol: 'none',
            silent: true,
            label: { formatter: t('tenantShared.today') },
            lineStyle: { color: '#f5222d', type: 'dashed' },
            data: [{ xAxis: now }],
          },
        },
      ],
    };
  }, [subscriptions, now, t]);

  return (
    <EChart
      option={option}
      height={Math.max(120, 48 + subscriptions.length * 36)}
      label={t('tenantShared.timelineAria', { count: subscriptions.length })}
      testId="subscription-timeline"
    />
  );
}
