import { downTopic, upTopic } from '@luxgrid/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandDesk } from '../../../simulator/src/desk.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo, startTestHub, until } from './helpers.ts';

/** The simulator's command handling (apps/simulator/src/desk.ts) against the real device hub. */
describe('simulated devices follow protocol 1.0: clock, cancel, error replies', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let gw: Awaited<ReturnType<typeof startTestHub>>;
  let client: MqttClient;
  let desk: CommandDesk;
  let rtuId: number;
  /**
   * how the device behaves next: `slow` takes a minute to carry a command out (time to cancel it),
   * `unknown` receives its commands as FLASH, an action its firmware does not know
   */
  let mode: 'normal' | 'slow' | 'unknown' | 'late' = 'normal';

  const command = async (deviceId: number, action: string) => {
    const res = await t.call('POST', '/lighting/device/control', {
      token: d.token,
      body: { action, deviceIds: [deviceId] },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const [row] = await t.deps.database.query<{ command_id: string }>(
      'select command_id from lt_command where batch_id = $1',
      [res.body.data.batchId],
    );
    return row!.command_id;
  };
  const settled = async (id: string, done: (row: Row) => boolean) => {
    let row!: Row;
    await until(async () => {
      [row] = (await t.deps.database.query<Row>(
        'select status, cancel_state, error, result from lt_command where command_id = $1',
        [id],
      )) as [Row];
      return done(row);
    });
    return row;
  };
  type Row = { status: string; cancel_state: string | null; error: string; result: { clock?: number } | null };

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    gw = await startTestHub(t);
    const add = async (body: Record<string, unknown>) => {
      const res = await t.call('POST', '/lighting/device', {
        token: d.token,
        body: { projectId: d.projectId, ...body },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { deviceId: number; secret: string };
    };
    const ccu = await add({ uid: 'SIM-CCU', name: 'simulated concentrator', deviceType: 'CCU' });
    rtuId = (await add({ uid: 'SIM-RTU', name: 'simulated lamp', deviceType: 'RTU', parentId: ccu.deviceId })).deviceId;
    client = await mqtt.connectAsync(gw.url, {
      username: `${d.projectId}/SIM-CCU`,
      password: ccu.secret,
      reconnectPeriod: 0,
    });
    desk = new CommandDesk({
      send: (kind, body) =>
        void client.publish(upTopic(gw.root, d.projectId, 'SIM-CCU', kind), JSON.stringify(body), { qos: 1 }),
      carryOut: (cmd) => ({ status: 'SUCCESS', data: { lampState: cmd.action === 'LIGHT_OFF' ? 'OFF' : 'ON' } }),
      // a switch-off takes its time (long enough to be cancelled), everything else is answered at once
      answerDelayMs: () => (mode === 'slow' ? 60_000 : 0),
      clockOffsetMs: -90_000,
    });
    client.on('message', (_topic, payload) => {
      const message = JSON.parse(payload.toString());
      if (mode === 'unknown' && message.action !== 'cancel') message.action = 'FLASH';
      // `late`: the message reached the device after its expiresAt
      if (mode === 'late') message.expiresAt = Date.now() - 1;
      desk.take(message);
    });
    await client.subscribeAsync(downTopic(gw.root, d.projectId, 'SIM-CCU'), { qos: 1 });
    await client.publishAsync(
      upTopic(gw.root, d.projectId, 'SIM-CCU', 'hello'),
      JSON.stringify({ children: ['SIM-RTU'] }),
      {
        qos: 1,
      },
    );
    await until(
      async () =>
        (await t.deps.database.query("select 1 from lt_device where device_id = $1 and comm_state = 'ON'", [rtuId]))
          .length === 1,
    );
  });
  afterAll(async () => {
    desk?.stop();
    await client?.endAsync(true);
    await gw?.stop();
    await t?.close();
  });

  it('clockcalling reads the device clock; timing sets it to the platform’s time', async () => {
    const before = await settled(await command(rtuId, 'clockcalling'), (r) => r.status === 'SUCCESS');
    expect(Math.abs(before.result!.clock! - (Date.now() - 90_000))).toBeLessThan(5_000);
    const set = await settled(await command(rtuId, 'timing'), (r) => r.status === 'SUCCESS');
    expect(Math.abs(set.result!.clock! - t.clock.now())).toBeLessThan(5_000);
    const after = await settled(await command(rtuId, 'clockcalling'), (r) => r.status === 'SUCCESS');
    expect(Math.abs(after.result!.clock! - t.clock.now())).toBeLessThan(5_000);
  });

  it('drops a cancelled command it has not carried out and confirms the cancel', async () => {
    mode = 'slow';
    const id = await command(rtuId, 'LIGHT_OFF');
    await settled(id, (r) => r.status === 'DELIVERED');
    mode = 'normal';
    const res = await t.call('PUT', `/lighting/command/cancel/${id}`, { token: d.token });
    expect(res.body.code).toBe(200);
    expect(await settled(id, (r) => r.cancel_state !== 'SENT')).toMatchObject({
      status: 'CANCELED',
      cancel_state: 'CONFIRMED',
    });
    expect(desk.stats.cancelled).toBe(1);
  });

  it('answers an action it does not know with an UNSUPPORTED error reply, recorded on the command', async () => {
    mode = 'unknown';
    const id = await command(rtuId, 'LIGHT_ON');
    const row = await settled(id, (r) => r.status === 'FAILED');
    mode = 'normal';
    expect(row.error).toBe('UNSUPPORTED: unknown action FLASH');
  });

  it('refuses a command that reached it after its expiresAt with an EXPIRED error reply', async () => {
    mode = 'late';
    const id = await command(rtuId, 'LIGHT_ON');
    const row = await settled(id, (r) => r.status === 'FAILED');
    mode = 'normal';
    expect(row.error).toBe('EXPIRED: received after expiresAt');
  });
});

/** The simulator's controllers hold schedules and run them on their own clock (desk.ts). */
describe('a simulated controller holds schedules', () => {
  it('answers a download with the version, reports it for the hello, runs it on its clock and may lose it', async () => {
    const { strategySchedule, localInstant } = await import('@luxgrid/contracts');
    const answers: { kind: string; body: { items: Record<string, unknown>[] } }[] = [];
    const at = localInstant('2026-06-21', 23 * 3600 + 30 * 60, 'Asia/Shanghai');
    const desk = new CommandDesk({
      send: (kind, body) => answers.push({ kind, body: body as { items: Record<string, unknown>[] } }),
      carryOut: () => ({ status: 'SUCCESS', data: {} }),
      answerDelayMs: () => 0,
      now: () => at,
    });
    const schedule = strategySchedule(
      9,
      {
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        weekDays: ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'],
        polarDay: 'STAY_OFF',
        polarNight: 'STAY_ON',
        priority: 0,
        entries: [
          { timeMode: 'AFTER_SUNSET', offset: 10, action: 'ON', applyTo: 'LAMP', heads: [] },
          { timeMode: 'FIXED', time: '23:00', action: 'DIM', level: 50, applyTo: 'LAMP', heads: [] },
        ],
      },
      { latitude: 31.23, longitude: 121.47, zone: 'Asia/Shanghai' },
      ['RTU-9'],
    );
    desk.take({
      action: 'schedule',
      params: schedule,
      ts: at,
      expiresAt: at + 60_000,
      commands: [{ id: 'c1', uid: 'CCU-9' }],
    });
    await until(() => answers.some((a) => a.kind === 'result'));
    expect(answers.find((a) => a.kind === 'result')!.body.items[0]).toEqual({
      id: 'c1',
      status: 'SUCCESS',
      data: { version: schedule.version },
    });
    expect(desk.held()).toEqual([{ kind: 'STRATEGY', planId: 9, version: schedule.version }]);
    expect(desk.lampTargets().get('RTU-9')).toMatchObject({ level: 50, cap: null });
    expect(desk.loseOne(0.5)).toBe(true);
    expect(desk.held()).toEqual([]);
    desk.take({
      action: 'schedule',
      params: { kind: 'STRATEGY' },
      ts: at,
      expiresAt: at + 60_000,
      commands: [{ id: 'c2', uid: 'CCU-9' }],
    });
    await until(() => answers.filter((a) => a.kind === 'result').length === 2);
    expect(answers.filter((a) => a.kind === 'result')[1]!.body.items[0]).toMatchObject({
      status: 'FAILED',
      error: 'INVALID_PARAM: not a schedule',
    });
  });
});

describe('a simulated concentrator takes a GROUPCAST or MULTICAST message', () => {
  it('carries the broadcast out once and answers every child in one result message, a cancelled child excepted', async () => {
    const sent: { kind: string; body: { items: { id: string; status: string }[] } }[] = [];
    const desk = new CommandDesk({
      send: (kind, body) => void sent.push({ kind, body: body as (typeof sent)[number]['body'] }),
      carryOut: () => ({ status: 'SUCCESS', data: { dimLevel: 30 } }),
      answerDelayMs: () => 20,
    });
    const commands = ['A', 'B', 'C'].map((uid) => ({ id: `id-${uid}`, uid }));
    desk.take({
      action: 'LIGHT_DIMMING',
      value: 30,
      ts: Date.now(),
      expiresAt: Date.now() + 60_000,
      cast: { mode: 'GROUPCAST', group: 7 },
      commands,
    });
    desk.take({ action: 'cancel', ts: Date.now(), commands: [commands[1]] });
    await new Promise((r) => setTimeout(r, 60));
    const results = sent.filter((s) => s.kind === 'result').map((s) => s.body.items);
    expect(results).toEqual([
      [{ id: 'id-B', status: 'CANCELED' }],
      [
        { id: 'id-A', status: 'SUCCESS', data: { dimLevel: 30 } },
        { id: 'id-C', status: 'SUCCESS', data: { dimLevel: 30 } },
      ],
    ]);
    expect(desk.stats.casts).toBe(1);
  });
});
