import type { HubDevice } from '@luxgrid/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { AlarmStore } from '../../src/modules/alarm/detection/alarm.store.ts';
import { alarmDetection } from '../../src/modules/alarm/detection/detection.ts';
import { openDatabase } from '../../src/platform/db.ts';
import type { HubEvent } from '../../src/platform/devices/events.ts';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from '../lighting/helpers.ts';

/**
 * Alarms from the device hub's events: device events, readings held beyond their thresholds
 * (injected clock), presence with parent inhibition; one active alarm per device and type under
 * concurrency; the operator's workflow with its permissions; pushes only to the alarm's customer.
 */
describe('alarms', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let rival: { clientId: number; token: string };
  const dev: Record<string, HubDevice> = {};

  const emit = async (...events: HubEvent[]) => {
    t.deps.devices.emit(events);
    await t.deps.devices.idle();
    await alarmDetection(t.deps).idle();
  };
  const event = (uid: string, type: string, data: Record<string, unknown> | null = null): HubEvent => ({
    type: 'event',
    payload: { device: dev[uid]!, ts: t.clock.now(), type, level: 'serious', data },
  });
  const reading = (uid: string, values: Record<string, unknown>): HubEvent => ({
    type: 'telemetry',
    payload: { device: dev[uid]!, ts: t.clock.now(), values },
  });
  const presence = (uid: string, kind: 'offline' | 'online', carried = false): HubEvent => ({
    type: kind,
    payload: { device: dev[uid]!, ts: t.clock.now(), carried },
  });
  const alarms = (uid: string, type: string) =>
    t.deps.database.query<{ alarm_id: number; state: string; count: number; inhibited_by: number | null }>(
      `select a.alarm_id, a.state, a.count, a.inhibited_by from lt_alarm a join lt_device d on d.device_id = a.device_id
        where d.uid = $1 and a.alarm_config_type = $2 order by a.alarm_id`,
      [uid, type],
    );
  const list = async (query = '', token = d.token) =>
    (await t.call('GET', `/lighting/alarm/list?projectId=${d.projectId}&pageSize=100&${query}`, { token })).body;
  const setting = (body: Record<string, unknown>, lang: 'zh-CN' | 'en-US' = 'en-US') =>
    t.call('PUT', '/lighting/alarm-config', {
      token: d.token,
      lang,
      body: {
        projectId: d.projectId,
        enabled: true,
        push: true,
        sound: true,
        notify: false,
        workOrder: false,
        ...body,
      },
    });

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    rival = await secondCustomer(t);
    const add = async (uid: string, deviceType: string, parentId?: number) => {
      const res = await t.call('POST', '/lighting/device', {
        token: d.token,
        body: { projectId: d.projectId, uid, name: `${uid} name`, deviceType, ...(parentId ? { parentId } : {}) },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      dev[uid] = { deviceId: res.body.data.deviceId, clientId: d.clientId, projectId: d.projectId, uid, deviceType };
      return res.body.data.deviceId as number;
    };
    const ccu = await add('A-CCU', 'CCU');
    await add('A-RTU-1', 'RTU', ccu);
    await add('A-RTU-2', 'RTU', ccu);
    await add('A-RTU-3', 'RTU', ccu);
    const box = await add('A-BOX', 'BOX');
    await add('A-BR-1', 'BRANCH', box);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('raises one alarm per device and type from device events; repeats count; RECOVER recovers it', async () => {
    await emit(event('A-RTU-1', 'RtuTilt', { angle: 30 }), event('A-RTU-1', 'RtuTilt'));
    t.clock.advance(1000);
    await emit(event('A-RTU-1', 'RtuTilt'));
    expect(await alarms('A-RTU-1', 'RtuTilt')).toMatchObject([{ state: 'NEW', count: 3 }]);
    // generic and unknown events are not alarms
    await emit(event('A-RTU-1', 'POWER_UP'), event('A-RTU-1', 'NoSuchType'));
    const listed = await list(`deviceId=${dev['A-RTU-1']!.deviceId}`);
    expect(listed.code, JSON.stringify(listed)).toBe(200);
    const rows = listed.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      uid: 'A-RTU-1',
      deviceName: 'A-RTU-1 name',
      alarmType: 'RTU',
      alarmConfigType: 'RtuTilt',
      grade: 'serious',
      state: 'NEW',
      count: 3,
      acknowledged: false,
    });
    t.clock.advance(1000);
    await emit(event('A-RTU-1', 'RECOVER', { type: 'RtuTilt' }));
    expect(await alarms('A-RTU-1', 'RtuTilt')).toMatchObject([{ state: 'RECOVERED' }]);
    const detail = await t.call('GET', `/lighting/alarm/${rows[0].alarmId}`, { token: d.token });
    expect(detail.body.code, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.data.recoveredTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(detail.body.data.history.map((h: { action: string }) => h.action)).toEqual([
      'RAISED',
      'REPEATED',
      'RECOVERED',
    ]);
    // a new tilt after recovery opens a new alarm
    await emit(event('A-RTU-1', 'RtuTilt'));
    expect((await alarms('A-RTU-1', 'RtuTilt')).map((a) => a.state)).toEqual(['RECOVERED', 'NEW']);
  });

  it('a lamp fault after the set number of failed switch-ons; a lit lamp recovers it', async () => {
    expect((await setting({ alarmConfigType: 'LampFault', grade: 'urgent', threshold: 2 })).body.code).toBe(200);
    await emit(event('A-RTU-2', 'LampFault'));
    expect(await alarms('A-RTU-2', 'LampFault')).toEqual([]);
    await emit(event('A-RTU-2', 'LampFault'));
    const [raised] = await alarms('A-RTU-2', 'LampFault');
    expect(raised?.state).toBe('NEW');
    expect((await list(`alarmConfigType=LampFault&grade=urgent`)).total).toBe(1);
    await emit(reading('A-RTU-2', { lampState: 'ON', voltage: 230 }));
    expect(await alarms('A-RTU-2', 'LampFault')).toMatchObject([{ state: 'RECOVERED' }]);
  });

  it('readings beyond the threshold raise only after the hold time, and recover after it back in range', async () => {
    expect(
      (await setting({ alarmConfigType: 'BranchOverVoltage', grade: 'urgent', threshold: 250, holdSeconds: 60 })).body
        .code,
    ).toBe(200);
    await emit(reading('A-BR-1', { voltageA: 262, voltageB: 231, voltageC: 229 }));
    t.clock.advance(59_000);
    await emit(reading('A-BR-1', { voltageA: 263 }));
    expect(await alarms('A-BR-1', 'BranchOverVoltage')).toEqual([]);
    // a dip back in range restarts the hold
    await emit(reading('A-BR-1', { voltageA: 240 }));
    t.clock.advance(2_000);
    await emit(reading('A-BR-1', { voltageA: 262 }));
    t.clock.advance(59_000);
    await alarmDetection(t.deps).tick();
    expect(await alarms('A-BR-1', 'BranchOverVoltage')).toEqual([]);
    t.clock.advance(1_000);
    // no new reading: the value stays what was last reported
    await alarmDetection(t.deps).tick();
    expect(await alarms('A-BR-1', 'BranchOverVoltage')).toMatchObject([{ state: 'NEW', count: 1 }]);
    await emit(reading('A-BR-1', { voltageA: 230 }));
    t.clock.advance(30_000);
    await alarmDetection(t.deps).tick();
    expect(await alarms('A-BR-1', 'BranchOverVoltage')).toMatchObject([{ state: 'NEW' }]);
    t.clock.advance(30_000);
    await alarmDetection(t.deps).tick();
    expect(await alarms('A-BR-1', 'BranchOverVoltage')).toMatchObject([{ state: 'RECOVERED' }]);
    // under-voltage only while the breaker is closed
    await setting({ alarmConfigType: 'BranchUnderVoltage', grade: 'urgent', threshold: 180, holdSeconds: 0 });
    await emit(reading('A-BR-1', { breaker: 'OPEN', voltageA: 0, voltageB: 0, voltageC: 0 }));
    expect(await alarms('A-BR-1', 'BranchUnderVoltage')).toEqual([]);
    await emit(reading('A-BR-1', { breaker: 'CLOSE' }));
    expect(await alarms('A-BR-1', 'BranchUnderVoltage')).toMatchObject([{ state: 'NEW' }]);
  });

  it('a silent concentrator is one alarm; its lamps are inhibited, linked to it, and recover with it', async () => {
    await emit(
      presence('A-RTU-3', 'offline', true),
      presence('A-CCU', 'offline'),
      presence('A-RTU-2', 'offline', true),
    );
    const [parent] = await alarms('A-CCU', 'CcuOffline');
    expect(parent).toMatchObject({ state: 'NEW', inhibited_by: null });
    for (const uid of ['A-RTU-2', 'A-RTU-3'])
      expect(await alarms(uid, 'RtuOffline')).toMatchObject([{ state: 'NEW', inhibited_by: parent!.alarm_id }]);
    const offline = (await list('state=NEW')).rows.filter((r: { alarmConfigType: string }) =>
      r.alarmConfigType.endsWith('Offline'),
    );
    expect(offline).toMatchObject([{ uid: 'A-CCU', inhibitedCount: 2 }]);
    const children = await list(`inhibitedBy=${parent!.alarm_id}`);
    expect(children.rows.map((r: { uid: string }) => r.uid).sort()).toEqual(['A-RTU-2', 'A-RTU-3']);
    t.clock.advance(5_000);
    await emit(presence('A-CCU', 'online'));
    for (const uid of ['A-CCU', 'A-RTU-2', 'A-RTU-3'])
      expect((await alarms(uid, uid === 'A-CCU' ? 'CcuOffline' : 'RtuOffline'))[0]?.state).toBe('RECOVERED');
    const history = await t.call('GET', `/lighting/alarm/${(await alarms('A-RTU-2', 'RtuOffline'))[0]!.alarm_id}`, {
      token: d.token,
    });
    expect(history.body.data.history.map((h: { action: string }) => h.action)).toEqual(['INHIBITED', 'RECOVERED']);
    // a lamp silent on its own is an alarm of its own
    await emit(presence('A-RTU-3', 'offline'));
    expect((await alarms('A-RTU-3', 'RtuOffline')).at(-1)).toMatchObject({ state: 'NEW', inhibited_by: null });
  });

  it('never opens two alarms for one device and type, however many writes race', async () => {
    const detection = alarmDetection(t.deps);
    const device = dev['A-RTU-1']!;
    const ts = t.clock.now();
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        detection.store.raise([{ device, type: 'RtuRelayFault', ts: ts + (i % 3), detail: { i } }]),
      ),
    );
    expect(await alarms('A-RTU-1', 'RtuRelayFault')).toMatchObject([{ state: 'NEW', count: 24 }]);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'never opens two alarms when two server processes (two pools, two detections) raise it at once',
    async () => {
      const other = await openDatabase({ databaseUrl: t.deps.config.databaseUrl });
      try {
        const stores = [
          alarmDetection(t.deps).store,
          new AlarmStore({ ...t.deps, database: other }, (projectId) => alarmDetection(t.deps).settingsOf(projectId)),
        ];
        const device = dev['A-RTU-2']!;
        const ts = t.clock.now();
        await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            stores[i % 2]!.raise([{ device, type: 'RtuPowerOutputOverload', ts, detail: { i } }]),
          ),
        );
        expect(await alarms('A-RTU-2', 'RtuPowerOutputOverload')).toMatchObject([{ state: 'NEW', count: 30 }]);
      } finally {
        await other.close();
      }
    },
  );

  it('a reading held while its type is switched off raises once the type is on again and the hold time passes', async () => {
    const off = { alarmConfigType: 'RtuOverVoltage', grade: 'urgent', threshold: 260, holdSeconds: 30 };
    expect((await setting(off)).body.code).toBe(200);
    await emit(reading('A-RTU-3', { voltage: 275, lampState: 'ON' }));
    t.clock.advance(10_000);
    expect((await setting({ ...off, enabled: false })).body.code).toBe(200);
    // the checks go on while it is off: nothing is raised, and nothing is taken as raised
    t.clock.advance(40_000);
    await alarmDetection(t.deps).tick();
    expect(await alarms('A-RTU-3', 'RtuOverVoltage')).toEqual([]);
    expect((await setting({ ...off, enabled: true })).body.code).toBe(200);
    await emit(reading('A-RTU-3', { voltage: 276 }));
    expect(await alarms('A-RTU-3', 'RtuOverVoltage')).toEqual([]);
    t.clock.advance(30_000);
    await alarmDetection(t.deps).tick();
    expect(await alarms('A-RTU-3', 'RtuOverVoltage')).toMatchObject([{ state: 'NEW', count: 1 }]);
    await emit(reading('A-RTU-3', { voltage: 228 }));
    t.clock.advance(30_000);
    await alarmDetection(t.deps).tick();
    expect(await alarms('A-RTU-3', 'RtuOverVoltage')).toMatchObject([{ state: 'RECOVERED' }]);
  });

  it('validates settings with messages in both languages; a disabled type raises nothing', async () => {
    const en = await setting({ alarmConfigType: 'RtuOverVoltage', grade: 'urgent', threshold: 900, holdSeconds: 60 });
    expect(en.body.msg).toBe('Threshold must be between 100 and 500 V');
    const zh = await setting(
      { alarmConfigType: 'RtuOverVoltage', grade: 'urgent', threshold: 900, holdSeconds: 60 },
      'zh-CN',
    );
    expect(zh.body.msg).toBe('阈值必须在100到500V之间');
    expect((await setting({ alarmConfigType: 'RtuRelayFault', grade: 'serious', threshold: 3 })).body.msg).toBe(
      'RtuRelayFault has no Threshold to set',
    );
    expect(
      (await setting({ alarmConfigType: 'RtuTilt', grade: 'loud', threshold: 10, holdSeconds: 5 })).body.msg,
    ).toMatch(/Grade/);
    const listed = await t.call('GET', `/lighting/alarm-config/list?projectId=${d.projectId}`, { token: d.token });
    // the 33 types of smart lighting, then the manhole covers' four alarm kinds
    expect(listed.body.total).toBe(37);
    expect(listed.body.rows.slice(33).map((r: { alarmConfigType: string }) => r.alarmConfigType)).toEqual([
      'COVER_OPENED',
      'TILTED',
      'WATER_HIGH',
      'LOW_BATTERY',
    ]);
    expect(listed.body.rows.find((r: { alarmConfigType: string }) => r.alarmConfigType === 'LampFault')).toMatchObject({
      threshold: 2,
      grade: 'urgent',
      custom: true,
    });
    expect((await setting({ alarmConfigType: 'RtuPowerLeakage', grade: 'dangerous', enabled: false })).body.code).toBe(
      200,
    );
    await emit(event('A-RTU-1', 'RtuPowerLeakage'));
    expect(await alarms('A-RTU-1', 'RtuPowerLeakage')).toEqual([]);
    // back to the defaults: enabled again
    await t.call('POST', '/lighting/alarm-config/reset', {
      token: d.token,
      body: { projectId: d.projectId, alarmConfigTypes: ['RtuPowerLeakage'] },
    });
    await emit(event('A-RTU-1', 'RtuPowerLeakage'));
    expect(await alarms('A-RTU-1', 'RtuPowerLeakage')).toMatchObject([{ state: 'NEW' }]);
  });

  it('acknowledges, shelves and clears with the handle permission, within the customer only', async () => {
    const [relay] = await alarms('A-RTU-1', 'RtuRelayFault');
    t.clock.advance(10_000);
    const before = (
      await t.call('GET', '/lighting/alarm/count', { token: d.token, headers: { projectId: String(d.projectId) } })
    ).body.data;
    const ack = await t.call('PUT', '/lighting/alarm/acknowledge', {
      token: d.token,
      body: { alarmIds: [relay!.alarm_id], comment: 'crew sent' },
    });
    expect(ack.body.data).toEqual({ acknowledged: 1 });
    const after = (
      await t.call('GET', '/lighting/alarm/count', { token: d.token, headers: { projectId: String(d.projectId) } })
    ).body.data;
    expect(after.unacknowledged).toBe(before.unacknowledged - 1);
    // a viewer may list but not handle
    await t.deps.database.query(
      "insert into sys_role (client_id, role_name, role_key, data_scope) values ($1, 'alarm viewer', 'alarm_viewer', '1')",
      [d.clientId],
    );
    await grantToRole(t, 'alarm_viewer', 'lighting-alarm');
    await grantToRole(t, 'alarm_viewer', 'lighting.alarm');
    await t.deps.database.query(
      `insert into sys_user (user_name, nick_name, password, client_id) select 'alarm_viewer', 'viewer', password, client_id from sys_user where user_name = 'demo_admin'`,
    );
    await t.deps.database.query(
      "insert into sys_user_role (user_id, role_id) select u.user_id, r.role_id from sys_user u, sys_role r where u.user_name = 'alarm_viewer' and r.role_key = 'alarm_viewer'",
    );
    const viewer = await t.login('alarm_viewer');
    expect((await list('', viewer)).total).toBeGreaterThan(0);
    for (const [url, body] of [
      ['/lighting/alarm/acknowledge', { alarmIds: [relay!.alarm_id] }],
      ['/lighting/alarm/shelve', { alarmIds: [relay!.alarm_id], minutes: 30 }],
      ['/lighting/alarm/clear', { alarmIds: [relay!.alarm_id] }],
    ] as const)
      expect((await t.call('PUT', url, { token: viewer, body })).body.code).toBe(403);
    // another customer's alarm is not found
    await grantToRole(t, 'rival_admin', 'lighting-alarm');
    await grantToRole(t, 'rival_admin', 'lighting.alarm');
    await grantToRole(t, 'rival_admin', 'lighting.alarm.query');
    await grantToRole(t, 'rival_admin', 'lighting.alarm.handle');
    const foreign = await t.call('PUT', '/lighting/alarm/acknowledge', {
      token: rival.token,
      body: { alarmIds: [relay!.alarm_id] },
    });
    expect(foreign.body.code).toBe(404);
    expect((await list('', rival.token)).total).toBe(0);
    expect((await t.call('GET', `/lighting/alarm/${relay!.alarm_id}`, { token: rival.token })).body.code).toBe(404);
    // shelved: off the badge for its time
    await t.call('PUT', '/lighting/alarm/shelve', {
      token: d.token,
      body: { alarmIds: [relay!.alarm_id], minutes: 30 },
    });
    // an offline alarm recovers by itself: it cannot be cleared by hand
    const [silent] = await alarms('A-RTU-3', 'RtuOffline').then((r) => r.slice(-1));
    const refused = await t.call('PUT', '/lighting/alarm/clear', {
      token: d.token,
      lang: 'en-US',
      body: { alarmIds: [silent!.alarm_id] },
    });
    expect(refused.body.msg).toBe(
      'RtuOffline recovers by itself once the device recovers and cannot be cleared by hand',
    );
    const cleared = await t.call('PUT', '/lighting/alarm/clear', {
      token: d.token,
      body: { alarmIds: [relay!.alarm_id], comment: 'relay replaced' },
    });
    expect(cleared.body.data).toEqual({ cleared: 1 });
    const detail = (await t.call('GET', `/lighting/alarm/${relay!.alarm_id}`, { token: d.token })).body.data;
    expect(detail).toMatchObject({ state: 'RECOVERED', acknowledged: true, clearedBy: 'demo_admin' });
    expect(detail.history.map((h: { action: string; operBy: string }) => `${h.action}:${h.operBy}`)).toEqual([
      'RAISED:',
      ...Array(23).fill('REPEATED:'),
      'ACKNOWLEDGED:demo_admin',
      'SHELVED:demo_admin',
      'CLEARED:demo_admin',
    ]);
    const exported = await t.call('POST', '/lighting/alarm/export', {
      token: d.token,
      body: { projectId: d.projectId },
    });
    expect(exported.status).toBe(200);
    expect(String(exported.headers['content-type'])).toContain('spreadsheetml');
  });

  it('shelves alarms of a device under maintenance: recorded, not counted, not pushed', async () => {
    const until = new Date(t.clock.now() + 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const text = `${until.getFullYear()}-${pad(until.getMonth() + 1)}-${pad(until.getDate())} ${pad(until.getHours())}:${pad(until.getMinutes())}:00`;
    const set = await t.call('PUT', '/lighting/alarm/maintenance', {
      token: d.token,
      body: { deviceIds: [dev['A-BOX']!.deviceId], until: text, reason: 'cabinet rewiring' },
    });
    expect(set.body.code, JSON.stringify(set.body)).toBe(200);
    const before = (await t.call('GET', '/lighting/alarm/count', { token: d.token })).body.data.unacknowledged;
    const publish = vi.spyOn(t.deps.ws, 'publish');
    await emit(event('A-BOX', 'LineLeakage'));
    expect(publish.mock.calls.filter(([, m]) => m.type === 'alarm.update')).toEqual([]);
    publish.mockRestore();
    expect(await alarms('A-BOX', 'LineLeakage')).toMatchObject([{ state: 'NEW' }]);
    expect((await t.call('GET', '/lighting/alarm/count', { token: d.token })).body.data.unacknowledged).toBe(before);
    const past = await t.call('PUT', '/lighting/alarm/maintenance', {
      token: d.token,
      lang: 'en-US',
      body: { deviceIds: [dev['A-BOX']!.deviceId], until: '2001-01-01 00:00:00' },
    });
    expect(past.body.msg).toBe('The end of maintenance must be in the future');
  });

  it('lists the devices under maintenance of the customer: until when, why, who; ended by hand', async () => {
    const listed = async (token = d.token) =>
      (await t.call('GET', `/lighting/alarm/maintenance/list?projectId=${d.projectId}&keyword=A-BO`, { token })).body;
    const mine = await listed();
    expect(mine.code, JSON.stringify(mine)).toBe(200);
    expect(mine.rows).toMatchObject([
      { deviceId: dev['A-BOX']!.deviceId, uid: 'A-BOX', deviceName: 'A-BOX name', reason: 'cabinet rewiring' },
    ]);
    expect(mine.rows[0].setBy).not.toBe('');
    expect(mine.rows[0].until).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // another customer sees none of it and cannot end it
    expect((await t.call('GET', '/lighting/alarm/maintenance/list', { token: rival.token })).body.rows ?? []).toEqual(
      [],
    );
    const foreign = await t.call('DELETE', `/lighting/alarm/maintenance/${dev['A-BOX']!.deviceId}`, {
      token: rival.token,
    });
    expect(foreign.body.code).not.toBe(200);
    expect((await listed()).total).toBe(1);
    // ended now: gone from the list; once it has ended by its time it is left out as well
    const ended = await t.call('DELETE', `/lighting/alarm/maintenance/${dev['A-BOX']!.deviceId}`, { token: d.token });
    expect(ended.body.code).toBe(200);
    expect((await listed()).total).toBe(0);
    const at = new Date(t.clock.now() + 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const until = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:00`;
    const again = await t.call('PUT', '/lighting/alarm/maintenance', {
      token: d.token,
      body: { deviceIds: [dev['A-BOX']!.deviceId], until },
    });
    expect(again.body.code).toBe(200);
    expect((await listed()).total).toBe(1);
    // its time passes
    await t.deps.database.query('update lt_device_maintenance set until = $2 where device_id = $1', [
      dev['A-BOX']!.deviceId,
      new Date(t.clock.now() - 60_000),
    ]);
    expect((await listed()).total).toBe(0);
  });

  it('pushes new and recovered alarms only to viewers of that customer', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const connect = (token: string) =>
      new Promise<{
        ws: WebSocket;
        got: { type: string; items?: { uid: string; action: string; sound: boolean }[] }[];
      }>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
        const got: { type: string }[] = [];
        ws.on('message', (m) => {
          got.push(JSON.parse(String(m)));
          if (got.length === 1) resolve({ ws, got });
        });
        ws.once('error', reject);
      });
    const mine = await connect(d.token);
    const stranger = await connect(rival.token);
    await emit(event('A-RTU-2', 'RtuMainsPowerFailure'));
    const until = Date.now() + 3000;
    while (Date.now() < until && !mine.got.some((m) => m.type === 'alarm.update'))
      await new Promise((r) => setTimeout(r, 20));
    const pushed = mine.got.find((m) => m.type === 'alarm.update');
    expect(pushed?.items).toMatchObject([{ uid: 'A-RTU-2', action: 'NEW', sound: true }]);
    await emit(event('A-RTU-2', 'RECOVER', { type: 'RtuMainsPowerFailure' }));
    const end = Date.now() + 3000;
    while (Date.now() < end && mine.got.filter((m) => m.type === 'alarm.update').length < 2)
      await new Promise((r) => setTimeout(r, 20));
    expect(mine.got.filter((m) => m.type === 'alarm.update').map((m) => m.items![0]!.action)).toEqual([
      'NEW',
      'RECOVERED',
    ]);
    expect(stranger.got.filter((m) => m.type === 'alarm.update')).toEqual([]);
    mine.ws.terminate();
    stranger.ws.terminate();
  });
});
