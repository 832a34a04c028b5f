import { Alert, Card, Col, Descriptions, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { menuIcon } from '../../app/layout/icons';
import { sunTimes } from '../../app/layout/sun';
import { visibleMenu } from '../../app/routes';
import { session } from '../../app/session';
import { useShellRoutes } from '../../app/shell-context';
import { useStore } from '../../shared/store';

/** Home ('Index'): who and where you are, today's light hours, and shortcuts to your menus. */
export function IndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { routes, leaves } = useShellRoutes();
  const user = useStore(session, (state) => state.user);
  const customer = useStore(session, (state) => state.currentCustomer);
  const project = useStore(session, (state) => state.currentProject);
  const sun = useMemo(() => sunTimes(project), [project]);
  const shortcuts = useMemo(() => {
    const visible = new Set(
      visibleMenu(routes).flatMap(function paths(route): string[] {
        return [route.path, ...route.children.flatMap(paths)];
      }),
    );
    return leaves.filter((route) => visible.has(route.path)).slice(0, 12);
  }, [routes, leaves]);

  return (
    <div data-testid="home-page">
      {leaves.length === 0 && (
        <Alert type="warning" showIcon title={t('session.noMenus')} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('home.welcome', { name: user?.nickName || user?.userName || '' })}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('home.customer')}>{customer?.name ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('home.project')}>{project?.name ?? t('navbar.noProject')}</Descriptions.Item>
              <Descriptions.Item label={t('home.city')}>{project?.city || '-'}</Descriptions.Item>
              <Descriptions.Item label={t('navbar.sunrise')}>{sun.sunrise}</Descriptions.Item>
              <Descriptions.Item label={t('navbar.sunset')}>{sun.sunset}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('home.shortcuts')}>
            <Row gutter={[8, 8]}>
              {shortcuts.map((route) => (
                <Col span={8} key={route.path}>
                  <Card size="small" hoverable onClick={() => navigate(route.path)} style={{ textAlign: 'center' }}>
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
