import type { MessageKey } from '@luxgrid/contracts';
import { Cron } from 'croner';

/**
 * Quartz-style cron expressions, as RuoYi users write them: six or seven fields
 * (second minute hour day-of-month month day-of-week [year]), `?` for "no value",
 * day-of-week 1–7 = SUN–SAT or names, `L`, `W`, `#`, and steps such as `0/10`.
 */
export type CronCheck = { ok: true; cron: Cron } | { ok: false; key: MessageKey };

const FIELD_COUNT = /^\S+(\s+\S+){5,6}$/;
const DAY_OF_WEEK_NUMBER = /(?<![#\d])\d+/g;

export function parseCron(expression: string): CronCheck {
  const trimmed = expression.trim();
  if (!FIELD_COUNT.test(trimmed)) return { ok: false, key: 'job.cronFields' };
  const dayOfWeek = trimmed.split(/\s+/)[5] ?? '';
  // croner also reads 0 and 8 as Sunday; Quartz accepts only 1–7
  for (const n of dayOfWeek.match(DAY_OF_WEEK_NUMBER) ?? []) {
    if (Number(n) < 1 || Number(n) > 7) return { ok: false, key: 'job.cronInvalid' };
  }
  try {
    const cron = new Cron(trimmed, {
      paused: true,
      mode: '6-or-7-parts',
      sloppyRanges: true,
      alternativeWeekdays: true,
    });
    return { ok: true, cron };
  } catch {
    return { ok: false, key: 'job.cronInvalid' };
  }
}

/** The next `count` fire times strictly after `from`. */
export function nextFireTimes(cron: Cron, from: Date, count: number): Date[] {
  return cron.nextRuns(count, from);
}

/** The first fire time strictly after `from`, or null when the expression never fires again. */
export function nextFireTime(cron: Cron, from: Date): Date | null {
  return cron.nextRun(from);
}
