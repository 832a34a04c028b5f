import { randomUUID } from 'node:crypto';
import type { HubDevice } from '@luxgrid/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmDetection } from '../../src/modules/alarm/detection/detection.ts';
import {
  alarmOrderWorker,
  closeVerified,
  openFromAlarms,
  sweep,
} from '../../src/modules/ops/work-order/alarm-orders.ts';
import type { HubEvent } from '../../src/platform/devices/events.ts';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from '../lighting/helpers.ts';
import { multipart } from '../system/helpers.ts';

/**
 * Work orders: the life cycle with its permissions, the crew's steps applied once however often
 * they are sent, SLA clocks on the injected clock, alarm → order → recovery → verified close with
 * the device under maintenance meanwhile, one open order per device under concurrency, teams with
 * their roster, and another customer seeing none of it.
 */
describe('work orders', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let operator: string;
  let operatorId: number;
  let rival: { clientId: number };
  const dev: Record<string, HubDevice> = {};

  const call = async (method: string, url: string, body?: unknown, token = d.token) =>
    (await t.call(method, url, { token, body, lang: 'en-US' })).body;
  const order = async (orderId: number, token = d.token) =>
    (await call('GET', `/ops/work-order/${orderId}`, undefined, token)).data;
  const emit = async (...events: HubEvent[]) => {
    t.deps.devices.emit(events);
    await t.deps.devices.idle();
    await alarmDetection(t.deps).idle();
  };
  const event = (uid: string, type: string, data: Record<string, unknown> | null = null): HubEvent => ({
    type: 'event',
    payload: { device: dev[uid]!, ts: t.clock.now(), type, level: 'serious', data },
  });
  const add = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/ops/work-order', {
      projectId: d.projectId,
      title: 'Lamp dark on Main St',
      ...body,
    });
    expect(res.code, JSON.stringify(res)).toBe(200);
    return res.data.orderId as number;
  };

  /** Signs in again after the clock moved past the sessions' idle time. */
  const signIn = async () => {
    d.token = await t.login('demo_admin');
    operator = await t.login('demo_operator');
  };

  beforeAll(async () => {
    t = await startTestApp();
    // the tests run the sweeps themselves: the process's own 5-second sweep is held, so that it
    // never takes an alarm first
    alarmOrderWorker(t.deps).stop();
    d = await demo(t);
    operator = await t.login('demo_operator');
    const [op] = await t.deps.database.query<{ user_id: number }>(
      "select user_id from sys_user where user_name = 'demo_operator'",
    );
    operatorId = Number(op!.user_id);
    rival = await secondCustomer(t);
    for (const uid of ['WO-RTU-1', 'WO-RTU-2', 'WO-RTU-3']) {
      const res = await t.call('POST', '/lighting/device', {
        token: d.token,
        body: { projectId: d.projectId, uid, name: `${uid} pole`, deviceType: 'RTU', longitude: 116.4, latitude: 39.9 },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      dev[uid] = {
        deviceId: res.body.data.deviceId,
        clientId: d.clientId,
        projectId: d.projectId,
        uid,
        deviceType: 'RTU',
      };
    }
  });
  afterAll(async () => t?.close());

  it('runs the life cycle: created → dispatched → accepted → on site → resolved → sent back → approved → closed', async () => {
    const orderId = await add({
      source: 'CITIZEN',
      priority: 'urgent',
      reporter: 'Ms Li',
      reporterPhone: '13900000000',
    });
    expect(await order(orderId)).toMatchObject({
      state: 'CREATED',
      source: 'CITIZEN',
      priority: 'urgent',
      orderNo: expect.stringMatching(/^WO\d{8}\d{6}$/),
    });

    // the crew cannot act before the order is theirs
    const early = await call('POST', `/ops/my-order/${orderId}/accept`, { opId: randomUUID() }, operator);
    expect(early.msg).toBe('This work order is not assigned to you or your team');

    expect(
      (await call('PUT', `/ops/work-order/${orderId}/dispatch`, { assigneeId: operatorId, comment: 'nearest crew' }))
        .code,
    ).toBe(200);
    const mine = await call('GET', '/ops/my-order/list?pageSize=50', undefined, operator);
    expect(mine.rows.map((r: { orderId: number }) => r.orderId)).toContain(orderId);

    const accept = { opId: randomUUID(), longitude: 116.41, latitude: 39.91 };
    expect((await call('POST', `/ops/my-order/${orderId}/accept`, accept, operator)).code).toBe(200);
    // the offline queue sends it again: applied once, answered as done
    expect((await call('POST', `/ops/my-order/${orderId}/accept`, accept, operator)).code).toBe(200);
    // a different step out of order is refused with the state
    const resolveEarly = await call('POST', `/ops/my-order/${orderId}/arrive`, { opId: randomUUID() }, operator);
    expect(resolveEarly.code).toBe(200);
    const twice = await call('POST', `/ops/my-order/${orderId}/arrive`, { opId: randomUUID() }, operator);
    expect(twice.msg).toBe('The work order is On site; this step cannot be taken now');

    // a photo taken on site: uploaded through the file kit, then attached with its time and position
    const { body, headers } = multipart(
      'before.png',
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/common/upload',
      payload: body,
      headers: { ...headers, access_token: operator },
    });
    const photo = {
      opId: randomUUID(),
      url: up.json().url as string,
      kind: 'BEFORE',
      longitude: 116.42,
      latitude: 39.92,
    };
    const attached = await call('POST', `/ops/my-order/${orderId}/photo`, photo, operator);
    expect(attached.code, JSON.stringify([up.json(), attached])).toBe(200);
    expect((await call('POST', `/ops/my-order/${orderId}/photo`, photo, operator)).code).toBe(200);
    const foreign = await call(
      'POST',
      `/ops/my-order/${orderId}/photo`,
      { ...photo, opId: randomUUID(), url: '/profile/upload/2020/01/01/none.png' },
      operator,
    );
    expect(foreign.msg).toBe('The photo file was not found; upload it again');
    expect((await order(orderId)).photos).toMatchObject([
      { kind: 'BEFORE', longitude: 116.42, uploadBy: 'demo_operator' },
    ]);

    const resolve = {
      opId: randomUUID(),
      resolution: 'Replaced the driver',
      parts: [{ name: 'LED driver', model: 'MW-150', quantity: 1, unit: 'pcs' }],
    };
    expect((await call('POST', `/ops/my-order/${orderId}/resolve`, resolve, operator)).code).toBe(200);
    expect((await call('POST', `/ops/my-order/${orderId}/resolve`, resolve, operator)).code).toBe(200);
    expect((await order(orderId)).parts).toHaveLength(1);
    // a part recorded on its own, sent twice
    const part = { opId: randomUUID(), name: 'Fuse', model: '10A', quantity: 2, unit: 'pcs' };
    expect((await call('POST', `/ops/my-order/${orderId}/part`, part, operator)).code).toBe(200);
    expect((await call('POST', `/ops/my-order/${orderId}/part`, part, operator)).code).toBe(200);
    expect((await order(orderId)).parts).toMatchObject([{ name: 'LED driver' }, { name: 'Fuse', quantity: 2 }]);

    expect((await call('PUT', `/ops/work-order/${orderId}/send-back`, { comment: '' })).msg).toContain(
      'cannot be empty',
    );
    expect((await call('PUT', `/ops/work-order/${orderId}/send-back`, { comment: 'Photo missing' })).code).toBe(200);
    expect((await order(orderId)).state).toBe('ACCEPTED');
    expect(
      (await call('POST', `/ops/my-order/${orderId}/resolve`, { ...resolve, opId: randomUUID(), parts: [] }, operator))
        .code,
    ).toBe(200);
    expect((await call('PUT', `/ops/work-order/${orderId}/approve`, {})).code).toBe(200);
    expect((await call('PUT', `/ops/work-order/${orderId}/close`, { comment: 'done' })).code).toBe(200);

    const done = await order(orderId);
    expect(done).toMatchObject({
      state: 'CLOSED',
      outcome: 'DONE',
      assigneeId: operatorId,
      resolution: 'Replaced the driver',
    });
    expect(done.history.map((h: { action: string }) => h.action)).toEqual([
      'CREATED',
      'DISPATCHED',
      'ACCEPTED',
      'ARRIVED',
      'PHOTO',
      'RESOLVED',
      'PART',
      'SENT_BACK',
      'RESOLVED',
      'APPROVED',
      'CLOSED',
    ]);
    expect(done.history[1]).toMatchObject({
      operBy: 'demo_admin',
      comment: 'nearest crew',
      fromState: 'CREATED',
      toState: 'DISPATCHED',
    });
    expect(done.history[2]).toMatchObject({ operBy: 'demo_operator', detail: { longitude: 116.41, latitude: 39.91 } });
    // closed orders cannot move any more
    expect((await call('PUT', `/ops/work-order/${orderId}/cancel`, { comment: 'x' })).msg).toBe(
      'The work order is Closed; this step cannot be taken now',
    );
  });

  it('checks the seeded buttons: a crew role without dispatch or approval is refused', async () => {
    const orderId = await add({});
    await t.deps.database.query(
      "insert into sys_role (client_id, role_name, role_key, data_scope) values ($1, 'crew', 'ops_crew', '1')",
      [d.clientId],
    );
    for (const key of ['ops', 'ops.myOrder', 'ops.myOrder.query', 'ops.myOrder.edit'])
      await grantToRole(t, 'ops_crew', key);
    await t.deps.database.query(
      "insert into sys_user (user_name, nick_name, password, client_id) select 'crew_zhang', 'Zhang', password, client_id from sys_user where user_name = 'demo_operator'",
    );
    await t.deps.database.query(
      "insert into sys_user_role (user_id, role_id) select u.user_id, r.role_id from sys_user u, sys_role r where u.user_name = 'crew_zhang' and r.role_key = 'ops_crew'",
    );
    const crew = await t.login('crew_zhang');
    const denied = await t.call('PUT', `/ops/work-order/${orderId}/dispatch`, {
      token: crew,
      body: { assigneeId: operatorId },
    });
    expect(denied.body.code).toBe(403);
    expect((await t.call('GET', '/ops/work-order/list', { token: crew })).body.code).toBe(403);
    expect((await t.call('PUT', `/ops/work-order/${orderId}/approve`, { token: crew, body: {} })).body.code).toBe(403);
    expect((await t.call('GET', '/ops/my-order/list', { token: crew })).body.code).toBe(200);
    // an order of another crew member is not theirs
    await call('PUT', `/ops/work-order/${orderId}/dispatch`, { assigneeId: operatorId });
    expect((await call('POST', `/ops/my-order/${orderId}/accept`, { opId: randomUUID() }, crew)).msg).toBe(
      'This work order is not assigned to you or your team',
    );
  });

  it('counts the SLA clocks down on the injected clock and flags the breach', async () => {
    const put = await call('PUT', '/ops/work-order/sla', {
      clocks: {
        dangerous: { acceptMinutes: 10, resolveMinutes: 60 },
        serious: { acceptMinutes: 20, resolveMinutes: 120 },
        urgent: { acceptMinutes: 30, resolveMinutes: 240 },
        ordinary: { acceptMinutes: 60, resolveMinutes: 480 },
      },
      verifyHoldMinutes: 5,
    });
    expect(put.code).toBe(200);
    const refused = await call('PUT', '/ops/work-order/sla', {
      clocks: {
        dangerous: { acceptMinutes: 90, resolveMinutes: 60 },
        serious: { acceptMinutes: 20, resolveMinutes: 120 },
        urgent: { acceptMinutes: 30, resolveMinutes: 240 },
        ordinary: { acceptMinutes: 60, resolveMinutes: 480 },
      },
      verifyHoldMinutes: 5,
    });
    expect(refused.msg).toContain('The time to accept cannot exceed the time to resolve');

    const orderId = await add({ priority: 'dangerous', title: 'Cabinet leaking current' });
    let o = await order(orderId);
    expect(o).toMatchObject({ acceptLeft: 600, resolveLeft: 3600, acceptBreached: false, resolveBreached: false });
    t.clock.advance(11 * 60_000);
    await signIn();
    o = await order(orderId);
    expect(o).toMatchObject({ acceptLeft: -60, acceptBreached: true, resolveBreached: false });
    const breached = await call('GET', `/ops/work-order/list?breached=true&pageSize=100`);
    expect(breached.rows.map((r: { orderId: number }) => r.orderId)).toContain(orderId);

    await call('PUT', `/ops/work-order/${orderId}/dispatch`, { assigneeId: operatorId });
    await call('POST', `/ops/my-order/${orderId}/accept`, { opId: randomUUID() }, operator);
    o = await order(orderId);
    // accepted late: the accept clock stops, flagged for good; the resolve clock runs on
    expect(o).toMatchObject({ acceptLeft: null, acceptBreached: true, resolveLeft: 3600 - 660 });
    t.clock.advance(50 * 60_000);
    await signIn();
    expect(await order(orderId)).toMatchObject({ resolveBreached: true });
  });

  it('opens an order from an alarm, joins the next alarm of the device, shelves its alarms and closes verified once the fault stays gone', async () => {
    const setting = await call('PUT', '/lighting/alarm-config', {
      projectId: d.projectId,
      alarmConfigType: 'RtuPowerLeakage',
      enabled: true,
      grade: 'dangerous',
      push: true,
      sound: true,
      notify: false,
      workOrder: true,
    });
    expect(setting.code, JSON.stringify(setting)).toBe(200);
    await emit(event('WO-RTU-1', 'RtuPowerLeakage'));
    expect(await sweep(t.deps)).toMatchObject({ opened: 1 });
    const list = await call('GET', `/ops/work-order/list?source=ALARM&open=true&keyword=WO-RTU-1`);
    expect(list.total).toBe(1);
    const orderId = list.rows[0].orderId as number;
    expect(list.rows[0]).toMatchObject({
      priority: 'dangerous',
      alarmConfigType: 'RtuPowerLeakage',
      deviceUid: 'WO-RTU-1',
      state: 'CREATED',
    });
    expect(list.rows[0].title).toContain('WO-RTU-1 pole');

    // the device is under maintenance while the order is open: a new alarm on it is shelved and joins the order
    const maintenance = await call('GET', `/lighting/alarm/maintenance/list?projectId=${d.projectId}`);
    expect(maintenance.rows.find((r: { uid: string }) => r.uid === 'WO-RTU-1')).toMatchObject({
      reason: list.rows[0].orderNo,
    });
    await emit(event('WO-RTU-1', 'RtuMainsPowerFailure'));
    await sweep(t.deps);
    const [shelved] = await t.deps.database.query<{ maintenance: boolean }>(
      "select maintenance from lt_alarm where alarm_config_type = 'RtuMainsPowerFailure' and device_id = $1",
      [dev['WO-RTU-1']!.deviceId],
    );
    expect(shelved!.maintenance).toBe(true);
    let o = await order(orderId);
    expect(o.alarms).toHaveLength(2);
    expect(o.history.map((h: { action: string }) => h.action)).toEqual(['CREATED', 'ALARM_JOINED']);
    expect((await call('GET', `/ops/work-order/list?source=ALARM&keyword=WO-RTU-1`)).total).toBe(1);

    // the faults recover; the order waits for the hold time (5 minutes here) before closing itself
    await emit(event('WO-RTU-1', 'RECOVER', { type: 'RtuPowerLeakage' }));
    t.clock.advance(60_000);
    await emit(event('WO-RTU-1', 'RECOVER', { type: 'RtuMainsPowerFailure' }));
    t.clock.advance(4 * 60_000);
    expect(await closeVerified(t.deps)).toBe(0);
    t.clock.advance(60_000);
    expect(await closeVerified(t.deps)).toBe(1);
    await signIn();
    o = await order(orderId);
    expect(o).toMatchObject({ state: 'CLOSED', outcome: 'VERIFIED' });
    expect(o.history.at(-1)).toMatchObject({ action: 'VERIFIED', operBy: '' });
    const after = await call('GET', `/lighting/alarm/maintenance/list?projectId=${d.projectId}`);
    expect(after.rows.find((r: { uid: string }) => r.uid === 'WO-RTU-1')).toBeUndefined();

    // a fault after the close opens a new order
    await emit(event('WO-RTU-1', 'RtuPowerLeakage'));
    expect(await openFromAlarms(t.deps)).toBe(1);
  });

  it('keeps one open order per device when many ask at once', async () => {
    const deviceId = dev['WO-RTU-2']!.deviceId;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', '/ops/work-order', { projectId: d.projectId, title: 'Pole knocked', deviceId }),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.code !== 200);
    expect(refused[0].msg).toMatch(/^This device already has an open work order WO\d+/);

    // concurrent sweeps in two processes: the alarm opens one order, the other sweep joins it
    await emit(event('WO-RTU-3', 'RtuPowerLeakage'));
    const opened = await Promise.all([openFromAlarms(t.deps), openFromAlarms(t.deps), openFromAlarms(t.deps)]);
    expect(opened.reduce((a, b) => a + b, 0)).toBe(1);
    const [n] = await t.deps.database.query<{ n: number }>(
      "select count(*)::int as n from ops_work_order where device_id = $1 and state <> 'CLOSED'",
      [dev['WO-RTU-3']!.deviceId],
    );
    expect(n!.n).toBe(1);
  });

  it('keeps teams with their roster, dispatches to a team and shows its members the order', async () => {
    const users = await call('GET', '/ops/team/users');
    expect(users.data.map((u: { userName: string }) => u.userName)).toContain('demo_operator');
    const res = await call('POST', '/ops/team', {
      name: 'North crew',
      leaderId: operatorId,
      phone: '13800000000',
      skills: ['LAMP', 'CABLE'],
      projectIds: [d.projectId],
      members: [{ userId: operatorId, dutyDays: [1, 2, 3, 4, 5, 6, 7], dutyFrom: '00:00', dutyTo: '23:59' }],
    });
    expect(res.code, JSON.stringify(res)).toBe(200);
    const teamId = res.data.teamId as number;
    const dup = await call('POST', '/ops/team', { name: 'North crew' });
    expect(dup.msg).toBe('Team North crew already exists');
    const teams = await call('GET', '/ops/team/list?skill=CABLE');
    expect(teams.rows[0]).toMatchObject({ name: 'North crew', leaderName: '值班员小王', onDutyCount: 1 });
    expect(teams.rows[0].members[0]).toMatchObject({ userName: 'demo_operator', onDuty: true });

    const orderId = await add({ title: 'Cable cut' });
    const other = await add({ title: 'Other project', projectId: d.otherProjectId });
    expect((await call('PUT', `/ops/work-order/${other}/dispatch`, { teamId })).msg).toBe(
      'Team North crew does not cover the project of this work order',
    );
    const choices = await call('GET', `/ops/work-order/choices?orderId=${orderId}`);
    expect(choices.data.teams.map((x: { teamId: number }) => x.teamId)).toContain(teamId);
    expect((await call('PUT', `/ops/work-order/${orderId}/dispatch`, { teamId })).code).toBe(200);
    const mine = await call('GET', '/ops/my-order/list?pageSize=100', undefined, operator);
    expect(mine.rows.find((r: { orderId: number }) => r.orderId === orderId)).toMatchObject({
      teamName: 'North crew',
      assigneeId: null,
    });
    expect((await call('POST', `/ops/my-order/${orderId}/accept`, { opId: randomUUID() }, operator)).code).toBe(200);
    expect(await order(orderId)).toMatchObject({ state: 'ACCEPTED', assigneeId: operatorId });
    expect((await call('DELETE', `/ops/team/${teamId}`)).msg).toBe(
      'Team North crew still has open work orders and cannot be deleted',
    );
  });

  it('shows another customer none of the orders or teams', async () => {
    const orderId = await add({ title: 'Private' });
    const [role] = await t.deps.database.query<{ role_id: number }>(
      "select role_id from sys_role where role_key = 'rival_admin'",
    );
    // the rival subscribes to operation and maintenance too, and its administrator holds every button
    await t.deps.database.query(
      'insert into sys_client_system (client_id, system_id) values ($1, 105) on conflict do nothing',
      [rival.clientId],
    );
    await t.deps.database.query(
      "insert into sys_client_menu (client_id, menu_id) select $1, menu_id from sys_menu where menu_key like 'ops%' on conflict do nothing",
      [rival.clientId],
    );
    await t.deps.database.query(
      "insert into sys_role_menu (role_id, menu_id) select $1, menu_id from sys_menu where menu_key like 'ops%' on conflict do nothing",
      [role!.role_id],
    );
    const { invalidateAuthz } = await import('../../src/platform/auth/principal.ts');
    await invalidateAuthz(t.deps.cache);
    const token = await t.login('rival_admin');
    expect((await t.call('GET', `/ops/work-order/${orderId}`, { token })).body.code).toBe(404);
    expect((await t.call('GET', '/ops/work-order/list?pageSize=500', { token })).body).toMatchObject({
      code: 200,
      total: 0,
    });
    expect(
      (await t.call('PUT', `/ops/work-order/${orderId}/dispatch`, { token, body: { assigneeId: operatorId } })).body
        .code,
    ).toBe(404);
    expect((await t.call('DELETE', `/ops/work-order/${orderId}`, { token })).body.code).toBe(404);
    expect((await t.call('GET', '/ops/team/list', { token })).body).toMatchObject({ code: 200, total: 0 });
    // a rival cannot hand one of its orders to the demo customer's user
    const mineRes = await t.call('POST', '/ops/work-order', {
      token,
      lang: 'en-US',
      body: { projectId: d.projectId, title: 'Into the demo project' },
    });
    expect(mineRes.body.msg).toBe('The project does not exist');
  });
});
