import { ReloadOutlined } from '@ant-design/icons';
import type { GisStatistics } from '@luxgrid/contracts/gis';
import { Button, Card, Col, InputNumber, Row, Space, Statistic, Table } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gisApi } from '../../../features/gis/api';
import { KIND_COLOURS } from '../../../features/gis/kinds';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { EChart } from '../../../shared/chart/EChart';

const bars = (names: string[], values: number[], colour: string | string[]): EChartsCoreOption => ({
  tooltip: { trigger: 'axis' },
  grid: { left: 48, right: 16, top: 16, bottom: 48 },
  xAxis: { type: 'category', data: names, axisLabel: { interval: 0, rotate: names.length > 6 ? 30 : 0 } },
  yAxis: { type: 'value', minInterval: 1 },
  series: [
    {
      type: 'bar',
      data: values.map((value, i) => ({ value, itemStyle: { color: Array.isArray(colour) ? colour[i] : colour } })),
      barMaxWidth: 40,
    },
  ],
});

function StatisticsBody() {
  const { t } = useTranslation();
  const projectId = useProjectId()!;
  const [days, setDays] = useState(90);
  const [stats, setStats] = useState<GisStatistics | null>(null);
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version reloads
  useEffect(() => {
    let alive = true;
    gisApi.statistics(projectId, days).then(
      (res) => alive && setStats(res.data ?? null),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [projectId, days, version]);

  const byCategory = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['40%', '70%'],
          data: (stats?.byCategory ?? []).map((c) => ({ name: c.name, value: c.count })),
        },
      ],
    }),
    [stats],
  );
  const byKind = useMemo(
    () =>
      bars(
        (stats?.byKind ?? []).map((k) => t(`gisKind.${k.kind}`)),
        (stats?.byKind ?? []).map((k) => k.count),
        (stats?.byKind ?? []).map((k) => KIND_COLOURS[k.kind] ?? '#1677ff'),
      ),
    [stats, t],
  );
  const byAge = useMemo(
    () =>
      bars(
        (stats?.byAge ?? []).map((a) => t(`gisStats.age.${a.bucket}`)),
        (stats?.byAge ?? []).map((a) => a.count),
        '#1677ff',
      ),
    [stats, t],
  );
  const roads = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 64, right: 64, top: 16, bottom: 48 },
      xAxis: { type: 'category', data: (stats?.roads ?? []).map((r) => r.lightingClass) },
      yAxis: [
        { type: 'value', name: t('gisRoad.length') },
        { type: 'value', name: t('gisStats.roadCount'), minInterval: 1 },
      ],
      series: [
        { type: 'bar', name: t('gisRoad.length'), data: (stats?.roads ?? []).map((r) => r.length), barMaxWidth: 40 },
        {
          type: 'line',
          name: t('gisStats.roadCount'),
          yAxisIndex: 1,
          data: (stats?.roads ?? []).map((r) => r.count),
        },
      ],
    }),
    [stats, t],
  );

  const cards = [
    { key: 'total', title: t('gisStats.total'), value: stats?.total ?? 0, colour: undefined },
    { key: 'expired', title: t('gisStats.expired'), value: stats?.warranty.expired ?? 0, colour: '#cf1322' },
    {
      key: 'expiring',
      title: t('gisStats.expiring', { days }),
      value: stats?.warranty.expiring ?? 0,
      colour: '#d46b08',
    },
    {
      key: 'roads',
      title: t('gisStats.roadCount'),
      value: (stats?.roads ?? []).reduce((n, r) => n + r.count, 0),
      colour: undefined,
    },
  ];

  return (
    <div className="lx-page" data-testid="gis-statistics-page">
      <Space style={{ marginBottom: 12 }}>
        <span>{t('gisStats.days')}</span>
        <InputNumber min={1} max={3650} value={days} onChange={(v) => v && setDays(v)} data-testid="gis-stats-days" />
        <Button icon={<ReloadOutlined />} onClick={() => setVersion((v) => v + 1)} />
      </Space>
      <Row gutter={[12, 12]}>
        {cards.map((card) => (
          <Col key={card.key} xs={12} md={6}>
            <Card size="small" data-testid={`gis-stat-${card.key}`}>
              <Statistic title={card.title} value={card.value} styles={{ content: { color: card.colour } }} />
            </Card>
          </Col>
        ))}
        <Col xs={24} lg={12}>
          <Card size="small" title={t('gisStats.byCategory')}>
            <EChart option={byCategory} height={300} label={t('gisStats.byCategory')} testId="gis-stat-category" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('gisStats.byKind')}>
            <EChart option={byKind} height={300} label={t('gisStats.byKind')} testId="gis-stat-kind" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('gisStats.byAge')}>
            <EChart option={byAge} height={300} label={t('gisStats.byAge')} testId="gis-stat-age" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('gisStats.roads')}>
            <EChart option={roads} height={300} label={t('gisStats.roads')} testId="gis-stat-roads" />
          </Card>
        </Col>
        <Col span={24}>
          <Card size="small" title={t('gisStats.expiringList')}>
            <Table
              size="small"
              rowKey="assetId"
              dataSource={stats?.warranty.list ?? []}
              pagination={false}
              data-testid="gis-stat-expiring"
              columns={[
                { key: 'assetCode', dataIndex: 'assetCode', title: t('gisAsset.code'), width: 160 },
                { key: 'name', dataIndex: 'name', title: t('gisAsset.name') },
                { key: 'warrantyEnd', dataIndex: 'warrantyEnd', title: t('gisAsset.warrantyEnd'), width: 160 },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

/** Asset statistics (gis/statistics): by category, type and age, warranties ending, roads by lighting class. */
export function GisStatisticsPage() {
  return (
    <NeedProject testId="gis-statistics-page">
      <StatisticsBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
