import { allReadings } from '@luxgrid/contracts/things/index';
import { Badge, Tooltip } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { dictLabel } from '../../shared/DictTag';
import { formatDateTime } from '../../shared/date';
import type { DictItem } from '../../shared/dict';
import type { CommState, LiveValues } from './types';

const READINGS = allReadings();

/** Units of the readings devices report (the thing model), and of the lit hours a lamp's events carry. */
export const UNITS: Record<string, string> = {
  ...Object.fromEntries(READINGS.filter((field) => field.unit).map((field) => [field.key, field.unit!])),
  hours: 'h',
};

/** The readings the thing model marks for a list's live cell. */
export const LIVE_READINGS: ReadonlySet<string> = new Set(
  READINGS.filter((field) => field.live).map((field) => field.key),
);

/** Readings in the order a person reads them; unknown ones follow alphabetically. */
export const VALUE_ORDER = READINGS.map((field) => field.key);

export function orderedKeys(values: LiveValues): string[] {
  const known = VALUE_ORDER.filter((key) => key in values);
  const rest = Object.keys(values)
    .filter((key) => !VALUE_ORDER.includes(key))
    .sort();
  return [...known, ...rest];
}

export function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return String(Math.round(value * 1000) / 1000);
}

export interface ValueDicts {
  lampState?: readonly DictItem[];
  breaker?: readonly DictItem[];
}

/** A reading as text: numbers with their unit, states by their dictionary label. */
export function formatValue(key: string, value: unknown, dicts: ValueDicts = {}, yesNo?: [string, string]): string {
  if (value === null || value === undefined || value === '') return '-';
  if (key === 'lampState' && dicts.lampState) return dictLabel(dicts.lampState, value);
  if (key === 'breaker' && dicts.breaker) return dictLabel(dicts.breaker, value);
  if (typeof value === 'boolean') return yesNo ? (value ? yesNo[0] : yesNo[1]) : String(value);
  // a device's clock (timing, clockcalling) comes as epoch milliseconds
  if (key === 'clock' && typeof value === 'number') return formatDateTime(value);
  if (typeof value === 'number') return `${formatNumber(value)}${UNITS[key] ? ` ${UNITS[key]}` : ''}`;
  return String(value);
}

/** The label of a reading: the known ones translated, others as sent. */
export function useValueLabel(): (key: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback((key: string) => (i18n.exists(`ltValues.${key}`) ? t(`ltValues.${key}`) : key), [t, i18n]);
}

const DOT: Record<CommState, 'success' | 'error' | 'default'> = { ON: 'success', OFF: 'error', INIT: 'default' };

/** The online dot of the tree, the list and the drawer. */
export function CommDot({ state, label }: { state: CommState | null | undefined; label?: string }) {
  const { t } = useTranslation();
  const value = state ?? 'INIT';
  const text = label ?? t(`ltCommon.comm.${value}`);
  return (
    <Tooltip title={text}>
      <Badge status={DOT[value]} data-testid="comm-dot" data-state={value} />
    </Tooltip>
  );
}

/** A lamp state as a coloured word (lit, dark, alarm). */
export function lampColour(value: unknown): string | undefined {
  if (value === 'ON' || value === 'OPEN') return '#52c41a';
  if (value === 'ALARM') return '#ff4d4f';
  if (value === 'OFF' || value === 'CLOSE') return '#8c8c8c';
  return undefined;
}
