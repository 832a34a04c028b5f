import type { TFunction } from 'i18next';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** 1536 → '1.5 KB'; binary multiples, at most two decimals, trailing zeros dropped. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '-';
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = Math.round(value * 100) / 100;
  return `${bytes < 0 ? '-' : ''}${rounded} ${UNITS[unit]}`;
}

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function durationParts(totalSeconds: number): DurationParts {
  const s = Math.max(0, Math.floor(totalSeconds));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3_600),
    minutes: Math.floor((s % 3_600) / 60),
    seconds: s % 60,
  };
}

/** '2 d 3 h 4 min' in the user's language; the two largest non-zero units, seconds only under an hour. */
export function formatDuration(totalSeconds: number | null | undefined, t: TFunction): string {
  if (totalSeconds === null || totalSeconds === undefined || !Number.isFinite(totalSeconds)) return '-';
  const parts = durationParts(totalSeconds);
  const out: string[] = [];
  if (parts.days) out.push(t('monitorCommon.days', { count: parts.days }));
  if (parts.hours) out.push(t('monitorCommon.hours', { count: parts.hours }));
  if (parts.minutes && !parts.days) out.push(t('monitorCommon.minutes', { count: parts.minutes }));
  if (!parts.days && !parts.hours) out.push(t('monitorCommon.seconds', { count: parts.seconds }));
  return out.join(' ');
}

/** Milliseconds with a unit: 12.34 → '12.34 ms', 65000 → '65 s'. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '-';
  if (Math.abs(ms) >= 10_000) return `${Math.round(ms / 100) / 10} s`;
  return `${Math.round(ms * 100) / 100} ms`;
}

/** Usage thresholds shared by the bars and gauges: green below 70 %, orange below 90 %, red above. */
export const USAGE_COLOURS = { ok: '#52c41a', warn: '#faad14', danger: '#ff4d4f' } as const;

export function usageColour(percent: number): string {
  if (percent >= 90) return USAGE_COLOURS.danger;
  if (percent >= 70) return USAGE_COLOURS.warn;
  return USAGE_COLOURS.ok;
}

export function usageStatus(percent: number): 'success' | 'normal' | 'exception' {
  if (percent >= 90) return 'exception';
  if (percent >= 70) return 'normal';
  return 'success';
}

/** Shows a stored value readably: JSON objects indented, anything else as is. */
export function prettyValue(value: string): string {
  try {
    const parsed = JSON.parse(value) as unknown;
    return typeof parsed === 'object' && parsed !== null ? JSON.stringify(parsed, null, 2) : value;
  } catch {
    return value;
  }
}

/**
 * Search values as the export routes read them: a JSON body whose date range sits under the
 * flat keys `params[beginTime]` / `params[endTime]`, as in the list query string.
 */
export function exportBody(filters: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value)) body[`${key}[${inner}]`] = innerValue;
    } else body[key] = value;
  }
  return body;
}
