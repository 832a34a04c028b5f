import { downTopic, mqttUserName, type ScheduleParams, upTopic } from '@luxgrid/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { WsHub } from '../../src/platform/ws.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo, startTestHub, until } from './helpers.ts';

/**
 * Issuing a strategy and a virtual dimming plan to the controllers that carry their lamps, with
 * plain MQTT clients acting as two concentrators (one refuses the first download) and an NB-IoT
 * lamp controller whose schedule the platform runs: PUSHED, FAILED with the reason, re-issue of
 * the failed, the time sync sent with the schedule, drift after a controller loses it, the caps on a lamp.
 */

let t: TestApp;
let d: Awaited<ReturnType<typeof demo>>;
let gw: Awaited<ReturnType<typeof startTestHub>>;
let publishes: MockInstance<WsHub['publish']>;
const ALL_DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
const ids: Record<string, number> = {};
const secrets: Record<string, string> = {};

interface Controller {
  client: MqttClient;
  /** every command message it received */
  received: { action: string; params?: ScheduleParams; commands: { id: string; uid: string }[] }[];
  /** answers the next schedule downloads with this error instead of taking them */
  refuse: string | null;
  held: Map<string, string>;
}
const controllers: Record<string, Controller> = {};

const call = (method: string, url: string, body?: unknown, lang: 'en-US' | 'zh-CN' = 'en-US') =>
  t.call(method, url, { token: d.token, body, lang });

async function created(url: string, body: Record<string, unknown>, key: string) {
  const res = await call('POST', url, { projectId: d.projectId, ...body });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  if (res.body.data.secret) secrets[body.uid as string] = res.body.data.secret;
  return res.body.data[key] as number;
}

/** A controller as a device maker would write it from the protocol document. */
async function controller(uid: string): Promise<Controller> {
  const client = await mqtt.connectAsync(gw.url, {
    username: mqttUserName(d.projectId, uid),
    password: secrets[uid],
    reconnectPeriod: 0,
  });
  const self: Controller = { client, received: [], refuse: null, held: new Map() };
  const up = (kind: 'hello' | 'ack' | 'result') => upTopic(gw.root, d.projectId, uid, kind);
  client.on('message', (_topic, payload) => {
    const msg = JSON.parse(payload.toString());
    self.received.push(msg);
    const ids = msg.commands.map((c: { id: string }) => c.id);
    const send = (kind: 'ack' | 'result', body: unknown) =>
      client.publishAsync(up(kind), JSON.stringify(body), { qos: 1 }).catch(() => undefined);
    void send('ack', { items: ids.map((id: string) => ({ id })) });
    const items = ids.map((id: string) => {
      if (msg.action === 'timing') return { id, status: 'SUCCESS', data: { clock: msg.ts } };
      if (msg.action !== 'schedule') return { id, status: 'SUCCESS', data: {} };
      if (self.refuse) return { id, status: 'FAILED', error: self.refuse };
      self.held.set(`${msg.params.kind}:${msg.params.planId}`, msg.params.version);
      return { id, status: 'SUCCESS', data: { version: msg.params.version } };
    });
    void send('result', { items });
  });
  await client.subscribeAsync(downTopic(gw.root, d.projectId, uid), { qos: 1 });
  await client.publishAsync(up('hello'), JSON.stringify({ firmware: '2.0.0', schedules: [] }), { qos: 1 });
  return self;
}

const hello = (uid: string, schedules: unknown[]) =>
  controllers[uid]!.client.publishAsync(
    upTopic(gw.root, d.projectId, uid, 'hello'),
    JSON.stringify({ firmware: '2.0.0', schedules }),
    { qos: 1 },
  );

