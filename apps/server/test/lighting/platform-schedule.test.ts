import { localParts } from '@luxgrid/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../harness.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const ALL_DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

/**
 * A lamp controller that cannot hold a schedule (an NB-IoT model): the platform runs its strategy.
 * Two server processes on one PostgreSQL database both see the step come due; the lamp gets its
 * command once, within a second of the due time.
 */
describe.runIf(adminUrl)('platform-run schedules across two server processes', () => {
  const servers: ServerProcess[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: pg.Client;
  let token: string;
  let zone: string;
  let projectId: number;
  let clientId: number;

  const api = async (server: ServerProcess, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', access_token: token, 'accept-language': 'en-US' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as { code: number; msg?: string; data?: Record<string, unknown> };
  };

  beforeAll(async () => {
    database = await createTestDatabase(adminUrl!);
    const env = { DATABASE_URL: database.url, TOKEN_SECRET: 'a-shared-secret-of-at-least-32-characters!' };
    // the first seeds the demo customer and its projects; the second joins the same database
    servers.push(await startServerProcess({ ...env, DEMO: 'true' }));
    await servers[0]!.healthy(90_000);
    servers.push(await startServerProcess(env));
    await servers[1]!.healthy(90_000);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const res = await fetch(`${servers[0]!.url}/adminlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    token = ((await res.json()) as { token: string }).token;
    const changed = await api(servers[0]!, 'PUT', '/system/user/profile/updatePwd', {
      oldPassword: 'admin123',
      newPassword: 'Street-lights-2026',
      confirmPassword: 'Street-lights-2026',
    });
    expect(changed.code, JSON.stringify(changed)).toBe(200);
    const { rows } = await db.query(
      `update biz_project set latitude = 31.23, longitude = 121.47
       where project_id = (select min(project_id) from biz_project) returning project_id, client_id, iana_time_zone as zone`,
    );
    if (!rows[0]) throw new Error(`no project: ${servers[0]!.output()}`);
    ({ zone, project_id: projectId, client_id: clientId } = rows[0]);
    const model = await db.query(
      `insert into lt_device_model (client_id, name, device_type, comm_type, directive_scheme)
       values ($1, 'NB-IoT lamp controller', 'RTU', 2, 'RTU_IOT') returning model_id`,
      [clientId],
    );
    await db.query(
      `insert into lt_device (client_id, project_id, uid, name, device_type, connection, model_id)
       values ($2, $3, 'PLAT-NB-1', 'NB lamp', 'RTU', 'DIRECT', $1)`,
      [model.rows[0].model_id, clientId, projectId],
    );
    await db.query("update lt_device set gateway_id = device_id where uid = 'PLAT-NB-1'");
  }, 200_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    await db?.end();
    await database?.drop();
  });

  it('sends the due step once, within a second, though both processes run the scheduler', async () => {
    // the next local minute at least 12 s away (the schedulers read new copies every 5 s)
    const dueMs = Math.ceil((Date.now() + 12_000) / 60_000) * 60_000;
    const time = localParts(dueMs, zone).time.slice(0, 5);
    const [device] = (await db.query("select device_id from lt_device where uid = 'PLAT-NB-1'")).rows;
    const created = await api(servers[0]!, 'POST', '/lighting/strategy', {
      projectId,
      name: 'Platform-run street',
      startDate: localParts(dueMs - 86_400_000, zone).date,
      endDate: localParts(dueMs + 86_400_000, zone).date,
      weekDays: ALL_DAYS,
      entries: [{ timeMode: 'FIXED', time, action: 'DIM', level: 40 }],
      targets: { deviceIds: [device.device_id] },
    });
    expect(created.code, JSON.stringify(created)).toBe(200);
    const issued = await api(servers[1]!, 'POST', `/lighting/strategy/${created.data!.strategyId}/issue`, {});
    expect(issued, JSON.stringify(issued)).toMatchObject({ code: 200, data: { total: 1, platform: 1, pushed: 1 } });

    await new Promise((r) => setTimeout(r, Math.max(0, dueMs - Date.now()) + 3_000));
    const runs = await db.query('select run_key, extract(epoch from fired_time) * 1000 as fired from lt_schedule_run');
    expect(runs.rows).toHaveLength(1);
    const commands = await db.query(
      `select action, value, extract(epoch from create_time) * 1000 as at from lt_command
       where device_id = $1 and action <> 'timing'`,
      [device.device_id],
    );
    expect(commands.rows).toHaveLength(1);
    expect(commands.rows[0]).toMatchObject({ action: 'LIGHT_DIMMING', value: 40 });
    const late = Number(commands.rows[0].at) - dueMs;
    console.log(`platform-run step sent ${late.toFixed(0)} ms after its due time`);
    expect(late).toBeGreaterThanOrEqual(0);
    expect(late).toBeLessThan(1_000);
  }, 120_000);
});
