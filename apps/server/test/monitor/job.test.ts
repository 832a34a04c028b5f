import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerJobHandler } from '../../src/platform/jobs/registry.ts';
import { jobScheduler } from '../../src/platform/jobs/scheduler.ts';
import { startTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await jobScheduler(t.deps).stop(1000);
  await t?.close();
});

const scheduler = () => jobScheduler(t.deps);

async function addJob(values: Record<string, unknown>): Promise<number> {
  const res = await t.call('POST', '/monitor/job', {
    token: admin,
    body: { jobName: 'test', cronExpression: '0/10 * * * * ?', invokeTarget: 'platform.heartbeat', ...values },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.jobId as number;
}

async function logsOf(jobId: number) {
  const res = await t.call('GET', `/monitor/jobLog/list?jobId=${jobId}&pageSize=500&orderByColumn=jobLogId&isAsc=asc`, {
    token: admin,
    lang: 'en-US',
  });
  expect(res.body.code).toBe(200);
  return res.body.rows as {
    jobLogId: number;
    status: string;
    jobMessage: string;
    triggerType: string;
    fireTime: string;
  }[];
}

/** Jobs of earlier tests stop firing, so that each scheduler test counts only its own runs. */
async function pauseAll() {
  await t.deps.database.query("update sys_job set status = '1', next_fire_time = null");
}

/** Moves the clock to just past the job's next due time and ticks. */
async function tickAtDue(jobId: number, extraMs = 1) {
  const [row] = await t.deps.database.query<{ next_fire_time: Date }>(
    'select next_fire_time from sys_job where job_id = $1',
    [jobId],
  );
  t.clock.advance(new Date(row!.next_fire_time).getTime() - t.clock.now() + extraMs);
  const started = await scheduler().tick();
  await scheduler().idle();
  return started;
}

describe('cron expressions', () => {
  it('previews the next five fire times', async () => {
    const res = await t.call('GET', `/monitor/job/cron/next?cronExpression=${encodeURIComponent('0/10 * * * * ?')}`, {
      token: admin,
    });
    expect(res.body.code).toBe(200);
    const times = (res.body.data as string[]).map((s) => new Date(s.replace(' ', 'T')).getTime());
    expect(times).toHaveLength(5);
    for (let i = 1; i < 5; i++) expect(times[i]! - times[i - 1]!).toBe(10_000);
    expect(times[0]!).toBeGreaterThan(t.clock.now() - 1000);
  });

  it('reads Quartz day-of-week numbers (1 = Sunday) and a year field', async () => {
    const res = await t.call(
      'GET',
      `/monitor/job/cron/next?count=3&cronExpression=${encodeURIComponent('0 0 12 ? * 1 2099')}`,
      {
        token: admin,
      },
    );
    expect(res.body.code).toBe(200);
    for (const s of res.body.data as string[]) {
      expect(s.startsWith('2099-')).toBe(true);
      expect(new Date(s.replace(' ', 'T')).getDay()).toBe(0);
    }
  });

  it('says why an expression is refused, in both languages', async () => {
    const ask = async (expr: string, lang: 'zh-CN' | 'en-US' = 'en-US') =>
      (await t.call('GET', `/monitor/job/cron/next?cronExpression=${encodeURIComponent(expr)}`, { token: admin, lang }))
        .body;
    expect(await ask('*/5 * * * *')).toEqual({
      code: 500,
      msg: 'A cron expression has 6 or 7 fields: second minute hour day month weekday [year]',
    });
    expect(await ask('61 * * * * ?')).toEqual({ code: 500, msg: 'The cron expression is not valid: 61 * * * * ?' });
    expect(await ask('0 0 12 ? * 0')).toEqual({ code: 500, msg: 'The cron expression is not valid: 0 0 12 ? * 0' });
    expect(await ask('0 0 0 1 1 ? 2001')).toEqual({
      code: 500,
      msg: 'The cron expression never fires again: 0 0 0 1 1 ? 2001',
    });
    expect((await ask('61 * * * * ?', 'zh-CN')).msg).toBe('Cron表达式不正确：61 * * * * ?');
    expect((await t.call('GET', '/monitor/job/cron/next', { token: admin, lang: 'en-US' })).body).toEqual({
      code: 500,
      msg: 'Cron expression cannot be empty',
    });
  });
});

describe('job handlers', () => {
  it('lists the registered handlers with descriptions in both languages', async () => {
    const res = await t.call('GET', '/monitor/job/handlers', { token: admin, lang: 'en-US' });
    const names = (res.body.data as { name: string }[]).map((h) => h.name);
    expect(names).toEqual(
      expect.arrayContaining(['platform.heartbeat', 'session.purgeExpired', 'log.clean', 'cache.refresh']),
    );
    const clean = res.body.data.find((h: { name: string }) => h.name === 'log.clean');
    expect(clean.description).toMatch(/older than N days/);
    expect(clean.descriptionZh).toMatch(/清理/);
    expect(clean.example).toBe('log.clean {"days":90,"logs":["login","oper"]}');
    expect(clean.argsSchema.properties.days.type).toBe('integer');
  });

  it('refuses an invoke target that is not a registered handler or has wrong arguments', async () => {
    const add = async (invokeTarget: string) =>
      (
        await t.call('POST', '/monitor/job', {
          token: admin,
          lang: 'en-US',
          body: { jobName: 'bad', cronExpression: '0 0 2 * * ?', invokeTarget },
        })
      ).body;
    expect(await add('java.lang.Runtime.getRuntime().exec("id")')).toEqual({
      code: 500,
      msg: 'The invoke target must be a registered handler name, optionally followed by JSON arguments, e.g. log.clean {"days":30}',
    });
    expect(await add('ryTask.ryParams')).toEqual({ code: 500, msg: 'There is no job handler named "ryTask.ryParams"' });
    expect(await add('log.clean {days: 3}')).toEqual({
      code: 500,
      msg: 'The job arguments are not a valid JSON object',
    });
    expect(await add('log.clean {"days": 0}')).toEqual({
      code: 500,
      msg: 'Wrong arguments for handler "log.clean": Days kept must be between 1 and 3650',
    });
    expect(await add('platform.heartbeat {"x": 1}')).toMatchObject({ code: 500 });
    const count = await t.deps.database.query<{ n: number }>(
      "select count(*)::int as n from sys_job where job_name = 'bad'",
    );
    expect(count[0]!.n).toBe(0);
  });

  it('validates the job fields with their labels', async () => {
    const res = await t.call('POST', '/monitor/job', {
      token: admin,
      lang: 'en-US',
      body: { jobName: '', cronExpression: '0 0 2 * * ?', invokeTarget: 'platform.heartbeat', misfirePolicy: '9' },
    });
    expect(res.body.code).toBe(500);
    expect(res.body.msg).toContain('Job name cannot be empty');
    expect(res.body.msg).toContain('Misfire policy is not one of the allowed values');
  });
});

describe('jobs', () => {
  it('runs a job once and shows its log', async () => {
    const jobId = await addJob({ jobName: 'heartbeat', cronExpression: '0 0 3 * * ?' });
    const run = await t.call('PUT', '/monitor/job/run', { token: admin, body: { jobId }, lang: 'en-US' });
    expect(run.body).toEqual({ code: 200, msg: 'The job has started' });
    await scheduler().idle();
    const rows = await logsOf(jobId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: '0', triggerType: 'manual', fireTime: null });
    expect(rows[0]!.jobMessage).toMatch(/^Heartbeat: database ok \([\d.]+ ms\), cache ok, \d+ sessions online, node /);
    const one = await t.call('GET', `/monitor/jobLog/${rows[0]!.jobLogId}`, { token: admin });
    expect(one.body.data.jobMessage).toMatch(/^心跳正常/);
    expect(one.body.data.costTime).toBeGreaterThanOrEqual(0);
    const job = await t.call('GET', `/monitor/job/${jobId}`, { token: admin });
    expect(job.body.data).toMatchObject({ jobName: 'heartbeat', status: '0', running: false });
    expect(job.body.data.nextValidTime).toMatch(/ 03:00:00$/);
    expect(job.body.data).not.toHaveProperty('leaseOwner');
  });

  it('records a failing handler as a failed run', async () => {
    registerJobHandler({
      name: 'test.explode',
      description: { 'zh-CN': '测试失败', 'en-US': 'Fails on purpose' },
      args: z.object({}),
      async run() {
        throw new Error('boom');
      },
    });
    const jobId = await addJob({ jobName: 'explode', invokeTarget: 'test.explode', cronExpression: '0 0 4 * * ?' });
    await t.call('PUT', '/monitor/job/run', { token: admin, body: { jobId } });
    await scheduler().idle();
    const [row] = await logsOf(jobId);
    expect(row).toMatchObject({ status: '1', jobMessage: 'The job failed', exceptionInfo: 'Error: boom' });
  });

  it('lists, filters, sorts by whitelisted columns only, edits and exports', async () => {
    const jobId = await addJob({
      jobName: 'nightly clean',
      invokeTarget: 'log.clean {"days": 30}',
      cronExpression: '0 0 2 * * ?',
    });
    const list = await t.call('GET', '/monitor/job/list?jobName=nightly&orderByColumn=nextFireTime&isAsc=desc', {
      token: admin,
    });
    expect(list.body.total).toBe(1);
    expect(list.body.rows[0]).toMatchObject({ jobId, invokeTarget: 'log.clean {"days": 30}', jobGroup: 'DEFAULT' });
    const bad = await t.call('GET', '/monitor/job/list?orderByColumn=lease_owner', { token: admin, lang: 'en-US' });
    expect(bad.body).toEqual({ code: 500, msg: 'Sorting by lease_owner is not supported' });
    const logSort = await t.call('GET', '/monitor/jobLog/list?orderByColumn=exception_info', {
      token: admin,
      lang: 'en-US',
    });
    expect(logSort.body.code).toBe(500);

    const edit = await t.call('PUT', '/monitor/job', {
      token: admin,
      body: {
        jobId,
        jobName: 'nightly clean',
        invokeTarget: 'log.clean {"days": 60}',
        cronExpression: '0 30 2 * * ?',
        jobGroup: 'SYSTEM',
      },
    });
    expect(edit.body.code).toBe(200);
    const got = await t.call('GET', `/monitor/job/${jobId}`, { token: admin });
    expect(got.body.data).toMatchObject({ jobGroup: 'SYSTEM', cronExpression: '0 30 2 * * ?' });
    expect(got.body.data.nextFireTime).toMatch(/ 02:30:00$/);

    const exported = await t.app.inject({
      method: 'POST',
      url: '/monitor/job/export',
      headers: { access_token: admin },
      payload: {},
    });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(exported.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const missing = await t.call('PUT', '/monitor/job', {
      token: admin,
      body: { jobId: 999_999, jobName: 'x', invokeTarget: 'platform.heartbeat', cronExpression: '0 0 2 * * ?' },
    });
    expect(missing.body.code).toBe(404);
    expect((await t.call('DELETE', `/monitor/job/${jobId},999999`, { token: admin })).body.code).toBe(404);
    expect((await t.call('DELETE', `/monitor/job/${jobId}`, { token: admin })).body.code).toBe(200);
    expect((await t.call('GET', `/monitor/job/${jobId}`, { token: admin })).body.code).toBe(404);
  });

  it('fires on schedule and stops while paused', async () => {
    await pauseAll();
    const jobId = await addJob({ jobName: 'every ten seconds' });
    expect(await tickAtDue(jobId)).toBe(1);
    expect(await tickAtDue(jobId)).toBe(1);
    expect((await logsOf(jobId)).map((r) => r.triggerType)).toEqual(['cron', 'cron']);

    expect(
      (await t.call('PUT', '/monitor/job/changeStatus', { token: admin, body: { jobId, status: '1' } })).body.code,
    ).toBe(200);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(10_000);
      expect(await scheduler().tick()).toBe(0);
    }
    expect(await logsOf(jobId)).toHaveLength(2);
    const paused = await t.call('GET', `/monitor/job/${jobId}`, { token: admin });
    expect(paused.body.data).toMatchObject({ status: '1', nextFireTime: null, nextValidTime: null });

    await t.call('PUT', '/monitor/job/changeStatus', { token: admin, body: { jobId, status: '0' } });
    expect(await tickAtDue(jobId)).toBe(1);
    expect(await logsOf(jobId)).toHaveLength(3);
    await t.call('PUT', '/monitor/job/changeStatus', { token: admin, body: { jobId, status: '1' } });
  });

  it('applies the misfire policy after downtime', async () => {
    await pauseAll();
    const ids: Record<string, number> = {};
    for (const policy of ['0', '1', '2', '3'])
      ids[policy] = await addJob({ jobName: `misfire ${policy}`, misfirePolicy: policy, concurrent: '0' });
    const [first] = await t.deps.database.query<{ next_fire_time: Date }>(
      'select next_fire_time from sys_job where job_id = $1',
      [ids['0']],
    );
    // the server was down for almost five minutes: 30 fire times were missed
    t.clock.advance(new Date(first!.next_fire_time).getTime() + 295_000 - t.clock.now());
    await scheduler().tick();
    await scheduler().idle();
    const counts = Object.fromEntries(
      await Promise.all(Object.entries(ids).map(async ([p, id]) => [p, (await logsOf(id)).length] as const)),
    );
    expect(counts).toEqual({ '0': 1, '1': 30, '2': 1, '3': 0 });
    // more than a minute late counts as a misfire; the last six were within the threshold
    const triggers = (await logsOf(ids['1']!)).map((r) => r.triggerType);
    expect(triggers.filter((x) => x === 'misfire')).toHaveLength(24);
    expect(triggers.filter((x) => x === 'cron')).toHaveLength(6);
    const fireTimes = new Set((await logsOf(ids['1']!)).map((r) => r.fireTime));
    expect(fireTimes.size).toBe(30);
    // every job is back on schedule: the next due time lies ahead
    const rows = await t.deps.database.query<{ next_fire_time: Date }>(
      `select next_fire_time from sys_job where job_id = any($1::bigint[])`,
      [Object.values(ids)],
    );
    for (const r of rows) expect(new Date(r.next_fire_time).getTime()).toBeGreaterThan(t.clock.now());
    for (const id of Object.values(ids)) await t.call('DELETE', `/monitor/job/${id}`, { token: admin });
  });

  it('keeps a non-concurrent job from overlapping itself, and lets a concurrent one overlap', async () => {
    await pauseAll();
    const gates: (() => void)[] = [];
    registerJobHandler({
      name: 'test.block',
      description: { 'zh-CN': '阻塞', 'en-US': 'Blocks until released' },
      args: z.object({}),
      async run() {
        await new Promise<void>((resolve) => gates.push(resolve));
        return { key: 'job.runStarted' };
      },
    });
    const serial = await addJob({ jobName: 'serial', invokeTarget: 'test.block', concurrent: '1', misfirePolicy: '3' });
    const parallel = await addJob({ jobName: 'parallel', invokeTarget: 'test.block', concurrent: '0' });
    const [due] = await t.deps.database.query<{ next_fire_time: Date }>(
      'select next_fire_time from sys_job where job_id = $1',
      [serial],
    );
    t.clock.advance(new Date(due!.next_fire_time).getTime() - t.clock.now() + 1);
    expect(await scheduler().tick()).toBe(2);
    t.clock.advance(10_000);
    // the serial job is still running: only the parallel one starts again
    expect(await scheduler().tick()).toBe(1);
    expect(scheduler().runningJobs().sort()).toEqual([serial, parallel, parallel].sort());
    expect((await t.call('GET', `/monitor/job/${serial}`, { token: admin })).body.data.running).toBe(true);
    const busy = await t.call('PUT', '/monitor/job/run', { token: admin, body: { jobId: serial }, lang: 'en-US' });
    expect(busy.body).toEqual({
      code: 500,
      msg: 'The job is running and does not allow concurrent runs, please try later',
    });

    await t.call('PUT', '/monitor/job/changeStatus', { token: admin, body: { jobId: parallel, status: '1' } });
    for (const open of gates.splice(0)) open();
    await scheduler().idle();
    expect(await logsOf(serial)).toHaveLength(1);
    expect(await logsOf(parallel)).toHaveLength(2);
    // free again: the due time it waited for is taken now
    expect(await scheduler().tick()).toBe(1);
    for (const open of gates.splice(0)) open();
    await scheduler().idle();
    expect(await logsOf(serial)).toHaveLength(2);
    await t.call('PUT', '/monitor/job/changeStatus', { token: admin, body: { jobId: serial, status: '1' } });
  });

  it('cleans old logs, purges sessions and refreshes caches through its handlers', async () => {
    const old = new Date(t.clock.now() - 40 * 86_400_000);
    await t.deps.database.query(
      "insert into sys_logininfor (user_name, login_time) values ('ghost', $1), ('ghost', $1), ('ghost', now())",
      [old],
    );
    await t.deps.database.query("insert into sys_oper_log (title, oper_time) values ('old', $1)", [old]);
    const clean = await addJob({
      jobName: 'clean',
      invokeTarget: 'log.clean {"days": 30}',
      cronExpression: '0 0 5 * * ?',
    });
    await t.call('PUT', '/monitor/job/run', { token: admin, body: { jobId: clean } });
    await scheduler().idle();
    const [row] = await logsOf(clean);
    expect(row!.jobMessage).toBe('Logs older than 30 days cleaned: 2 login, 1 operation, 0 job log rows');
    const left = await t.deps.database.query<{ n: number }>(
      "select count(*)::int as n from sys_logininfor where user_name = 'ghost'",
    );
    expect(left[0]!.n).toBe(1);

    const purge = await addJob({
      jobName: 'purge',
      invokeTarget: 'session.purgeExpired',
      cronExpression: '0 0 5 * * ?',
    });
    await t.deps.database.query(
      "insert into sys_session (token_id, user_id, user_name, login_time, last_access, expires_at) values ($1, 1, 'admin', $2, $2, $2)",
      ['f'.repeat(32), old],
    );
    await t.call('PUT', '/monitor/job/run', { token: admin, body: { jobId: purge } });
    await scheduler().idle();
    expect((await logsOf(purge))[0]!.jobMessage).toBe('1 expired sessions purged');

    const refresh = await addJob({ jobName: 'refresh', invokeTarget: 'cache.refresh', cronExpression: '0 0 5 * * ?' });
    await t.deps.cache.set('dict:stale_type', '[]');
    await t.call('PUT', '/monitor/job/run', { token: admin, body: { jobId: refresh } });
    await scheduler().idle();
    expect((await logsOf(refresh))[0]!.jobMessage).toMatch(/^Caches refreshed: \d+ dictionary types, \d+ parameters$/);
    expect(await t.deps.cache.get('dict:stale_type')).toBeNull();
    expect(await t.deps.cache.get('dict:sys_job_status')).not.toBeNull();
  });

  it('removes, cleans and exports job logs', async () => {
    const jobId = await addJob({ jobName: 'logs', cronExpression: '0 0 6 * * ?' });
    for (let i = 0; i < 3; i++) {
      expect((await t.call('PUT', '/monitor/job/run', { token: admin, body: { jobId } })).body.code).toBe(200);
      // the job forbids concurrent runs: the next one may start when this one has ended
      await scheduler().idle();
    }
    const rows = await logsOf(jobId);
    expect(rows).toHaveLength(3);
    const exported = await t.app.inject({
      method: 'POST',
      url: '/monitor/jobLog/export',
      headers: { access_token: admin },
      payload: { jobId },
    });
    expect(exported.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await t.call('DELETE', `/monitor/jobLog/${rows[0]!.jobLogId}`, { token: admin })).body.code).toBe(200);
    expect(await logsOf(jobId)).toHaveLength(2);
    const cleaned = await t.call('DELETE', `/monitor/jobLog/clean?jobId=${jobId}`, { token: admin });
    expect(cleaned.body.data).toEqual({ removed: 2 });
    expect(await logsOf(jobId)).toHaveLength(0);
    expect((await t.call('GET', `/monitor/jobLog/${rows[0]!.jobLogId}`, { token: admin })).body.code).toBe(404);
  });
});