const issues = async (kind: 'strategy' | 'virtual-dimming', id: number, query = '') => {
  const res = await call('GET', `/lighting/${kind}/${id}/issues${query}`);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    counts: { total: number; pushed: number; failed: number; pending: number };
    rows: { uid: string; state: string; reason: string; runner: string; version: string; heldVersion: string | null }[];
  };
};
const stateOf = async (id: number) =>
  (await call('GET', `/lighting/strategy/${id}`)).body.data.issueState as 'UN_PUSH' | 'PUSHED';

beforeAll(async () => {
  t = await startTestApp();
  d = await demo(t);
  gw = await startTestHub(t, { heartbeatTimeoutMs: 60_000 });
  publishes = vi.spyOn(t.deps.ws, 'publish');
  const nbModel = await created(
    '/lighting/model',
    { name: 'NB-IoT lamp controller', deviceType: 'RTU', commType: 2, directiveScheme: 'RTU_IOT' },
    'modelId',
  );
  for (const ccu of ['SCH-CCU-1', 'SCH-CCU-2']) {
    ids[ccu] = await created('/lighting/device', { uid: ccu, name: ccu, deviceType: 'CCU' }, 'deviceId');
    for (const n of [1, 2])
      ids[`${ccu}-L${n}`] = await created(
        '/lighting/device',
        { uid: `${ccu}-L${n}`, name: `${ccu} lamp ${n}`, deviceType: 'RTU', parentId: ids[ccu] },
        'deviceId',
      );
  }
  ids.nb = await created(
    '/lighting/device',
    { uid: 'SCH-NB-1', name: 'NB lamp', deviceType: 'RTU', connection: 'DIRECT', modelId: nbModel },
    'deviceId',
  );
  for (const uid of ['SCH-CCU-1', 'SCH-CCU-2']) controllers[uid] = await controller(uid);
  await until(
    async () =>
      (
        await t.deps.database.query(
          "select 1 from lt_device where uid in ('SCH-CCU-1', 'SCH-CCU-2') and comm_state = 'ON'",
        )
      ).length === 2,
  );
  ids.strategy = await created(
    '/lighting/strategy',
    {
      name: 'Schedule street',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      weekDays: ALL_DAYS,
      entries: [
        { timeMode: 'AFTER_SUNSET', offset: 10, action: 'ON' },
        { timeMode: 'FIXED', time: '23:00', action: 'DIM', level: 50 },
        { timeMode: 'BEFORE_SUNRISE', offset: 10, action: 'OFF' },
      ],
      targets: { deviceIds: [ids['SCH-CCU-1'], ids['SCH-CCU-2'], ids.nb] },
    },
    'strategyId',
  );
});

afterAll(async () => {
  for (const c of Object.values(controllers)) await c.client.endAsync(true);
  await gw?.stop();
  await t?.close();
});

