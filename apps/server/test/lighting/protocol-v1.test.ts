import { MAX_PAYLOAD_BYTES, upTopic } from '@luxgrid/contracts';
import { asyncApiText } from '@luxgrid/contracts/asyncapi';
import { deviceTypeDefinition } from '@luxgrid/contracts/things/index';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynsecCredentials } from '../../src/platform/devices/broker-credentials/dynsec.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { reachable, requireService } from '../reachable.ts';
import { type DynsecBroker, dynsecAvailable, startDynsecBroker } from './dynsec-broker.ts';
import { demo, startTestHub, until } from './helpers.ts';

const mosquittoUp = requireService('Mosquitto at 127.0.0.1:1883', await reachable('127.0.0.1', 1883));

function connect(url: string, opts: mqtt.IClientOptions = {}): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 3000, ...opts });
    client.once('connect', () => resolve(client));
    client.once('error', (err) => {
      client.end(true);
      reject(err);
    });
  });
}

type Down = { action: string; commands: { id: string; uid: string }[] };

/**
 * Protocol 1.0 rules, with a plain MQTT client, on the embedded broker, on Mosquitto (no accounts) and on a
 * Mosquitto with dynamic security whose device accounts the server provisions (MQTT_CREDENTIALS=dynsec).
 */
