import {
  type DeviceTypeDefinition,
  FAMILIES,
  type TelemetryField,
  type ThingCommand,
  type ThingFamily,
  upTopic,
} from '@luxgrid/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from './harness.ts';
import { demo, startTestHub, until } from './lighting/helpers.ts';

/*
 * The running half of the thing model's conformance (packages/contracts/src/things/things.test.ts
 * is the declarative half): for every family, a simulated device of a type that holds its own
 * session registers through the family's API, says hello and reports one reading of every field
 * its type declares, shows online to a browser over /ws, and carries out one command.
 */

interface Registered {
  deviceId: number;
  secret: string;
}

/** How the tests reach a family's devices through its API. */
interface FamilyDriver {
  register(t: TestApp, token: string, projectId: number, type: DeviceTypeDefinition, uid: string): Promise<Registered>;
  command(t: TestApp, token: string, deviceId: number, command: ThingCommand): Promise<void>;
}

const DRIVERS: Record<string, FamilyDriver> = {
  lighting: {
    async register(t, token, projectId, type, uid) {
      const res = await t.call('POST', '/lighting/device', {
        token,
        body: { projectId, uid, name: `${type.code} conformance`, deviceType: type.code },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.data as Registered;
    },
    async command(t, token, deviceId, command) {
      const res = await t.call('POST', '/lighting/device/control', {
        token,
        body: { action: command.action, deviceIds: [deviceId], ...(command.value ? { value: command.value.max } : {}) },
      });
      expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ total: 1, sent: 1 });
    },
  },
  manhole: {
    async register(t, token, projectId, type, uid) {
      const res = await t.call('POST', '/manhole/device', {
        token,
        headers: { projectId: String(projectId) },
        body: { uid, name: `${type.code} conformance` },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.data as Registered;
    },
    async command(t, token, deviceId, command) {
      const res = await t.call('POST', `/manhole/device/${deviceId}/command`, {
        token,
        body: { command: command.key ?? command.action },
      });
      expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ total: 1, sent: 1 });
    },
  },
};

/** The first type of the family that holds a session of its own and carries out a command itself. */
function sessionType(family: ThingFamily): { type: DeviceTypeDefinition; command: ThingCommand } | undefined {
  for (const type of family.types) {
    if (type.session !== 'own' && type.session !== 'either') continue;
    const command = type.commands.find((c) => !c.passedTo && !c.params?.some((p) => p.required));
    if (command) return { type, command };
  }
  return undefined;
}

/** A value of the field that the device could report: the middle of a range, an enum's first value. */
function sample(field: TelemetryField): number | boolean | string {
  switch (field.kind) {
    case 'number':
      return Math.round((((field.min ?? 0) + (field.max ?? 0)) / 2) * 10) / 10;
    case 'boolean':
      return true;
    case 'enum':
      return field.values![0]!;
    case 'text':
      return 'conformance';
  }
}

function connect(url: string, username: string, password: string): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { username, password, reconnectPeriod: 0, connectTimeout: 3000 });
    client.once('connect', () => resolve(client));
    client.once('error', (err) => {
      client.end(true);
      reject(err);
    });
  });
}

describe('every device family runs on the platform', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let gw: Awaited<ReturnType<typeof startTestHub>>;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    gw = await startTestHub(t, { heartbeatTimeoutMs: 60_000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await gw?.stop();
    await t?.close();
  });

  it('has a driver and a session-holding, commandable type for every family', () => {
    for (const family of FAMILIES) {
      expect(DRIVERS[family.code], `a driver for ${family.code}`).toBeDefined();
      expect(sessionType(family), `a type of ${family.code} that holds a session`).toBeDefined();
    }
  });

  for (const family of FAMILIES)
    it(`${family.code}: a device registers, reports, shows online over /ws and carries out a command`, async () => {
      const driver = DRIVERS[family.code]!;
      const { type, command } = sessionType(family)!;
      const uid = `CONF-${family.code.toUpperCase()}-1`;
      const { deviceId, secret } = await driver.register(t, d.token, d.projectId, type, uid);

      // a browser watching the project
      const got: { type: string; items?: { deviceId: number; commState?: string; values?: object }[] }[] = [];
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${d.token}&projectId=${d.projectId}`);
      ws.on('message', (m) => got.push(JSON.parse(String(m))));
      await until(() => got.some((m) => m.type === 'welcome'));

      const device = await connect(gw.url, `${d.projectId}/${uid}`, secret);
      const topic = (kind: 'hello' | 'telemetry' | 'ack' | 'result') => upTopic(gw.root, d.projectId, uid, kind);
      try {
        await device.publishAsync(topic('hello'), JSON.stringify({ firmware: '1.0.0' }), { qos: 1 });
        await until(() =>
          got.some(
            (m) => m.type === 'device.state' && m.items?.some((i) => i.deviceId === deviceId && i.commState === 'ON'),
          ),
        );

        // one reading of every field the type declares is stored as its latest state
        const values = Object.fromEntries(type.telemetry.map((field) => [field.key, sample(field)]));
        if (type.telemetry.length) {
          await device.publishAsync(topic('telemetry'), JSON.stringify({ values }), { qos: 1 });
          await until(async () => {
            await gw.deviceHub.flush();
            const [row] = await t.deps.database.query<{ data: Record<string, unknown> | null }>(
              'select data from lt_device_state where device_id = $1',
              [deviceId],
            );
            return type.telemetry.every((field) => row?.data?.[field.key] === values[field.key]);
          });
        }

        // the command reaches the device's own session and completes
        const received = new Promise<{ action: string; commands: { id: string; uid: string }[] }>((resolve) =>
          device.once('message', (_, payload) => resolve(JSON.parse(payload.toString()))),
        );
        await device.subscribeAsync(`${gw.root}/v1/${d.projectId}/${uid}/down/command`, { qos: 1 });
        await driver.command(t, d.token, deviceId, command);
        const message = await received;
        expect(message).toMatchObject({ action: command.action, commands: [{ uid }] });
        const id = message.commands[0]!.id;
        await device.publishAsync(topic('ack'), JSON.stringify({ id }), { qos: 1 });
        await device.publishAsync(topic('result'), JSON.stringify({ id, status: 'SUCCESS' }), { qos: 1 });
        await until(
          async () =>
            (await t.deps.database.query("select 1 from lt_command where command_id = $1 and status = 'SUCCESS'", [id]))
              .length === 1,
        );
      } finally {
        ws.terminate();
        await device.endAsync(true);
      }
    });
});
