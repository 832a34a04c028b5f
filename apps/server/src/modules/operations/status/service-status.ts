import type { Deps } from '../../../platform/context.ts';
import { jobScheduler } from '../../../platform/jobs/scheduler.ts';
import { disk } from '../../monitor/server/server-info.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { jobCounts } from './status.repository.ts';

/** A data disk fuller than this is reported down: writes of telemetry and logs are about to fail. */
export const DISK_FULL_PERCENT = 95;

const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10;

/**
 * The platform's services, each up or down with what its check found: the database (a ping and
 * its time), the MQTT broker (connected, mode, clients), the cache, the job scheduler (running in
 * this process, jobs, failures in 24 h) and the data directory's disk.
 */
export async function serviceStatus(deps: Deps) {
  let started = performance.now();
  const database = await deps.database.ping().catch(() => false);
  const dbMs = elapsed(started);
  started = performance.now();
  const cache = await deps.cache.ping().catch(() => false);
  const cacheMs = elapsed(started);
  const mqtt = deps.mqtt?.health() ?? { connected: false, mode: 'off', url: '' };
  const scheduler = jobScheduler(deps);
  const jobs = await jobCounts(deps.database);
  const dataDisk = await disk(deps.config.dataDir);
  const usage = 'usage' in dataDisk ? dataDisk.usage : undefined;
  return [
    { name: 'database', ok: database, detail: { kind: deps.database.kind, pingMs: dbMs } },
    { name: 'broker', ok: mqtt.connected, detail: { ...mqtt, hub: deps.deviceHub !== null } },
    { name: 'cache', ok: cache, detail: { kind: deps.cache.kind, pingMs: cacheMs } },
    {
      name: 'scheduler',
      ok: scheduler.started,
      detail: {
        node: scheduler.node,
        enabledJobs: jobs.enabled,
        jobs: jobs.total,
        lastFire: formatDate(jobs.lastFire),
        failedLast24h: jobs.failedToday,
      },
    },
    { name: 'disk', ok: usage !== undefined && usage < DISK_FULL_PERCENT, detail: dataDisk },
  ];
}
