import { Card, Col, Row, Statistic } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlarmKindLabel } from '../../../features/alarm/kinds';
import { StatsFilterBar, StatsTable, useStats } from '../../../features/alarm/statistics';
import { EChart } from '../../../shared/chart/EChart';

interface FaultStatistics {
  totals: { total: number; open: number };
  byType: { key: string; count: number; recovered: number; cleared: number; active: number }[];
  byDay: { day: string; key: string; count: number }[];
  open: { key: string; count: number; unacknowledged: number; oldest: string }[];
}

const EXPORT = '/statistics/fault/export';

/** Fault statistics (statistics/fault): the faults devices report (lamps, branches) by type and day, and those open now. */
export function FaultStatisticsPage() {
  const { t } = useTranslation();
  const typeLabel = useAlarmKindLabel();
  const { filter, data, load } = useStats<FaultStatistics>('/statistics/fault/summary');

  const perDay = useMemo<EChartsCoreOption>(() => {
    const days = [...new Set(data?.byDay.map((r) => r.day) ?? [])];
    const keys = [...new Set(data?.byDay.map((r) => r.key) ?? [])];
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 4 },
      grid: { left: 40, right: 16, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: keys.map((key) => ({
        type: 'bar',
        stack: 'faults',
        name: typeLabel(key),
        data: days.map((day) => data?.byDay.find((r) => r.day === day && r.key === key)?.count ?? 0),
      })),
    };
  }, [data, typeLabel]);
  const byType = useMemo<EChartsCoreOption>(
    () => ({
      color: ['#fa541c'],
      tooltip: { trigger: 'axis' },
      grid: { left: 160, right: 24, top: 16, bottom: 24 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: (data?.byType ?? []).map((r) => typeLabel(r.key)) },
      series: [{ type: 'bar', data: (data?.byType ?? []).map((r) => r.count) }],
    }),
    [data, typeLabel],
  );
  const common = { filter, exportUrl: EXPORT };
  const typeColumn = { title: t('ltAlarmStats.faultType'), dataIndex: 'key', render: (v: string) => typeLabel(v) };
  return (
    <div className="lx-page" data-testid="fault-statistics-page">
      <StatsFilterBar onSearch={load} testId="fault-stats" />
      <Row gutter={[16, 16]}>
        <Col xs={12} xl={6}>
          <Card size="small" data-testid="fault-stats-total">
            <Statistic
              title={t('ltAlarmStats.faultTotal')}
              value={data?.totals.total ?? 0}
              valueStyle={{ color: '#1677ff' }}
            />
          </Card>
        </Col>
        <Col xs={12} xl={6}>
          <Card size="small" data-testid="fault-stats-open">
            <Statistic
              title={t('ltAlarmStats.faultOpen')}
              value={data?.totals.open ?? 0}
              valueStyle={{ color: '#f5222d' }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('ltAlarmStats.faultByDay')}>
            <EChart option={perDay} height={300} label={t('ltAlarmStats.faultByDay')} testId="fault-stats-per-day" />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('ltAlarmStats.faultByType')}>
            <EChart option={byType} height={300} label={t('ltAlarmStats.faultByType')} testId="fault-stats-by-type" />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <StatsTable
            {...common}
            title={t('ltAlarmStats.faultByType')}
            table="type"
            testId="fault-stats-type"
            rows={data?.byType}
            rowKey={(r) => r.key}
            columns={[
              typeColumn,
              { title: t('ltAlarmStats.faults'), dataIndex: 'count', width: 80 },
              { title: t('ltAlarmStats.recovered'), dataIndex: 'recovered', width: 80 },
              { title: t('ltAlarmStats.cleared'), dataIndex: 'cleared', width: 100 },
              { title: t('ltAlarmStats.active'), dataIndex: 'active', width: 80 },
            ]}
          />
        </Col>
        <Col xs={24} xl={12}>
          <StatsTable
            {...common}
            title={t('ltAlarmStats.faultOpenNow')}
            table="open"
            testId="fault-stats-open-table"
            rows={data?.open}
            rowKey={(r) => r.key}
            columns={[
              typeColumn,
              { title: t('ltAlarmStats.faults'), dataIndex: 'count', width: 80 },
              { title: t('ltAlarmStats.unacknowledged'), dataIndex: 'unacknowledged', width: 100 },
              { title: t('ltAlarmStats.oldest'), dataIndex: 'oldest', width: 170 },
            ]}
          />
        </Col>
      </Row>
    </div>
  );
}
