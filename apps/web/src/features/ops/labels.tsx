import {
  ACTION_LABELS,
  OUTCOME_LABELS,
  PHOTO_KIND_LABELS,
  PRIORITY_LABELS,
  SKILL_LABELS,
  SOURCE_LABELS,
  STATE_LABELS,
} from '@luxgrid/contracts/ops';
import { Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SETS = {
  state: STATE_LABELS,
  outcome: OUTCOME_LABELS,
  source: SOURCE_LABELS,
  priority: PRIORITY_LABELS,
  action: ACTION_LABELS,
  skill: SKILL_LABELS,
  photo: PHOTO_KIND_LABELS,
} as const;
export type LabelSet = keyof typeof SETS;

/** The work-order vocabularies (states, priorities, sources …) in the screen's language, shared with the server's exports. */
export function useOpsLabel() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  return (set: LabelSet, value: string | null | undefined) =>
    value ? ((SETS[set] as Record<string, [string, string]>)[value]?.[en ? 1 : 0] ?? value) : '';
}
export function useOpsOptions() {
  const label = useOpsLabel();
  return (set: LabelSet, values?: readonly string[]) =>
    (values ?? Object.keys(SETS[set])).map((value) => ({ value, label: label(set, value) }));
}

export const PRIORITY_COLOURS: Record<string, string> = {
  dangerous: 'magenta',
  serious: 'red',
  urgent: 'orange',
  ordinary: 'blue',
};
export const STATE_COLOURS: Record<string, string> = {
  CREATED: 'default',
  DISPATCHED: 'processing',
  ACCEPTED: 'cyan',
  ON_SITE: 'geekblue',
  RESOLVED: 'gold',
  APPROVED: 'lime',
  CLOSED: 'success',
};

export function StateTag({ state, outcome }: { state: string; outcome?: string | null }) {
  const label = useOpsLabel();
  return (
    <Tag color={STATE_COLOURS[state]} data-testid="order-state">
      {label('state', state)}
      {outcome ? ` · ${label('outcome', outcome)}` : ''}
    </Tag>
  );
}

export function PriorityTag({ priority }: { priority: string }) {
  const label = useOpsLabel();
  return <Tag color={PRIORITY_COLOURS[priority]}>{label('priority', priority)}</Tag>;
}

/** Seconds as "1 h 05 min" / "-12 min" (overdue). */
export function formatLeft(seconds: number, t: (key: string, o?: Record<string, unknown>) => string) {
  const abs = Math.abs(seconds);
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  const s = abs % 60;
  const text = h
    ? t('opsOrder.hm', { h, m: String(m).padStart(2, '0') })
    : t('opsOrder.ms', { m, s: String(s).padStart(2, '0') });
  return seconds < 0 ? t('opsOrder.overdue', { time: text }) : text;
}

/**
 * An SLA clock counting down from what the server said when the row was read; red and "overdue"
 * once it has run out, and flagged when it ran out before the step was taken.
 */
export function SlaClock({ left, breached, readAt }: { left: number | null; breached: boolean; readAt: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (left === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  if (left === null)
    return breached ? (
      <Tag color="red" data-testid="sla-breached">
        {t('opsOrder.breached')}
      </Tag>
    ) : (
      <Tag color="green">{t('opsOrder.met')}</Tag>
    );
  const remaining = left - Math.floor((now - readAt) / 1000);
  return (
    <Tag color={remaining < 0 ? 'red' : remaining < 900 ? 'orange' : 'blue'} data-testid="sla-clock">
      {formatLeft(remaining, t)}
    </Tag>
  );
}
