import { Alert, Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { gaugeOption, linesOption } from '../../../features/monitor/charts';
import { formatDuration } from '../../../features/monitor/format';
import { usePolling } from '../../../features/monitor/use-polling';
import { operationsApi } from '../../../features/operations/api';
import { ServiceCards } from '../../../features/operations/ServiceCards';
import { EChart } from '../../../shared/chart/EChart';

/** Platform overview (sys.overview): customers, projects, devices and their links; services and traffic for platform users. */
export default function PlatformOverviewPage() {
  const { t } = useTranslation();
  const load = useCallback(async (signal: AbortSignal) => (await operationsApi.overview(signal)).data, []);
  const { data, error } = usePolling(load, { intervalMs: 15_000, paused: false });
  if (!data) return <div className="lx-page">{error ? <Alert type="error" title={error} /> : <Skeleton active />}</div>;

  const devices = data.figures.devices;
  const figures: [string, number | string, string][] = [
    ['customers', data.counts.customers, 'overview-customers'],
    ['projects', data.counts.projects, 'overview-projects'],
    ['onlineUsers', data.counts.onlineUsers, 'overview-users'],
    ['devices', devices?.total ?? 0, 'overview-devices'],
    ['online', devices?.online ?? 0, 'overview-online'],
    ['openAlarms', data.figures.alarms?.open ?? 0, 'overview-alarms'],
    ['sessions', `${data.links.connected} / ${data.links.sessions}`, 'overview-sessions'],
    ['lastMessage', data.links.lastMessage ?? '—', 'overview-last-message'],
  ];
  const platform = data.platform;
  return (
    <div className="lx-page" data-testid="sys-overview-page">
      <Row gutter={[12, 12]}>
        {figures.map(([key, value, testId]) => (
          <Col key={key} xs={12} md={6} xl={3}>
            <Card size="small">
              <Statistic title={t(`sysOps.figure.${key}`)} value={value} data-testid={testId} />
            </Card>
          </Col>
        ))}
        <Col xs={24} md={8}>
          <Card size="small" title={t('sysOps.onlineRate')}>
            <EChart
              height={200}
              label={t('sysOps.onlineRate')}
              option={gaugeOption(
                t('sysOps.onlineRate'),
                devices?.onlineRate ?? 0,
                `${devices?.online ?? 0} / ${devices?.total ?? 0}`,
              )}
            />
          </Card>
        </Col>
        <Col xs={24} md={16}>
          <Card
            size="small"
            title={t('sysOps.throughputRecent')}
            extra={platform ? t('sysOps.uptime', { time: formatDuration(platform.uptimeSeconds, t) }) : null}
          >
            {!platform ? (
              <Empty description={t('sysOps.platformOnlyHint')} />
            ) : platform.throughput.length === 0 ? (
              <Empty description={t('sysOps.throughputEmpty')} />
            ) : (
              <EChart
                height={200}
                label={t('sysOps.throughputRecent')}
                option={linesOption(
                  platform.throughput.map((p) => dayjs(p.ts).format('HH:mm:ss')),
                  [
                    {
                      name: t('sysOps.rate.inPerSecond'),
                      values: platform.throughput.map((p) => p.inPerSecond),
                      unit: t('sysOps.perSecond'),
                    },
                    {
                      name: t('sysOps.rate.outPerSecond'),
                      values: platform.throughput.map((p) => p.outPerSecond),
                      unit: t('sysOps.perSecond'),
                    },
                  ],
                )}
              />
            )}
          </Card>
        </Col>
        {platform && (
          <Col span={24}>
            <Card size="small" title={t('sysOps.serviceTitle')}>
              <ServiceCards services={platform.services} />
            </Card>
          </Col>
        )}
      </Row>
    </div>
  );
}
