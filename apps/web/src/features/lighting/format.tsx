import { Badge, Tooltip } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { dictLabel } from '../../shared/DictTag';
import type { DictItem } from '../../shared/dict';
import type { CommState, LiveValues } from './types';

/** Units of the readings devices report (docs/device-protocol.md). */
export const UNITS: Record<string, string> = {
  voltage: 'V',
  voltageA: 'V',
  voltageB: 'V',
  voltageC: 'V',
  current: 'A',
  currentA: 'A',
  currentB: 'A',
  currentC: 'A',
  power: 'W',
  powerA: 'W',
  powerB: 'W',
  powerC: 'W',
  energy: 'kWh',
  energy1: 'kWh',
  energy2: 'kWh',
  energy3: 'kWh',
  energy4: 'kWh',
  dimLevel: '%',
  operatingHours: 'h',
  temperature: '°C',
  tilt: '°',
  lux: 'lx',
  leakageCurrent: 'mA',
  hours: 'h',
};

/** Readings in the order a person reads them; unknown ones follow alphabetically. */
export const VALUE_ORDER = [
  'lampState',
  'dimLevel',
  'voltage',
  'current',
  'power',
  'powerFactor',
  'energy',
  'temperature',
  'tilt',
  'operatingHours',
  'switchCount',
  'breaker',
  'voltageA',
  'voltageB',
  'voltageC',
  'currentA',
  'currentB',
  'currentC',
  'powerA',
  'powerB',
  'powerC',
  'energy1',
  'energy2',
  'energy3',
  'energy4',
  'lux',
  'doorOpen',
  'leakageCurrent',
];

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
