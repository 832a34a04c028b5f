import { Card, Col, Row, Statistic } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlarmKindLabel } from '../../../features/alarm/kinds';
import { StatsFilterBar, StatsTable, useStats } from '../../../features/alarm/statistics';
import { EChart } from '../../../shared/chart/EChart';
import { dictLabel } from '../../../shared/DictTag';
import { useDict } from '../../../shared/dict';

interface Count {
  key: string;
  count: number;
}
interface AlarmStatistics {
  totals: { total: number; active: number; recovered: number; minutes: number | null };
  byType: Count[];
  byGrade: Count[];
  byProject: { projectId: number; projectName: string; count: number }[];
  byDay: { day: string; grade: string; count: number }[];
  mttr: { key: string; recovered: number; minutes: number }[];
  topDevices: { deviceId: number; uid: string; deviceName: string; count: number; active: number }[];
}

const GRADES = ['dangerous', 'serious', 'urgent', 'ordinary'];
const GRADE_COLOURS = ['#cf1322', '#fa541c', '#faad14', '#1677ff'];
const EXPORT = '/statistics/alarm/export';

/** Alarm statistics (statistics/alarm): per day by grade, by type, grade and project, time to recover, the noisiest devices. */
export function AlarmStatisticsPage() {
  const { t } = useTranslation();
  const grades = useDict('alarm_grade');
  const typeLabel = useAlarmKindLabel();
  const gradeLabel = (key: string) => dictLabel(grades, key) || key;
  const { filter, data, load } = useStats<AlarmStatistics>('/statistics/alarm/summary');

  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the dictionaries
  const perDay = useMemo<EChartsCoreOption>(() => {
    const days = [...new Set(data?.byDay.map((r) => r.day) ?? [])];
    return {
      color: GRADE_COLOURS,
      tooltip: { trigger: 'axis' },
      legend: { top: 4 },
      grid: { left: 40, right: 16, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: GRADES.map((grade) => ({
        type: 'bar',
        stack: 'alarms',
        name: gradeLabel(grade),
        data: days.map((day) => data?.byDay.find((r) => r.day === day && r.grade === grade)?.count ?? 0),
      })),
    };
  }, [data, grades]);
  const bar = (rows: { label: string; value: number }[], colour: string): EChartsCoreOption => ({
    color: [colour],
    tooltip: { trigger: 'axis' },
    grid: { left: 160, right: 24, top: 16, bottom: 24 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', inverse: true, data: rows.map((r) => r.label) },
    series: [{ type: 'bar', data: rows.map((r) => r.value), itemStyle: { borderRadius: [0, 4, 4, 0] } }],
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the dictionaries
  const byType = useMemo(
    () =>
      bar(
        (data?.byType ?? []).map((r) => ({ label: typeLabel(r.key), value: r.count })),
        '#fa541c',
      ),
    [data, typeLabel],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the dictionaries
  const mttr = useMemo(
    () =>
      bar(
        (data?.mttr ?? []).map((r) => ({ label: typeLabel(r.key), value: r.minutes })),
        '#13c2c2',
      ),
    [data, typeLabel],
  );

  const cards = [
    { key: 'total', value: data?.totals.total, colour: '#1677ff' },
    { key: 'active', value: data?.totals.active, colour: '#f5222d' },
    { key: 'recovered', value: data?.totals.recovered, colour: '#52c41a' },
    { key: 'mttrAll', value: data?.totals.minutes ?? '—', colour: '#13c2c2' },
  ];
  const common = { filter, exportUrl: EXPORT };
  return (
    <div className="lx-page" data-testid="alarm-statistics-page">
      <StatsFilterBar onSearch={load} testId="alarm-stats" />
      <Row gutter={[16, 16]}>
        {cards.map((c) => (
          <Col key={c.key} xs={12} xl={6}>
            <Card size="small" data-testid={`alarm-stats-${c.key}`}>
              <Statistic title={t(`ltAlarmStats.${c.key}`)} value={c.value ?? 0} valueStyle={{ color: c.colour }} />
            </Card>
          </Col>
        ))}
        <Col xs={24}>
          <Card size="small" title={t('ltAlarmStats.byDay')}>
            <EChart option={perDay} height={300} label={t('ltAlarmStats.byDay')} testId="alarm-stats-per-day" />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('ltAlarmStats.byType')}>
            <EChart option={byType} height={300} label={t('ltAlarmStats.byType')} testId="alarm-stats-by-type" />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('ltAlarmStats.mttr')}>
            <EChart option={mttr} height={300} label={t('ltAlarmStats.mttr')} testId="alarm-stats-mttr" />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <StatsTable
            {...common}
            title={t('ltAlarmStats.top')}
            table="top"
            testId="alarm-stats-top"
            rows={data?.topDevices}
            rowKey={(r) => String(r.deviceId)}
            columns={[
              { title: t('ltAlarmStats.uid'), dataIndex: 'uid' },
              { title: t('ltAlarmStats.deviceName'), dataIndex: 'deviceName' },
              { title: t('ltAlarmStats.count'), dataIndex: 'count', width: 90 },
              { title: t('ltAlarmStats.active'), dataIndex: 'active', width: 90 },
            ]}
          />
        </Col>
        <Col xs={24} xl={12}>
          <StatsTable
            {...common}
            title={t('ltAlarmStats.byType')}
            table="type"
            testId="alarm-stats-type"
            rows={data?.byType}
            rowKey={(r) => r.key}
            columns={[
              { title: t('ltAlarmStats.type'), dataIndex: 'key', render: (v: string) => typeLabel(v) },
              { title: t('ltAlarmStats.count'), dataIndex: 'count', width: 90 },
            ]}
          />
        </Col>
        <Col xs={24} xl={8}>
          <StatsTable
            {...common}
            title={t('ltAlarmStats.byGrade')}
            table="grade"
            testId="alarm-stats-grade"
            rows={data?.byGrade}
            rowKey={(r) => r.key}
            columns={[
              { title: t('ltAlarmStats.grade'), dataIndex: 'key', render: (v: string) => gradeLabel(v) },
              { title: t('ltAlarmStats.count'), dataIndex: 'count', width: 90 },
            ]}
          />
        </Col>
        <Col xs={24} xl={8}>
          <StatsTable
            {...common}
            title={t('ltAlarmStats.byProject')}
            table="project"
            testId="alarm-stats-project"
            rows={data?.byProject}
            rowKey={(r) => String(r.projectId)}
            columns={[
              { title: t('ltAlarmStats.projectName'), dataIndex: 'projectName' },
              { title: t('ltAlarmStats.count'), dataIndex: 'count', width: 90 },
            ]}
          />
        </Col>
        <Col xs={24} xl={8}>
          <StatsTable
            {...common}
            title={t('ltAlarmStats.mttr')}
            table="mttr"
            testId="alarm-stats-mttr-table"
            rows={data?.mttr}
            rowKey={(r) => r.key}
            columns={[
              { title: t('ltAlarmStats.type'), dataIndex: 'key', render: (v: string) => typeLabel(v) },
              { title: t('ltAlarmStats.recoveredCount'), dataIndex: 'recovered', width: 80 },
              { title: t('ltAlarmStats.minutes'), dataIndex: 'minutes', width: 110 },
            ]}
          />
        </Col>
      </Row>
    </div>
  );
}
