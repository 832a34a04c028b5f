import { EditOutlined, KeyOutlined, LineChartOutlined, ReloadOutlined } from '@ant-design/icons';
import { mqttUserName } from '@luxgrid/contracts/lighting';
import { App, Button, Card, Descriptions, Drawer, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useShellRoutes } from '../../app/shell-context';
import { DictTag } from '../../shared/DictTag';
import { formatDateTime } from '../../shared/date';
import { useDict } from '../../shared/dict';
import { HasPermi } from '../../shared/perms';
import { deviceApi, runtimeApi } from './api';
import { CommandResult, CommandStatusTag, useActionLabel } from './CommandStatus';
import { ControlButtons, useControl } from './control';
import { deviceLabel } from './DeviceSelect';
import { CommDot, formatValue, lampColour, orderedKeys, useValueLabel } from './format';
import { timeOf, useLiveDevice, useLiveMessages, useThrottled } from './live';
import { actionsFor, BREAKER_ACTIONS, holdsSession, perm, permResource } from './rules';
import { SecretDialog, type SecretInfo } from './SecretDialog';
import { LampCaps } from './strategy/LampCaps';
import type { CommandRow, ControlAction, DeviceDetail } from './types';

export interface DeviceDrawerProps {
  deviceId: number | null;
  onClose: () => void;
  /** opens the edit form of the screen, when it has one */
  onEdit?: (detail: DeviceDetail) => void;
  /** extra permission resources whose control buttons apply (the group page adds 'group') */
  extraResources?: string[];
}

/** The drawer's title: online dot (live), name, type. */
function DrawerTitle({ detail, typeLabel }: { detail: DeviceDetail; typeLabel: ReactNode }) {
  const state = useLiveDevice(detail.deviceId, {
    commState: detail.commState,
    values: {},
    ts: timeOf(detail.live.dataTs),
  });
  return (
    <Space style={{ whiteSpace: 'nowrap' }}>
      <CommDot state={state.commState} />
      <span
        data-testid="drawer-title"
        title={deviceLabel(detail)}
        style={{
          display: 'inline-block',
          maxWidth: 200,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          verticalAlign: 'bottom',
        }}
      >
        {deviceLabel(detail)}
      </span>
      {typeLabel}
    </Space>
  );
}

