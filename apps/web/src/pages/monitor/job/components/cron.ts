import { jobApi } from '../../../../features/monitor/job-api';
import { RequestError } from '../../../../shared/request';

/** Next fire times stay fresh for this long; after that the server is asked again. */
const FRESH_MS = 30_000;
const MAX_ENTRIES = 50;

const cache = new Map<string, { at: number; pending: Promise<string[]> }>();

/**
 * Asks the server whether a cron expression is valid and when it fires next. Answers are
 * shared for a short while, so the live preview and the form's validator make one request.
 * Rejects with the server's reason, in the user's language.
 */
export function checkCron(expression: string, count = 5): Promise<string[]> {
  const key = `${count}|${expression.trim()}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < FRESH_MS) return hit.pending;
  const pending = jobApi
    .nextFireTimes(expression.trim(), count)
    .then((res) => res.data ?? [])
    .catch((error: unknown) => {
      // a transport failure may pass: forget it so that the next keystroke asks again
      if (!(error instanceof RequestError) || error.code === undefined) cache.delete(key);
      throw error;
    });
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, { at: now, pending });
  return pending;
}

export function clearCronCache(): void {
  cache.clear();
}

/** Six or seven fields separated by blanks: the shape the server accepts before it reads them. */
export function cronFieldCount(expression: string): number {
  const trimmed = expression.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** Common schedules offered beside the input (Quartz syntax: second minute hour day month weekday). */
export const CRON_PRESETS = [
  { key: 'every10s', expression: '0/10 * * * * ?' },
  { key: 'everyMinute', expression: '0 * * * * ?' },
  { key: 'every5min', expression: '0 0/5 * * * ?' },
  { key: 'hourly', expression: '0 0 * * * ?' },
  { key: 'daily2am', expression: '0 0 2 * * ?' },
  { key: 'weekdays8am', expression: '0 0 8 ? * MON-FRI' },
  { key: 'monthly', expression: '0 0 0 1 * ?' },
] as const;
