import { type MessageKey, message, rule } from '@luxgrid/contracts';
import { getTableName, type Table } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { sysJobLog } from '../../../platform/jobs/job.table.ts';
import { defineJobHandler, type JobHandler } from '../../../platform/jobs/registry.ts';
import type { JobResult } from '../../../platform/jobs/scheduler.ts';
import { clearConfigCache, getConfigValue } from '../../system/config/config.service.ts';
import { clearDictCache, dictByType } from '../../system/dict/dict.service.ts';
import { sysLogininfor, sysOperLog } from '../../system/log/log.table.ts';

const DAY_MS = 86_400_000;
const DELETE_BATCH = 5_000;

const noArgs = z.object({}).strict();

/** Deletes rows older than `before` in batches, so that a big cleanup never holds one long lock. */
async function deleteOlderThan(
  deps: Deps,
  table: Table,
  column: string,
  before: Date,
  signal: AbortSignal,
): Promise<number> {
  const name = getTableName(table);
  let total = 0;
  for (;;) {
    if (signal.aborted) break;
    const rows = await deps.database.query<{ n: number }>(
      `with gone as (delete from ${name} where ctid in (select ctid from ${name} where ${column} < $1 limit ${DELETE_BATCH}) returning 1) select count(*)::int as n from gone`,
      [before],
    );
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < DELETE_BATCH) break;
  }
  return total;
}

const LOG_KINDS = ['login', 'oper', 'job'] as const;

/** The handlers the platform ships (heartbeat, session purge, log cleaning, cache refresh); other areas declare theirs the same way. */
export const platformJobHandlers: JobHandler[] = [
  defineJobHandler({
    name: 'platform.heartbeat',
    description: descriptionOf('job.handler.heartbeat'),
    args: noArgs,
    example: {},
    async run(deps, _args, run): Promise<JobResult> {
      const started = performance.now();
      const db = await deps.database.ping();
      const dbMs = Math.round((performance.now() - started) * 10) / 10;
      const cache = await deps.cache.ping();
      const sessions = (await deps.sessions.list()).length;
      if (!db) throw new Error('database did not answer');
      return {
        key: 'job.result.heartbeat',
        params: { db: 'ok', dbMs, cache: cache ? 'ok' : 'down', sessions, node: run.node },
      };
    },
  }),
  defineJobHandler({
    name: 'session.purgeExpired',
    description: descriptionOf('job.handler.purgeSessions'),
    args: noArgs,
    example: {},
    async run(deps): Promise<JobResult> {
      const [row] = await deps.database.query<{ n: number }>(
        'select count(*)::int as n from sys_session where expires_at < $1',
        [new Date(deps.clock.now())],
      );
      await deps.sessions.purgeExpired();
      return { key: 'job.result.sessionsPurged', params: { count: Number(row?.n ?? 0) } };
    },
  }),
  defineJobHandler({
    name: 'log.clean',
    description: descriptionOf('job.handler.cleanLogs'),
    args: z
      .object({
        days: z.coerce
          .number({ error: rule('valid.range', { min: 1, max: 3650 }) })
          .int({ error: rule('valid.range', { min: 1, max: 3650 }) })
          .min(1, { error: rule('valid.range', { min: 1, max: 3650 }) })
          .max(3650, { error: rule('valid.range', { min: 1, max: 3650 }) })
          .default(90),
        logs: z
          .array(z.enum(LOG_KINDS, { error: rule('valid.enum') }))
          .min(1, { error: rule('valid.required') })
          .default(['login', 'oper']),
      })
      .strict(),
    example: { days: 90, logs: ['login', 'oper'] },
    async run(deps, args, run): Promise<JobResult> {
      const before = new Date(deps.clock.now() - args.days * DAY_MS);
      const counts = { login: 0, oper: 0, job: 0 };
      if (args.logs.includes('login'))
        counts.login = await deleteOlderThan(deps, sysLogininfor, 'login_time', before, run.signal);
      if (args.logs.includes('oper'))
        counts.oper = await deleteOlderThan(deps, sysOperLog, 'oper_time', before, run.signal);
      if (args.logs.includes('job'))
        counts.job = await deleteOlderThan(deps, sysJobLog, 'start_time', before, run.signal);
      return { key: 'job.result.logsCleaned', params: { days: args.days, ...counts } };
    },
  }),
  defineJobHandler({
    name: 'cache.refresh',
    description: descriptionOf('job.handler.refreshCache'),
    args: z
      .object({
        targets: z
          .array(z.enum(['dict', 'config'], { error: rule('valid.enum') }))
          .min(1, { error: rule('valid.required') })
          .default(['dict', 'config']),
      })
      .strict(),
    example: { targets: ['dict', 'config'] },
    async run(deps, args): Promise<JobResult> {
      let dicts = 0;
      let configs = 0;
      if (args.targets.includes('dict')) {
        await clearDictCache(deps);
        const types = await deps.database.query<{ dict_type: string }>(
          "select distinct dict_type from sys_dict_data where status = '0'",
        );
        for (const { dict_type } of types) await dictByType(deps, dict_type);
        dicts = types.length;
      }
      if (args.targets.includes('config')) {
        await clearConfigCache(deps);
        const keys = await deps.database.query<{ config_key: string }>('select config_key from sys_config');
        for (const { config_key } of keys) await getConfigValue(deps, config_key);
        configs = keys.length;
      }
      return { key: 'job.result.cacheRefreshed', params: { dicts, configs } };
    },
  }),
];

function descriptionOf(key: MessageKey) {
  return { 'zh-CN': message(key, 'zh-CN'), 'en-US': message(key, 'en-US') };
}
