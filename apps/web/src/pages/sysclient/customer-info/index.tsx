import {
  ApartmentOutlined,
  ProjectOutlined,
  ReloadOutlined,
  TeamOutlined,
  UserOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import {
  Avatar,
  Button,
  Card,
  Col,
  Descriptions,
  Progress,
  Row,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerSelfApi } from '../../../features/tenant/api';
import { ChooseCustomerEmpty, useNeedsCustomer } from '../../../features/tenant/components/ChooseCustomerEmpty';
import { DeviceFigureCards } from '../../../features/tenant/components/DeviceFigureCards';
import { SubscriptionStateTag, ValidityTag } from '../../../features/tenant/components/StateTag';
import { SubscriptionTimeline } from '../../../features/tenant/components/SubscriptionTimeline';
import { formatPrice } from '../../../features/tenant/format';
import { readDeviceFigures } from '../../../features/tenant/home-figures';
import type { CustomerInfo, CustomerSubscription } from '../../../features/tenant/types';
import { elapsedPercent } from '../../../features/tenant/validity';
import { EmptyState } from '../../../shared/table/EmptyState';

/** Customer information (sysclient/customer-info): validity, package, subscriptions and figures, read-only. */
export function CustomerInfoPage() {
  const { t } = useTranslation();
  const needsCustomer = useNeedsCustomer();
  const [info, setInfo] = useState<CustomerInfo | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(() => {
    setLoading(true);
    customerSelfApi
      .info()
      .then(({ data }) => setInfo(data))
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, []);

  useEffect(() => {
    if (!needsCustomer) load();
  }, [load, needsCustomer]);

  if (needsCustomer) return <ChooseCustomerEmpty />;
  if (!info)
    return (
      <div className="lx-page">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );

  const label = (key: string) => t(`customerMgmt.fields.${key}`);
  const current = info.currentPackage;
  const used = current ? elapsedPercent(current.startTime, current.endTime) : null;
  const counts = [
    { key: 'projects', icon: <ProjectOutlined />, value: info.counts.projects },
    { key: 'users', icon: <UserOutlined />, value: info.counts.users },
    { key: 'departments', icon: <ApartmentOutlined />, value: info.counts.departments },
    { key: 'roles', icon: <TeamOutlined />, value: info.counts.roles },
    { key: 'onlineSessions', icon: <WifiOutlined />, value: info.counts.onlineSessions },
  ];

  return (
    <div className="lx-page" data-testid="customer-info-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card
            title={
              <Space>
                <Avatar shape="square" size={40} src={info.logo || undefined}>
                  {info.name.slice(0, 1)}
                </Avatar>
                <span>
                  <Typography.Text strong style={{ fontSize: 16 }}>
                    {info.name}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {info.platformName || info.shortName || info.code}
                  </Typography.Text>
                </span>
                <ValidityTag state={info.validState} daysLeft={info.daysLeft} />
              </Space>
            }
            extra={
              <Tooltip title={t('table.refresh')}>
                <Button icon={<ReloadOutlined />} loading={loading} onClick={load} aria-label={t('table.refresh')} />
              </Tooltip>
            }
          >
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'code', label: label('code'), children: info.code },
                { key: 'shortName', label: label('shortName'), children: info.shortName || '-' },
                { key: 'contacts', label: label('contacts'), children: info.contacts || '-' },
                { key: 'phone', label: label('phone'), children: info.phone || '-' },
                { key: 'address', label: label('address'), children: info.address || '-' },
                { key: 'operators', label: label('operators'), children: info.operators || '-' },
                { key: 'mainAccount', label: label('mainAccount'), children: info.mainAccount ?? '-' },
                {
                  key: 'validity',
                  label: label('validity'),
                  children: `${info.validFrom ?? t('customerMgmt.open')} → ${info.validTo ?? t('customerMgmt.open')}`,
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('customerInfo.currentPackage')} style={{ height: '100%' }} data-testid="current-package">
            {current ? (
              <Space align="center" size="large">
                <Progress
                  type="dashboard"
                  percent={used ?? 0}
                  format={() => (
                    <span style={{ fontSize: 14 }}>
                      <strong style={{ fontSize: 22 }}>{current.daysLeft}</strong>
                      <br />
                      {t('customerInfo.daysLeftUnit')}
                    </span>
                  )}
                  status={current.daysLeft <= 30 ? 'exception' : 'normal'}
                  size={120}
                />
                <div>
                  <Typography.Title level={5} style={{ marginTop: 0 }}>
                    {current.packageName}
                  </Typography.Title>
                  <Typography.Text type="secondary">
                    {current.startTime.slice(0, 10)} → {current.endTime.slice(0, 10)}
                  </Typography.Text>
                  <div style={{ marginTop: 6 }}>{t('customerInfo.used', { percent: used ?? 0 })}</div>
                </div>
              </Space>
            ) : (
              <EmptyState description={t('customerInfo.noPackage')} />
            )}
          </Card>
        </Col>
        {counts.map((item) => (
          <Col key={item.key} flex="1 1 180px">
            <Card size="small">
              <Statistic title={t(`customerInfo.counts.${item.key}`)} value={item.value} prefix={item.icon} />
            </Card>
          </Col>
        ))}
        <Col span={24}>
          <DeviceFigureCards figures={readDeviceFigures(info.figures)} />
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('customerInfo.systems', { count: info.systems.length })} style={{ height: '100%' }}>
            {info.systems.length ? (
              <Space wrap>
                {info.systems.map((system) => (
                  <Tag
                    key={system.id}
                    color={system.status !== '0' ? 'default' : system.viaSubscription ? 'blue' : 'green'}
                  >
                    {system.name}
                    {system.viaSubscription ? ` · ${t('customerMgmt.viaPackage')}` : ''}
                    {system.status !== '0' ? ` · ${t('tenantShared.disabled')}` : ''}
                  </Tag>
                ))}
              </Space>
            ) : (
              <EmptyState description={t('customerMgmt.noSystems')} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <Card title={t('customerMgmt.subscriptions')}>
            {info.subscriptions.length ? (
              <>
                <SubscriptionTimeline subscriptions={info.subscriptions} />
                <Table<CustomerSubscription>
                  size="small"
                  rowKey="subscriptionId"
                  pagination={false}
                  dataSource={info.subscriptions}
                  columns={[
                    { key: 'packageName', dataIndex: 'packageName', title: label('package') },
                    { key: 'startTime', dataIndex: 'startTime', title: t('subscriptionMgmt.fields.startTime') },
                    { key: 'endTime', dataIndex: 'endTime', title: t('subscriptionMgmt.fields.endTime') },
                    {
                      key: 'price',
                      dataIndex: 'price',
                      title: t('subscriptionMgmt.fields.price'),
                      align: 'right',
                      render: (value: number) => formatPrice(value),
                    },
                    {
                      key: 'state',
                      dataIndex: 'state',
                      title: t('subscriptionMgmt.fields.state'),
                      render: (value: CustomerSubscription['state']) => <SubscriptionStateTag state={value} />,
                    },
                  ]}
                />
              </>
            ) : (
              <EmptyState description={t('customerInfo.noSubscriptions')} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
