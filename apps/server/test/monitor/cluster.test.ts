import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { bootstrap } from '../../src/platform/bootstrap.ts';
import type { Deps } from '../../src/platform/context.ts';
import { jobScheduler } from '../../src/platform/jobs/scheduler.ts';
import { startTestApp, type TestApp } from '../harness.ts';

/**
 * Two server processes over one database: on PGlite they share the Database object (PGlite has
 * one connection), on PostgreSQL each opens its own pool on the same database.
 */
let t: TestApp;
let second: Deps;
let closeSecond: () => Promise<void>;
beforeAll(async () => {
  t = await startTestApp();
  const shared = !t.deps.config.databaseUrl;
  second = await bootstrap(t.deps.config, {
    clock: t.clock,
    mqtt: false,
    seed: false,
    ...(shared ? { database: t.deps.database } : {}),
  });
  const app = await buildApp(second);
  await app.ready();
  closeSecond = async () => {
    await jobScheduler(second).stop(1000);
    await app.close();
    await second.cache.close();
    if (!shared) await second.database.close();
  };
});
afterAll(async () => {
  await closeSecond?.();
  await jobScheduler(t.deps).stop(1000);
  await t?.close();
});

describe('several server processes', () => {
  it('fire each due time exactly once', async () => {
    const token = await t.login('admin');
    const res = await t.call('POST', '/monitor/job', {
      token,
      body: {
        jobName: 'cluster heartbeat',
        invokeTarget: 'platform.heartbeat',
        cronExpression: '0/10 * * * * ?',
        concurrent: '0',
      },
    });
    const jobId = res.body.data.jobId as number;
    // the seeded jobs keep to their own times: only this job's runs are counted
    await t.deps.database.query("update sys_job set status = '1', next_fire_time = null where job_id <> $1", [jobId]);
    const a = jobScheduler(t.deps);
    const b = jobScheduler(second);
    expect(a.node).not.toBe(b.node);
    const [row] = await t.deps.database.query<{ next_fire_time: Date }>(
      'select next_fire_time from sys_job where job_id = $1',
      [jobId],
    );
    t.clock.advance(new Date(row!.next_fire_time).getTime() - t.clock.now() + 1);
    let started = 0;
    for (let i = 0; i < 8; i++) {
      // both processes see the same due time at the same moment
      const [x, y] = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      started += x + y;
      t.clock.advance(10_000);
    }
    await Promise.all([a.idle(), b.idle()]);
    expect(started).toBe(8);
    const logs = await t.deps.database.query<{ fire_time: Date; node: string }>(
      'select fire_time, node from sys_job_log where job_id = $1 order by fire_time',
      [jobId],
    );
    expect(logs).toHaveLength(8);
    expect(new Set(logs.map((l) => new Date(l.fire_time).getTime())).size).toBe(8);
    for (const l of logs) expect([a.node, b.node]).toContain(l.node);
  });
});
