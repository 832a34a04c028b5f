import { Avatar, Card, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardApi, type PortalCustomer } from '../../../features/dashboard/api';
import { SubsystemLauncher } from '../../index/components/SubsystemLauncher';
import '../../../features/dashboard/dashboard.css';

/** The portal (dashboard.portal): the customer's logo and name, and a tile into each subsystem the user may enter. */
export default function PortalPage() {
  const { t } = useTranslation();
  const [customer, setCustomer] = useState<PortalCustomer | null>(null);

  useEffect(() => {
    dashboardApi
      .portal()
      .then(({ data }) => setCustomer(data))
      .catch(() => undefined);
  }, []);

  const name = customer?.platformName || customer?.name || customer?.title || t('app.title');
  return (
    <div className="lx-page" data-testid="portal-page">
      <Card style={{ marginBottom: 16 }}>
        {!customer ? (
          <Skeleton active avatar paragraph={{ rows: 1 }} />
        ) : (
          <div className="lx-portal-head">
            <Avatar shape="square" size={56} src={customer.logo ? customer.logo.split(',')[0] : undefined}>
              {name.slice(0, 1)}
            </Avatar>
            <div>
              <Typography.Title level={3} style={{ margin: 0 }} data-testid="portal-name">
                {name}
              </Typography.Title>
              <Typography.Text type="secondary">
                {customer.clientId === null ? t('dashboard.portal.platform') : t('dashboard.portal.welcome')}
              </Typography.Text>
            </div>
          </div>
        )}
      </Card>
      <SubsystemLauncher />
    </div>
  );
}