describe('issuing a strategy to its controllers', () => {
  it('sends each concentrator the schedule of its own lamps, with a time sync; the refusing one is FAILED with its reason', async () => {
    controllers['SCH-CCU-2']!.refuse = 'BUSY: flash being written';
    const res = await call('POST', `/lighting/strategy/${ids.strategy}/issue`, {});
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, data: { total: 3, platform: 1 } });
    await until(async () => (await issues('strategy', ids.strategy!)).counts.pending === 0);
    const { rows, counts } = await issues('strategy', ids.strategy!);
    expect(counts).toEqual({ total: 3, pushed: 2, failed: 1, pending: 0 });
    const byUid = Object.fromEntries(rows.map((r) => [r.uid, r]));
    expect(byUid['SCH-CCU-1']).toMatchObject({ state: 'PUSHED', runner: 'DEVICE' });
    expect(byUid['SCH-CCU-1']!.heldVersion).toBe(byUid['SCH-CCU-1']!.version);
    expect(byUid['SCH-CCU-2']).toMatchObject({ state: 'FAILED', reason: 'BUSY: flash being written' });
    // the NB-IoT controller cannot hold a schedule: the platform runs it
    expect(byUid['SCH-NB-1']).toMatchObject({ state: 'PUSHED', runner: 'PLATFORM' });
    expect(await stateOf(ids.strategy!)).toBe('UN_PUSH');

    const got = controllers['SCH-CCU-1']!.received;
    const schedule = got.find((m) => m.action === 'schedule')!;
    expect(schedule.commands).toEqual([{ id: expect.any(String), uid: 'SCH-CCU-1' }]);
    expect(schedule.params).toMatchObject({
      kind: 'STRATEGY',
      planId: ids.strategy,
      lamps: ['SCH-CCU-1-L1', 'SCH-CCU-1-L2'],
      weekDays: [0, 1, 2, 3, 4, 5, 6],
      rules: [
        { mode: 'AFTER_SUNSET', offset: 10, action: 'ON', level: 100 },
        { mode: 'FIXED', time: '23:00', action: 'DIM', level: 50 },
        { mode: 'BEFORE_SUNRISE', offset: 10, action: 'OFF', level: 0 },
      ],
    });
    expect(typeof schedule.params!.latitude).toBe('number');
    expect(got.some((m) => m.action === 'timing')).toBe(true);
    // browsers followed the progress (pushes are gathered per plan for a moment)
    const lastProgress = () =>
      publishes.mock.calls
        .map(([, m]) => m)
        .filter((m) => m.type === 'schedule.progress' && m.planId === ids.strategy)
        .at(-1) as { pending: number } | undefined;
    await until(() => lastProgress()?.pending === 0);
    expect(lastProgress()).toMatchObject({ total: 3, pushed: 2, failed: 1, pending: 0, issueState: 'UN_PUSH' });
  });

  it('re-issues the failed only; once every controller holds it the strategy is PUSHED', async () => {
    controllers['SCH-CCU-2']!.refuse = null;
    const before = controllers['SCH-CCU-1']!.received.length;
    const res = await call('POST', `/lighting/strategy/${ids.strategy}/issue`, { which: 'FAILED' });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    await until(async () => (await issues('strategy', ids.strategy!)).counts.pushed === 3);
    expect(controllers['SCH-CCU-1']!.received.length).toBe(before);
    await until(async () => (await stateOf(ids.strategy!)) === 'PUSHED');
    const again = await call('POST', `/lighting/strategy/${ids.strategy}/issue`, { which: 'FAILED' }, 'zh-CN');
    expect(again.body).toMatchObject({ code: 500, msg: '没有下发失败的控制器' });
  });

  it('lists a controller that lost its schedule in the drift view, and re-issues it', async () => {
    await hello('SCH-CCU-2', []);
    const drifted = async () =>
      ((await call('GET', `/lighting/strategy/drift?projectId=${d.projectId}`)).body.data as { uid: string }[]).map(
        (r) => r.uid,
      );
    await until(async () => (await drifted()).includes('SCH-CCU-2'));
    expect(await drifted()).not.toContain('SCH-CCU-1');
    expect((await issues('strategy', ids.strategy!, '?drift=true')).rows.map((r) => r.uid)).toEqual(['SCH-CCU-2']);
    const res = await call('POST', `/lighting/strategy/${ids.strategy}/issue`, { which: 'DRIFT' });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    await until(async () => !(await drifted()).includes('SCH-CCU-2'));
    // a hello naming the version it holds keeps it off the list
    const row = (await issues('strategy', ids.strategy!)).rows.find((r) => r.uid === 'SCH-CCU-1')!;
    await hello('SCH-CCU-1', [{ kind: 'STRATEGY', planId: ids.strategy, version: row.version }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await drifted()).not.toContain('SCH-CCU-1');
  });

  it('an edited strategy is UN_PUSH again and goes out with a new version', async () => {
    const current = (await call('GET', `/lighting/strategy/${ids.strategy}`)).body.data;
    const edit = await call('PUT', '/lighting/strategy', {
      ...current,
      entries: [...current.entries.slice(0, 2), { timeMode: 'BEFORE_SUNRISE', offset: 20, action: 'OFF' }],
    });
    expect(edit.body, JSON.stringify(edit.body)).toMatchObject({ code: 200 });
    expect(await stateOf(ids.strategy!)).toBe('UN_PUSH');
    const old = (await issues('strategy', ids.strategy!)).rows.find((r) => r.uid === 'SCH-CCU-1')!.version;
    await call('POST', `/lighting/strategy/${ids.strategy}/issue`, {});
    await until(async () => (await stateOf(ids.strategy!)) === 'PUSHED');
    const now = (await issues('strategy', ids.strategy!)).rows.find((r) => r.uid === 'SCH-CCU-1')!;
    expect(now.version).not.toBe(old);
    expect(controllers['SCH-CCU-1']!.held.get(`STRATEGY:${ids.strategy}`)).toBe(now.version);
  });

  it('refuses a disabled strategy and one whose targets carry no controller, in the user language', async () => {
    const off = await created(
      '/lighting/strategy',
      {
        name: 'Schedule off',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        weekDays: ALL_DAYS,
        status: '1',
        entries: [{ timeMode: 'FIXED', time: '19:00', action: 'ON' }],
        targets: { deviceIds: [ids['SCH-CCU-1']] },
      },
      'strategyId',
    );
    expect((await call('POST', `/lighting/strategy/${off}/issue`, {})).body).toMatchObject({
      code: 500,
      msg: 'A disabled strategy cannot be issued',
    });
    const group = await created('/lighting/group', { name: 'Empty street' }, 'groupId');
    const none = await created(
      '/lighting/strategy',
      {
        name: 'Schedule nobody',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        weekDays: ALL_DAYS,
        entries: [{ timeMode: 'FIXED', time: '19:00', action: 'ON' }],
        targets: { groupIds: [group] },
      },
      'strategyId',
    );
    expect((await call('POST', `/lighting/strategy/${none}/issue`, {})).body).toMatchObject({
      code: 500,
      msg: 'No controller to issue to under the targets',
    });
  });
});

