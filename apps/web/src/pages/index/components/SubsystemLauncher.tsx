import { Alert, Card, Col, Empty, Row, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { menuIcon } from '../../../app/layout/icons';
import { systemEntryPath } from '../../../app/routes';
import { session } from '../../../app/session';
import { useShellRoutes } from '../../../app/shell-context';
import { enterSystem, systemName } from '../../../features/tenant/enter-system';
import { useStore } from '../../../shared/store';

/**
 * The sub-systems the user may enter, as tiles. Entering asks the server first, so a refusal
 * (not in the customer's package, disabled, customer expired) is explained here. A link to
 * '/?systemId=<id>' — what linked systems send users back with — enters that system directly.
 */
export function SubsystemLauncher() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { routes } = useShellRoutes();
  const [params, setParams] = useSearchParams();
  const allSystems = useStore(session, (state) => state.systems);
  // a subsystem none of whose screens is built yet is not offered
  const systems = useMemo(() => allSystems.filter((system) => system.available !== false), [allSystems]);
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ type: 'error' | 'info'; text: string } | null>(null);

  const enter = useCallback(
    async (systemId: number) => {
      setBusy(systemId);
      setNotice(null);
      try {
        const outcome = await enterSystem(systemId);
        if (outcome.kind === 'external') window.location.assign(outcome.url);
        else if (outcome.kind === 'mapScreen') navigate('/web/mapScreen');
        else {
          // a sub-system served here: its first menu page
          const entry = systemEntryPath(routes, outcome.system.id);
          if (entry) navigate(entry);
          else setNotice({ type: 'info', text: t('homeIndex.servedHere', { name: outcome.system.name }) });
        }
      } catch (error) {
        setNotice({ type: 'error', text: error instanceof Error ? error.message : String(error) });
      } finally {
        setBusy(null);
      }
    },
    [navigate, t, routes],
  );

  const requested = params.get('systemId');
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!requested || handled.current === requested) return;
    handled.current = requested;
    const next = new URLSearchParams(params);
    next.delete('systemId');
    setParams(next, { replace: true });
    if (/^\d+$/.test(requested)) void enter(Number(requested));
  }, [requested, params, setParams, enter]);

  return (
    <Card title={t('homeIndex.subsystems')} size="small" data-testid="subsystem-launcher">
      {notice && (
        <Alert
          type={notice.type}
          showIcon
          closable={{ onClose: () => setNotice(null) }}
          title={notice.text}
          style={{ marginBottom: 12 }}
          data-testid="enter-notice"
        />
      )}
      {systems.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('homeIndex.noSubsystems')} />
      ) : (
        <Row gutter={[8, 8]}>
          {systems.map((system) => {
            const name = systemName(system, i18n.language);
            return (
              <Col xs={12} md={8} xl={6} key={system.id}>
                <Spin spinning={busy === system.id}>
                  <Card
                    size="small"
                    hoverable
                    role="button"
                    tabIndex={0}
                    aria-label={t('homeIndex.enter', { name })}
                    onClick={() => void enter(system.id)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        void enter(system.id);
                      }
                    }}
                    style={{ textAlign: 'center' }}
                    data-testid={`subsystem-${system.encode}`}
                  >
                    <div style={{ fontSize: 20 }}>{menuIcon(system.icon) ?? menuIcon('build')}</div>
                    <Typography.Text ellipsis={{ tooltip: name }} style={{ display: 'block' }}>
                      {name}
                    </Typography.Text>
                  </Card>
                </Spin>
              </Col>
            );
          })}
        </Row>
      )}
    </Card>
  );
}
