import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton, Space, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePolling } from '../../../features/monitor/use-polling';
import { operationsApi } from '../../../features/operations/api';
import { ServiceCards } from '../../../features/operations/ServiceCards';

/** Service status (sys.service): database, broker, cache, scheduler and disk, checked every 15 s. */
export default function ServiceStatusPage() {
  const { t } = useTranslation();
  const load = useCallback(async (signal: AbortSignal) => (await operationsApi.services(signal)).data, []);
  const { data, error, refresh, loading } = usePolling(load, { intervalMs: 15_000, paused: false });
  const down = data?.services.filter((s) => !s.ok) ?? [];
  return (
    <div className="lx-page" data-testid="sys-service-page">
      <Card
        title={t('sysOps.serviceTitle')}
        extra={
          <Space>
            {data && (
              <Typography.Text type="secondary">{t('sysOps.checkedAt', { time: data.checkedAt })}</Typography.Text>
            )}
            <Button icon={<ReloadOutlined />} onClick={refresh} loading={loading}>
              {t('sysOps.refresh')}
            </Button>
          </Space>
        }
      >
        {error && <Alert type="error" title={error} style={{ marginBottom: 12 }} />}
        {data && (
          <Alert
            style={{ marginBottom: 12 }}
            type={down.length ? 'warning' : 'success'}
            showIcon
            data-testid="service-summary"
            title={
              down.length
                ? t('sysOps.servicesDown', {
                    names: down.map((s) => t(`sysOps.service.${s.name}`)).join(t('sysOps.listSeparator')),
                  })
                : t('sysOps.servicesUp')
            }
          />
        )}
        {data ? <ServiceCards services={data.services} /> : !error && <Skeleton active />}
      </Card>
    </div>
  );
}