for (const broker of ['embedded', 'mosquitto', 'dynsec'] as const) {
  const runs = broker === 'embedded' || (broker === 'mosquitto' ? mosquittoUp : dynsecAvailable);
  describe.runIf(runs)(`device protocol 1.0 (${broker})`, () => {
    let dynsec: DynsecBroker | undefined;
    let keeper: DynsecCredentials | undefined;
    let t: TestApp;
    let d: Awaited<ReturnType<typeof demo>>;
    let gw: Awaited<ReturnType<typeof startTestHub>>;
    const ids: Record<string, number> = {};
    const secrets: Record<string, string> = {};
    const clients: MqttClient[] = [];
    const topic = (uid: string, kind: 'hello' | 'heartbeat' | 'telemetry' | 'event' | 'ack' | 'result') =>
      upTopic(gw.root, d.projectId, uid, kind);
    const downOf = (uid: string) => `${gw.root}/v1/${d.projectId}/${uid}/down/command`;
    const publish = (client: MqttClient, to: string, body: unknown, retain = false) =>
      client.publishAsync(to, JSON.stringify(body), { qos: 1, retain });
    /** where devices connect, and as whom: their own account, except on the Mosquitto without accounts */
    const deviceUrl = () => dynsec?.url ?? gw.url;
    const login = (uid: string): mqtt.IClientOptions =>
      broker === 'mosquitto' ? {} : { username: `${d.projectId}-${uid}`, password: secrets[uid] };
    /** a session device's connection, listening to its commands */
    const session = async (uid: string) => {
      const client = await connect(deviceUrl(), login(uid));
      clients.push(client);
      const got: Down[] = [];
      client.on('message', (_topic, payload) => got.push(JSON.parse(payload.toString()) as Down));
      await client.subscribeAsync(downOf(uid), { qos: 1 });
      return { client, got };
    };
    const query = <T>(sql: string, params: unknown[] = []) => t.deps.database.query<T>(sql, params);
    const command = async (commandId: string) =>
      (
        await query<{ status: string; cancel_state: string | null; error: string; result: unknown }>(
          'select status, cancel_state, error, result from lt_command where command_id = $1',
          [commandId],
        )
      )[0]!;
    const control = async (body: Record<string, unknown>) => {
      const res = await t.call('POST', '/lighting/device/control', { token: d.token, body });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { total: number; sent: number; batchId: string };
    };

    beforeAll(async () => {
      t = await startTestApp();
      d = await demo(t);
      let url = broker === 'mosquitto' ? 'mqtt://127.0.0.1:1883' : undefined;
      if (broker === 'dynsec') {
        dynsec = await startDynsecBroker();
        // the server's own account: reads every device's up/ topics, writes their down/ topics
        const server = { username: 'luxgrid', password: 'server-secret' };
        const answers = await dynsec.control([
          {
            command: 'createRole',
            rolename: 'luxgrid-server',
            acls: [
              { acltype: 'subscribePattern', topic: '+/v1/+/+/up/#', allow: true },
              { acltype: 'publishClientReceive', topic: '+/v1/+/+/up/#', allow: true },
              { acltype: 'publishClientSend', topic: '+/v1/+/+/down/#', allow: true },
            ],
          },
          { command: 'createClient', ...server, roles: [{ rolename: 'luxgrid-server' }] },
        ]);
        expect(answers.filter((a) => a.error)).toEqual([]);
        url = dynsec.url.replace('mqtt://', `mqtt://${server.username}:${server.password}@`);
      }
      gw = await startTestHub(t, { url, heartbeatTimeoutMs: 60_000 });
      if (dynsec) {
        keeper = await DynsecCredentials.start({
          url: dynsec.url,
          username: dynsec.admin.username,
          password: dynsec.admin.password,
          root: gw.root,
          database: t.deps.database,
          log: t.deps.log,
          timeoutMs: 3000,
        });
        t.deps.brokerCredentials = keeper;
      }
      const add = async (body: Record<string, unknown>) => {
        const res = await t.call('POST', '/lighting/device', {
          token: d.token,
          body: { projectId: d.projectId, ...body },
        });
        expect(res.body.code, JSON.stringify(res.body)).toBe(200);
        const data = res.body.data as { deviceId: number; secret?: string };
        ids[body.uid as string] = data.deviceId;
        if (data.secret) secrets[body.uid as string] = data.secret;
      };
      // a distribution box whose concentrator inside carries it, a lamp behind that concentrator
      await add({ uid: 'BOX-1', name: 'box', deviceType: 'BOX' });
      await add({ uid: 'CIB-1', name: 'in-box concentrator', deviceType: 'CCU_IN_BOX', parentId: ids['BOX-1'] });
      await add({ uid: 'RTU-B1', name: 'lamp b1', deviceType: 'RTU', parentId: ids['CIB-1'] });
      // a concentrator with a lamp controller configured over the mesh
      await add({ uid: 'CCU-1', name: 'concentrator', deviceType: 'CCU' });
      await add({ uid: 'RTU-1', name: 'lamp 1', deviceType: 'RTU', parentId: ids['CCU-1'], connection: 'NON_DIRECT' });
      await add({ uid: 'NB-1', name: 'direct lamp', deviceType: 'RTU', connection: 'DIRECT' });
    });
    afterAll(async () => {
      for (const client of clients) await client.endAsync(true);
      await gw?.stop();
      await keeper?.close();
      await t?.close();
      await dynsec?.stop();
    });

    it('a box whose concentrator falls silent raises exactly one OFFLINE event, for the box', async () => {
      const { client } = await session('CIB-1');
      await publish(client, topic('CIB-1', 'hello'), { children: ['BOX-1', 'RTU-B1'] });
      await until(
        async () =>
          (await query("select 1 from lt_device where uid in ('BOX-1', 'CIB-1', 'RTU-B1') and comm_state = 'ON'"))
            .length === 3,
      );
      const [box] = await query<{ gateway_id: number }>('select gateway_id from lt_device where device_id = $1', [
        ids['BOX-1'],
      ]);
      expect(box!.gateway_id).toBe(ids['CIB-1']);
      t.clock.advance(61_000);
      const swept = await gw.deviceHub.sweep();
      expect(swept.offline.sort()).toEqual([ids['BOX-1'], ids['CIB-1'], ids['RTU-B1']].sort());
      expect(swept.events).toEqual([ids['BOX-1']]);
      const events = await query<{ device_id: number }>(
        "select device_id from lt_device_event where event_type = 'OFFLINE' and device_id = any($1::bigint[])",
        [[ids['BOX-1'], ids['CIB-1'], ids['RTU-B1']]],
      );
      expect(events).toEqual([{ device_id: ids['BOX-1'] }]);
      // and back: one ONLINE event, for the box again
      await publish(client, topic('CIB-1', 'hello'), { children: ['BOX-1', 'RTU-B1'] });
      await until(async () => {
        await gw.deviceHub.flush();
        return (
          (await query("select 1 from lt_device where uid in ('BOX-1', 'CIB-1', 'RTU-B1') and comm_state = 'ON'"))
            .length === 3
        );
      });
      const back = await query<{ device_id: number }>(
        "select device_id from lt_device_event where event_type = 'ONLINE' and device_id = any($1::bigint[]) and ts >= to_timestamp($2 / 1000.0)",
        [[ids['BOX-1'], ids['CIB-1'], ids['RTU-B1']], t.clock.now()],
      );
      expect(back).toEqual([{ device_id: ids['BOX-1'] }]);
    });

    it('a heartbeat releases commands kept while the session was away, as a hello does', async () => {
      const { client, got } = await session('CCU-1');
      const kept = await control({ action: 'LIGHT_ON', deviceIds: [ids['RTU-1']] });
      expect(kept).toMatchObject({ total: 1, sent: 0 });
      await publish(client, topic('CCU-1', 'heartbeat'), { children: ['RTU-1'] });
      await until(() => got.length === 1);
      expect(got[0]).toMatchObject({ action: 'LIGHT_ON', commands: [{ uid: 'RTU-1' }] });
      await publish(client, topic('CCU-1', 'result'), {
        id: got[0]!.commands[0]!.id,
        status: 'SUCCESS',
        data: { lampState: 'ON' },
      });
      await until(async () => (await command(got[0]!.commands[0]!.id)).status === 'SUCCESS');
    });

    it('a successful configuration result completes the configuration', async () => {
      const { client, got } = await session('CCU-1');
      const malformed = gw.deviceHub.stats.rejected.malformed;
      const res = await t.call('POST', '/lighting/terminalConfig/issue', {
        token: d.token,
        body: { deviceIds: [ids['RTU-1']], channel: 15, panid: 4660 },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      await until(() => got.some((m) => m.action === 'config'));
      const id = got.find((m) => m.action === 'config')!.commands[0]!.id;
      await publish(client, topic('CCU-1', 'result'), { id, status: 'SUCCESS', data: { channel: 15, panid: 4660 } });
      await until(async () => (await command(id)).status === 'SUCCESS');
      const [rtu] = await query<{ config_state: string; config: Record<string, unknown> }>(
        'select config_state, config from lt_device where device_id = $1',
        [ids['RTU-1']],
      );
      expect(rtu).toMatchObject({ config_state: 'CONFIGURED', config: { channel: 15, panid: 4660 } });
      expect(gw.deviceHub.stats.rejected.malformed).toBe(malformed);
    });

    it('refuses and counts timestamps in seconds; stores milliseconds', async () => {
      const { client } = await session('CCU-1');
      const before = gw.deviceHub.stats.rejected.badTimestamp;
      const rows = async () =>
        (
          await query<{ n: number }>('select count(*)::int as n from lt_telemetry where device_id = $1', [ids['RTU-1']])
        )[0]!.n;
      const stored = await rows();
      const seconds = Math.floor(t.clock.now() / 1000);
      await publish(client, topic('CCU-1', 'telemetry'), { uid: 'RTU-1', ts: seconds, values: { voltage: 230 } });
      await publish(client, topic('CCU-1', 'telemetry'), {
        items: [
          { uid: 'RTU-1', ts: t.clock.now() - 2000, values: { voltage: 231 } },
          { uid: 'RTU-1', ts: seconds - 1, values: { voltage: 232 } },
        ],
      });
      await publish(client, topic('CCU-1', 'event'), { uid: 'RTU-1', ts: seconds, type: 'LampFault' });
      await until(() => gw.deviceHub.stats.rejected.badTimestamp === before + 3);
      await publish(client, topic('CCU-1', 'telemetry'), {
        uid: 'RTU-1',
        ts: t.clock.now() - 1000,
        values: { voltage: 233 },
      });
      await until(async () => {
        await gw.deviceHub.flush();
        return (await rows()) === stored + 1;
      });
      const [row] = await query<{ ts: Date }>(
        'select ts from lt_telemetry where device_id = $1 order by ts desc limit 1',
        [ids['RTU-1']],
      );
      expect(row!.ts.getTime()).toBe(t.clock.now() - 1000);
    });

    it('cancelling a command the device took sends it a cancel and records whether it confirmed', async () => {
      const { client, got } = await session('CCU-1');
      got.length = 0;
      await control({ action: 'LIGHT_OFF', deviceIds: [ids['RTU-1']] });
      await control({ action: 'LIGHT_DIMMING', value: 30, deviceIds: [ids['RTU-1']] });
      await until(() => got.length === 2);
      const [off, dim] = got.map((m) => m.commands[0]!.id) as [string, string];
      await publish(client, topic('CCU-1', 'ack'), { id: off });
      await until(async () => (await command(off)).status === 'DELIVERED');
      const cancel = await t.call('PUT', `/lighting/command/cancel/${off},${dim}`, { token: d.token });
      expect(cancel.body.code, JSON.stringify(cancel.body)).toBe(200);
      await until(() => got.length === 3);
      expect(got[2]).toEqual({
        action: 'cancel',
        ts: t.clock.now(),
        commands: expect.arrayContaining([
          { id: off, uid: 'RTU-1' },
          { id: dim, uid: 'RTU-1' },
        ]),
      });
      expect((await command(off)).cancel_state).toBe('SENT');
      // the device dropped one; the other it had already carried out
      await publish(client, topic('CCU-1', 'result'), {
        items: [
          { id: off, status: 'CANCELED' },
          { id: dim, status: 'SUCCESS', data: { dimLevel: 30 } },
        ],
      });
      await until(async () => (await command(dim)).cancel_state === 'TOO_LATE');
      expect(await command(off)).toMatchObject({ status: 'CANCELED', cancel_state: 'CONFIRMED' });
      expect(await command(dim)).toMatchObject({ status: 'CANCELED', result: { dimLevel: 30 } });
      expect(gw.deviceHub.stats.cancelsConfirmed).toBe(1);
      // operators see it in the task log
      const list = await t.call('GET', `/lighting/command/list?projectId=${d.projectId}&status=CANCELED`, {
        token: d.token,
      });
      const shown = new Map(
        (list.body.rows as { commandId: string; cancelState: string }[]).map((r) => [r.commandId, r.cancelState]),
      );
      expect([shown.get(off), shown.get(dim)]).toEqual(['CONFIRMED', 'TOO_LATE']);
      // a command cancelled before it was sent needs no cancel message
      const kept = await control({ action: 'restart', deviceIds: [ids['NB-1']] });
      const [pending] = await query<{ command_id: string }>('select command_id from lt_command where batch_id = $1', [
        kept.batchId,
      ]);
      await t.call('PUT', `/lighting/command/cancel/${pending!.command_id}`, { token: d.token });
      expect(await command(pending!.command_id)).toMatchObject({ status: 'CANCELED', cancel_state: null });
    });

    it('records a device error reply with its reason code; a CANCELED answer never ends an open command', async () => {
      const { client, got } = await session('CCU-1');
      got.length = 0;
      await control({ action: 'clockcalling', deviceIds: [ids['RTU-1']] });
      await control({ action: 'restart', deviceIds: [ids['RTU-1']] });
      await until(() => got.length === 2);
      const [clock, restart] = got.map((m) => m.commands[0]!.id) as [string, string];
      await publish(client, topic('CCU-1', 'result'), { id: restart, status: 'CANCELED' });
      await publish(client, topic('CCU-1', 'result'), {
        id: clock,
        status: 'FAILED',
        error: 'UNSUPPORTED: no real-time clock on this controller',
      });
      await until(async () => (await command(clock)).status === 'FAILED');
      expect((await command(clock)).error).toBe('UNSUPPORTED: no real-time clock on this controller');
      expect((await command(restart)).status).toBe('SENT');
    });

    it('validates events and result data against the thing model: stores what is valid, counts the rest', async () => {
      const { client, got } = await session('CCU-1');
      got.length = 0;
      const refusedEvents = gw.deviceHub.stats.refusedEvents;
      const refused = { ...gw.deviceHub.stats.refusedValues };
      await publish(client, topic('CCU-1', 'event'), { uid: 'RTU-1', type: 'LampExploded', level: 'serious' });
      // an event the platform raises itself is not the device's to send
      await publish(client, topic('CCU-1', 'event'), { uid: 'RTU-1', type: 'RtuOffline', level: 'serious' });
      await publish(client, topic('CCU-1', 'event'), { uid: 'RTU-1', type: 'RtuTilt', level: 'serious' });
      await until(() => gw.deviceHub.stats.refusedEvents === refusedEvents + 2);
      await until(async () => {
        await gw.deviceHub.flush();
        return (
          (await query("select 1 from lt_device_event where device_id = $1 and event_type = 'RtuTilt'", [ids['RTU-1']]))
            .length === 1
        );
      });
      const stored = await query<{ event_type: string }>(
        "select event_type from lt_device_event where device_id = $1 and event_type in ('LampExploded', 'RtuOffline')",
        [ids['RTU-1']],
      );
      expect(stored).toEqual([]);
      await control({ action: 'LIGHT_DIMMING', value: 50, deviceIds: [ids['RTU-1']] });
      await until(() => got.length === 1);
      const id = got[0]!.commands[0]!.id;
      await publish(client, topic('CCU-1', 'result'), {
        id,
        status: 'SUCCESS',
        data: { dimLevel: 150, lampState: 'GLOWING', voltage: 229.5, mood: 'happy' },
      });
      await until(async () => (await command(id)).status === 'SUCCESS');
      expect((await command(id)).result).toEqual({ voltage: 229.5 });
      expect(gw.deviceHub.stats.refusedValues).toEqual({
        unknown: refused.unknown + 1,
        outOfRange: refused.outOfRange + 2,
      });
    });

    it('takes a batch of 1,000 items with every lamp reading (under 256 KiB); a larger payload is dropped and counted', async () => {
      const { client } = await session('CCU-1');
      const before = { rows: gw.deviceHub.stats.readings, tooLarge: gw.deviceHub.stats.rejected.tooLarge };
      const batch = (n: number, from: number) =>
        JSON.stringify({
          items: Array.from({ length: n }, (_, i) => ({
            uid: 'RTU-1',
            ts: from + i,
            values: {
              voltage: 229.8,
              current: 0.412,
              power: 92.1,
              powerFactor: 0.93,
              energy: 12345.678,
              dimLevel: 80,
              lampState: 'ON',
              operatingHours: 12345.6,
              switchCount: 4567,
              temperature: 41.5,
              tilt: 1.5,
            },
          })),
        });
      const fits = batch(1000, t.clock.now() - 600_000);
      const over = batch(1200, t.clock.now() - 300_000);
      expect(Buffer.byteLength(fits)).toBeLessThan(MAX_PAYLOAD_BYTES);
      expect(Buffer.byteLength(over)).toBeGreaterThan(MAX_PAYLOAD_BYTES);
      await client.publishAsync(topic('CCU-1', 'telemetry'), fits, { qos: 1 });
      await client.publishAsync(topic('CCU-1', 'telemetry'), over, { qos: 1 });
      await until(() => gw.deviceHub.stats.rejected.tooLarge === before.tooLarge + 1);
      expect(gw.deviceHub.stats.readings).toBe(before.rows + 1000);
    });

    it('ignores and counts retained device messages: they never bring a device online', async () => {
      const nb = await connect(deviceUrl(), login('NB-1'));
      clients.push(nb);
      const before = gw.deviceHub.stats.rejected.retained;
      await publish(nb, topic('NB-1', 'hello'), { firmware: '9.9.9' }, true);
      await until(() => gw.deviceHub.stats.rejected.retained === before + 1);
      await gw.deviceHub.flush();
      const [row] = await query<{ comm_state: string }>('select comm_state from lt_device where device_id = $1', [
        ids['NB-1'],
      ]);
      expect(row!.comm_state).not.toBe('ON');
      if (broker !== 'embedded') {
        // Mosquitto keeps it and replays it to the next server that subscribes (a restart): ignored again
        const restarted = await startTestHub(t, { url: gw.url, topicRoot: gw.root, heartbeatTimeoutMs: 60_000 });
        try {
          await until(() => restarted.deviceHub.stats.rejected.retained === 1);
          expect(restarted.deviceHub.stats.accepted).toBe(0);
        } finally {
          await restarted.stop();
          t.deps.deviceHub = gw.deviceHub;
        }
        await nb.publishAsync(topic('NB-1', 'hello'), '', { qos: 1, retain: true });
      }
      // the embedded broker keeps no copy to replay
      const listener = await connect(deviceUrl(), login('NB-1'));
      clients.push(listener);
      const replayed: string[] = [];
      listener.on('message', (to) => replayed.push(to));
      await listener.subscribeAsync(`${gw.root}/v1/${d.projectId}/NB-1/down/#`, { qos: 1 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(replayed).toEqual([]);
    });

    it('a heartbeat at QoS 0 keeps a device alive (over MQTT 5 on Mosquitto, 3.1.1 on the embedded broker)', async () => {
      const nb = await connect(deviceUrl(), {
        ...login('NB-1'),
        ...(broker === 'embedded' ? {} : { protocolVersion: 5 as const }),
      });
      clients.push(nb);
      nb.publish(topic('NB-1', 'heartbeat'), JSON.stringify({}), { qos: 0 });
      await until(async () => {
        await gw.deviceHub.flush();
        return (
          (await query("select 1 from lt_device where device_id = $1 and comm_state = 'ON'", [ids['NB-1']])).length ===
          1
        );
      });
    });

    it('every command of a lamp controller reaches SUCCESS with a client that follows the document', async () => {
      const { client, got } = await session('CCU-1');
      await publish(client, topic('CCU-1', 'hello'), { firmware: '1.0.0', children: ['RTU-1'] });
      const actions = deviceTypeDefinition('RTU')!.commands.map((c) => c.action);
      expect(actions).toEqual(
        expect.arrayContaining([
          'LIGHT_ON',
          'LIGHT_OFF',
          'LIGHT_DIMMING',
          'calling',
          'restart',
          'timing',
          'clockcalling',
        ]),
      );
      for (const action of actions) {
        got.length = 0;
        await control({ action, deviceIds: [ids['RTU-1']], ...(action === 'LIGHT_DIMMING' ? { value: 40 } : {}) });
        await until(() => got.length === 1);
        const down = got[0]!;
        expect(down.action).toBe(action);
        const id = down.commands[0]!.id;
        expect(down.commands[0]!.uid).toBe('RTU-1');
        await publish(client, topic('CCU-1', 'ack'), { id });
        await publish(client, topic('CCU-1', 'result'), { id, status: 'SUCCESS' });
        await until(async () => (await command(id))?.status === 'SUCCESS');
      }
    });

    it.runIf(broker === 'embedded')(
      'publishing on another device’s topic ends the connection and is counted',
      async () => {
        const before = gw.deviceHub.stats.rejected.foreignTopic;
        const rogue = await connect(gw.url, { username: `${d.projectId}/CCU-1`, password: secrets['CCU-1'] });
        const closed = new Promise<void>((resolve) => rogue.once('close', () => resolve()));
        rogue.publish(topic('NB-1', 'telemetry'), JSON.stringify({ values: { voltage: 1 } }), { qos: 1 });
        await closed;
        rogue.end(true);
        expect(gw.deviceHub.stats.rejected.foreignTopic).toBe(before + 1);
        const stats = await t.call('GET', '/lighting/gateway/stats', { token: d.token });
        expect(stats.body.data.rejected.foreignTopic).toBe(before + 1);
      },
    );

    it.runIf(broker === 'embedded')('serves the AsyncAPI document of the protocol without sign-in', async () => {
      const res = await t.call('GET', '/asyncapi.json');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(JSON.parse(asyncApiText()));
    });

    it.runIf(broker === 'embedded')('the embedded broker speaks MQTT 3.1.1 and refuses MQTT 5', async () => {
      await expect(
        connect(gw.url, { username: `${d.projectId}/NB-1`, password: secrets['NB-1'], protocolVersion: 5 }),
      ).rejects.toThrow(/Unacceptable protocol version/i);
      const v311 = await connect(gw.url, {
        username: `${d.projectId}/NB-1`,
        password: secrets['NB-1'],
        protocolVersion: 4,
      });
      await v311.endAsync(true);
    });
  });
}
