import { PlusOutlined } from '@ant-design/icons';
import { Avatar, Button, Descriptions, Drawer, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerApi } from '../../../../features/tenant/api';
import { SubscriptionStateTag, ValidityTag } from '../../../../features/tenant/components/StateTag';
import { SubscriptionTimeline } from '../../../../features/tenant/components/SubscriptionTimeline';
import { formatPrice } from '../../../../features/tenant/format';
import { systemNames, useSubsystems } from '../../../../features/tenant/hooks';
import { refreshCustomers } from '../../../../features/tenant/session-sync';
import type { CustomerDetail, CustomerSubscription } from '../../../../features/tenant/types';
import { daysLeft } from '../../../../features/tenant/validity';
import { SUPER_ROLE } from '../../../../shared/constants';
import { ImagePreview } from '../../../../shared/ImagePreview';
import { HasPermi, useRoles } from '../../../../shared/perms';
import { SubscriptionDialog } from '../../subscription/components/SubscriptionDialog';

/** Everything about one customer, read-only: what was chosen for it, what it holds, its subscriptions. */
export function CustomerDetailDrawer({
  clientId,
  onClose,
  onChanged,
}: {
  clientId: number | null;
  onClose: () => void;
  /** a subscription added here changed the customer's validity and package */
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<CustomerDetail | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const [version, setVersion] = useState(0);
  const systems = useSubsystems(clientId !== null);
  const names = systemNames(systems.data);
  const isPlatformAdmin = useRoles().includes(SUPER_ROLE);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` reloads after a new subscription
  useEffect(() => {
    if (clientId === null) {
      setDetail(null);
      return;
    }
    let alive = true;
    customerApi
      .get(clientId)
      .then(({ data }) => {
        if (alive) setDetail(data);
      })
      .catch(() => onClose());
    return () => {
      alive = false;
    };
  }, [clientId, onClose, version]);

  const subscribed = useCallback(() => {
    setSubscribing(false);
    setVersion((n) => n + 1);
    void refreshCustomers();
    onChanged?.();
  }, [onChanged]);

  const label = (key: string) => t(`customerMgmt.fields.${key}`);

  return (
    <Drawer
      open={clientId !== null}
      onClose={onClose}
      size={760}
      title={
        detail ? (
          <Space>
            <Avatar shape="square" src={detail.logo || undefined}>
              {detail.name.slice(0, 1)}
            </Avatar>
            <span>{detail.name}</span>
            <ValidityTag state={detail.validState} daysLeft={daysLeft(detail.validTo)} />
          </Space>
        ) : (
          t('customerMgmt.detailTitle')
        )
      }
      data-testid="customer-detail"
    >
      {!detail ? (
        <Spin />
      ) : (
        <>
          <Descriptions
            size="small"
            column={2}
            bordered
            items={[
              { key: 'code', label: label('code'), children: detail.code },
              { key: 'shortName', label: label('shortName'), children: detail.shortName || '-' },
              { key: 'contacts', label: label('contacts'), children: detail.contacts || '-' },
              { key: 'phone', label: label('phone'), children: detail.phone || '-' },
              { key: 'address', label: label('address'), children: detail.address || '-', span: 2 },
              { key: 'platformName', label: label('platformName'), children: detail.platformName || '-' },
              { key: 'operators', label: label('operators'), children: detail.operators || '-' },
              ...(isPlatformAdmin
                ? [{ key: 'homeRouter', label: label('homeRouter'), children: detail.homeRouter || '-', span: 2 }]
                : []),
              { key: 'mainAccount', label: label('mainAccount'), children: detail.mainAccount ?? '-' },
              {
                key: 'defaultPassword',
                label: label('defaultPassword'),
                children: detail.hasDefaultPassword ? t('customerMgmt.passwordSet') : t('customerMgmt.passwordUnset'),
              },
              { key: 'validFrom', label: label('validFrom'), children: detail.validFrom ?? t('customerMgmt.open') },
              { key: 'validTo', label: label('validTo'), children: detail.validTo ?? t('customerMgmt.open') },
              { key: 'package', label: label('package'), children: detail.packageName ?? '-' },
              {
                key: 'counts',
                label: t('customerMgmt.counts'),
                children: t('customerMgmt.countsValue', { projects: detail.projectCount, users: detail.userCount }),
              },
              {
                key: 'images',
                label: t('customerMgmt.sections.branding'),
                span: 2,
                children: (
                  <Space size="large">
                    <Space orientation="vertical" size={2}>
                      <Typography.Text type="secondary">{label('logo')}</Typography.Text>
                      <ImagePreview src={detail.logo} />
                    </Space>
                    <Space orientation="vertical" size={2}>
                      <Typography.Text type="secondary">{label('loginPageLogo')}</Typography.Text>
                      <ImagePreview src={detail.loginPageLogo} />
                    </Space>
                    <Space orientation="vertical" size={2}>
                      <Typography.Text type="secondary">{label('loginPageBackground')}</Typography.Text>
                      <ImagePreview src={detail.loginPageBackground} width={96} />
                    </Space>
                  </Space>
                ),
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('customerMgmt.effectiveSystems', { menus: detail.effectiveMenuCount })}
          </Typography.Title>
          <Space wrap>
            {detail.effectiveSystemIds.length === 0 && (
              <Typography.Text type="secondary">{t('customerMgmt.noSystems')}</Typography.Text>
            )}
            {detail.effectiveSystemIds.map((id) => (
              <Tag key={id} color={detail.subscribedSystemIds.includes(id) ? 'blue' : 'default'}>
                {names.get(id) ?? id}
                {detail.subscribedSystemIds.includes(id) && !detail.systemIds.includes(id)
                  ? ` · ${t('customerMgmt.viaPackage')}`
                  : ''}
              </Tag>
            ))}
          </Space>
          <Space style={{ marginTop: 20, marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('customerMgmt.subscriptions')}
            </Typography.Title>
            <HasPermi value={['sysclient:subscription:add']}>
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setSubscribing(true)}
                data-testid="customer-subscribe"
              >
                {t('customerMgmt.subscribe')}
              </Button>
            </HasPermi>
          </Space>
          {detail.subscriptions.length ? (
            <>
              <SubscriptionTimeline subscriptions={detail.subscriptions} />
              <Table<CustomerSubscription>
                size="small"
                rowKey="subscriptionId"
                pagination={false}
                dataSource={detail.subscriptions}
                columns={[
                  { key: 'packageName', dataIndex: 'packageName', title: label('package') },
                  { key: 'startTime', dataIndex: 'startTime', title: t('subscriptionMgmt.fields.startTime') },
                  { key: 'endTime', dataIndex: 'endTime', title: t('subscriptionMgmt.fields.endTime') },
                  {
                    key: 'price',
                    dataIndex: 'price',
                    title: t('subscriptionMgmt.fields.price'),
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
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customerMgmt.noSubscriptions')} />
          )}
        </>
      )}
      <SubscriptionDialog
        editing={subscribing ? 'new' : null}
        presetClientId={detail?.clientId}
        onClose={() => setSubscribing(false)}
        onSaved={subscribed}
      />
    </Drawer>
  );
}
