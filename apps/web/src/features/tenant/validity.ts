import dayjs, { type Dayjs } from 'dayjs';
import { DATE_TIME_FORMAT } from '../../shared/constants';
import type { ValidState } from '../auth/types';
import type { PackagePeriod } from './types';

const DAY_MS = 86_400_000;

type DateInput = string | number | Date | Dayjs | null | undefined;

const toTime = (value: DateInput): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = dayjs(value as string);
  return date.isValid() ? date.valueOf() : null;
};

/** A customer's validity at `now`: before its period, within it, or past its end (the server's rule). */
export function validStateOf(validFrom: DateInput, validTo: DateInput, now: number = Date.now()): ValidState {
  const from = toTime(validFrom);
  const to = toTime(validTo);
  if (from !== null && now < from) return 'not_started';
  if (to !== null && now > to) return 'expired';
  return 'normal';
}

/** Whole days left until `end` (0 once past); null without an end. */
export function daysLeft(end: DateInput, now: number = Date.now()): number | null {
  const to = toTime(end);
  if (to === null) return null;
  return Math.max(0, Math.ceil((to - now) / DAY_MS));
}

/** How much of a period has run, 0–100; null when either end is open. */
export function elapsedPercent(start: DateInput, end: DateInput, now: number = Date.now()): number | null {
  const from = toTime(start);
  const to = toTime(end);
  if (from === null || to === null || to <= from) return null;
  return Math.round(Math.min(100, Math.max(0, ((now - from) / (to - from)) * 100)));
}

const PERIOD_MONTHS: Record<PackagePeriod, number> = { day: 0, month: 1, quarter: 3, year: 12 };

/**
 * The end of a subscription starting at `start` for `count` periods: one second before the
 * periods run out; a month end stays a month end (the server computes the same when no end is given).
 */
export function periodEnd(start: Dayjs, period: PackagePeriod, count: number): Dayjs {
  let next: Dayjs;
  if (period === 'day') next = start.add(count, 'day');
  else {
    const months = PERIOD_MONTHS[period] * count;
    const shifted = start.date(1).add(months, 'month');
    next = shifted.date(Math.min(start.date(), shifted.daysInMonth()));
  }
  return next.subtract(1, 'second');
}

export const formatForServer = (value: Dayjs | null | undefined): string | null =>
  value ? value.format(DATE_TIME_FORMAT) : null;

/** Colour of a validity or subscription state tag. */
export const STATE_COLOURS: Record<string, string> = {
  not_started: 'default',
  normal: 'success',
  expired: 'error',
  pending: 'processing',
  active: 'success',
  ended: 'default',
  cancelled: 'warning',
};
