import { liveMessage, upTopic } from '@luxgrid/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import WebSocket from 'ws';
import type { WsHub } from '../../src/platform/ws.ts';
import { secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { reachable, requireService } from '../reachable.ts';
import { demo, startTestHub, until } from './helpers.ts';

const mosquittoUp = requireService('Mosquitto at 127.0.0.1:1883', await reachable('127.0.0.1', 1883));

function connect(url: string, username?: string, password?: string): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { username, password, reconnectPeriod: 0, connectTimeout: 3000 });
    client.once('connect', () => resolve(client));
    client.once('error', (err) => {
      client.end(true);
      reject(err);
    });
  });
}

/** Runs the same protocol suite against the embedded broker and against Mosquitto. */
for (const broker of ['embedded', 'mosquitto'] as const) {
  describe.runIf(broker === 'embedded' || mosquittoUp)(`device protocol over MQTT (${broker})`, () => {
    let t: TestApp;
    let d: Awaited<ReturnType<typeof demo>>;
    let gw: Awaited<ReturnType<typeof startTestHub>>;
    let ccu: { id: number; secret: string };
    let rtuIds: number[];
    let lightId: number;
    let direct: { id: number; secret: string };
    let device: MqttClient;
    const topic = (
      uid: string,
      kind: 'hello' | 'heartbeat' | 'telemetry' | 'event' | 'ack' | 'result',
      project = d.projectId,
    ) => upTopic(gw.root, project, uid, kind);
    /** waits until the gateway has stored a contact of this device at the current (injected) time */
    const seenNow = (deviceId: number) =>
      until(async () => {
        await gw.deviceHub.flush();
        const [row] = await t.deps.database.query<{ s: number }>(
          'select extract(epoch from last_seen)::float8 * 1000 as s from lt_device_state where device_id = $1 and online',
          [deviceId],
        );
        return (row?.s ?? 0) >= t.clock.now() - 1;
      });
    const publish = (client: MqttClient, t2: string, body: unknown) =>
      client.publishAsync(t2, typeof body === 'string' ? body : JSON.stringify(body), { qos: 1 });

    /** records (and still delivers) every message the server publishes to browsers during the suite */
    let publishes: MockInstance<WsHub['publish']>;

    beforeAll(async () => {
      t = await startTestApp();
      d = await demo(t);
      publishes = vi.spyOn(t.deps.ws, 'publish');
      gw = await startTestHub(t, {
        url: broker === 'mosquitto' ? 'mqtt://127.0.0.1:1883' : undefined,
        heartbeatTimeoutMs: 60_000,
      });
      const add = async (body: Record<string, unknown>) => {
        const res = await t.call('POST', '/lighting/device', {
          token: d.token,
          body: { projectId: d.projectId, ...body },
        });
        expect(res.body.code, JSON.stringify(res.body)).toBe(200);
        return res.body.data as { deviceId: number; secret: string };
      };
      const c = await add({ uid: 'CCU-A', name: 'concentrator A', deviceType: 'CCU' });
      ccu = { id: c.deviceId, secret: c.secret };
      rtuIds = [];
      for (const uid of ['RTU-A1', 'RTU-A2'])
        rtuIds.push((await add({ uid, name: uid, deviceType: 'RTU', parentId: ccu.id })).deviceId);
      lightId = (await add({ uid: 'RTU-A1-L1', name: 'head', deviceType: 'LIGHT', parentId: rtuIds[0] })).deviceId;
      const nb = await add({ uid: 'NB-A', name: 'direct lamp', deviceType: 'RTU', connection: 'DIRECT' });
      direct = { id: nb.deviceId, secret: nb.secret };
      device = await connect(
        gw.url,
        broker === 'embedded' ? `${d.projectId}/CCU-A` : undefined,
        broker === 'embedded' ? ccu.secret : undefined,
      );
    });
    afterAll(async () => {
      const step = async (name: string, p: Promise<unknown>) => {
        const started = Date.now();
        const slow = setTimeout(() => console.warn(`afterAll ${name} still waiting`), 5000);
        await p;
        clearTimeout(slow);
        if (Date.now() - started > 2000) console.warn(`afterAll ${name} took ${Date.now() - started} ms`);
      };
      await step('device', device?.endAsync(true));
      await step('gateway', gw?.stop());
      await step('app', t?.close());
    });

    it.runIf(broker === 'embedded')('checks per-device credentials at connect', async () => {
      await expect(connect(gw.url, `${d.projectId}/CCU-A`, 'wrong-secret')).rejects.toThrow(
        /Not authorized|Bad username/i,
      );
      await expect(connect(gw.url, `${d.projectId}/RTU-A1`, ccu.secret)).rejects.toThrow(
        /Not authorized|Bad username/i,
      );
      const nb = await connect(gw.url, `${d.projectId}/NB-A`, direct.secret);
      await nb.endAsync(true);
      expect(gw.deviceHub.stats.authRejected).toBeGreaterThanOrEqual(2);
    });

    it('hello brings the concentrator and its children online; telemetry lands in both tables', async () => {
      await publish(device, topic('CCU-A', 'hello'), { firmware: '1.4.2', children: ['RTU-A1', 'RTU-A2'] });
      await until(
        async () =>
          (await t.deps.database.query("select 1 from lt_device where uid = 'RTU-A2' and comm_state = 'ON'")).length ===
          1,
      );
      await publish(device, topic('CCU-A', 'telemetry'), {
        items: [
          { uid: 'RTU-A1', values: { voltage: 229.8, current: 0.41, power: 92.1 } },
          { uid: 'RTU-A2', ts: t.clock.now() - 1000, values: { voltage: 230.4, current: 0.4, power: 90 } },
          { uid: 'RTU-A1-L1', values: { dimLevel: 80, lampState: 'ON' } },
        ],
      });
      await until(() => gw.deviceHub.stats.readings >= 3);
      await gw.deviceHub.flush();
      const history = await t.deps.database.query<{ device_id: number; data: Record<string, number> }>(
        'select device_id, data from lt_telemetry order by device_id',
      );
      expect(history.map((h) => h.device_id)).toEqual([rtuIds[0], rtuIds[1], lightId]);
      expect(history[0]!.data).toEqual({ voltage: 229.8, current: 0.41, power: 92.1 });
      const list = await t.call('GET', `/lighting/device/list?projectId=${d.projectId}&deviceType=RTU&commState=ON`, {
        token: d.token,
      });
      expect(list.body.rows.find((r: { uid: string }) => r.uid === 'RTU-A1').live).toEqual({
        voltage: 229.8,
        current: 0.41,
        power: 92.1,
      });
      const [state] = await t.deps.database.query<{ firmware: string; online: boolean }>(
        'select firmware, online from lt_device_state where device_id = $1',
        [ccu.id],
      );
      expect(state).toEqual({ firmware: '1.4.2', online: true });
      const data = await t.call(
        'GET',
        `/lighting/runtime/data?deviceId=${rtuIds[0]}&beginTime=${new Date(t.clock.now() - 3600_000).toISOString()}&endTime=${new Date(t.clock.now() + 60_000).toISOString()}`,
        { token: d.token },
      );
      expect(data.body.data.points).toHaveLength(1);
      expect(data.body.data.points[0].values.voltage).toBeCloseTo(229.8);
    });

    it('rejects and counts bad JSON, unknown devices, foreign projects and strangers; never crashes', async () => {
      const before = structuredClone(gw.deviceHub.stats.rejected);
      await publish(device, topic('CCU-A', 'telemetry'), '{not json');
      await publish(device, topic('CCU-A', 'telemetry'), { values: 'nope' });
      await publish(device, topic('CCU-A', 'telemetry'), { uid: 'NB-A', values: { voltage: 1 } });
      const forged = [
        topic('GHOST-1', 'telemetry'),
        topic('CCU-A', 'telemetry', d.otherProjectId),
        `${gw.root}/v1/abc/CCU-A/up/telemetry`,
      ];
      if (broker === 'embedded') {
        // the embedded broker confines a device to its own topics: a forged topic ends that connection
        for (const forgedTopic of forged) {
          const rogue = await connect(gw.url, `${d.projectId}/CCU-A`, ccu.secret);
          const closed = new Promise<void>((resolve) => rogue.once('close', () => resolve()));
          rogue.publish(forgedTopic, JSON.stringify({ values: { voltage: 1 } }), { qos: 0 });
          await closed;
          rogue.end(true);
        }
      } else {
        for (const forgedTopic of forged) await publish(device, forgedTopic, { values: { voltage: 1 } });
      }
      // behind an external broker the gateway itself drops and counts what a broker ACL should have stopped
      const topicChecks = broker === 'embedded' ? 0 : 1;
      await until(() => {
        const r = gw.deviceHub.stats.rejected;
        return (
          r.malformed >= before.malformed + 2 &&
          r.notChild > before.notChild &&
          r.unknownDevice >= before.unknownDevice + topicChecks &&
          r.foreignProject >= before.foreignProject + topicChecks &&
          r.badTopic >= before.badTopic + topicChecks
        );
      });
      const expected = broker === 'embedded' ? 3 : 6;
      const stats = await t.call('GET', '/lighting/gateway/stats', { token: d.token });
      expect(stats.body.data.rejectedTotal).toBeGreaterThanOrEqual(expected);
      const health = await t.call('GET', '/health');
      expect(health.body.gateway.rejectedTotal).toBeGreaterThanOrEqual(expected);
      await gw.deviceHub.flush();
      const [{ n }] = (await t.deps.database.query<{ n: number }>('select count(*)::int as n from lt_telemetry')) as [
        { n: number },
      ];
      expect(n).toBe(3);
    });

    it('a command round-trip: SENT, ack → DELIVERED, result → SUCCESS, with its device log row', async () => {
      const got = new Promise<{
        topic: string;
        body: { action: string; value: number; commands: { id: string; uid: string }[] };
      }>((resolve) => {
        device.once('message', (tp, payload) => resolve({ topic: tp, body: JSON.parse(payload.toString()) }));
      });
      await device.subscribeAsync(`${gw.root}/v1/${d.projectId}/CCU-A/down/command`, { qos: 1 });
      const res = await t.call('POST', '/lighting/device/control', {
        token: d.token,
        body: { action: 'LIGHT_DIMMING', value: 40, deviceIds: [rtuIds[0]] },
      });
      expect(res.body.data).toMatchObject({ total: 1, sent: 1 });
      const cmd = await got;
      expect(cmd.body).toMatchObject({ action: 'LIGHT_DIMMING', value: 40, commands: [{ uid: 'RTU-A1' }] });
      const id = cmd.body.commands[0]!.id;
      await publish(device, topic('CCU-A', 'ack'), { id });
      await until(
        async () => (await t.deps.database.query("select 1 from lt_command where status = 'DELIVERED'")).length === 1,
      );
      await publish(device, topic('CCU-A', 'result'), { id, status: 'SUCCESS', data: { dimLevel: 40 } });
      await until(
        async () => (await t.deps.database.query("select 1 from lt_command where status = 'SUCCESS'")).length === 1,
      );
      await until(
        async () =>
          (
            await t.deps.database.query('select 1 from sys_device_log where batch_id = $1 and status = 0', [
              res.body.data.batchId,
            ])
          ).length === 1,
      );
      const [log] = await t.deps.database.query<{
        status: number;
        response: string;
        device_uid: string;
        action: string;
      }>('select status, response, device_uid, action from sys_device_log where batch_id = $1', [
        res.body.data.batchId,
      ]);
      expect(log).toMatchObject({ status: 0, device_uid: 'RTU-A1', action: 'LIGHT_DIMMING' });
      expect(JSON.parse(log!.response)).toEqual({ status: 'SUCCESS', data: { dimLevel: 40 } });
    });

    it('keeps commands for an offline device and delivers them on reconnect, or expires them visibly', async () => {
      const res = await t.call('POST', '/lighting/device/control', {
        token: d.token,
        body: { action: 'restart', deviceIds: [direct.id] },
      });
      expect(res.body.data).toMatchObject({ total: 1, sent: 0 });
      const nb = await connect(
        gw.url,
        broker === 'embedded' ? `${d.projectId}/NB-A` : undefined,
        broker === 'embedded' ? direct.secret : undefined,
      );
      await nb.subscribeAsync(`${gw.root}/v1/${d.projectId}/NB-A/down/command`, { qos: 1 });
      const got = new Promise<{ commands: { id: string; uid: string }[] }>((resolve) =>
        nb.once('message', (_tp, payload) => resolve(JSON.parse(payload.toString()))),
      );
      await publish(nb, topic('NB-A', 'hello'), {});
      expect((await got).commands[0]!.uid).toBe('NB-A');
      await nb.endAsync(true);
      const late = await t.call('POST', '/lighting/device/control', {
        token: d.token,
        body: { action: 'timing', deviceIds: [rtuIds[1]], ttlMinutes: 1 },
      });
      await t.call('POST', '/lighting/device/control', {
        token: d.token,
        body: { action: 'timing', deviceIds: [rtuIds[1]] },
      });
      t.clock.advance(61_000);
      await gw.deviceHub.expireCommands(t.clock.now());
      const rows = await t.deps.database.query<{ status: string }>(
        'select status from lt_command where batch_id = $1',
        [late.body.data.batchId],
      );
      expect(rows.map((r) => r.status)).toEqual(['TIMEOUT']);
    });

    it('goes offline after the heartbeat timeout; a silent concentrator raises one event, not one per child', async () => {
      await publish(device, topic('CCU-A', 'heartbeat'), { children: ['RTU-A1', 'RTU-A2', 'RTU-A1-L1'] });
      await seenNow(lightId);
      t.clock.advance(30_000);
      const early = await gw.deviceHub.sweep();
      for (const id of [ccu.id, ...rtuIds, lightId]) expect(early.offline).not.toContain(id);
      t.clock.advance(31_000);
      const swept = await gw.deviceHub.sweep();
      expect(swept.offline.sort()).toEqual([ccu.id, ...rtuIds, lightId].sort());
      expect(swept.events).toEqual([ccu.id]);
      const events = await t.deps.database.query<{ device_id: number; event_type: string }>(
        "select device_id, event_type from lt_device_event where event_type = 'OFFLINE' and device_id <> $1",
        [direct.id],
      );
      expect(events).toEqual([{ device_id: ccu.id, event_type: 'OFFLINE' }]);
      const log = await t.call('GET', `/lighting/runtime/log/list?projectId=${d.projectId}&eventType=OFFLINE`, {
        token: d.token,
      });
      expect(log.body.rows.map((r: { uid: string }) => r.uid).sort()).toEqual(['CCU-A', 'NB-A']);
    });

    it('a child silent under a live concentrator gets its own offline event', async () => {
      await publish(device, topic('CCU-A', 'heartbeat'), { children: ['RTU-A1', 'RTU-A2', 'RTU-A1-L1'] });
      await seenNow(lightId);
      t.clock.advance(40_000);
      await publish(device, topic('CCU-A', 'heartbeat'), { children: ['RTU-A1', 'RTU-A1-L1'] });
      await seenNow(lightId);
      t.clock.advance(25_000);
      const swept = await gw.deviceHub.sweep();
      expect(swept.offline).toEqual([rtuIds[1]]);
      expect(swept.events).toEqual([rtuIds[1]]);
    });

    it.runIf(broker === 'embedded')('pushes live state over /ws only to viewers of that project', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const rival = await secondCustomer(t);
      const open = (token: string, projectId?: number) =>
        new Promise<{ ws: WebSocket; got: unknown[] }>((resolve, reject) => {
          const ws = new WebSocket(
            `ws://127.0.0.1:${port}/ws?token=${token}${projectId ? `&projectId=${projectId}` : ''}`,
          );
          const got: unknown[] = [];
          ws.on('message', (m) => {
            got.push(JSON.parse(String(m)));
            if (got.length === 1) resolve({ ws, got });
          });
          ws.once('error', reject);
        });
      const mine = await open(d.token, d.projectId);
      const otherProject = await open(d.token, d.otherProjectId);
      const stranger = await open(rival.token);
      expect(mine.got[0]).toEqual({ type: 'welcome', clientId: d.clientId, projectId: d.projectId });
      const refused = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${rival.token}&projectId=${d.projectId}`);
      const code = await new Promise<number>((resolve) => refused.once('close', (c) => resolve(c)));
      expect(code).toBe(4404);
      const anonymous = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      expect(await new Promise<number>((resolve) => anonymous.once('close', (c) => resolve(c)))).toBe(4401);
      await publish(device, topic('CCU-A', 'telemetry'), { uid: 'RTU-A2', values: { voltage: 222.2 } });
      await until(() => gw.deviceHub.stats.readings >= 4);
      await gw.deviceHub.flush();
      await until(() =>
        mine.got.some((m) =>
          (m as { type: string; items?: { uid: string; values?: { voltage?: number } }[] }).items?.some(
            (i) => i.values?.voltage === 222.2,
          ),
        ),
      );
      await new Promise((r) => setTimeout(r, 100));
      expect(otherProject.got.filter((m) => (m as { type: string }).type !== 'welcome')).toEqual([]);
      expect(stranger.got.filter((m) => (m as { type: string }).type !== 'welcome')).toEqual([]);
      // the answers to what a browser may send are live messages too
      const answer = async (request: object) => {
        const count = mine.got.length;
        mine.ws.send(JSON.stringify(request));
        await until(() => mine.got.length > count);
        return mine.got[count];
      };
      expect(await answer({ type: 'ping' })).toEqual({ type: 'pong' });
      expect(await answer({ type: 'subscribe', projectId: 999_999 })).toEqual({
        type: 'error',
        msg: 'no such project',
      });
      expect(await answer({ type: 'subscribe', projectId: String(d.projectId) })).toEqual({
        type: 'welcome',
        clientId: d.clientId,
        projectId: d.projectId,
      });
      // every frame pushed to any viewer is one of the shared LiveMessage kinds, field for field
      const pushed = [...mine.got, ...otherProject.got, ...stranger.got];
      expect(pushed.some((m) => (m as { type: string }).type === 'device.state')).toBe(true);
      for (const m of pushed) expect(liveMessage.parse(m)).toEqual(m);
      for (const s of [mine, otherProject, stranger]) s.ws.terminate();
      refused.terminate();
      anonymous.terminate();
    });

    it('stores only the readings the type declares, within range; timed flushes write the latest state at most once a second', async () => {
      await gw.deviceHub.flush();
      const before = gw.deviceHub.stats.readings;
      const refused = { ...gw.deviceHub.health().refusedValues };
      await publish(device, topic('CCU-A', 'telemetry'), {
        uid: 'RTU-A2',
        values: {
          voltage: 111.1,
          note: 'tab\there "q" \\N back\\slash\nline 路灯',
          fault: null,
          dimLevel: 180,
          lampState: 'MAYBE',
          powerFactor: 0.93,
        },
      });
      await until(() => gw.deviceHub.stats.readings > before);
      // names an RTU does not report (note, fault), a dim level over 100 % and an unknown lamp state are counted, not stored
      expect(gw.deviceHub.health().refusedValues).toEqual({
        unknown: refused.unknown + 2,
        outOfRange: refused.outOfRange + 2,
      });
      // a timed flush right after a full one: the history row goes, the latest state waits
      await gw.deviceHub.flush(false);
      const [row] = await t.deps.database.query<{ data: Record<string, unknown> }>(
        'select data from lt_telemetry where device_id = $1 order by ts desc, ctid desc limit 1',
        [rtuIds[1]],
      );
      expect(row!.data).toEqual({ voltage: 111.1, powerFactor: 0.93 });
      const stateVoltage = async () =>
        (
          await t.deps.database.query<{ v: number }>(
            "select (data->>'voltage')::float8 as v from lt_device_state where device_id = $1",
            [rtuIds[1]],
          )
        )[0]?.v;
      expect(await stateVoltage()).not.toBe(111.1);
      t.clock.advance(1000);
      // a second later the timed flush starts the state write in its own lane, without waiting for it
      await gw.deviceHub.flush(false);
      await until(async () => (await stateVoltage()) === 111.1);
    });

    it('every message pushed to browsers during the suite is a LiveMessage of its project', async () => {
      // task progress is pushed at most once a second: what is still pending goes out now
      await gw.deviceHub.progress.flush();
      const pushed = publishes.mock.calls.map(([scope, message]) => {
        expect(scope).toEqual({ clientId: message.clientId, projectId: message.projectId });
        return JSON.parse(JSON.stringify(message)) as unknown;
      });
      const kinds = new Set(pushed.map((m) => liveMessage.parse(m).type));
      // the devices' faults in the suite raise alarms, pushed as alarm.update; its commands' tasks move on (task.progress)
      expect(kinds).toEqual(
        new Set(['device.state', 'device.event', 'command.update', 'task.progress', 'alarm.update']),
      );
      for (const m of pushed) expect(liveMessage.parse(m)).toEqual(m);
      // and a message of another shape does not even compile (checked by the server's type check)
      const neverSent = (scope: { clientId: number; projectId: number }) => [
        // @ts-expect-error a device.state without its items
        t.deps.ws.publish(scope, { type: 'device.state', clientId: 1, projectId: 1 }),
        t.deps.ws.publish(scope, {
          type: 'command.update',
          clientId: 1,
          projectId: 1,
          // @ts-expect-error a command status outside the lifecycle
          items: [{ commandId: 'c', deviceId: 1, status: 'LOST', ts: 1 }],
        }),
        // @ts-expect-error a pong answers one socket; it is not published to a project
        t.deps.ws.publish(scope, { type: 'pong' }),
      ];
      expect(neverSent).toBeTypeOf('function');
    });
  });
}
