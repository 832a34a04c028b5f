import type { HubDevice, LiveMessage } from '@luxgrid/contracts';
import { ALARM_KINDS, ALARM_RULES, familyAlarmKinds } from '@luxgrid/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmDetection } from '../../src/modules/alarm/detection/detection.ts';
import type { HubEvent } from '../../src/platform/devices/events.ts';
import { grantToRole } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from '../lighting/helpers.ts';

/**
 * Another family's alarms are ordinary alarms of the alarm area: a manhole cover's graded events
 * (COVER_OPENED, TILTED, WATER_HIGH, LOW_BATTERY) are raised with the model's grade, deduplicated,
 * recovered by their recovering event, set per project, pushed and counted on the badge; the
 * family's screen reads and handles only its own kinds, behind its own permissions.
 */
describe('alarms of other device families', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let cover: HubDevice;
  let lamp: HubDevice;
  const pushed: LiveMessage[] = [];
  const headers = () => ({ projectId: String(d.projectId) });
  const emit = async (...events: HubEvent[]) => {
    t.deps.devices.emit(events);
    await t.deps.devices.idle();
    await alarmDetection(t.deps).idle();
  };
  const event = (device: HubDevice, type: string): HubEvent => ({
    type: 'event',
    payload: { device, ts: t.clock.now(), type, level: 'urgent', data: null },
  });
  const alarmsOf = (device: HubDevice, type: string) =>
    t.deps.database.query<{ alarm_id: number; state: string; count: number; grade: string; alarm_type: string }>(
      `select alarm_id, state, count, grade, alarm_type from lt_alarm
        where device_id = $1 and alarm_config_type = $2 order by alarm_id`,
      [device.deviceId, type],
    );
  const setting = (body: Record<string, unknown>) =>
    t.call('PUT', '/lighting/alarm-config', {
      token: d.token,
      body: { projectId: d.projectId, push: true, sound: true, notify: false, workOrder: false, ...body },
    });

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    const [c] = await t.deps.database.query<{ device_id: number }>(
      `insert into lt_device (client_id, project_id, uid, name, device_type)
       values ($1, $2, 'FA-MH-1', 'Cover 1', 'MANHOLE_COVER') returning device_id`,
      [d.clientId, d.projectId],
    );
    await t.deps.database.query('update lt_device set gateway_id = device_id where device_id = $1', [c!.device_id]);
    cover = {
      deviceId: c!.device_id,
      clientId: d.clientId,
      projectId: d.projectId,
      uid: 'FA-MH-1',
      deviceType: 'MANHOLE_COVER',
    };
    const [l] = await t.deps.database.query<{ device_id: number }>(
      `insert into lt_device (client_id, project_id, uid, name, device_type)
       values ($1, $2, 'FA-RTU-1', 'Lamp 1', 'RTU') returning device_id`,
      [d.clientId, d.projectId],
    );
    lamp = { deviceId: l!.device_id, clientId: d.clientId, projectId: d.projectId, uid: 'FA-RTU-1', deviceType: 'RTU' };
    const publish = t.deps.ws.publish.bind(t.deps.ws);
    t.deps.ws.publish = async (scope, message) => {
      pushed.push(message);
      return publish(scope, message);
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads the families’ graded events as alarm kinds, each with its model’s grade and recovery', () => {
    expect(familyAlarmKinds('manhole')).toEqual(['COVER_OPENED', 'TILTED', 'WATER_HIGH', 'LOW_BATTERY']);
    expect(ALARM_KINDS.slice(0, 33)).not.toContain('COVER_OPENED');
    expect(ALARM_RULES.COVER_OPENED).toMatchObject({
      family: 'manhole',
      alarmType: 'MANHOLE',
      grade: 'urgent',
      recoveredBy: 'COVER_CLOSED',
      deviceTypes: ['MANHOLE_COVER'],
      manualClear: true,
    });
    expect(ALARM_RULES.LOW_BATTERY.grade).toBe('ordinary');
  });

  it('raises one alarm per cover and kind, pushes it, counts it, and recovers it by the recovering event', async () => {
    const badge = async () =>
      (await t.call('GET', '/lighting/alarm/count', { token: d.token, headers: headers() })).body.data.unacknowledged;
    const before = await badge();
    await emit(event(cover, 'COVER_OPENED'), event(cover, 'COVER_OPENED'));
    t.clock.advance(1_000);
    await emit(event(cover, 'COVER_OPENED'));
    expect(await alarmsOf(cover, 'COVER_OPENED')).toMatchObject([
      { state: 'NEW', count: 3, grade: 'urgent', alarm_type: 'MANHOLE' },
    ]);
    expect(await badge()).toBe(before + 1);
    const news = pushed.flatMap((m) => (m.type === 'alarm.update' ? m.items : []));
    expect(news).toEqual([expect.objectContaining({ alarmConfigType: 'COVER_OPENED', action: 'NEW', uid: 'FA-MH-1' })]);
    // a lamp's event of the same name is no cover alarm
    await emit(event(lamp, 'COVER_OPENED'));
    expect(await alarmsOf(lamp, 'COVER_OPENED')).toEqual([]);

    await emit(event(cover, 'COVER_CLOSED'));
    expect(await alarmsOf(cover, 'COVER_OPENED')).toMatchObject([{ state: 'RECOVERED' }]);
    expect(await badge()).toBe(before);
    // RECOVER naming it recovers it too
    await emit(event(cover, 'WATER_HIGH'));
    await emit({
      ...event(cover, 'RECOVER'),
      payload: { ...event(cover, 'RECOVER').payload, data: { type: 'WATER_HIGH' } },
    } as HubEvent);
    expect(await alarmsOf(cover, 'WATER_HIGH')).toMatchObject([{ state: 'RECOVERED' }]);
  });

  it('follows the project’s settings: a kind switched off raises nothing, a grade set is used', async () => {
    const rows = (await t.call('GET', `/lighting/alarm-config/list?projectId=${d.projectId}`, { token: d.token })).body
      .rows as { alarmConfigType: string; grade: string }[];
    expect(rows.find((r) => r.alarmConfigType === 'TILTED')).toMatchObject({ grade: 'serious' });
    expect((await setting({ alarmConfigType: 'TILTED', enabled: false, grade: 'serious' })).body.code).toBe(200);
    await emit(event(cover, 'TILTED'));
    expect(await alarmsOf(cover, 'TILTED')).toEqual([]);
    expect((await setting({ alarmConfigType: 'LOW_BATTERY', enabled: true, grade: 'serious' })).body.code).toBe(200);
    await emit(event(cover, 'LOW_BATTERY'));
    expect(await alarmsOf(cover, 'LOW_BATTERY')).toMatchObject([{ state: 'NEW', grade: 'serious' }]);
    // a threshold is not one of its settings
    const refused = await setting({ alarmConfigType: 'LOW_BATTERY', enabled: true, grade: 'serious', threshold: 20 });
    expect(refused.body.code).toBe(500);
  });

  it('the family’s screen lists, acknowledges and clears only its own kinds, with its handle permission', async () => {
    await emit(event(lamp, 'RtuRelayFault'), event(cover, 'COVER_OPENED'));
    const [relay] = await alarmsOf(lamp, 'RtuRelayFault');
    const [opened] = (await alarmsOf(cover, 'COVER_OPENED')).filter((a) => a.state === 'NEW');
    const page = (
      await t.call('GET', '/manhole/alarm/list?state=NEW&pageSize=50', { token: d.token, headers: headers() })
    ).body;
    const kinds = page.rows.map((r: { alarmConfigType: string }) => r.alarmConfigType);
    expect(kinds).toEqual(expect.arrayContaining(['COVER_OPENED', 'LOW_BATTERY']));
    expect(kinds).not.toContain('RtuRelayFault');
    // a lighting alarm is not found through the covers' routes
    for (const [method, url, body] of [
      ['GET', `/manhole/alarm/${relay!.alarm_id}`, undefined],
      ['PUT', '/manhole/alarm/acknowledge', { alarmIds: [relay!.alarm_id] }],
      ['PUT', '/manhole/alarm/clear', { alarmIds: [relay!.alarm_id] }],
    ] as const)
      expect((await t.call(method, url, { token: d.token, body })).body.code, url).toBe(404);

    // a viewer of the covers' alarms may read them, not handle them
    await t.deps.database.query(
      "insert into sys_role (client_id, role_name, role_key, data_scope) values ($1, 'cover watch', 'cover_watch', '1')",
      [d.clientId],
    );
    for (const key of ['manhole', 'manhole.alarm', 'manhole.alarm.query']) await grantToRole(t, 'cover_watch', key);
    await t.deps.database.query(
      `insert into sys_user (user_name, nick_name, password, client_id)
       select 'cover_watch', 'watch', password, client_id from sys_user where user_name = 'demo_admin'`,
    );
    await t.deps.database.query(
      `insert into sys_user_role (user_id, role_id) select u.user_id, r.role_id from sys_user u, sys_role r
        where u.user_name = 'cover_watch' and r.role_key = 'cover_watch'`,
    );
    const watch = await t.login('cover_watch');
    expect((await t.call('GET', '/manhole/alarm/list', { token: watch })).body.total).toBeGreaterThan(0);
    expect((await t.call('GET', `/manhole/alarm/${opened!.alarm_id}`, { token: watch })).body.code).toBe(200);
    const body = { alarmIds: [opened!.alarm_id], comment: 'crew on the way' };
    expect((await t.call('PUT', '/manhole/alarm/acknowledge', { token: watch, body })).body.code).toBe(403);
    expect((await t.call('GET', '/lighting/alarm/list', { token: watch })).body.code).toBe(403);

    const ack = await t.call('PUT', '/manhole/alarm/acknowledge', { token: d.token, body });
    expect(ack.body.data).toEqual({ acknowledged: 1 });
    const clear = await t.call('PUT', '/manhole/alarm/clear', {
      token: d.token,
      body: { alarmIds: [opened!.alarm_id] },
    });
    expect(clear.body.data).toEqual({ cleared: 1 });
    const detail = (await t.call('GET', `/manhole/alarm/${opened!.alarm_id}`, { token: d.token })).body.data;
    expect(detail).toMatchObject({ state: 'RECOVERED', clearedBy: 'demo_admin', manualClear: true });
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['RAISED', 'ACKNOWLEDGED', 'CLEARED']);
  });

  it('counts the covers’ alarms in the alarm statistics', async () => {
    const summary = (await t.call('GET', `/statistics/alarm/summary?projectId=${d.projectId}`, { token: d.token })).body
      .data;
    expect(JSON.stringify(summary)).toContain('COVER_OPENED');
  });
});
