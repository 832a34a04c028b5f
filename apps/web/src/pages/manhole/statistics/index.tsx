import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Statistic } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { coverApi, eventOf, type ManholeStatistics, useLabel } from '../../../features/manhole/model';
import { EChart } from '../../../shared/chart/EChart';

const CARDS = [
  { key: 'total', colour: '#1677ff' },
  { key: 'online', colour: '#52c41a' },
  { key: 'offline', colour: '#8c8c8c' },
  { key: 'open', colour: '#f5222d' },
  { key: 'tilted', colour: '#fa541c' },
  { key: 'waterHigh', colour: '#2f54eb' },
  { key: 'lowBattery', colour: '#faad14' },
] as const;
const SERIES_COLOURS = ['#f5222d', '#fa541c', '#2f54eb', '#faad14'];

function StatisticsBody() {
  const { t } = useTranslation();
  const label = useLabel();
  const projectId = useProjectId()!;
  const [stats, setStats] = useState<ManholeStatistics | null>(null);
  const load = useCallback(() => {
    coverApi
      .statistics(projectId)
      .then(setStats)
      .catch(() => undefined);
  }, [projectId]);
  useEffect(load, [load]);

  const perDay = useMemo<EChartsCoreOption>(
    () => ({
      color: SERIES_COLOURS,
      tooltip: { trigger: 'axis' },
      legend: { top: 4 },
      grid: { left: 40, right: 16, top: 40, bottom: 40 },
      xAxis: { type: 'category', data: stats?.days.map((d) => d.slice(5)) ?? [] },
      yAxis: { type: 'value', minInterval: 1 },
      series: (stats?.series ?? []).map((s) => ({
        type: 'bar',
        stack: 'alarms',
        name: label(eventOf(s.eventType)?.label ?? { zh: s.eventType, en: s.eventType }),
        data: s.counts,
      })),
    }),
    [stats, label],
  );
  const battery = useMemo<EChartsCoreOption>(
    () => ({
      color: ['#52c41a'],
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 24, bottom: 32 },
      xAxis: { type: 'category', data: [...(stats?.battery.bands ?? []), t('mhStats.noReading')] },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'bar',
          name: t('mhStats.covers'),
          data: stats ? [...stats.battery.counts, stats.battery.unknown] : [],
          itemStyle: { borderRadius: [4, 4, 0, 0] },
        },
      ],
    }),
    [stats, t],
  );

  return (
    <div className="lx-page" data-testid="manhole-statistics-page">
      <Row gutter={[16, 16]}>
        {CARDS.map((card) => (
          <Col key={card.key} xs={12} md={8} xl={3}>
            <Card size="small" data-testid={`stat-${card.key}`}>
              <Statistic
                title={t(`mhStats.${card.key}`)}
                value={stats?.states[card.key] ?? 0}
                valueStyle={{ color: card.colour }}
              />
            </Card>
          </Col>
        ))}
        <Col xs={12} md={8} xl={3}>
          <Button icon={<ReloadOutlined />} onClick={load}>
            {t('table.refresh')}
          </Button>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('mhStats.perDay')}>
            <EChart option={perDay} height={300} label={t('mhStats.perDay')} testId="stat-per-day" />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('mhStats.battery')}>
            <EChart option={battery} height={300} label={t('mhStats.battery')} testId="stat-battery" />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

/** Covers statistics (manhole/statistics): counts by state, alarms per day over 30 days, battery bands. */
export function ManholeStatisticsPage() {
  return (
    <NeedProject testId="manhole-statistics-page">
      <StatisticsBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
