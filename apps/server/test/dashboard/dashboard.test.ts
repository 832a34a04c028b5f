import { DASHBOARD_PANELS } from '@luxgrid/contracts/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from '../lighting/helpers.ts';

/**
 * The dashboards read the home page's figures (same providers, same scope), add lamps now, alarms
 * by grade and the latest alarms, energy from the controllers' kWh and the small map; a customer's
 * settings are validated and kept apart from another customer's; only holders of a dashboard
 * permission see any of it.
 */
describe('dashboards', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let rival: { clientId: number; token: string };
  const HOUR = 3_600_000;

  const call = async (
    method: string,
    path: string,
    token = d.token,
    extra: { body?: unknown; project?: number } = {},
  ) =>
    (
      await t.call(method, path, {
        token,
        lang: 'en-US',
        body: extra.body,
        headers: extra.project ? { projectid: String(extra.project) } : {},
      })
    ).body;

  const lamp = async (
    projectId: number,
    uid: string,
    state: { comm: string; lampState?: string; dimLevel?: number; fault?: boolean },
    at: [number, number] | null = [115.97, 40.46],
  ) => {
    const [row] = await t.deps.database.query<{ device_id: number }>(
      `insert into lt_device (client_id, project_id, uid, name, device_type, comm_state, longitude, latitude)
       values ($1, $2, $3, $3, 'RTU', $4, $5, $6) returning device_id`,
      [d.clientId, projectId, uid, state.comm, at?.[0] ?? null, at?.[1] ?? null],
    );
    const data: Record<string, unknown> = {};
    if (state.lampState) data.lampState = state.lampState;
    if (state.dimLevel !== undefined) data.dimLevel = state.dimLevel;
    await t.deps.database.query(
      `insert into lt_device_state (device_id, client_id, project_id, online, data, fault) values ($1, $2, $3, $4, $5, $6)`,
      [row!.device_id, d.clientId, projectId, state.comm === 'ON', JSON.stringify(data), state.fault ?? false],
    );
    return row!.device_id;
  };

  const alarm = async (projectId: number, deviceId: number, grade: string, minutesAgo: number) => {
    const at = new Date(t.clock.now() - minutesAgo * 60_000);
    await t.deps.database.query(
      `insert into lt_alarm (client_id, project_id, device_id, alarm_config_type, alarm_type, grade, state, first_time, last_time)
       values ($1, $2, $3, 'LampFault', 'RTU', $4, 'NEW', $5, $5)`,
      [d.clientId, projectId, deviceId, grade, at],
    );
  };

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    rival = await secondCustomer(t);
    for (const key of ['dashboard', 'dashboard.overview', 'dashboard.config', 'dashboard.config.query']) {
      await grantToRole(t, 'rival_admin', key);
    }
    rival.token = await t.login('rival_admin');

    const on = await lamp(d.projectId, 'DB-ON', { comm: 'ON', lampState: 'ON', dimLevel: 100 });
    const dimmed = await lamp(d.projectId, 'DB-DIM', { comm: 'ON', lampState: 'ON', dimLevel: 30 });
    await lamp(d.projectId, 'DB-OFF', { comm: 'ON', lampState: 'OFF', dimLevel: 0 });
    const faulty = await lamp(d.projectId, 'DB-FAULT', { comm: 'OFF', fault: true });
    await lamp(d.otherProjectId, 'DB-OTHER', { comm: 'ON', lampState: 'ON' }, null);
    await alarm(d.projectId, faulty, 'serious', 30);
    await alarm(d.projectId, dimmed, 'urgent', 5);
    await alarm(d.otherProjectId, on, 'dangerous', 60);
    // cumulative kWh of two controllers over three days: 12 + 3 kWh in the period
    const now = t.clock.now();
    for (const [deviceId, readings] of [
      [
        on,
        [
          [72, 100],
          [48, 105],
          [1, 112],
        ],
      ],
      [
        dimmed,
        [
          [50, 40],
          [2, 43],
        ],
      ],
    ] as const) {
      for (const [hoursAgo, energy] of readings) {
        await t.deps.database.query(
          'insert into lt_telemetry (device_id, client_id, project_id, ts, data) values ($1, $2, $3, $4, $5)',
          [deviceId, d.clientId, d.projectId, new Date(now - hoursAgo * HOUR), JSON.stringify({ energy })],
        );
      }
    }
  });
  afterAll(() => t.close());

  it('shows the same figures as the home page, for every project and for one', async () => {
    for (const project of [undefined, d.projectId, d.otherProjectId]) {
      const home = await call('GET', '/sysclient/home/summary', d.token, { project });
      const screen = await call('GET', '/dashboard/data', d.token, { project });
      expect(screen.code).toBe(200);
      expect(screen.data.figures).toEqual(home.data.figures);
      expect(screen.data.scope.projectId).toBe(project ?? null);
    }
  });

  it('counts lamps on, dimmed and off now and open alarms by grade', async () => {
    const { data } = await call('GET', '/dashboard/data', d.token, { project: d.projectId });
    expect(data.figures.lamps).toMatchObject({ on: 1, dimmed: 1, off: 1, unknown: 1, lightingRate: null });
    expect(data.figures.alarmGrades).toEqual({ dangerous: 0, serious: 1, urgent: 1, ordinary: 0 });
    expect(data.latestAlarms.map((a: { uid: string }) => a.uid)).toEqual(['DB-DIM', 'DB-FAULT']);
    const all = await call('GET', '/dashboard/data');
    expect(all.data.figures.alarmGrades.dangerous).toBe(1);
    expect(all.data.figures.lamps.lamps).toBeGreaterThanOrEqual(5);
  });

  it('draws the energy the controllers reported, per day, and says when none was', async () => {
    const { data } = await call('GET', '/dashboard/data', d.token, { project: d.projectId });
    expect(data.energy.reported).toBe(true);
    expect(data.energy.days).toHaveLength(14);
    const total = data.energy.days.reduce((sum: number, day: { kwh: number }) => sum + day.kwh, 0);
    expect(total).toBeCloseTo(15, 3);
    const other = await call('GET', '/dashboard/data', d.token, { project: d.otherProjectId });
    expect(other.data.energy.reported).toBe(false);
    expect(other.data.energy.days.every((day: { kwh: number }) => day.kwh === 0)).toBe(true);
  });

  it('puts located lamps on the small map with their state', async () => {
    const { data } = await call('GET', '/dashboard/data', d.token, { project: d.projectId });
    const states = data.map.points.map((p: [number, number, string]) => p[2]).sort();
    expect(states).toEqual(expect.arrayContaining(['dimmed', 'fault', 'off', 'on']));
  });

  it("never shows one customer another's lamps, alarms or energy", async () => {
    const { code, data } = await call('GET', '/dashboard/data', rival.token);
    expect(code).toBe(200);
    expect(data.figures.lamps.lamps).toBe(0);
    expect(data.latestAlarms).toEqual([]);
    expect(data.energy.reported).toBe(false);
    expect(data.map.points).toEqual([]);
    const home = await call('GET', '/sysclient/home/summary', rival.token);
    expect(data.figures).toEqual(home.data.figures);
  });

  it('refuses users without a dashboard permission', async () => {
    const operator = await t.login('demo_operator');
    expect((await call('GET', '/dashboard/data', operator)).code).toBe(403);
    expect(
      (await call('PUT', '/dashboard/config', operator, { body: { title: 'x', panels: ['map'], refreshSeconds: 30 } }))
        .code,
    ).toBe(403);
    expect((await t.call('GET', '/dashboard/data')).body.code).toBe(401);
    // the rival may read its settings but not change them
    expect(
      (
        await call('PUT', '/dashboard/config', rival.token, {
          body: { title: 'x', panels: ['map'], refreshSeconds: 30 },
        })
      ).code,
    ).toBe(403);
  });

  it('validates, stores and keeps apart each customer’s settings', async () => {
    const before = await call('GET', '/dashboard/config');
    expect(before.data).toMatchObject({ saved: false, panels: [...DASHBOARD_PANELS], refreshSeconds: 60 });
    expect(before.data.title.length).toBeGreaterThan(0);

    for (const [body, text] of [
      [{ title: '  ', panels: ['map'], refreshSeconds: 30 }, 'The dashboard title is required'],
      [{ title: 'City', panels: [], refreshSeconds: 30 }, 'Choose at least one panel to show'],
      [{ title: 'City', panels: ['weather'], refreshSeconds: 30 }, 'Panels'],
      [{ title: 'City', panels: ['map'], refreshSeconds: 5 }, 'Refresh interval (s) must be between 10 and 3600'],
      [{ title: 'x'.repeat(41), panels: ['map'], refreshSeconds: 30 }, 'cannot exceed 40 characters'],
    ] as const) {
      const answer = await call('PUT', '/dashboard/config', d.token, { body });
      expect(answer.code, JSON.stringify(body)).toBe(500);
      expect(answer.msg).toContain(text);
    }

    const saved = await call('PUT', '/dashboard/config', d.token, {
      body: { title: ' Demo city lights ', logo: '/profile/logo.png', panels: ['map', 'devices'], refreshSeconds: 30 },
    });
    expect(saved.code).toBe(200);
    const after = await call('GET', '/dashboard/config');
    expect(after.data).toMatchObject({
      saved: true,
      title: 'Demo city lights',
      logo: '/profile/logo.png',
      panels: ['devices', 'map'],
      refreshSeconds: 30,
    });
    expect((await call('GET', '/dashboard/data')).data.settings.panels).toEqual(['devices', 'map']);
    expect((await call('GET', '/dashboard/portal')).data).toMatchObject({
      title: 'Demo city lights',
      logo: '/profile/logo.png',
    });
    expect((await call('GET', '/dashboard/config', rival.token)).data.saved).toBe(false);
  });
});
