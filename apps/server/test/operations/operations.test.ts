import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleConnectivity } from '../../src/modules/operations/connectivity/connectivity.repository.ts';
import { throughputMeter } from '../../src/modules/operations/throughput/throughput.ts';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo, startTestHub } from '../lighting/helpers.ts';

/**
 * The operations monitor: a customer sees its own devices' connectivity and links, never another
 * customer's; the platform-wide screens (throughput, services) answer platform users only.
 */
describe('operations monitor', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let rival: { clientId: number; token: string };
  let admin: string;
  let concentrator = 0;

  const get = async (path: string, token: string) => (await t.call('GET', path, { token, lang: 'en-US' })).body;
  const device = async (uid: string, type: string, comm: string, gateway?: number) => {
    const [row] = await t.deps.database.query<{ device_id: number }>(
      `insert into lt_device (client_id, project_id, uid, name, device_type, comm_state, gateway_id)
       values ($1, $2, $3, $3, $4, $5, $6) returning device_id`,
      [d.clientId, d.projectId, uid, type, comm, gateway ?? null],
    );
    const id = row!.device_id;
    if (gateway === undefined)
      await t.deps.database.query('update lt_device set gateway_id = device_id where device_id = $1', [id]);
    return id;
  };

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    admin = await t.login('admin');
    rival = await secondCustomer(t);
    const menus = await t.deps.database.query<{ menu_key: string }>(
      "select menu_key from sys_menu where menu_key like 'sys%' and menu_key not like 'system%'",
    );
    for (const m of menus) {
      await grantToRole(t, 'rival_admin', m.menu_key);
      await grantToRole(t, 'customer_admin', m.menu_key);
    }
    rival.token = await t.login('rival_admin');
    d.token = await t.login('demo_admin');

    concentrator = await device('OPS-CCU', 'CCU', 'ON');
    await device('OPS-RTU-1', 'RTU', 'ON', concentrator);
    await device('OPS-RTU-2', 'RTU', 'OFF', concentrator);
    await device('OPS-LUX', 'LUXOMETER', 'INIT');
  });
  afterAll(() => t.close());

  it('samples connectivity by project and connection type and draws it over time', async () => {
    const slot = Math.floor((t.clock.now() - 3_600_000) / 600_000) * 600_000;
    expect(await sampleConnectivity(t.deps.database, slot)).toBeGreaterThan(0);
    // a second process taking the same slot writes nothing
    expect(await sampleConnectivity(t.deps.database, slot)).toBe(0);
    const { code, data } = await get(`/sys/device-online?projectId=${d.projectId}`, d.token);
    expect(code).toBe(200);
    const now = Object.fromEntries(
      data.now.map((r: { connection: string; devices: number; online: number }) => [r.connection, r]),
    );
    expect(now.DIRECT).toMatchObject({ devices: 2, online: 1 });
    expect(now.NON_DIRECT).toMatchObject({ devices: 2, online: 1 });
    expect(data.series.filter((p: { ts: number }) => p.ts === slot)).toHaveLength(2);
    expect(data.byProject).toEqual([
      expect.objectContaining({ ts: slot, projectId: d.projectId, devices: 4, online: 2 }),
    ]);
    const platform = await get('/sys/device-online', admin);
    expect(platform.data.now.length).toBeGreaterThanOrEqual(2);
  });

  it('lists the broker sessions with the devices they carry', async () => {
    const { rows, total } = await get('/sys/link?keyword=OPS', d.token);
    expect(total).toBe(2);
    expect(rows[0]).toMatchObject({ uid: 'OPS-CCU', carried: 2, carriedOnline: 1, commState: 'ON' });
    expect((await get('/sys/link?online=false&keyword=OPS', d.token)).rows.map((r: { uid: string }) => r.uid)).toEqual([
      'OPS-LUX',
    ]);
    const summary = await get('/sys/link/summary', d.token);
    expect(summary.data).toMatchObject({ broker: null });
    expect(summary.data.sessions).toBeGreaterThanOrEqual(2);
  });

  it("never shows a customer another customer's devices", async () => {
    expect((await get('/sys/link?keyword=OPS', rival.token)).total).toBe(0);
    expect((await get('/sys/device-online', rival.token)).data).toMatchObject({ now: [], series: [], byProject: [] });
    expect((await get(`/sys/device-online?projectId=${d.projectId}`, rival.token)).code).toBe(404);
    const overview = await get('/sys/overview', rival.token);
    expect(overview.data).toMatchObject({ counts: { customers: 1, projects: 1 }, platform: null });
    expect(overview.data.figures.devices.total).toBe(0);
  });

  it('keeps throughput and service status to platform users', async () => {
    for (const path of ['/sys/message', '/sys/service']) {
      const refused = await get(path, rival.token);
      expect(refused.code).toBe(403);
      expect(refused.msg).toBe('This monitor covers every customer and is open to platform users only');
    }
    expect((await get('/sys/service', await t.login('demo_operator'))).code).toBe(403);
    const { data } = await get('/sys/service', admin);
    expect(data.services.map((s: { name: string }) => s.name)).toEqual([
      'database',
      'broker',
      'cache',
      'scheduler',
      'disk',
    ]);
    expect(data.services.find((s: { name: string }) => s.name === 'database').ok).toBe(true);
    expect(data.services.find((s: { name: string }) => s.name === 'disk').detail.total).toBeGreaterThan(0);
  });

  it('measures messages per second in and out and counts rejected ones by reason', async () => {
    const hub = await startTestHub(t);
    try {
      const meter = throughputMeter(t.deps);
      meter.read();
      // three messages on topics no device owns, in 5 s
      for (let i = 0; i < 3; i++) await hub.deviceHub.handle(`${hub.root}/nowhere/${i}`, Buffer.from('{}'));
      t.clock.advance(5_000);
      meter.read();
      const { data } = await get('/sys/message', admin);
      const last = data.points.at(-1);
      expect(last).toMatchObject({ inPerSecond: 0.6, rejectedPerSecond: 0.6, outPerSecond: 0 });
      expect(data.totals.received).toBe(3);
      expect(Object.values(data.rejected as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(3);
      const overview = await get('/sys/overview', admin);
      expect(overview.data.platform.services).toHaveLength(5);
      expect(overview.data.counts.customers).toBeGreaterThanOrEqual(2);
    } finally {
      await hub.stop();
    }
  });
});
