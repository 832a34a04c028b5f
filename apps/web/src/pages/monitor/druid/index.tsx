import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Row,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { barsOption, doughnutOption, gaugeOption } from '../../../features/monitor/charts';
import {
  type DbConnection,
  type DruidInfo,
  druidApi,
  type SlowRequest,
  type SlowStatement,
  type TableSize,
} from '../../../features/monitor/druid-api';
import { formatBytes, formatMs } from '../../../features/monitor/format';
import { EChart } from '../../../shared/chart/EChart';
import { copyText } from '../../../shared/clipboard';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { useDict } from '../../../shared/dict';
import { PAGE_SIZE_OPTIONS } from '../../../shared/table/pagination';

/** Tables drawn in the size chart; the full list is in the tab below. */
const CHART_TABLES = 15;

const byNumber =
  <T,>(key: keyof T) =>
  (a: T, b: T) =>
    Number(a[key]) - Number(b[key]);

/** 'PostgreSQL 18.6 (PGlite 0.5.16) on wasm32…' → 'PostgreSQL 18.6 (PGlite 0.5.16)'. */
function shortVersion(version: string): string {
  const cut = version.indexOf(' on ');
  return cut > 0 ? version.slice(0, cut) : version;
}

function Statement({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Space align="start" size={4} style={{ width: '100%' }}>
      <Tooltip title={t('common.copy')}>
        <Button
          type="text"
          size="small"
          icon={<CopyOutlined />}
          aria-label={t('common.copy')}
          onClick={() => void copyText(text)}
        />
      </Tooltip>
      <Typography.Paragraph
        ellipsis={{
          rows: 2,
          expandable: 'collapsible',
          symbol: (expanded) => (expanded ? t('druid.less') : t('druid.more')),
        }}
        style={{ margin: 0, fontFamily: 'monospace', fontSize: 12 }}
      >
        {text}
      </Typography.Paragraph>
    </Space>
  );
}

