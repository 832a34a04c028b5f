import { localInstant, localParts } from '@luxgrid/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncControllerClocks, TIME_SYNC_SECONDS } from '../../src/modules/lighting/strategy/time-sync.ts';
import { jobScheduler } from '../../src/platform/jobs/scheduler.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from './helpers.ts';

/**
 * The daily clock sync of the controllers that hold schedules is the seeded scheduled job
 * `lighting.timeSync`: listed in Monitor → Jobs, runnable by hand with its log, and on schedule
 * once per project and local day, in the hour after 03:00 in the project's own time zone.
 */
let t: TestApp;
let admin: string;
let d: Awaited<ReturnType<typeof demo>>;
const ZONE = 'America/New_York';
const controllers: number[] = [];

const timingCommands = async () =>
  (
    await t.deps.database.query<{ n: number }>(
      "select count(*)::int as n from lt_command where action = 'timing' and project_id = $1",
      [d.projectId],
    )
  )[0]!.n;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  d = await demo(t);
  const db = t.deps.database;
  await db.query('update biz_project set iana_time_zone = $2 where project_id = $1', [d.projectId, ZONE]);
  for (const uid of ['SYNC-CCU-1', 'SYNC-CCU-2']) {
    const [row] = await db.query<{ device_id: number }>(
      `insert into lt_device (client_id, project_id, uid, name, device_type) values ($1, $2, $3, $3, 'CCU') returning device_id`,
      [d.clientId, d.projectId, uid],
    );
    await db.query('update lt_device set gateway_id = device_id where device_id = $1', [row!.device_id]);
    controllers.push(row!.device_id);
  }
  // the first holds a schedule on its own clock; the second's schedule the platform runs (it needs no sync)
  await db.query(
    `insert into lt_schedule_issue (client_id, project_id, kind, plan_id, device_id, runner, version, schedule, state, issue_time)
     values ($1, $2, 'STRATEGY', 1, $3, 'DEVICE', 'v1', '{}'::jsonb, 'PUSHED', now()),
            ($1, $2, 'STRATEGY', 1, $4, 'PLATFORM', 'v1', '{}'::jsonb, 'PUSHED', now())`,
    [d.clientId, d.projectId, controllers[0], controllers[1]],
  );
});
afterAll(async () => {
  await jobScheduler(t.deps).stop(1000);
  await t?.close();
});

describe('the daily controller time sync job', () => {
  it('is seeded in Monitor → Jobs with its handler, and a manual run syncs the holding controllers and logs it', async () => {
    const list = await t.call('GET', '/monitor/job/list?invokeTarget=lighting.timeSync', { token: admin });
    expect(list.body.code).toBe(200);
    const job = (
      list.body.rows as { jobId: number; invokeTarget: string; status: string; cronExpression: string }[]
    ).find((j) => j.invokeTarget === 'lighting.timeSync');
    expect(job).toMatchObject({ status: '0', cronExpression: '0 0/15 * * * ?' });
    const handlers = await t.call('GET', '/monitor/job/handlers', { token: admin, lang: 'en-US' });
    expect(JSON.stringify(handlers.body)).toContain('Daily clock sync of lamp controllers');

    const before = await timingCommands();
    const run = await t.call('PUT', '/monitor/job/run', { token: admin, body: { jobId: job!.jobId }, lang: 'en-US' });
    expect(run.body).toEqual({ code: 200, msg: 'The job has started' });
    await jobScheduler(t.deps).idle();
    expect(await timingCommands()).toBe(before + 1);
    const [command] = await t.deps.database.query<{ device_id: number; oper_name: string }>(
      "select device_id, oper_name from lt_command where action = 'timing' and project_id = $1 order by create_time desc limit 1",
      [d.projectId],
    );
    expect(command).toMatchObject({ device_id: controllers[0], oper_name: 'scheduler' });
    const logs = await t.call('GET', `/monitor/jobLog/list?jobId=${job!.jobId}`, { token: admin, lang: 'en-US' });
    expect(logs.body.rows[0]).toMatchObject({
      status: '0',
      triggerType: 'manual',
      jobMessage: 'Time sync sent to 1 controllers in 1 projects',
    });
  });

  it('on schedule, syncs a project once in the hour after 03:00 in its own time zone, never outside it', async () => {
    const now = t.clock.now();
    // a day in the future, so that no earlier run key of this day exists
    const day = localParts(now + 3 * 86_400_000, ZONE).date;
    const at = localInstant(day, TIME_SYNC_SECONDS, ZONE);
    const scope = { due: true, projectId: d.projectId };
    expect(await syncControllerClocks(t.deps, at - 60_000, scope)).toEqual({ projects: 0, controllers: 0 });
    const before = await timingCommands();
    expect(await syncControllerClocks(t.deps, at + 10 * 60_000, scope)).toEqual({ projects: 1, controllers: 1 });
    // the next pass of the same hour (this process or another) sends nothing again
    expect(await syncControllerClocks(t.deps, at + 25 * 60_000, scope)).toEqual({ projects: 0, controllers: 0 });
    expect(await syncControllerClocks(t.deps, at + 61 * 60_000, scope)).toEqual({ projects: 0, controllers: 0 });
    expect(await timingCommands()).toBe(before + 1);
    // 03:00 in New York is 07:00 or 08:00 UTC, never 03:00 UTC
    expect(new Date(at).getUTCHours()).toBeGreaterThanOrEqual(7);
  });
});
