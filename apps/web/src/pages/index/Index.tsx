import {
  CalendarOutlined,
  LoginOutlined,
  ProjectOutlined,
  TeamOutlined,
  UserOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { Alert, Card, Col, Descriptions, Row, Skeleton, Statistic } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { menuIcon } from '../../app/layout/icons';
import { useSunTimes } from '../../app/layout/sun';
import { visibleMenu } from '../../app/routes';
import { session } from '../../app/session';
import { useShellRoutes } from '../../app/shell-context';
import { DeviceFigureCards } from '../../features/tenant/components/DeviceFigureCards';
import { ValidityTag } from '../../features/tenant/components/StateTag';
import { readDeviceFigures } from '../../features/tenant/home-figures';
import { useHomeSummary } from '../../features/tenant/use-home-summary';
import { useStore } from '../../shared/store';
import { SubsystemLauncher } from './components/SubsystemLauncher';
import { CustomerValidityCard, ExpiringCard, LoginTrendCard } from './components/SummaryCharts';

const REFRESH_MS = 5 * 60_000;

/** Home ('Index'): who and where you are, the current project's figures, sub-systems and shortcuts. */
export function IndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { routes, leaves } = useShellRoutes();
  const user = useStore(session, (state) => state.user);
  const customer = useStore(session, (state) => state.currentCustomer);
  const project = useStore(session, (state) => state.currentProject);
  const sun = useSunTimes(project);
  const { summary, failed } = useHomeSummary(REFRESH_MS);
  const figures = useMemo(() => readDeviceFigures(summary?.figures), [summary]);
  const shortcuts = useMemo(() => {
    const visible = new Set(
      visibleMenu(routes).flatMap(function paths(route): string[] {
        return [route.path, ...route.children.flatMap(paths)];
      }),
    );
    return leaves.filter((route) => visible.has(route.path)).slice(0, 12);
  }, [routes, leaves]);

  const stats = summary
    ? [
        { key: 'projects', icon: <ProjectOutlined />, value: summary.counts.projects },
        { key: 'users', icon: <UserOutlined />, value: summary.counts.users },
        { key: 'onlineSessions', icon: <WifiOutlined />, value: summary.counts.onlineSessions },
        { key: 'recentLogins', icon: <LoginOutlined />, value: summary.counts.recentLogins },
        { key: 'expiringSubscriptions', icon: <CalendarOutlined />, value: summary.counts.expiringSubscriptions },
        ...(summary.counts.customers !== null
          ? [{ key: 'customers', icon: <TeamOutlined />, value: summary.counts.customers }]
          : []),
      ]
    : [];

  return (
    <div data-testid="home-page">
      {leaves.length === 0 && (
        <Alert type="warning" showIcon title={t('session.noMenus')} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={t('home.welcome', { name: user?.nickName || user?.userName || '' })} style={{ height: '100%' }}>
            <Descriptions
              column={1}
              size="small"
              items={[
                {
                  key: 'customer',
                  label: t('home.customer'),
                  children: (
                    <span>
                      {summary?.customer?.name ?? customer?.name ?? '-'}{' '}
                      {summary?.customer && (
                        <ValidityTag state={summary.customer.validState} daysLeft={summary.customer.daysLeft} />
                      )}
                    </span>
                  ),
                },
                { key: 'project', label: t('home.project'), children: project?.name ?? t('navbar.noProject') },
                {
                  key: 'city',
                  label: t('home.city'),
                  children: summary?.project?.city || project?.city || '-',
                },
                {
                  key: 'zone',
                  label: t('homeIndex.timeZone'),
                  children: summary?.project ? `UTC${summary.project.timeZone} · ${summary.project.ianaTimeZone}` : '-',
                },
                { key: 'sunrise', label: t('navbar.sunrise'), children: sun.sunrise },
                { key: 'sunset', label: t('navbar.sunset'), children: sun.sunset },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          {failed && !summary ? (
            <Alert type="info" showIcon title={t('homeIndex.summaryUnavailable')} />
          ) : !summary ? (
            <Card>
              <Skeleton active />
            </Card>
          ) : (
            <Row gutter={[12, 12]} data-testid="home-stats">
              {stats.map((item) => (
                <Col xs={12} md={8} key={item.key}>
                  <Card size="small">
                    <Statistic
                      title={t(`homeIndex.stats.${item.key}`)}
                      value={item.value}
                      prefix={item.icon}
                      data-testid={`home-stat-${item.key}`}
                    />
                  </Card>
                </Col>
              ))}
            </Row>
          )}
        </Col>
        {summary && (
          <>
            <Col span={24}>
              <DeviceFigureCards figures={figures} />
            </Col>
            <Col xs={24} lg={summary.customers ? 10 : 14}>
              <LoginTrendCard summary={summary} />
            </Col>
            {summary.customers && (
              <Col xs={24} lg={6}>
                <CustomerValidityCard summary={summary} />
              </Col>
            )}
            <Col xs={24} lg={summary.customers ? 8 : 10}>
              <ExpiringCard summary={summary} />
            </Col>
          </>
        )}
        <Col xs={24} lg={12}>
          <SubsystemLauncher />
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('home.shortcuts')} size="small">
            <Row gutter={[8, 8]}>
              {shortcuts.map((route) => (
                <Col span={8} key={route.path}>
                  <Card
                    size="small"
                    hoverable
                    role="link"
                    tabIndex={0}
                    onClick={() => navigate(route.path)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') navigate(route.path);
                    }}
                    style={{ textAlign: 'center' }}
                  >
                    <div style={{ fontSize: 20 }}>{menuIcon(route.icon) ?? menuIcon('build')}</div>
                    <div style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                      {route.title}
                    </div>
                  </Card>
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
