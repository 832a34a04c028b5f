import { allReadings } from '@luxgrid/contracts/things/index';
import { orderedKeys, UNITS } from './format';
import type { TelemetryPoint } from './types';

/** The readings the thing model marks for the history chart. */
const CHARTED = allReadings().filter((field) => field.chart);
const CHARTED_KEYS: ReadonlySet<string> = new Set(CHARTED.map((field) => field.key));

/** Readings that are states, drawn as steps at the heights the thing model gives each value. */
export const STATE_FIELDS: Readonly<Record<string, Readonly<Record<string, number>>>> = Object.fromEntries(
  CHARTED.filter((field) => field.steps).map((field) => [field.key, field.steps!]),
);

export interface ChartGroup {
  key: string;
  unit: string;
  fields: string[];
  /** 0/1 state chart */
  state?: boolean;
}

/** The numeric value of a reading for a chart, or null when it has none. */
export function chartValue(field: string, value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const states = STATE_FIELDS[field];
  if (states && typeof value === 'string' && value in states) return states[value]!;
  return null;
}

/**
 * Which charts a device's history makes from the readings the thing model marks `chart`: one per
 * unit (V, A, W, kWh, %, °C, lx …) holding every reading of that unit, one per unitless reading,
 * and one step chart per state.
 */
export function groupFields(points: readonly TelemetryPoint[]): ChartGroup[] {
  const seen: Record<string, boolean> = {};
  for (const point of points)
    for (const [field, value] of Object.entries(point.values))
      if (CHARTED_KEYS.has(field) && chartValue(field, value) !== null) seen[field] = true;
  const fields = orderedKeys(seen);
  const groups = new Map<string, ChartGroup>();
  for (const field of fields) {
    const state = field in STATE_FIELDS || typeof points.find((p) => field in p.values)?.values[field] === 'boolean';
    const unit = UNITS[field] ?? '';
    const key = state ? `state:${field}` : unit ? `unit:${unit}` : `field:${field}`;
    const group = groups.get(key) ?? { key, unit, fields: [], state };
    group.fields.push(field);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** [time, value] pairs of one reading. */
export function seriesData(points: readonly TelemetryPoint[], field: string): [number, number | null][] {
  const out: [number, number | null][] = [];
  for (const point of points) {
    if (!(field in point.values)) continue;
    out.push([point.t, chartValue(field, point.values[field])]);
  }
  return out;
}

/** A bucket width that keeps a range under ~500 points: 0 (raw) for short ranges. */
export function autoBucket(rangeMs: number): number {
  return Math.max(0, Math.ceil(rangeMs / 1000 / 500));
}
