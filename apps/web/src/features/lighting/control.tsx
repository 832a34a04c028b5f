import {
  BulbFilled,
  BulbOutlined,
  ClockCircleOutlined,
  DownOutlined,
  FieldTimeOutlined,
  PoweroffOutlined,
  ReloadOutlined,
  SearchOutlined,
  SlidersOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Dropdown, Form, Input, Slider, Space } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../app/session';
import { DraggableDialog } from '../../shared/DraggableDialog';
import { checkPermi, usePermissions } from '../../shared/perms';
import { RequestError } from '../../shared/request';
import { deviceApi, taskApi } from './api';
import { ACTION_PERMISSION, CONFIRMED_ACTIONS } from './rules';
import type { ControlAction, ControlResult, TaskApplyRequest } from './types';

export interface ControlTarget {
  deviceIds?: number[];
  groupId?: number;
  /** a control task of the apply screens (POST /lighting/task) instead of a direct control */
  task?: Pick<TaskApplyRequest, 'projectId' | 'targetKind' | 'targetIds'>;
  /** what the operator is about to act on, for the confirmation ("RTU-0001", "12 devices", "group North") */
  label: string;
}

const ICONS: Record<ControlAction, ReactNode> = {
  LIGHT_ON: <BulbFilled />,
  LIGHT_OFF: <BulbOutlined />,
  LIGHT_DIMMING: <SlidersOutlined />,
  BREAKER_ON: <ThunderboltOutlined />,
  BREAKER_OFF: <PoweroffOutlined />,
  calling: <SearchOutlined />,
  restart: <ReloadOutlined />,
  timing: <FieldTimeOutlined />,
  clockcalling: <ClockCircleOutlined />,
};

interface Pending {
  action: ControlAction;
  target: ControlTarget;
  dim: number;
  resolve: (result: ControlResult | null) => void;
}

/**
 * Runs a control action: a confirmation for actions that switch something, a 0–100 % slider
 * for dimming, and the operation password when the current project has one (spec §6).
 * Render `holder` once in the screen.
 */
export function useControl(): {
  run: (action: ControlAction, target: ControlTarget, dim?: number) => Promise<ControlResult | null>;
  holder: ReactNode;
} {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ dim: number; operatePwd?: string }>();
  const pendingRef = useRef<Pending | null>(null);
  pendingRef.current = pending;

  const send = async (action: ControlAction, target: ControlTarget, value?: number, operatePwd?: string) => {
    const dim = action === 'LIGHT_DIMMING' ? value : undefined;
    const { data } = target.task
      ? await taskApi.apply({ ...target.task, action, value: dim, operatePwd: operatePwd || undefined })
      : await deviceApi.control({
          action,
          deviceIds: target.groupId ? undefined : target.deviceIds,
          groupId: target.groupId,
          value: dim,
          operatePwd: operatePwd || undefined,
        });
    message.success(t('ltControl.sent', { count: data.total, action: t(`ltControl.actions.${action}`) }));
    return data;
  };

  const run = (action: ControlAction, target: ControlTarget, dim = 50) => {
    const needsPassword = !!session.get().currentProject?.hasOperatePwd;
    const needsDialog = needsPassword || action === 'LIGHT_DIMMING' || CONFIRMED_ACTIONS.includes(action);
    if (!needsDialog) return send(action, target).catch(() => null);
    return new Promise<ControlResult | null>((resolve) => {
      setPending({ action, target, dim: Math.max(0, Math.min(100, Math.round(dim))), resolve });
    });
  };

  const close = (result: ControlResult | null) => {
    pendingRef.current?.resolve(result);
    setPending(null);
  };

  const submit = async () => {
    if (!pending) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      close(await send(pending.action, pending.target, values.dim, values.operatePwd));
    } catch (error) {
      // the request layer showed why; a wrong password keeps the dialog open for another try
      if (!(error instanceof RequestError)) close(null);
    } finally {
      setBusy(false);
    }
  };

  const needsPassword = !!session.get().currentProject?.hasOperatePwd;
  const holder = (
    <DraggableDialog
      open={!!pending}
      title={pending ? t(`ltControl.actions.${pending.action}`) : ''}
      width={480}
      onCancel={() => close(null)}
      onOk={() => void submit()}
      confirmLoading={busy}
      testId="control-dialog"
    >
      {pending && (
        <Form form={form} layout="vertical" initialValues={{ dim: pending.dim }}>
          <Alert
            type={pending.action === 'restart' || pending.action.endsWith('_OFF') ? 'warning' : 'info'}
            showIcon
            style={{ marginBottom: 16 }}
            title={t('ltControl.confirm', {
              action: t(`ltControl.actions.${pending.action}`),
              target: pending.target.label,
            })}
          />
          {pending.action === 'LIGHT_DIMMING' && (
            <Form.Item name="dim" label={t('ltControl.dimLevel')}>
              <Slider
                min={0}
                max={100}
                marks={{ 0: '0%', 25: '25%', 50: '50%', 75: '75%', 100: '100%' }}
                tooltip={{ formatter: (value) => `${value}%` }}
                data-testid="control-dim"
              />
            </Form.Item>
          )}
          {needsPassword && (
            <Form.Item
              name="operatePwd"
              label={t('ltControl.operatePwd')}
              rules={[{ required: true, message: t('ltControl.operatePwdRequired') }]}
            >
              <Input.Password
                autoComplete="off"
                placeholder={t('ltControl.operatePwdRequired')}
                data-testid="control-operate-pwd"
              />
            </Form.Item>
          )}
        </Form>
      )}
    </DraggableDialog>
  );

  return { run, holder };
}

export interface ControlButtonsProps {
  actions: readonly ControlAction[];
  /** permission resources any of which allows an action: lighting:<resource>:<suffix> */
  resources: readonly string[];
  onRun: (action: ControlAction) => void;
  disabled?: boolean;
  size?: 'small' | 'middle';
  testIdPrefix?: string;
  /** show this many actions as buttons and the rest in a "more" menu */
  inline?: number;
}

/** The control buttons a user may press, each guarded by its button permission. */
export function ControlButtons({
  actions,
  resources,
  onRun,
  disabled,
  size = 'middle',
  testIdPrefix = 'control',
  inline = Number.POSITIVE_INFINITY,
}: ControlButtonsProps) {
  const { t } = useTranslation();
  const held = usePermissions();
  const allowed = actions.filter((action) =>
    checkPermi.any(
      held,
      resources.map((resource) => `lighting:${resource}:${ACTION_PERMISSION[action]}`),
    ),
  );
  if (!allowed.length) return null;
  const shown = allowed.slice(0, inline);
  const more = allowed.slice(inline);
  return (
    <Space wrap size={[8, 8]}>
      {shown.map((action) => (
        <Button
          key={action}
          size={size}
          icon={ICONS[action]}
          disabled={disabled}
          danger={action === 'restart'}
          onClick={() => onRun(action)}
          data-testid={`${testIdPrefix}-${action}`}
        >
          {t(`ltControl.actions.${action}`)}
        </Button>
      ))}
      {more.length > 0 && (
        <Dropdown
          disabled={disabled}
          menu={{
            items: more.map((action) => ({
              key: action,
              icon: ICONS[action],
              danger: action === 'restart',
              label: <span data-testid={`${testIdPrefix}-${action}`}>{t(`ltControl.actions.${action}`)}</span>,
            })),
            onClick: ({ key }) => onRun(key as ControlAction),
          }}
        >
          <Button size={size} disabled={disabled} data-testid={`${testIdPrefix}-more`}>
            {t('ltControl.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
