import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Progress, Segmented, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linesOption } from '../../../features/monitor/charts';
import { usePolling } from '../../../features/monitor/use-polling';
import { type ConnectivityRow, operationsApi } from '../../../features/operations/api';
import { EChart } from '../../../shared/chart/EChart';
import { download } from '../../../shared/download';
import { HasPermi } from '../../../shared/perms';

const rate = (online: number, devices: number) => (devices ? Math.round((online / devices) * 1000) / 10 : 0);

/** Device connectivity (sys.deviceOnline): devices online now per project and connection type, and over time. */
export default function DeviceConnectivityPage() {
  const { t } = useTranslation();
  const [hours, setHours] = useState(24);
  const load = useCallback(
    async (signal: AbortSignal) => (await operationsApi.connectivity({ hours }, signal)).data,
    [hours],
  );
  const { data, error, loading } = usePolling(load, { intervalMs: 60_000, paused: false });

  const chart = useMemo(() => {
    if (!data || data.series.length === 0) return null;
    const stamps = [...new Set(data.series.map((p) => p.ts))].sort((a, b) => a - b);
    const connections = [...new Set(data.series.map((p) => p.connection))];
    const projects = [...new Set(data.byProject.map((p) => p.projectId))];
    const names = new Map(data.now.map((r) => [r.projectId, r.projectName]));
    const at = <T extends { ts: number; devices: number; online: number }>(rows: T[], ts: number) => {
      const row = rows.find((r) => r.ts === ts);
      return row ? rate(row.online, row.devices) : null;
    };
    return linesOption(
      stamps.map((ts) => dayjs(ts).format(hours > 24 ? 'MM-DD HH:mm' : 'HH:mm')),
      [
        ...connections.map((c) => ({
          name: t(`sysOps.connection.${c}`),
          values: stamps.map((ts) =>
            at(
              data.series.filter((p) => p.connection === c),
              ts,
            ),
          ),
          unit: '%',
        })),
        ...projects.map((id) => ({
          name: names.get(id) ?? String(id),
          values: stamps.map((ts) =>
            at(
              data.byProject.filter((p) => p.projectId === id),
              ts,
            ),
          ),
          unit: '%',
        })),
      ],
    );
  }, [data, hours, t]);

  return (
    <div className="lx-page" data-testid="sys-device-online-page">
      {error && <Alert type="error" title={error} style={{ marginBottom: 12 }} />}
      <Card
        size="small"
        title={t('sysOps.onlineOverTime')}
        extra={
          <Space>
            <Segmented
              value={hours}
              onChange={(value) => setHours(Number(value))}
              options={[24, 72, 168].map((h) => ({ value: h, label: t('sysOps.lastHours', { hours: h }) }))}
            />
            <HasPermi value={['sys:deviceOnline:export']}>
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  void download('/sys/device-online/export', {
                    params: { hours },
                    fileName: 'device_connectivity.xlsx',
                  })
                }
              >
                {t('sysOps.export')}
              </Button>
            </HasPermi>
          </Space>
        }
        style={{ marginBottom: 12 }}
      >
        {chart ? (
          <EChart height={320} label={t('sysOps.onlineOverTime')} option={chart} testId="chart-connectivity" />
        ) : (
          <Empty description={t('sysOps.noSamples', { minutes: data?.sampleMinutes ?? 10 })} />
        )}
      </Card>
      <Card size="small" title={t('sysOps.onlineNow')}>
        <Table<ConnectivityRow>
          size="small"
          loading={loading && !data}
          rowKey={(r) => `${r.projectId}-${r.connection}`}
          dataSource={data?.now ?? []}
          pagination={false}
          data-testid="connectivity-table"
          columns={[
            { title: t('sysOps.project'), dataIndex: 'projectName' },
            {
              title: t('sysOps.connectionType'),
              dataIndex: 'connection',
              render: (c: string) => <Tag>{t(`sysOps.connection.${c}`)}</Tag>,
            },
            { title: t('sysOps.devices'), dataIndex: 'devices', align: 'right' },
            { title: t('sysOps.online'), dataIndex: 'online', align: 'right' },
            { title: t('sysOps.neverConnected'), dataIndex: 'neverConnected', align: 'right' },
            {
              title: t('sysOps.onlineRate'),
              key: 'rate',
              width: 220,
              render: (_, r) => <Progress percent={rate(r.online, r.devices)} size="small" />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
