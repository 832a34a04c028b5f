import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ValidState } from '../../auth/types';
import type { SubscriptionState } from '../types';
import { STATE_COLOURS } from '../validity';

/** Validity of a customer: not started / normal / expired (spec §4). */
export function ValidityTag({ state, daysLeft }: { state: ValidState | null | undefined; daysLeft?: number | null }) {
  const { t } = useTranslation();
  if (!state) return null;
  return (
    <Tag color={STATE_COLOURS[state]} data-testid="validity-tag" data-state={state}>
      {t(`tenantShared.validity.${state}`)}
      {state === 'normal' && daysLeft !== null && daysLeft !== undefined
        ? ` · ${t('tenantShared.daysLeft', { count: daysLeft })}`
        : ''}
    </Tag>
  );
}

/** State of a subscription: pending / active / ended / cancelled. */
export function SubscriptionStateTag({ state }: { state: SubscriptionState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOURS[state]} data-state={state}>
      {t(`tenantShared.subscriptionState.${state}`)}
    </Tag>
  );
}