function LiveState({ detail }: { detail: DeviceDetail }) {
  const { t } = useTranslation();
  const label = useValueLabel();
  const lampStates = useDict('lighting_lamp_state');
  const breakerStates = useDict('lighting_breaker_state');
  const commStates = useDict('lighting_comm_state');
  const faultStates = useDict('lighting_run_fault');
  const faultTypes = useDict('alarm_config_type');
  // a lamp head follows its controller, whose values it shows
  const state = useLiveDevice(detail.live.from?.deviceId ?? detail.deviceId, {
    commState: detail.commState,
    values: detail.live.values ?? {},
    ts: timeOf(detail.live.dataTs),
  });
  const keys = orderedKeys(state.values);
  const yesNo: [string, string] = [t('ltCommon.yes'), t('ltCommon.no')];
  return (
    <Card
      size="small"
      title={t('ltDrawer.live')}
      extra={
        <Space size={4}>
          <span data-testid="drawer-fault" data-fault={String(detail.fault)}>
            <DictTag options={faultStates} value={String(detail.fault)} />
          </span>
          <Space size={4} data-testid="drawer-comm" data-state={state.commState}>
            <CommDot state={state.commState} />
            <DictTag options={commStates} value={state.commState} />
          </Space>
        </Space>
      }
      data-testid="drawer-live"
    >
      {Object.entries(detail.faultCodes ?? {}).map(([code, since]) => (
        <Tag key={code} color="error" style={{ marginBottom: 8 }} data-testid={`drawer-fault-${code}`}>
          {t('ltDrawer.faultSince', {
            code: faultTypes.find((d) => d.dictValue === code)?.dictLabel ?? code,
            time: formatDateTime(since),
          })}
        </Tag>
      ))}
      {detail.live.from && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }} data-testid="drawer-values-from">
          {t('ltDrawer.valuesFrom', { uid: detail.live.from.uid })}
        </Typography.Paragraph>
      )}
      {state.event && (
        <Tag color={state.event.eventType === 'RECOVER' ? 'success' : 'error'} style={{ marginBottom: 8 }}>
          {t('ltDrawer.lastEvent', { type: state.event.eventType, time: formatDateTime(state.event.ts) })}
        </Tag>
      )}
      {keys.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ltDrawer.noData')} />
      ) : (
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} colon={false} layout="vertical">
          {keys.map((key) => (
            <Descriptions.Item key={key} label={label(key)}>
              <span
                data-testid={`live-${key}`}
                style={{
                  fontSize: 16,
                  fontWeight: 600,
                  color: key === 'lampState' ? lampColour(state.values[key]) : undefined,
                }}
              >
                {formatValue(key, state.values[key], { lampState: lampStates, breaker: breakerStates }, yesNo)}
              </span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="drawer-data-ts">
        {t('ltDrawer.dataTime')}: {state.ts ? formatDateTime(state.ts) : '-'}
        {detail.live.firmware ? ` · ${t('ltDrawer.firmware')}: ${detail.live.firmware}` : ''}
      </Typography.Text>
    </Card>
  );
}

/**
 * A device's detail: live state that follows the WebSocket, the control buttons the user may
 * press, the commands they produced with their results arriving, and the registry data.
 */
export function DeviceDrawer({ deviceId, onClose, onEdit, extraResources = [] }: DeviceDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const typeDict = useDict('lighting_device_type');
  const connectionDict = useDict('lighting_terminal_connection');
  const configDict = useDict('lighting_config_state');
  const locatedDict = useDict('lighting_location_state');
  const actionLabel = useActionLabel();
  const [detail, setDetail] = useState<DeviceDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const [commands, setCommands] = useState<CommandRow[] | null>(null);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [secret, setSecret] = useState<SecretInfo | null>(null);
  const control = useControl();
  const navigate = useNavigate();
  const { leaves } = useShellRoutes();
  const historyPath = leaves.find((route) => route.component === 'lighting/runtime-data/index')?.path;

  const load = useCallback(async (id: number) => {
    setLoading(true);
    try {
      const { data } = await deviceApi.get(id);
      setDetail(data);
    } catch {
      setDetail(null);
    } finally {
      setLoading(false);
    }
  }, []);

  const loadCommands = useCallback(async () => {
    if (!deviceId) return;
    try {
      const res = await runtimeApi.commands(batchId ? { batchId, pageSize: 10 } : { deviceId, pageSize: 10 });
      setCommands(res.rows);
    } catch {
      setCommands(null);
    }
  }, [deviceId, batchId]);

  useEffect(() => {
    setBatchId(null);
    setCommands(null);
    if (deviceId) void load(deviceId);
    else setDetail(null);
  }, [deviceId, load]);

  useEffect(() => {
    void loadCommands();
  }, [loadCommands]);

  // a finished command brings its result and error: read the list again (at most once a second)
  const reloadCommands = useThrottled(() => void loadCommands(), 1000);
  useLiveMessages(['command.update'], (msg) => {
    if (msg.type !== 'command.update' || !commands) return;
    const shown = new Set(commands.map((c) => c.commandId));
    if (msg.items.some((item) => shown.has(item.commandId) || item.deviceId === deviceId)) reloadCommands();
  });

  const runAction = async (action: ControlAction) => {
    if (!detail) return;
    if (BREAKER_ACTIONS.includes(action) && ['BRANCH', 'LOOP', 'BREAKER'].includes(detail.deviceType)) {
      if (!detail.doIndex) {
        message.warning(t('ltMsg.selectDo'));
        return;
      }
    }
    const dim = Number(detail.live.values?.dimLevel ?? 50);
    const result = await control.run(action, { deviceIds: [detail.deviceId], label: deviceLabel(detail) }, dim);
    if (result) setBatchId(result.batchId);
  };

  const reissue = async () => {
    if (!detail) return;
    const { data } = await deviceApi.resetSecret(detail.deviceId);
    setSecret({ uid: detail.uid, projectId: detail.projectId, mqttUserName: data.mqttUserName, secret: data.secret });
  };

  const resource = detail ? permResource(detail.deviceType) : 'device';
  const actions = detail ? actionsFor(detail.deviceType) : [];
  const ref = (value: DeviceDetail['parent']) => (value ? deviceLabel(value) : '-');

  return (
    <Drawer
      open={deviceId !== null}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={
        detail ? (
          <DrawerTitle detail={detail} typeLabel={<DictTag options={typeDict} value={detail.deviceType} />} />
        ) : (
          t('ltDrawer.title')
        )
      }
      extra={
        detail && (
          <Space>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('table.refresh')}
              title={t('table.refresh')}
              onClick={() => {
                void load(detail.deviceId);
                void loadCommands();
              }}
            />
            {historyPath && (
              <Button
                icon={<LineChartOutlined />}
                onClick={() => navigate(`${historyPath}?deviceId=${detail.deviceId}`)}
                data-testid="drawer-history"
              >
                {t('ltDrawer.history')}
              </Button>
            )}
            {onEdit && (
              <HasPermi value={[perm(detail.deviceType, 'edit')]}>
                <Button icon={<EditOutlined />} onClick={() => onEdit(detail)} data-testid="drawer-edit">
                  {t('common.edit')}
                </Button>
              </HasPermi>
            )}
          </Space>
        )
      }
      data-testid="device-drawer"
    >
      {loading && !detail ? (
        <Spin />
      ) : detail ? (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <LiveState detail={detail} />
          {actions.length > 0 && (
            <Card size="small" title={t('ltDrawer.control')} data-testid="drawer-control">
              <ControlButtons
                actions={actions}
                resources={[resource, ...extraResources]}
                onRun={(action) => void runAction(action)}
                size="small"
              />
            </Card>
          )}
          {commands !== null && (
            <Card
              size="small"
              title={batchId ? t('ltDrawer.batchCommands') : t('ltDrawer.recentCommands')}
              data-testid="drawer-commands"
            >
              <Table<CommandRow>
                size="small"
                rowKey="commandId"
                pagination={false}
                dataSource={commands}
                locale={{ emptyText: t('ltDrawer.noCommands') }}
                columns={[
                  { key: 'action', title: t('ltTaskLog.action'), render: (_, row) => actionLabel(row.action) },
                  ...(batchId
                    ? [
                        {
                          key: 'device',
                          title: t('ltCommon.device'),
                          render: (_: unknown, row: CommandRow) => row.uid ?? row.deviceId,
                        },
                      ]
                    : []),
                  {
                    key: 'status',
                    title: t('ltTaskLog.status'),
                    render: (_, row) => (
                      <CommandStatusTag commandId={row.commandId} status={row.status} cancelState={row.cancelState} />
                    ),
                  },
                  {
                    key: 'time',
                    title: t('ltTaskLog.createTime'),
                    render: (_, row) => row.finishTime ?? row.createTime,
                  },
                  {
                    key: 'error',
                    title: t('ltTaskLog.result'),
                    render: (_, row) => <CommandResult row={row} />,
                  },
                ]}
              />
            </Card>
          )}
          <Card size="small" title={t('ltDrawer.basic')}>
            <Descriptions size="small" column={2} bordered styles={{ label: { whiteSpace: 'nowrap' } }}>
              <Descriptions.Item label="UID">
                <Typography.Text copyable>{detail.uid}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('ltCommon.model')}>{detail.model?.name ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('ltCommon.parent')}>{ref(detail.parent)}</Descriptions.Item>
              <Descriptions.Item label={t('ltDrawer.session')}>{ref(detail.session)}</Descriptions.Item>
              {detail.connection && (
                <Descriptions.Item label={t('ltCommon.connection')}>
                  <DictTag options={connectionDict} value={detail.connection} />
                </Descriptions.Item>
              )}
              {detail.configState && (
                <Descriptions.Item label={t('ltCommon.configState')}>
                  <DictTag options={configDict} value={detail.configState} />
                </Descriptions.Item>
              )}
              {detail.pole && <Descriptions.Item label={t('ltForm.pole')}>{ref(detail.pole)}</Descriptions.Item>}
              <Descriptions.Item label={t('ltDrawer.children')}>{detail.childCount}</Descriptions.Item>
              <Descriptions.Item label={t('ltCommon.located')}>
                <DictTag options={locatedDict} value={detail.located} />
                {detail.longitude !== null && detail.latitude !== null && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {' '}
                    {detail.longitude.toFixed(6)}, {detail.latitude.toFixed(6)}
                  </Typography.Text>
                )}
              </Descriptions.Item>
              {(detail.channel !== null || detail.panid !== null) && (
                <Descriptions.Item label={`${t('ltCommon.channel')} / PANID`}>
                  {detail.channel ?? '-'} / {detail.panid ?? '-'}
                </Descriptions.Item>
              )}
              {(detail.phase || detail.currentRatio !== null) && (
                <Descriptions.Item label={`${t('ltForm.phase')} / ${t('ltForm.currentRatio')}`}>
                  {detail.phase ?? '-'} / {detail.currentRatio ?? '-'}
                </Descriptions.Item>
              )}
              {['BRANCH', 'LOOP', 'BREAKER'].includes(detail.deviceType) && (
                <Descriptions.Item label={t('ltForm.doIndex')}>
                  {detail.doIndex ? `DO${detail.doIndex}` : t('ltMsg.selectDo')}
                </Descriptions.Item>
              )}
              {detail.address !== null && (
                <Descriptions.Item label={t('ltForm.address')}>{detail.address}</Descriptions.Item>
              )}
              <Descriptions.Item label={t('ltCommon.tags')}>
                {detail.tags.length ? detail.tags.map((tag) => <Tag key={tag.tagId}>{tag.name}</Tag>) : '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('ltCommon.groups')}>
                {detail.groups.length ? detail.groups.map((g) => <Tag key={g.groupId}>{g.name}</Tag>) : '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('ltDrawer.lastSeen')}>{detail.live.lastSeen ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('common.createTime')}>{detail.createTime ?? '-'}</Descriptions.Item>
              {holdsSession(detail.deviceType, detail.connection) && (
                <Descriptions.Item label={t('ltDrawer.credentials')} span={2}>
                  <Space>
                    <span data-testid="drawer-mqtt-user">{mqttUserName(detail.projectId, detail.uid)}</span>
                    <HasPermi value={[perm(detail.deviceType, 'edit')]}>
                      <Button
                        size="small"
                        icon={<KeyOutlined />}
                        onClick={() => void reissue()}
                        data-testid="drawer-secret"
                      >
                        {t('ltDrawer.reissueSecret')}
                      </Button>
                    </HasPermi>
                  </Space>
                </Descriptions.Item>
              )}
              {detail.remark && (
                <Descriptions.Item label={t('common.remark')} span={2}>
                  {detail.remark}
                </Descriptions.Item>
              )}
            </Descriptions>
          </Card>
          {detail.deviceType === 'RTU' && <LampCaps deviceId={detail.deviceId} />}
        </Space>
      ) : (
        <Empty />
      )}
      {control.holder}
      <SecretDialog info={secret} onClose={() => setSecret(null)} />
    </Drawer>
  );
}
