import { ClearOutlined, CopyOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  Row,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CacheNamespace,
  type CacheOverview,
  type CacheValue,
  cacheApi,
} from '../../../features/monitor/cache-api';
import { barsOption, doughnutOption } from '../../../features/monitor/charts';
import { formatDuration, prettyValue, USAGE_COLOURS } from '../../../features/monitor/format';
import { EChart } from '../../../shared/chart/EChart';
import { copyText } from '../../../shared/clipboard';
import { HasPermi } from '../../../shared/perms';

const PERM = ['monitor:cache:list'];

/** Known store figures, in the order they are shown; unknown ones follow under their own name. */
const INFO_FIELDS = [
  'redis_version',
  'used_memory_human',
  'connected_clients',
  'total_commands_processed',
  'uptime_in_seconds',
] as const;

/** Cache monitor (monitor/cache): figures and charts, namespaces, their keys and values, clearing. */
export function CacheMonitorPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [overview, setOverview] = useState<CacheOverview | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<CacheNamespace | null>(null);
  const [keys, setKeys] = useState<string[]>([]);
  const [keysLoading, setKeysLoading] = useState(false);
  const [keyFilter, setKeyFilter] = useState('');
  const [value, setValue] = useState<CacheValue | null>(null);
  const [valueLoading, setValueLoading] = useState(false);

  const loadOverview = useCallback(async () => {
    setLoading(true);
    try {
      const res = await cacheApi.overview();
      setOverview(res.data);
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, []);

  const loadKeys = useCallback(async (ns: CacheNamespace) => {
    setKeysLoading(true);
    try {
      const res = await cacheApi.keys(ns.cacheName);
      setKeys(res.data ?? []);
    } catch {
      setKeys([]);
    } finally {
      setKeysLoading(false);
    }
  }, []);

  useEffect(() => {
    void loadOverview();
  }, [loadOverview]);

  const pickNamespace = (ns: CacheNamespace) => {
    setSelected(ns);
    setValue(null);
    setKeyFilter('');
    void loadKeys(ns);
  };

  const pickKey = async (key: string) => {
    if (!selected) return;
    setValueLoading(true);
    try {
      const res = await cacheApi.value(selected.cacheName, key);
      setValue(res.data);
    } catch {
      setValue(null);
      // the key may have expired in the meantime
      void loadKeys(selected);
    } finally {
      setValueLoading(false);
    }
  };

  const afterClear = (removed: number | undefined) => {
    message.success(t('cacheMonitor.cleared', { count: removed ?? 0 }));
    void loadOverview();
    if (selected) void loadKeys(selected);
  };

  const clearNamespace = (ns: CacheNamespace) => {
    modal.confirm({
      title: t('common.hint'),
      content:
        ns.cacheName === 'session:'
          ? t('cacheMonitor.clearSessionsConfirm')
          : t('cacheMonitor.clearNameConfirm', { name: ns.cacheName, remark: ns.remark }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const res = await cacheApi.clearName(ns.cacheName);
        if (selected?.cacheName === ns.cacheName) setValue(null);
        afterClear(res.data?.removed);
      },
    });
  };

  const clearKey = (key: string) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('cacheMonitor.clearKeyConfirm', { key }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const res = await cacheApi.clearKey(key);
        if (value?.cacheKey === key) setValue(null);
        afterClear(res.data?.removed);
      },
    });
  };

  const clearAll = () => {
    modal.confirm({
      title: t('common.hint'),
      content: t('cacheMonitor.clearAllConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const res = await cacheApi.clearAll();
        setValue(null);
        afterClear(res.data?.removed);
      },
    });
  };

  const namespaces = overview?.namespaces ?? [];
  const reads = (overview?.hits ?? 0) + (overview?.misses ?? 0);

  const hitChart = useMemo(
    () =>
      doughnutOption(
        [
          { name: t('cacheMonitor.hits'), value: overview?.hits ?? 0, colour: USAGE_COLOURS.ok },
          { name: t('cacheMonitor.misses'), value: overview?.misses ?? 0, colour: USAGE_COLOURS.danger },
        ],
        overview?.hitRate === null || overview?.hitRate === undefined ? '-' : `${overview.hitRate}%`,
      ),
    [overview, t],
  );
  const keysChart = useMemo(
    () =>
      barsOption(
        namespaces.map((ns) => `${ns.remark} (${ns.cacheName})`),
        [{ name: t('cacheMonitor.keyCount'), values: namespaces.map((ns) => ns.keys ?? 0) }],
      ),
    [namespaces, t],
  );

  const info = overview?.info ?? {};
  const extraInfo = Object.entries(info).filter(
    ([key]) => !(INFO_FIELDS as readonly string[]).includes(key) && !['kind', 'keys', 'hits', 'misses'].includes(key),
  );
  const filteredKeys = keyFilter ? keys.filter((key) => key.toLowerCase().includes(keyFilter.toLowerCase())) : keys;

  return (
    <div data-testid="cache-page">
      {failed && !overview && (
        <Alert type="error" showIcon title={t('cacheMonitor.loadFailed')} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card
            title={t('cacheMonitor.overview')}
            loading={loading && !overview}
            extra={
              <Space>
                <Tooltip title={t('table.refresh')}>
                  <Button
                    shape="circle"
                    size="small"
                    icon={<ReloadOutlined />}
                    onClick={() => void loadOverview()}
                    aria-label={t('table.refresh')}
                    data-testid="cache-refresh"
                  />
                </Tooltip>
                <HasPermi value={PERM}>
                  <Button size="small" danger icon={<ClearOutlined />} onClick={clearAll} data-testid="cache-clear-all">
                    {t('cacheMonitor.clearAll')}
                  </Button>
                </HasPermi>
              </Space>
            }
          >
            <Descriptions column={1} size="small" data-testid="cache-overview">
              <Descriptions.Item label={t('cacheMonitor.kind')}>
                <Tag color={overview?.kind === 'redis' ? 'red' : 'blue'}>
                  {overview?.kind === 'redis' ? 'Redis' : t('cacheMonitor.memory')}
                </Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('cacheMonitor.dbSize')}>
                <span data-testid="cache-db-size">{overview?.dbSize ?? '-'}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('cacheMonitor.hits')}>{overview?.hits ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('cacheMonitor.misses')}>{overview?.misses ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('cacheMonitor.hitRate')}>
                {overview?.hitRate === null || overview?.hitRate === undefined ? '-' : `${overview.hitRate}%`}
              </Descriptions.Item>
              {INFO_FIELDS.filter((key) => info[key] !== undefined).map((key) => (
                <Descriptions.Item key={key} label={t(`cacheMonitor.info.${key}`)}>
                  {key === 'uptime_in_seconds' ? formatDuration(Number(info[key]), t) : String(info[key])}
                </Descriptions.Item>
              ))}
              {extraInfo.map(([key, item]) => (
                <Descriptions.Item key={key} label={key}>
                  {String(item)}
                </Descriptions.Item>
              ))}
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('cacheMonitor.hitChart')} loading={loading && !overview}>
            {reads > 0 ? (
              <EChart option={hitChart} height={260} label={t('cacheMonitor.hitChart')} testId="cache-hit-chart" />
            ) : (
              <Empty style={{ height: 228 }} description={t('cacheMonitor.noReads')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('cacheMonitor.keysChart')} loading={loading && !overview}>
            <EChart option={keysChart} height={260} label={t('cacheMonitor.keysChart')} testId="cache-keys-chart" />
          </Card>
        </Col>

        <Col xs={24} lg={8}>
          <Card title={t('cacheMonitor.namespaces')} styles={{ body: { padding: 0 } }}>
            <Table<CacheNamespace>
              size="small"
              rowKey="cacheName"
              dataSource={namespaces}
              loading={loading}
              pagination={false}
              data-testid="cache-namespaces"
              rowClassName={(row) => (row.cacheName === selected?.cacheName ? 'ant-table-row-selected' : '')}
              onRow={(row) => ({ onClick: () => pickNamespace(row), style: { cursor: 'pointer' } })}
              columns={[
                { key: 'index', title: t('common.index'), width: 60, render: (_: unknown, __, i) => i + 1 },
                {
                  key: 'cacheName',
                  dataIndex: 'cacheName',
                  title: t('cacheMonitor.cacheName'),
                  render: (name: string) => (
                    <Button
                      type="link"
                      size="small"
                      style={{ padding: 0 }}
                      onClick={(event) => {
                        event.stopPropagation();
                        const ns = namespaces.find((item) => item.cacheName === name);
                        if (ns) pickNamespace(ns);
                      }}
                      data-testid={`cache-ns-${name.replace(/:$/, '')}`}
                    >
                      {name}
                    </Button>
                  ),
                },
                { key: 'remark', dataIndex: 'remark', title: t('common.remark'), ellipsis: true },
                { key: 'keys', dataIndex: 'keys', title: t('cacheMonitor.keyCount'), width: 80, align: 'right' },
                {
                  key: 'actions',
                  title: t('common.actions'),
                  width: 70,
                  render: (_: unknown, row) => (
                    <HasPermi value={PERM}>
                      <Tooltip title={t('cacheMonitor.clearName')}>
                        <Button
                          type="link"
                          danger
                          size="small"
                          icon={<DeleteOutlined />}
                          aria-label={t('cacheMonitor.clearName')}
                          onClick={(event) => {
                            event.stopPropagation();
                            clearNamespace(row);
                          }}
                        />
                      </Tooltip>
                    </HasPermi>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card
            title={selected ? t('cacheMonitor.keysOf', { name: selected.cacheName }) : t('cacheMonitor.keys')}
            styles={{ body: { padding: 0 } }}
            extra={
              selected && (
                <Tooltip title={t('table.refresh')}>
                  <Button
                    shape="circle"
                    size="small"
                    icon={<ReloadOutlined />}
                    aria-label={t('table.refresh')}
                    onClick={() => void loadKeys(selected)}
                  />
                </Tooltip>
              )
            }
          >
            {selected ? (
              <>
                <div style={{ padding: 8 }}>
                  <Input.Search
                    allowClear
                    size="small"
                    placeholder={t('cacheMonitor.filterKeys')}
                    value={keyFilter}
                    onChange={(event) => setKeyFilter(event.target.value)}
                  />
                </div>
                <Table<{ key: string }>
                  size="small"
                  rowKey="key"
                  dataSource={filteredKeys.map((key) => ({ key }))}
                  loading={keysLoading}
                  pagination={
                    filteredKeys.length > 20 ? { pageSize: 20, size: 'small', showSizeChanger: false } : false
                  }
                  scroll={{ y: 420 }}
                  data-testid="cache-keys"
                  locale={{
                    emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cacheMonitor.noKeys')} />,
                  }}
                  rowClassName={(row) => (row.key === value?.cacheKey ? 'ant-table-row-selected' : '')}
                  onRow={(row) => ({ onClick: () => void pickKey(row.key), style: { cursor: 'pointer' } })}
                  columns={[
                    {
                      key: 'key',
                      dataIndex: 'key',
                      title: t('cacheMonitor.cacheKey'),
                      ellipsis: true,
                      render: (key: string) => (
                        <Button
                          type="link"
                          size="small"
                          style={{ padding: 0 }}
                          onClick={(event) => {
                            event.stopPropagation();
                            void pickKey(key);
                          }}
                        >
                          {key.slice(selected.cacheName.length)}
                        </Button>
                      ),
                    },
                    {
                      key: 'actions',
                      title: t('common.actions'),
                      width: 70,
                      render: (_: unknown, row) => (
                        <HasPermi value={PERM}>
                          <Tooltip title={t('cacheMonitor.clearKey')}>
                            <Button
                              type="link"
                              danger
                              size="small"
                              icon={<DeleteOutlined />}
                              aria-label={t('cacheMonitor.clearKey')}
                              onClick={(event) => {
                                event.stopPropagation();
                                clearKey(row.key);
                              }}
                            />
                          </Tooltip>
                        </HasPermi>
                      ),
                    },
                  ]}
                />
              </>
            ) : (
              <Empty style={{ padding: 24 }} description={t('cacheMonitor.pickNamespace')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card
            title={t('cacheMonitor.value')}
            loading={valueLoading}
            extra={
              value && (
                <Tooltip title={t('common.copy')}>
                  <Button
                    shape="circle"
                    size="small"
                    icon={<CopyOutlined />}
                    aria-label={t('common.copy')}
                    onClick={() => void copyText(value.cacheValue)}
                  />
                </Tooltip>
              )
            }
          >
            {value ? (
              <div data-testid="cache-value">
                <Descriptions column={1} size="small">
                  <Descriptions.Item label={t('cacheMonitor.cacheName')}>{value.cacheName}</Descriptions.Item>
                  <Descriptions.Item label={t('cacheMonitor.cacheKey')}>
                    <Typography.Text code style={{ wordBreak: 'break-all' }}>
                      {value.cacheKey}
                    </Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('cacheMonitor.ttl')}>
                    {value.ttl === null || value.ttl < 0 ? t('cacheMonitor.noExpiry') : formatDuration(value.ttl, t)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('common.remark')}>{value.remark}</Descriptions.Item>
                </Descriptions>
                <Input.TextArea
                  readOnly
                  value={prettyValue(value.cacheValue)}
                  autoSize={{ minRows: 6, maxRows: 18 }}
                  style={{ fontFamily: 'monospace', fontSize: 12 }}
                  aria-label={t('cacheMonitor.value')}
                />
              </div>
            ) : (
              <Empty description={t('cacheMonitor.pickKey')} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