describe('issuing a virtual dimming plan', () => {
  it('sends the power-cap bands and shows them with the cap in force on the lamp', async () => {
    const planId = await created(
      '/lighting/virtual-dimming',
      {
        name: 'Cap at night',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        weekDays: ALL_DAYS,
        bands: [
          { start: '00:00', end: '12:00', cap: 60 },
          { start: '12:00', end: '00:00', cap: 80 },
        ],
        targets: { deviceIds: [ids['SCH-CCU-1-L1']] },
      },
      'planId',
    );
    const res = await call('POST', `/lighting/virtual-dimming/${planId}/issue`, {});
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, data: { total: 1, platform: 0 } });
    await until(async () => (await issues('virtual-dimming', planId)).counts.pushed === 1);
    const download = controllers['SCH-CCU-1']!.received.findLast((m) => m.action === 'schedule')!;
    expect(download.params).toMatchObject({ kind: 'DIMMING', lamps: ['SCH-CCU-1-L1'], rules: [] });
    expect(download.params!.bands).toHaveLength(2);
    const caps = (await call('GET', `/lighting/virtual-dimming/lamp/${ids['SCH-CCU-1-L1']}`)).body.data;
    expect(caps).toHaveLength(1);
    expect(caps[0].bands).toHaveLength(2);
    expect([60, 80]).toContain(caps[0].capNow);
    const other = (await call('GET', `/lighting/virtual-dimming/lamp/${ids['SCH-CCU-2-L1']}`)).body.data;
    expect(other).toEqual([]);
    // a removed plan is no longer expected on its controllers
    expect((await call('DELETE', `/lighting/virtual-dimming/${planId}`)).body.code).toBe(200);
    expect((await call('GET', `/lighting/virtual-dimming/lamp/${ids['SCH-CCU-1-L1']}`)).body.data).toEqual([]);
  });
});
