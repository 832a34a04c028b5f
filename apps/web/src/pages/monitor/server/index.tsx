import { PauseCircleOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Badge,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Progress,
  Row,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gaugeOption, linesOption } from '../../../features/monitor/charts';
import { formatBytes, formatDuration, formatMs, usageColour } from '../../../features/monitor/format';
import { type DiskInfo, type ServerInfo, serverApi } from '../../../features/monitor/server-api';
import { usePolling } from '../../../features/monitor/use-polling';
import { EChart } from '../../../shared/chart/EChart';
import { formatDateTime } from '../../../shared/date';

/** Auto-refresh period of the server monitor. */
const SERVER_REFRESH_MS = 5_000;
/** Samples kept for the trend chart: ten minutes at one every five seconds. */
const HISTORY = 120;

interface Sample {
  at: string;
  cpu: number;
  process: number;
  memory: number;
  heap: number;
  loopP99: number | null;
}

/** Server monitor (monitor/server): CPU, memory, Node runtime, disks and network, refreshed every 5 s. */
export function ServerMonitorPage() {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  const [history, setHistory] = useState<Sample[]>([]);

  const load = useCallback(async (signal: AbortSignal) => (await serverApi.get(signal)).data, []);
  const onData = useCallback((info: ServerInfo) => {
    setHistory((previous) =>
      [
        ...previous,
        {
          at: dayjs().format('HH:mm:ss'),
          cpu: info.cpu.used,
          process: info.cpu.process,
          memory: info.memory.usage,
          heap: info.node.heapUsage,
          loopP99: info.node.eventLoopDelay?.p99Ms ?? null,
        },
      ].slice(-HISTORY),
    );
  }, []);
  const { data, error, loading, updatedAt, refresh } = usePolling(load, {
    intervalMs: SERVER_REFRESH_MS,
    paused,
    onData,
  });

  const dataDisk = data?.disks.find((disk) => disk.usage !== undefined);
  const gauges = useMemo(
    () =>
      data
        ? [
            {
              key: 'cpu',
              title: t('serverMonitor.cpuUsage'),
              option: gaugeOption(
                t('serverMonitor.cpuUsage'),
                data.cpu.used,
                t('serverMonitor.cores', { count: data.cpu.cores }),
              ),
            },
            {
              key: 'memory',
              title: t('serverMonitor.memoryUsage'),
              option: gaugeOption(
                t('serverMonitor.memoryUsage'),
                data.memory.usage,
                `${formatBytes(data.memory.used)} / ${formatBytes(data.memory.total)}`,
              ),
            },
            {
              key: 'heap',
              title: t('serverMonitor.heapUsage'),
              option: gaugeOption(
                t('serverMonitor.heapUsage'),
                data.node.heapUsage,
                `${formatBytes(data.node.heapUsed)} / ${formatBytes(data.node.heapTotal)}`,
              ),
            },
            {
              key: 'disk',
              title: t('serverMonitor.diskUsage'),
              option: gaugeOption(
                t('serverMonitor.diskUsage'),
                dataDisk?.usage ?? 0,
                dataDisk ? `${formatBytes(dataDisk.used)} / ${formatBytes(dataDisk.total)}` : '-',
              ),
            },
          ]
        : [],
    [data, dataDisk, t],
  );

  const trend = useMemo(
    () =>
      linesOption(
        history.map((sample) => sample.at),
        [
          { name: t('serverMonitor.cpuUsage'), values: history.map((s) => s.cpu), unit: '%' },
          { name: t('serverMonitor.processCpu'), values: history.map((s) => s.process), unit: '%' },
          { name: t('serverMonitor.memoryUsage'), values: history.map((s) => s.memory), unit: '%' },
          { name: t('serverMonitor.loopP99'), values: history.map((s) => s.loopP99), unit: 'ms', axis: 1 },
        ],
      ),
    [history, t],
  );

  const live = !paused;

  return (
    <div data-testid="server-page">
      <Card size="small" style={{ marginBottom: 16 }}>
        <div className="lx-toolbar" style={{ marginBottom: 0 }}>
          <Space wrap>
            <Badge
              status={error ? 'error' : live ? 'processing' : 'default'}
              text={
                live ? t('serverMonitor.live', { seconds: SERVER_REFRESH_MS / 1000 }) : t('serverMonitor.pausedState')
              }
            />
            <Typography.Text type="secondary" data-testid="server-updated">
              {updatedAt ? t('serverMonitor.updatedAt', { time: dayjs(updatedAt).format('HH:mm:ss') }) : ''}
            </Typography.Text>
          </Space>
          <Space>
            <Button
              icon={paused ? <PlayCircleOutlined /> : <PauseCircleOutlined />}
              onClick={() => setPaused((value) => !value)}
              aria-pressed={paused}
              data-testid="server-pause"
            >
              {paused ? t('serverMonitor.resume') : t('serverMonitor.pause')}
            </Button>
            <Tooltip title={t('table.refresh')}>
              <Button
                icon={<ReloadOutlined spin={loading && !!data} />}
                onClick={refresh}
                aria-label={t('table.refresh')}
                data-testid="server-refresh"
              />
            </Tooltip>
          </Space>
        </div>
      </Card>

      {error && (
        <Alert
          type="error"
          showIcon
          title={data ? t('serverMonitor.staleData', { reason: error }) : error}
          style={{ marginBottom: 16 }}
        />
      )}

      {!data ? (
        <Card loading={loading}>{!loading && <Empty description={t('serverMonitor.noData')} />}</Card>
      ) : (
        <Row gutter={[16, 16]}>
          {gauges.map((gauge) => (
            <Col xs={24} sm={12} xl={6} key={gauge.key}>
              <Card size="small" title={gauge.title}>
                <EChart option={gauge.option} height={200} label={gauge.title} testId={`server-gauge-${gauge.key}`} />
              </Card>
            </Col>
          ))}

          <Col span={24}>
            <Card size="small" title={t('serverMonitor.trend')}>
              {history.length > 1 ? (
                <EChart option={trend} height={240} label={t('serverMonitor.trend')} testId="server-trend" />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('serverMonitor.trendWaiting')} />
              )}
            </Card>
          </Col>

          <Col xs={24} lg={8}>
            <Card size="small" title={t('serverMonitor.cpu')} style={{ height: '100%' }}>
              <Descriptions column={1} size="small" data-testid="server-cpu">
                <Descriptions.Item label={t('serverMonitor.model')}>{data.cpu.model || '-'}</Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.coreCount')}>{data.cpu.cores}</Descriptions.Item>
                {data.cpu.speedMhz > 0 && (
                  <Descriptions.Item label={t('serverMonitor.speed')}>{data.cpu.speedMhz} MHz</Descriptions.Item>
                )}
                <Descriptions.Item label={t('serverMonitor.cpuUser')}>{data.cpu.user}%</Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.cpuSys')}>{data.cpu.sys}%</Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.cpuIdle')}>{data.cpu.idle}%</Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.processCpu')}>{data.cpu.process}%</Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.loadAverage')}>
                  {data.cpu.loadAverage.join(' / ')}
                </Descriptions.Item>
              </Descriptions>
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Card size="small" title={t('serverMonitor.memory')} style={{ height: '100%' }}>
              <Descriptions column={1} size="small" data-testid="server-memory">
                <Descriptions.Item label={t('serverMonitor.total')}>{formatBytes(data.memory.total)}</Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.used')}>{formatBytes(data.memory.used)}</Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.free')}>{formatBytes(data.memory.free)}</Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.usage')}>
                  <Progress
                    percent={data.memory.usage}
                    strokeColor={usageColour(data.memory.usage)}
                    size="small"
                    style={{ width: 180 }}
                  />
                </Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.rss')}>{formatBytes(data.node.rss)}</Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.heap')}>
                  {formatBytes(data.node.heapUsed)} / {formatBytes(data.node.heapTotal)}
                </Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.external')}>
                  {formatBytes(data.node.external)}
                </Descriptions.Item>
              </Descriptions>
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Card size="small" title={t('serverMonitor.runtime')} style={{ height: '100%' }}>
              <Descriptions column={1} size="small" data-testid="server-node">
                <Descriptions.Item label={t('serverMonitor.nodeVersion')}>
                  <Tag color="green">{data.node.version}</Tag>
                </Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.pid')}>{data.node.pid}</Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.startTime')}>
                  {formatDateTime(data.node.startTime)}
                </Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.uptime')}>
                  <span data-testid="server-uptime">{formatDuration(data.node.uptimeSeconds, t)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.loopDelay')}>
                  {data.node.eventLoopDelay ? (
                    <Space size={4} wrap>
                      <Tag>p50 {formatMs(data.node.eventLoopDelay.p50Ms)}</Tag>
                      <Tag color={data.node.eventLoopDelay.p99Ms > 100 ? 'orange' : undefined}>
                        p99 {formatMs(data.node.eventLoopDelay.p99Ms)}
                      </Tag>
                      <Tag>max {formatMs(data.node.eventLoopDelay.maxMs)}</Tag>
                    </Space>
                  ) : (
                    '-'
                  )}
                </Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.execPath')}>
                  <Typography.Text code>{data.node.execPath}</Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.cwd')}>
                  <Typography.Text code>{data.node.cwd}</Typography.Text>
                </Descriptions.Item>
              </Descriptions>
            </Card>
          </Col>

          <Col xs={24} lg={8}>
            <Card size="small" title={t('serverMonitor.os')} style={{ height: '100%' }}>
              <Descriptions column={1} size="small" data-testid="server-os">
                <Descriptions.Item label={t('serverMonitor.hostname')}>{data.os.hostname}</Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.platform')}>
                  {data.os.type} ({data.os.platform})
                </Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.release')}>{data.os.release}</Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.arch')}>{data.os.arch}</Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.osUptime')}>
                  {formatDuration(data.os.uptimeSeconds, t)}
                </Descriptions.Item>
                <Descriptions.Item label={t('serverMonitor.listen')}>
                  {data.network.host}:{data.network.port}
                </Descriptions.Item>
              </Descriptions>
            </Card>
          </Col>
          <Col xs={24} lg={16}>
            <Card size="small" title={t('serverMonitor.disks')} style={{ height: '100%' }}>
              <Table<DiskInfo>
                size="small"
                rowKey="path"
                pagination={false}
                dataSource={data.disks}
                data-testid="server-disks"
                columns={[
                  {
                    key: 'path',
                    dataIndex: 'path',
                    title: t('serverMonitor.path'),
                    ellipsis: true,
                    render: (path: string) => <Typography.Text code>{path}</Typography.Text>,
                  },
                  {
                    key: 'total',
                    dataIndex: 'total',
                    title: t('serverMonitor.total'),
                    align: 'right',
                    render: (v?: number) => formatBytes(v),
                  },
                  {
                    key: 'used',
                    dataIndex: 'used',
                    title: t('serverMonitor.used'),
                    align: 'right',
                    render: (v?: number) => formatBytes(v),
                  },
                  {
                    key: 'free',
                    dataIndex: 'free',
                    title: t('serverMonitor.free'),
                    align: 'right',
                    render: (v?: number) => formatBytes(v),
                  },
                  {
                    key: 'usage',
                    dataIndex: 'usage',
                    title: t('serverMonitor.usage'),
                    width: 220,
                    render: (usage: number | undefined, disk) =>
                      disk.error ? (
                        <Tag color="red">{t('serverMonitor.unreadable', { reason: disk.error })}</Tag>
                      ) : (
                        <Progress percent={usage ?? 0} strokeColor={usageColour(usage ?? 0)} size="small" />
                      ),
                  },
                ]}
              />
            </Card>
          </Col>

          <Col span={24}>
            <Card size="small" title={t('serverMonitor.network')}>
              <Table
                size="small"
                rowKey={(row) => `${row.name}-${row.address}`}
                pagination={false}
                dataSource={data.network.interfaces}
                data-testid="server-network"
                columns={[
                  { key: 'name', dataIndex: 'name', title: t('serverMonitor.interface'), width: 120 },
                  { key: 'address', dataIndex: 'address', title: t('serverMonitor.address') },
                  { key: 'family', dataIndex: 'family', title: t('serverMonitor.family'), width: 90 },
                  { key: 'mac', dataIndex: 'mac', title: 'MAC', width: 170 },
                  {
                    key: 'internal',
                    dataIndex: 'internal',
                    title: t('serverMonitor.internal'),
                    width: 90,
                    render: (v: boolean) => (v ? t('job.yes') : t('job.no')),
                  },
                  {
                    key: 'rx',
                    title: t('serverMonitor.received'),
                    align: 'right',
                    render: (_: unknown, row) =>
                      formatBytes(data.network.traffic.find((item) => item.name === row.name)?.rxBytes),
                  },
                  {
                    key: 'tx',
                    title: t('serverMonitor.sent'),
                    align: 'right',
                    render: (_: unknown, row) =>
                      formatBytes(data.network.traffic.find((item) => item.name === row.name)?.txBytes),
                  },
                ]}
              />
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