/** Database monitor, the 'druid' screen (monitor/druid): server, pool, connections, table sizes, slow work. */
export function DruidPage() {
  const { t } = useTranslation();
  const outcome = useDict('sys_common_status');
  const [info, setInfo] = useState<DruidInfo | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await druidApi.get();
      setInfo(res.data);
      setFailed(false);
      setUpdatedAt(Date.now());
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const tablesChart = useMemo(() => {
    const top = (info?.tables ?? []).slice(0, CHART_TABLES);
    return barsOption(
      top.map((table) => table.tableName),
      [
        { name: t('druid.tableBytes'), values: top.map((table) => table.tableBytes) },
        {
          name: t('druid.indexBytes'),
          values: top.map((table) => Math.max(0, table.indexBytes)),
        },
        {
          name: t('druid.otherBytes'),
          values: top.map((table) => Math.max(0, table.totalBytes - table.tableBytes - table.indexBytes)),
        },
      ],
      formatBytes,
    );
  }, [info, t]);

  const connections = info?.connections;
  const stateChart = useMemo(
    () =>
      connections?.available
        ? doughnutOption(
            Object.entries(connections.byState).map(([name, value]) => ({ name, value })),
            String(connections.total),
          )
        : null,
    [connections],
  );
  const poolChart = useMemo(
    () =>
      info?.pool
        ? gaugeOption(
            t('druid.poolUsage'),
            info.pool.max ? (info.pool.total / info.pool.max) * 100 : 0,
            `${info.pool.total} / ${info.pool.max}`,
          )
        : null,
    [info, t],
  );

  const pageProps = {
    defaultPageSize: 20,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showSizeChanger: true,
    size: 'small' as const,
  };

  if (!info) {
    return (
      <div data-testid="druid-page">
        {failed ? (
          <Alert
            type="error"
            showIcon
            title={t('druid.loadFailed')}
            action={
              <Button size="small" onClick={() => void load()}>
                {t('table.refresh')}
              </Button>
            }
          />
        ) : (
          <Card loading />
        )}
      </div>
    );
  }

  const { database, pool } = info;

  return (
    <div data-testid="druid-page">
      <Card size="small" style={{ marginBottom: 16 }}>
        <div className="lx-toolbar" style={{ marginBottom: 0 }}>
          <Space wrap>
            <Tag color={database.kind === 'postgres' ? 'blue' : 'purple'}>
              {database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}
            </Tag>
            <Tooltip title={database.version}>
              <Typography.Text data-testid="druid-version">{shortVersion(database.version)}</Typography.Text>
            </Tooltip>
            <Typography.Text type="secondary">
              {updatedAt ? t('druid.updatedAt', { time: dayjs(updatedAt).format('HH:mm:ss') }) : ''}
            </Typography.Text>
          </Space>
          <Button icon={<ReloadOutlined spin={loading} />} onClick={() => void load()} data-testid="druid-refresh">
            {t('table.refresh')}
          </Button>
        </div>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic
              title={t('druid.database')}
              value={database.name}
              suffix={<Typography.Text type="secondary">/ {database.schema}</Typography.Text>}
            />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic title={t('druid.size')} value={formatBytes(database.sizeBytes)} data-testid="druid-size" />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic
              title={t('druid.connections')}
              value={connections?.available ? connections.total : '-'}
              suffix={database.maxConnections ? `/ ${database.maxConnections}` : undefined}
            />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic title={t('druid.tableCount')} value={info.tables.length} />
          </Card>
        </Col>

        <Col xs={24} lg={8}>
          <Card size="small" title={t('druid.pool')} style={{ height: '100%' }}>
            {pool && poolChart ? (
              <>
                <EChart option={poolChart} height={200} label={t('druid.poolUsage')} testId="druid-pool-chart" />
                <Descriptions column={2} size="small">
                  <Descriptions.Item label={t('druid.poolOpen')}>{pool.total}</Descriptions.Item>
                  <Descriptions.Item label={t('druid.poolIdle')}>{pool.idle}</Descriptions.Item>
                  <Descriptions.Item label={t('druid.poolWaiting')}>{pool.waiting}</Descriptions.Item>
                  <Descriptions.Item label={t('druid.poolMax')}>{pool.max}</Descriptions.Item>
                </Descriptions>
              </>
            ) : (
              <Alert type="info" showIcon title={t('druid.noPool')} description={t('druid.noPoolHelp')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('druid.byState')} style={{ height: '100%' }}>
            {connections?.available && stateChart ? (
              <>
                <EChart option={stateChart} height={200} label={t('druid.byState')} testId="druid-state-chart" />
                <Descriptions column={2} size="small">
                  <Descriptions.Item label={t('druid.active')}>{connections.active}</Descriptions.Item>
                  <Descriptions.Item label={t('druid.idle')}>{connections.idle}</Descriptions.Item>
                </Descriptions>
              </>
            ) : (
              <Alert
                type="warning"
                showIcon
                title={t('druid.activityUnavailable', {
                  reason: connections && !connections.available ? connections.reason : '-',
                })}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('druid.server')} style={{ height: '100%' }}>
            <Descriptions column={1} size="small" data-testid="druid-server">
              <Descriptions.Item label={t('druid.kind')}>{database.kind}</Descriptions.Item>
              <Descriptions.Item label={t('druid.version')}>
                <Typography.Paragraph ellipsis={{ rows: 3, tooltip: database.version }} style={{ margin: 0 }}>
                  {database.version}
                </Typography.Paragraph>
              </Descriptions.Item>
              <Descriptions.Item label={t('druid.database')}>{database.name}</Descriptions.Item>
              <Descriptions.Item label={t('druid.schema')}>{database.schema}</Descriptions.Item>
              <Descriptions.Item label={t('druid.maxConnections')}>{database.maxConnections ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('druid.statementSource')}>
                {info.slowStatements.source === 'pg_stat_statements' ? (
                  <Tag color="green">pg_stat_statements</Tag>
                ) : (
                  <Tooltip title={t('druid.processSourceHelp')}>
                    <Tag>{t('druid.processSource')}</Tag>
                  </Tooltip>
                )}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>

        <Col span={24}>
          <Card size="small" title={t('druid.tableSizes', { count: Math.min(CHART_TABLES, info.tables.length) })}>
            {info.tables.length ? (
              <EChart
                option={tablesChart}
                height={Math.max(240, Math.min(CHART_TABLES, info.tables.length) * 26 + 60)}
                label={t('druid.tableSizes', { count: Math.min(CHART_TABLES, info.tables.length) })}
                testId="druid-tables-chart"
              />
            ) : (
              <Empty description={t('druid.noTables')} />
            )}
          </Card>
        </Col>

        <Col span={24}>
          <Card size="small">
            <Tabs
              items={[
                {
                  key: 'statements',
                  label: t('druid.slowStatements'),
                  children: (
                    <Table<SlowStatement>
                      size="small"
                      rowKey={(row) => row.statement}
                      dataSource={info.slowStatements.rows}
                      pagination={pageProps}
                      data-testid="druid-statements"
                      locale={{ emptyText: <Empty description={t('druid.noStatements')} /> }}
                      columns={[
                        {
                          key: 'statement',
                          dataIndex: 'statement',
                          title: t('druid.statement'),
                          render: (text: string) => <Statement text={text} />,
                        },
                        {
                          key: 'calls',
                          dataIndex: 'calls',
                          title: t('druid.calls'),
                          width: 90,
                          align: 'right',
                          sorter: byNumber('calls'),
                        },
                        {
                          key: 'meanMs',
                          dataIndex: 'meanMs',
                          title: t('druid.meanMs'),
                          width: 110,
                          align: 'right',
                          defaultSortOrder: 'descend',
                          sorter: byNumber('meanMs'),
                          render: formatMs,
                        },
                        {
                          key: 'maxMs',
                          dataIndex: 'maxMs',
                          title: t('druid.maxMs'),
                          width: 110,
                          align: 'right',
                          sorter: byNumber('maxMs'),
                          render: formatMs,
                        },
                        {
                          key: 'totalMs',
                          dataIndex: 'totalMs',
                          title: t('druid.totalMs'),
                          width: 120,
                          align: 'right',
                          sorter: byNumber('totalMs'),
                          render: formatMs,
                        },
                      ]}
                    />
                  ),
                },
                {
                  key: 'requests',
                  label: t('druid.slowRequests'),
                  children: (
                    <Table<SlowRequest>
                      size="small"
                      rowKey="operId"
                      dataSource={info.slowRequests}
                      pagination={pageProps}
                      data-testid="druid-requests"
                      locale={{ emptyText: <Empty description={t('druid.noRequests')} /> }}
                      columns={[
                        { key: 'title', dataIndex: 'title', title: t('druid.requestTitle'), ellipsis: true },
                        {
                          key: 'requestMethod',
                          dataIndex: 'requestMethod',
                          title: t('druid.method'),
                          width: 90,
                          render: (method: string) => <Tag>{method}</Tag>,
                        },
                        {
                          key: 'operUrl',
                          dataIndex: 'operUrl',
                          title: t('druid.url'),
                          ellipsis: true,
                          render: (url: string) => <Typography.Text code>{url}</Typography.Text>,
                        },
                        { key: 'operName', dataIndex: 'operName', title: t('druid.operator'), width: 120 },
                        {
                          key: 'status',
                          dataIndex: 'status',
                          title: t('druid.status'),
                          width: 90,
                          render: (status: string | number) => <DictTag options={outcome} value={status} />,
                        },
                        {
                          key: 'costTime',
                          dataIndex: 'costTime',
                          title: t('druid.costTime'),
                          width: 110,
                          align: 'right',
                          sorter: byNumber('costTime'),
                          render: formatMs,
                        },
                        {
                          key: 'operTime',
                          dataIndex: 'operTime',
                          title: t('druid.operTime'),
                          width: DATE_COLUMN_WIDTH + 30,
                        },
                      ]}
                    />
                  ),
                },
                {
                  key: 'connections',
                  label: t('druid.activeConnections'),
                  children: connections?.available ? (
                    <Table<DbConnection>
                      size="small"
                      rowKey="pid"
                      dataSource={connections.rows}
                      pagination={pageProps}
                      data-testid="druid-connections"
                      columns={[
                        { key: 'pid', dataIndex: 'pid', title: 'PID', width: 80 },
                        {
                          key: 'userName',
                          dataIndex: 'userName',
                          title: t('druid.user'),
                          width: 110,
                          render: (v: string) => v || '-',
                        },
                        {
                          key: 'applicationName',
                          dataIndex: 'applicationName',
                          title: t('druid.application'),
                          width: 140,
                          ellipsis: true,
                          render: (v: string) => v || '-',
                        },
                        {
                          key: 'clientAddr',
                          dataIndex: 'clientAddr',
                          title: t('druid.client'),
                          width: 130,
                          render: (v: string) => v || '-',
                        },
                        {
                          key: 'state',
                          dataIndex: 'state',
                          title: t('druid.state'),
                          width: 110,
                          render: (state: string) => (
                            <Tag
                              color={state === 'active' ? 'green' : state.startsWith('idle in') ? 'orange' : undefined}
                            >
                              {state || '-'}
                            </Tag>
                          ),
                        },
                        {
                          key: 'backendType',
                          dataIndex: 'backendType',
                          title: t('druid.backendType'),
                          width: 150,
                          ellipsis: true,
                        },
                        {
                          key: 'waitEventType',
                          dataIndex: 'waitEventType',
                          title: t('druid.wait'),
                          width: 90,
                          render: (v: string) => v || '-',
                        },
                        {
                          key: 'durationMs',
                          dataIndex: 'durationMs',
                          title: t('druid.duration'),
                          width: 110,
                          align: 'right',
                          sorter: byNumber('durationMs'),
                          render: (ms: number) => formatMs(Math.max(0, ms)),
                        },
                        {
                          key: 'query',
                          dataIndex: 'query',
                          title: t('druid.query'),
                          render: (text: string) => (text ? <Statement text={text} /> : '-'),
                        },
                      ]}
                    />
                  ) : (
                    <Empty
                      description={t('druid.activityUnavailable', {
                        reason: connections && !connections.available ? connections.reason : '-',
                      })}
                    />
                  ),
                },
                {
                  key: 'tables',
                  label: t('druid.tables'),
                  children: (
                    <Table<TableSize>
                      size="small"
                      rowKey="tableName"
                      dataSource={info.tables}
                      pagination={pageProps}
                      data-testid="druid-tables"
                      columns={[
                        {
                          key: 'tableName',
                          dataIndex: 'tableName',
                          title: t('druid.tableName'),
                          sorter: (a, b) => a.tableName.localeCompare(b.tableName),
                        },
                        {
                          key: 'rowEstimate',
                          dataIndex: 'rowEstimate',
                          title: t('druid.rows'),
                          align: 'right',
                          sorter: byNumber('rowEstimate'),
                        },
                        {
                          key: 'tableBytes',
                          dataIndex: 'tableBytes',
                          title: t('druid.tableBytes'),
                          align: 'right',
                          sorter: byNumber('tableBytes'),
                          render: formatBytes,
                        },
                        {
                          key: 'indexBytes',
                          dataIndex: 'indexBytes',
                          title: t('druid.indexBytes'),
                          align: 'right',
                          sorter: byNumber('indexBytes'),
                          render: formatBytes,
                        },
                        {
                          key: 'totalBytes',
                          dataIndex: 'totalBytes',
                          title: t('druid.totalBytes'),
                          align: 'right',
                          defaultSortOrder: 'descend',
                          sorter: byNumber('totalBytes'),
                          render: formatBytes,
                        },
                      ]}
                    />
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
