import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Card, Col, Descriptions, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../monitor/format';
import type { ServiceStatus } from './api';

const shown = (key: string, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'number' && ['total', 'free', 'used'].includes(key)) return formatBytes(value);
  if (typeof value === 'number' && key === 'usage') return `${value}%`;
  if (typeof value === 'number' && key.endsWith('Ms')) return `${value} ms`;
  return String(value);
};

/** One card per service (database, broker, cache, scheduler, disk): up or down, and what its check found. */
export function ServiceCards({ services }: { services: ServiceStatus[] }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[12, 12]}>
      {services.map((service) => (
        <Col key={service.name} xs={24} md={12} xl={8} xxl={Math.floor(24 / 5)}>
          <Card
            size="small"
            data-testid={`service-${service.name}`}
            data-ok={service.ok ? '1' : '0'}
            title={
              <span>
                {service.ok ? (
                  <CheckCircleFilled style={{ color: '#52c41a' }} />
                ) : (
                  <CloseCircleFilled style={{ color: '#ff4d4f' }} />
                )}{' '}
                {t(`sysOps.service.${service.name}`)} · {service.ok ? t('sysOps.up') : t('sysOps.down')}
              </span>
            }
          >
            <Descriptions size="small" column={1}>
              {Object.entries(service.detail)
                .filter(([key]) => !['path', 'hub'].includes(key) || service.name === 'disk')
                .map(([key, value]) => (
                  <Descriptions.Item key={key} label={t(`sysOps.detail.${key}`, { defaultValue: key })}>
                    {shown(key, value)}
                  </Descriptions.Item>
                ))}
            </Descriptions>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
