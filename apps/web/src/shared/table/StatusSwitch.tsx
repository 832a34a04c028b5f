import { App, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface StatusSwitchProps {
  /** '0' normal (on), '1' disabled (off) */
  status: string | undefined;
  /** what the confirmation names: a user name, a role name … */
  name: string;
  disabled?: boolean;
  onChange: (next: '0' | '1') => Promise<unknown>;
  testId?: string;
  /** the question asked before the change, where the record says more than "enable X?" (who is signed out …) */
  confirmText?: (enable: boolean) => string;
  /** what a screen reader calls the switch; the status column's title by default */
  ariaLabel?: string;
}

/** Enables or disables a row after a confirmation; the switch follows only when the server agreed. */
export function StatusSwitch({ status, name, disabled, onChange, testId, confirmText, ariaLabel }: StatusSwitchProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [value, setValue] = useState(status ?? '0');
  useEffect(() => setValue(status ?? '0'), [status]);

  const toggle = (checked: boolean) => {
    const next = checked ? '0' : '1';
    const action = checked ? t('sysCommon.enable') : t('sysCommon.disable');
    modal.confirm({
      title: t('common.hint'),
      content: confirmText ? confirmText(checked) : t('sysCommon.statusConfirm', { action, name }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await onChange(next);
          setValue(next);
          message.success(checked ? t('sysCommon.enabled') : t('sysCommon.disabled'));
        } catch {
          // the request layer showed the reason; the switch stays where it was
        }
      },
    });
  };

  return (
    <Switch
      checked={value === '0'}
      disabled={disabled}
      onChange={toggle}
      aria-label={ariaLabel ?? t('sysCommon.status')}
      data-testid={testId}
    />
  );
}
