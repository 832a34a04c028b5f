import { message, rule } from '@luxgrid/contracts';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { defineJobHandler } from '../../../platform/jobs/registry.ts';
import type { JobResult } from '../../../platform/jobs/scheduler.ts';
import { getConfigValue } from '../../system/config/config.service.ts';

/** The platform parameter naming how many days finished deliveries are kept. */
export const RETENTION_KEY = 'sys.alarm.notify.retentionDays';
export const DEFAULT_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;
const DELETE_BATCH = 5_000;
const range = rule('valid.range', { min: 1, max: 3650 });

/** The days of the parameter; a missing or unusable value keeps the default. */
export async function retentionDays(deps: Pick<Deps, 'database' | 'cache'>): Promise<number> {
  const days = Number(await getConfigValue(deps, RETENTION_KEY));
  return Number.isInteger(days) && days >= 1 && days <= 3650 ? days : DEFAULT_RETENTION_DAYS;
}

/**
 * Deletes the deliveries that are finished (SENT, or FAILED after the last attempt) and were
 * created before `before`, in batches so that a large cleanup never holds one long lock. Queued
 * and leased ones stay, however old: they are still to be sent.
 */
export async function deleteFinishedDeliveries(
  deps: Pick<Deps, 'database'>,
  before: Date,
  signal?: AbortSignal,
): Promise<number> {
  let total = 0;
  while (!signal?.aborted) {
    const [row] = await deps.database.query<{ n: number }>(
      `with gone as (
         delete from lt_notify_delivery where delivery_id in (
           select delivery_id from lt_notify_delivery
            where status in ('SENT', 'FAILED') and create_time < $1 limit ${DELETE_BATCH})
         returning 1)
       select count(*)::int as n from gone`,
      [before],
    );
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < DELETE_BATCH) break;
  }
  return total;
}

/** The scheduled job `alarm.cleanDeliveries` (monitor/job): the delivery log kept for the parameter's days. */
export const cleanDeliveriesJob = defineJobHandler({
  name: 'alarm.cleanDeliveries',
  description: {
    'zh-CN': message('job.handler.cleanAlarmDeliveries', 'zh-CN'),
    'en-US': message('job.handler.cleanAlarmDeliveries', 'en-US'),
  },
  args: z
    .object({
      days: z.coerce
        .number({ error: range })
        .int({ error: range })
        .min(1, { error: range })
        .max(3650, { error: range })
        .optional(),
    })
    .strict(),
  example: {},
  async run(deps, args, run): Promise<JobResult> {
    const days = args.days ?? (await retentionDays(deps));
    const count = await deleteFinishedDeliveries(deps, new Date(deps.clock.now() - days * DAY_MS), run.signal);
    return { key: 'job.result.alarmDeliveriesCleaned', params: { days, count } };
  },
});
