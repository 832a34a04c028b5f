import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Col, DatePicker, Form, Row, Select, Statistic, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../app/session';
import { EChart } from '../../../shared/chart/EChart';
import { download } from '../../../shared/download';
import { type DataEnvelope, http, type TableEnvelope } from '../../../shared/request';
import { useStore } from '../../../shared/store';
import { groupApi } from '../api';

export type Period = 'day' | 'month' | 'sample';
export interface ReportFilter {
  projectId?: number;
  groupId?: number;
  beginDate?: string;
  endDate?: string;
  period: Period;
}

/**
 * The filters of a lighting report: the project's local dates (until one is chosen, the server's
 * default — the last 30 days to today in the project's zone — which the picker then shows), project,
 * group (duration only), and per sample, day or month.
 */
function ReportFilterBar({
  onSearch,
  testId,
  periods,
  withGroup,
  answered,
}: {
  onSearch: (f: ReportFilter) => void;
  testId: string;
  periods: readonly Period[];
  withGroup?: boolean;
  /** the dates the last answer covered */
  answered?: { from: string; to: string } | null;
}) {
  const { t } = useTranslation();
  const projects = useStore(session, (state) => state.projects);
  const current = useStore(session, (state) => state.currentProject);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const shown = range ?? (answered ? ([dayjs(answered.from), dayjs(answered.to)] as [Dayjs, Dayjs]) : null);
  const [projectId, setProjectId] = useState<number | undefined>(current ? Number(current.id) : undefined);
  const [groupId, setGroupId] = useState<number | undefined>();
  const [period, setPeriod] = useState<Period>('day');
  const [groups, setGroups] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    setGroupId(undefined);
    if (!withGroup || !projectId) return setGroups([]);
    groupApi
      .list({ projectId, pageSize: 500 }, { silent: true })
      .then((res) => setGroups(res.rows.map((g) => ({ value: g.groupId, label: g.name }))))
      .catch(() => setGroups([]));
  }, [projectId, withGroup]);
  const search = () =>
    onSearch({
      projectId,
      groupId,
      beginDate: range?.[0].format('YYYY-MM-DD'),
      endDate: range?.[1].format('YYYY-MM-DD'),
      period,
    });
  // biome-ignore lint/correctness/useExhaustiveDependencies: searches once with the defaults
  useEffect(search, []);
  return (
    <Form layout="inline" data-testid={`${testId}-filter`} style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item label={t('ltLightStats.period')}>
        <DatePicker.RangePicker
          value={shown}
          allowClear={false}
          format="YYYY-MM-DD"
          onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
          data-testid={`${testId}-range`}
        />
      </Form.Item>
      <Form.Item label={t('ltLightStats.project')}>
        <Select
          style={{ width: 180 }}
          allowClear
          placeholder={t('ltLightStats.allProjects')}
          value={projectId}
          onChange={setProjectId}
          options={projects.map((p) => ({ value: Number(p.id), label: p.name }))}
          data-testid={`${testId}-project`}
        />
      </Form.Item>
      {withGroup && (
        <Form.Item label={t('ltLightStats.group')}>
          <Select
            style={{ width: 160 }}
            allowClear
            placeholder={t('ltLightStats.allGroups')}
            value={groupId}
            onChange={setGroupId}
            options={groups}
            data-testid={`${testId}-group`}
          />
        </Form.Item>
      )}
      <Form.Item label={t('ltLightStats.by')}>
        <Select
          style={{ width: 120 }}
          value={period}
          onChange={setPeriod}
          options={periods.map((p) => ({ value: p, label: t(`ltLightStats.${p}`) }))}
          data-testid={`${testId}-by`}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid={`${testId}-search`}>
          {t('ltLightStats.query')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function ExportButton({ url, params, testId }: { url: string; params: object | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      disabled={!params}
      onClick={() => void download(url, { params: { ...params } })}
      data-testid={`${testId}-export`}
    >
      {t('ltLightStats.export')}
    </Button>
  );
}

function useReport<T>(url: string) {
  const [filter, setFilter] = useState<ReportFilter | null>(null);
  const [data, setData] = useState<T | null>(null);
  const load = useCallback(
    (f: ReportFilter) => {
      setFilter(f);
      http
        .get<DataEnvelope<T>>(url, { ...f })
        .then((res) => setData(res.data))
        .catch(() => undefined);
    },
    [url],
  );
  return { filter, data, load };
}

interface Hours {
  hours: number;
  lamps: number;
  avgHours: number;
}
interface Duration {
  from: string;
  to: string;
  series: (Hours & { period: string })[];
  byProject: (Hours & { projectId: number; projectName: string })[];
  byGroup: (Hours & { groupId: number; groupName: string })[];
}
interface LampHours {
  deviceId: number;
  uid: string;
  deviceName: string;
  hours: number;
  days: number;
}
const DURATION = '/lighting/statistics/duration';

/** Lighting duration: lit hours per day or month (chart), by project, by group and by lamp; each table exports. */
export function LightingDurationReport() {
  const { t } = useTranslation();
  const { filter, data, load } = useReport<Duration>(DURATION);
  const [lamps, setLamps] = useState<{ rows: LampHours[]; total: number }>({ rows: [], total: 0 });
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  useEffect(() => {
    if (!filter) return;
    http
      .get<TableEnvelope<LampHours>>(`${DURATION}/lamps`, { ...filter, ...page })
      .then((res) => setLamps({ rows: res.rows, total: res.total }))
      .catch(() => undefined);
  }, [filter, page]);
  const chart = useMemo<EChartsCoreOption>(() => {
    const rows = data?.series ?? [];
    return {
      color: ['#faad14', '#1677ff'],
      tooltip: { trigger: 'axis' },
      legend: { top: 4 },
      grid: { left: 48, right: 48, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: rows.map((r) => r.period) },
      yAxis: [
        { type: 'value', name: t('ltLightStats.hoursUnit') },
        { type: 'value', name: t('ltLightStats.avgUnit') },
      ],
      series: [
        { type: 'bar', name: t('ltLightStats.hours'), data: rows.map((r) => r.hours) },
        {
          type: 'line',
          name: t('ltLightStats.avgHours'),
          yAxisIndex: 1,
          smooth: true,
          data: rows.map((r) => r.avgHours),
        },
      ],
    };
  }, [data, t]);
  const total = (data?.series ?? []).reduce((sum, r) => sum + r.hours, 0);
  const lampsLit = (data?.byProject ?? []).reduce((sum, r) => sum + r.lamps, 0);
  const hourColumns = <T extends Hours>(): ColumnsType<T> => [
    { title: t('ltLightStats.hours'), dataIndex: 'hours', width: 120 },
    { title: t('ltLightStats.lamps'), dataIndex: 'lamps', width: 100 },
    { title: t('ltLightStats.avgHours'), dataIndex: 'avgHours', width: 140 },
  ];
  const exportOf = (table: string) => (filter ? { ...filter, table } : null);
  return (
    <div className="lx-page" data-testid="lighting-duration-page">
      <ReportFilterBar
        onSearch={load}
        testId="lighting-duration"
        periods={['day', 'month']}
        withGroup
        answered={data}
      />
      <Row gutter={[16, 16]}>
        <Col xs={12} xl={6}>
          <Card size="small">
            <Statistic
              title={t('ltLightStats.totalHours')}
              value={Math.round(total * 100) / 100}
              data-testid="lighting-duration-total"
            />
          </Card>
        </Col>
        <Col xs={12} xl={6}>
          <Card size="small">
            <Statistic title={t('ltLightStats.lamps')} value={lampsLit} />
          </Card>
        </Col>
        <Col xs={24}>
          <Card
            size="small"
            title={t('ltLightStats.durationChart')}
            extra={
              <ExportButton url={`${DURATION}/export`} params={exportOf('series')} testId="lighting-duration-series" />
            }
          >
            <EChart
              option={chart}
              height={300}
              label={t('ltLightStats.durationChart')}
              testId="lighting-duration-chart"
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            size="small"
            title={t('ltLightStats.byProject')}
            extra={
              <ExportButton
                url={`${DURATION}/export`}
                params={exportOf('project')}
                testId="lighting-duration-project"
              />
            }
          >
            <Table
              size="small"
              rowKey="projectId"
              pagination={false}
              dataSource={data?.byProject}
              columns={[{ title: t('ltLightStats.project'), dataIndex: 'projectName' }, ...hourColumns()]}
              data-testid="lighting-duration-project"
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            size="small"
            title={t('ltLightStats.byGroup')}
            extra={
              <ExportButton url={`${DURATION}/export`} params={exportOf('group')} testId="lighting-duration-group" />
            }
          >
            <Table
              size="small"
              rowKey="groupId"
              pagination={false}
              scroll={{ y: 320 }}
              dataSource={data?.byGroup}
              columns={[{ title: t('ltLightStats.group'), dataIndex: 'groupName' }, ...hourColumns()]}
              data-testid="lighting-duration-group"
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card
            size="small"
            title={t('ltLightStats.byLamp')}
            extra={
              <ExportButton url={`${DURATION}/export`} params={exportOf('lamp')} testId="lighting-duration-lamp" />
            }
          >
            <Table<LampHours>
              size="small"
              rowKey="deviceId"
              dataSource={lamps.rows}
              pagination={{
                current: page.pageNum,
                pageSize: page.pageSize,
                total: lamps.total,
                onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
              }}
              columns={[
                { title: 'UID', dataIndex: 'uid' },
                { title: t('ltLightStats.lamp'), dataIndex: 'deviceName' },
                { title: t('ltLightStats.hours'), dataIndex: 'hours', width: 120 },
                { title: t('ltLightStats.days'), dataIndex: 'days', width: 100 },
              ]}
              data-testid="lighting-duration-lamp"
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

interface SampleRow {
  period: string;
  expected: number;
  lit: number;
  devices: number;
  online: number;
  samples: number;
  lightingRate: number | null;
  onlineRate: number | null;
}

/**
 * Lighting rate (lamps lit among those their strategy wants lit) or online rate (devices online
 * among those that communicate) from the 10-minute samples, per sample, day or month: the
 * lighting and statistics menus show the same report.
 */
export function RateReport({ kind }: { kind: 'lighting' | 'online' }) {
  const { t } = useTranslation();
  const url = `/lighting/statistics/${kind}-rate`;
  const { filter, data, load } = useReport<{ from: string; to: string; rows: SampleRow[] }>(url);
  const rows = data?.rows ?? [];
  const rateKey = kind === 'lighting' ? 'lightingRate' : 'onlineRate';
  const [part, whole] = kind === 'lighting' ? (['lit', 'expected'] as const) : (['online', 'devices'] as const);
  const title = t(`ltLightStats.${rateKey}`);
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  const chart = useMemo<EChartsCoreOption>(
    () => ({
      color: [kind === 'lighting' ? '#faad14' : '#52c41a', '#1677ff', '#bfbfbf'],
      tooltip: { trigger: 'axis' },
      legend: { top: 4 },
      grid: { left: 48, right: 48, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: rows.map((r) => r.period) },
      yAxis: [
        { type: 'value', name: '%', min: 0, max: 100 },
        { type: 'value', minInterval: 1 },
      ],
      series: [
        { type: 'line', name: title, smooth: true, data: rows.map((r) => r[rateKey]) },
        { type: 'bar', name: t(`ltLightStats.${part}`), yAxisIndex: 1, data: rows.map((r) => r[part]) },
        { type: 'bar', name: t(`ltLightStats.${whole}`), yAxisIndex: 1, data: rows.map((r) => r[whole]) },
      ],
    }),
    [data, t, kind],
  );
  const sums = rows.reduce((s, r) => ({ part: s.part + r[part], whole: s.whole + r[whole] }), { part: 0, whole: 0 });
  const overall = sums.whole ? Math.round((sums.part / sums.whole) * 1000) / 10 : null;
  return (
    <div className="lx-page" data-testid={`${kind}-rate-page`}>
      <ReportFilterBar onSearch={load} testId={`${kind}-rate`} periods={['day', 'month', 'sample']} answered={data} />
      <Row gutter={[16, 16]}>
        <Col xs={12} xl={6}>
          <Card size="small">
            <Statistic
              title={title}
              value={overall ?? '—'}
              suffix={overall === null ? undefined : '%'}
              data-testid={`${kind}-rate-overall`}
            />
          </Card>
        </Col>
        <Col xs={12} xl={6}>
          <Card size="small">
            <Statistic title={t('ltLightStats.samples')} value={rows.reduce((s, r) => s + r.samples, 0)} />
          </Card>
        </Col>
        <Col xs={24}>
          <Card size="small" title={title}>
            <EChart option={chart} height={300} label={title} testId={`${kind}-rate-chart`} />
          </Card>
        </Col>
        <Col xs={24}>
          <Card
            size="small"
            title={t('ltLightStats.table')}
            extra={<ExportButton url={`${url}/export`} params={filter} testId={`${kind}-rate`} />}
          >
            <Table<SampleRow>
              size="small"
              rowKey="period"
              dataSource={rows}
              pagination={{ pageSize: 20 }}
              columns={[
                { title: t('ltLightStats.periodColumn'), dataIndex: 'period' },
                { title: t(`ltLightStats.${whole}`), dataIndex: whole, width: 140 },
                { title: t(`ltLightStats.${part}`), dataIndex: part, width: 140 },
                {
                  title: `${title} (%)`,
                  dataIndex: rateKey,
                  width: 140,
                  render: (v: number | null) => v ?? '—',
                },
                { title: t('ltLightStats.samples'), dataIndex: 'samples', width: 100 },
              ]}
              data-testid={`${kind}-rate-table`}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
