import { Alert, Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { barsOption, linesOption } from '../../../features/monitor/charts';
import { usePolling } from '../../../features/monitor/use-polling';
import { operationsApi } from '../../../features/operations/api';
import { EChart } from '../../../shared/chart/EChart';

/** Message throughput (sys.message): device messages per second in and out, rejected ones by reason; every 5 s. */
export default function MessageThroughputPage() {
  const { t } = useTranslation();
  const load = useCallback(async (signal: AbortSignal) => (await operationsApi.messages(signal)).data, []);
  const { data, error } = usePolling(load, { intervalMs: 5_000, paused: false });
  if (!data) return <div className="lx-page">{error ? <Alert type="error" title={error} /> : <Skeleton active />}</div>;

  const points = data.points;
  const last = points.at(-1);
  const rejected = Object.entries(data.rejected ?? {}).sort((a, b) => b[1] - a[1]);
  const refused = Object.entries(data.refusedValues ?? {});
  const perSecond = t('sysOps.perSecond');
  return (
    <div className="lx-page" data-testid="sys-message-page">
      {!data.totals && <Alert type="info" showIcon title={t('sysOps.noHub')} style={{ marginBottom: 12 }} />}
      <Row gutter={[12, 12]}>
        {(
          [
            ['inPerSecond', last?.inPerSecond],
            ['acceptedPerSecond', last?.acceptedPerSecond],
            ['rejectedPerSecond', last?.rejectedPerSecond],
            ['outPerSecond', last?.outPerSecond],
            ['pushedPerSecond', last?.pushedPerSecond],
          ] as const
        ).map(([key, value]) => (
          <Col key={key} xs={12} md={8} xl={4}>
            <Card size="small">
              <Statistic title={t(`sysOps.rate.${key}`)} value={value ?? 0} precision={2} suffix={perSecond} />
            </Card>
          </Col>
        ))}
        <Col xs={12} md={8} xl={4}>
          <Card size="small">
            <Statistic
              title={t('sysOps.received')}
              value={data.totals?.received ?? 0}
              data-testid="messages-received"
            />
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <Card size="small" title={t('sysOps.throughputTitle', { seconds: data.sampleSeconds })}>
            {points.length === 0 ? (
              <Empty description={t('sysOps.throughputEmpty')} />
            ) : (
              <EChart
                height={340}
                label={t('sysOps.throughputTitle', { seconds: data.sampleSeconds })}
                option={linesOption(
                  points.map((p) => dayjs(p.ts).format('HH:mm:ss')),
                  (
                    [
                      'inPerSecond',
                      'acceptedPerSecond',
                      'rejectedPerSecond',
                      'outPerSecond',
                      'pushedPerSecond',
                    ] as const
                  ).map((key) => ({
                    name: t(`sysOps.rate.${key}`),
                    values: points.map((p) => p[key]),
                    unit: perSecond,
                  })),
                )}
                testId="chart-throughput"
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title={t('sysOps.rejectedTitle')} data-testid="rejected-by-reason">
            <EChart
              height={220}
              label={t('sysOps.rejectedTitle')}
              option={barsOption(
                rejected.map(([reason]) => t(`sysOps.reason.${reason}`, { defaultValue: reason })),
                [{ name: t('sysOps.rejectedTitle'), values: rejected.map(([, n]) => n), colour: '#F56C6C' }],
              )}
            />
            <Row gutter={8}>
              {refused.map(([key, n]) => (
                <Col span={12} key={key}>
                  <Statistic title={t(`sysOps.refused.${key}`)} value={n} />
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
