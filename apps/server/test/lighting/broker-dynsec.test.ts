import { mqttUserName } from '@luxgrid/contracts';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import type { Database } from '../../src/platform/db.ts';
import { DEVICE_TEXTNAME, DynsecCredentials } from '../../src/platform/devices/broker-credentials/dynsec.ts';
import { startBrokerCredentials } from '../../src/platform/devices/broker-credentials/index.ts';
import type { MqttHub } from '../../src/platform/mqtt.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { type DynsecBroker, dynsecAvailable, startDynsecBroker } from './dynsec-broker.ts';
import { demo, startTestHub, until } from './helpers.ts';

const ROOT = 'luxgrid';

/** Connects over MQTT 5 (so that a refused publish comes back as a PUBACK reason code); rejects when refused. */
function connect(url: string, username: string, password: string): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, {
      username,
      password,
      protocolVersion: 5,
      reconnectPeriod: 0,
      connectTimeout: 3000,
    });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

/**
 * External broker mode with MQTT_CREDENTIALS=dynsec: a Mosquitto 2 of the test's own with the
 * dynamic security plugin; the server provisions each session device's account and role through
 * $CONTROL/dynamic-security/v1 as the registry routes create, re-issue and delete them.
 */
describe.runIf(dynsecAvailable)('device credentials in Mosquitto dynamic security', () => {
  let broker: DynsecBroker;
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let keeper: DynsecCredentials;
  let watcher: MqttClient;
  const open: MqttClient[] = [];
  const seen: string[] = [];
  const devices = new Map<string, { deviceId: number; secret: string }>();

  const add = async (uid: string, deviceType = 'CCU') => {
    const res = await t.call('POST', '/lighting/device', {
      token: d.token,
      body: { projectId: d.projectId, uid, name: uid, deviceType },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.mqttUserName).toBe(`${d.projectId}-${uid}`);
    devices.set(uid, res.body.data);
    return res.body.data as { deviceId: number; secret: string };
  };
  const user = (uid: string) => mqttUserName(d.projectId, uid);
  const topic = (uid: string, rest: string) => `${ROOT}/v1/${d.projectId}/${uid}/${rest}`;
  const session = async (uid: string, secret = devices.get(uid)!.secret) => {
    const client = await connect(broker.url, user(uid), secret);
    open.push(client);
    return client;
  };
  /** Waits until the watcher has seen `marker`; everything published before it on the same connection has arrived by then. */
  const seenBy = async (marker: string) => {
    const until = Date.now() + 5000;
    while (!seen.includes(marker) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(seen).toContain(marker);
  };

  beforeAll(async () => {
    broker = await startDynsecBroker();
    t = await startTestApp();
    d = await demo(t);
    // registered while the broker was not told (credentials kept by the registry only)
    await add('CCU-OLD');
    const watcherPassword = 'watcher-secret';
    const answers = await broker.control([
      // an account left behind by a device deleted while the server was away, and an operator's own account
      { command: 'createClient', username: user('CCU-GONE'), password: 'x', textname: DEVICE_TEXTNAME },
      { command: 'createRole', rolename: `luxgrid-device-${user('CCU-GONE')}` },
      { command: 'createClient', username: 'operator', password: 'operator-secret', textname: 'night shift' },
      // a watcher standing in for the server's own account: reads every up/ topic, writes down/ topics
      {
        command: 'createRole',
        rolename: 'watch',
        acls: [
          { acltype: 'subscribePattern', topic: `${ROOT}/#`, allow: true },
          { acltype: 'publishClientSend', topic: `${ROOT}/#`, allow: true },
        ],
      },
      { command: 'createClient', username: 'watcher', password: watcherPassword, roles: [{ rolename: 'watch' }] },
    ]);
    expect(answers.filter((a) => a.error)).toEqual([]);
    keeper = await DynsecCredentials.start({
      url: broker.url,
      username: broker.admin.username,
      password: broker.admin.password,
      root: ROOT,
      database: t.deps.database,
      log: t.deps.log,
      timeoutMs: 3000,
    });
    t.deps.brokerCredentials = keeper;
    watcher = await connect(broker.url, 'watcher', watcherPassword);
    watcher.on('message', (_topic, payload) => seen.push(payload.toString()));
    await watcher.subscribeAsync(`${ROOT}/v1/+/+/up/#`, { qos: 1 });
  });
  afterAll(async () => {
    for (const client of [...open, watcher]) await client?.endAsync(true).catch(() => undefined);
    await keeper?.close();
    await t?.close();
    await broker?.stop();
  });

  it('reconciles at connect: reports devices without an account, removes the accounts of deleted devices only', async () => {
    const report = await keeper.report();
    expect(report?.missing).toEqual([user('CCU-OLD')]);
    expect(report?.removed).toEqual([user('CCU-GONE')]);
    const [gone, operator, role] = await broker.control([
      { command: 'getClient', username: user('CCU-GONE') },
      { command: 'getClient', username: 'operator' },
      { command: 'getRole', rolename: `luxgrid-device-${user('CCU-GONE')}` },
    ]);
    expect(gone?.error).toBe('Client not found');
    expect(role?.error).toBe('Role not found');
    expect(operator?.error).toBeUndefined();
    // a device the broker has no account for cannot connect, whatever it sends
    await expect(session('CCU-OLD')).rejects.toThrow(/Not authorized|Bad User Name or Password/i);
    const health = await t.call('GET', '/health');
    expect(health.body.credentials).toMatchObject({
      mode: 'dynsec',
      connected: true,
      failed: 0,
      reconcile: { missing: 1, removed: 1, provisioned: 0 },
    });
  });

  it('a created device connects with its user name and secret, and with nothing else', async () => {
    const a = await add('CCU-A');
    const client = await session('CCU-A');
    expect(client.connected).toBe(true);
    await expect(connect(broker.url, user('CCU-A'), 'wrong-secret')).rejects.toThrow(
      /Not authorized|Bad User Name or Password/i,
    );
    // the former '{projectId}/{uid}' form is not an account in the broker
    await expect(connect(broker.url, `${d.projectId}/CCU-A`, a.secret)).rejects.toThrow(
      /Not authorized|Bad User Name or Password/i,
    );
    const [role] = await broker.control([{ command: 'getRole', rolename: `luxgrid-device-${user('CCU-A')}` }]);
    expect(role?.error).toBeUndefined();
    expect((role!.data as { role: { acls: { acltype: string; topic: string }[] } }).role.acls).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ acltype: 'publishClientSend', topic: topic('CCU-A', 'up/#') }),
        expect.objectContaining({ acltype: 'subscribePattern', topic: topic('CCU-A', 'down/#') }),
      ]),
    );
  });

  it('a new device whose user name already has an account (left without its role) takes that account over', async () => {
    const stale = await broker.control([
      { command: 'createClient', username: user('CCU-STALE'), password: 'stale-secret', textname: DEVICE_TEXTNAME },
    ]);
    expect(stale[0]?.error).toBeUndefined();
    await add('CCU-STALE');
    const client = await session('CCU-STALE');
    await client.publishAsync(topic('CCU-STALE', 'up/hello'), 'stale-taken-over', { qos: 1 });
    await seenBy('stale-taken-over');
    await expect(connect(broker.url, user('CCU-STALE'), 'stale-secret')).rejects.toThrow(
      /Not authorized|Bad User Name or Password/i,
    );
  });

  it("a device publishes and subscribes on its own topics only, never on another device's", async () => {
    await add('CCU-B');
    const a = await session('CCU-A');
    await a.publishAsync(topic('CCU-A', 'up/telemetry'), 'own-1', { qos: 1 });
    await expect(a.publishAsync(topic('CCU-B', 'up/telemetry'), 'posing-as-B', { qos: 1 })).rejects.toThrow(
      /Not authorized/i,
    );
    await expect(a.publishAsync(topic('CCU-A', 'down/command'), 'own-down', { qos: 1 })).rejects.toThrow(
      /Not authorized/i,
    );
    await a.publishAsync(topic('CCU-A', 'up/heartbeat'), 'own-2', { qos: 1 });
    await seenBy('own-2');
    expect(seen).toContain('own-1');
    expect(seen).not.toContain('posing-as-B');

    // a refused subscription comes back as a SUBACK failure code (mqtt.js rejects it)
    const granted = (filter: string) =>
      a.subscribeAsync(filter, { qos: 1 }).then(
        (g) => (g[0]!.qos >= 0x80 ? 'refused' : g[0]!.qos),
        (error: Error) => (/Not authorized/i.test(error.message) ? 'refused' : error.message),
      );
    expect(await granted(topic('CCU-A', 'down/command'))).toBe(1);
    for (const filter of [topic('CCU-B', 'down/command'), `${ROOT}/v1/+/+/down/#`, `${ROOT}/#`, topic('CCU-B', 'up/#')])
      expect(await granted(filter), filter).toBe('refused');
    expect(a.connected).toBe(true);

    // the server's commands reach the device on its own down topic
    const command = new Promise<string>((resolve) => a.once('message', (_t, payload) => resolve(payload.toString())));
    await watcher.publishAsync(topic('CCU-A', 'down/command'), 'LIGHT_ON', { qos: 1 });
    expect(await command).toBe('LIGHT_ON');
  });

  it('a re-issued secret replaces the old one at once', async () => {
    const before = devices.get('CCU-A')!;
    const old = await session('CCU-A');
    const closed = new Promise<void>((resolve) => old.once('close', () => resolve()));
    const res = await t.call('POST', `/lighting/device/${before.deviceId}/secret`, { token: d.token });
    expect(res.body.code).toBe(200);
    expect(res.body.data.mqttUserName).toBe(user('CCU-A'));
    const secret = res.body.data.secret as string;
    expect(secret).not.toBe(before.secret);
    // the session signed in with the old secret is ended by the broker
    await closed;
    await expect(connect(broker.url, user('CCU-A'), before.secret)).rejects.toThrow(
      /Not authorized|Bad User Name or Password/i,
    );
    const again = await session('CCU-A', secret);
    await again.publishAsync(topic('CCU-A', 'up/heartbeat'), 'after-reissue', { qos: 1 });
    await seenBy('after-reissue');
    devices.set('CCU-A', { ...before, secret });

    // many at once; a device the broker had no account for gets one
    const old2 = devices.get('CCU-OLD')!;
    const bulk = await t.call('POST', '/lighting/device/credentials', {
      token: d.token,
      body: { deviceIds: [old2.deviceId, devices.get('CCU-B')!.deviceId] },
    });
    expect(bulk.body.code).toBe(200);
    const issued = bulk.body.data as { uid: string; mqttUserName: string; secret: string }[];
    expect(issued.map((r) => r.mqttUserName).sort()).toEqual([user('CCU-B'), user('CCU-OLD')]);
    for (const row of issued) await session(row.uid, row.secret);
    expect((await keeper.reconcile())?.missing).toEqual([]);
  });

  it('a deleted device is refused and its account and role are gone', async () => {
    const b = devices.get('CCU-B')!;
    const connected = open.find((c) => c.options.username === user('CCU-B') && c.connected)!;
    const closed = new Promise<void>((resolve) => connected.once('close', () => resolve()));
    const res = await t.call('DELETE', `/lighting/device/${b.deviceId}`, { token: d.token });
    expect(res.body.code).toBe(200);
    // the broker ends the deleted device's open connection
    await closed;
    const [client, role] = await broker.control([
      { command: 'getClient', username: user('CCU-B') },
      { command: 'getRole', rolename: `luxgrid-device-${user('CCU-B')}` },
    ]);
    expect(client?.error).toBe('Client not found');
    expect(role?.error).toBe('Role not found');
    await expect(connect(broker.url, user('CCU-B'), b.secret)).rejects.toThrow(
      /Not authorized|Bad User Name or Password/i,
    );
  });

  it('a manhole cover, registered and deleted, gets and loses its account the same way', async () => {
    const headers = { projectId: String(d.projectId) };
    const res = await t.call('POST', '/manhole/device', {
      token: d.token,
      headers,
      body: { uid: 'MH-D1', name: 'cover', longitude: 116.4, latitude: 39.9 },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.mqttUserName).toBe(user('MH-D1'));
    const cover = await session('MH-D1', res.body.data.secret);
    await cover.publishAsync(topic('MH-D1', 'up/hello'), 'cover-hello', { qos: 1 });
    await seenBy('cover-hello');
    const removed = await t.call('DELETE', `/manhole/device/${res.body.data.deviceId}`, { token: d.token, headers });
    expect(removed.body.code).toBe(200);
    await expect(connect(broker.url, user('MH-D1'), res.body.data.secret)).rejects.toThrow(
      /Not authorized|Bad User Name or Password/i,
    );
    expect(keeper.health()).toMatchObject({ failed: 0, lastError: null });
  });

  it("the server's own account, set up as the document says, carries a device's messages up and its commands down", async () => {
    const serverPassword = 'server-secret';
    const answers = await broker.control([
      {
        command: 'createRole',
        rolename: 'luxgrid-server',
        acls: [
          { acltype: 'subscribePattern', topic: `${ROOT}/v1/+/+/up/#`, allow: true },
          { acltype: 'publishClientReceive', topic: `${ROOT}/v1/+/+/up/#`, allow: true },
          { acltype: 'publishClientSend', topic: `${ROOT}/v1/+/+/down/#`, allow: true },
        ],
      },
      {
        command: 'createClient',
        username: 'luxgrid',
        password: serverPassword,
        roles: [{ rolename: 'luxgrid-server' }],
      },
    ]);
    expect(answers.filter((a) => a.error)).toEqual([]);
    const gw = await startTestHub(t, {
      url: broker.url.replace('mqtt://', `mqtt://luxgrid:${serverPassword}@`),
      topicRoot: ROOT,
    });
    try {
      const ccu = await add('CCU-S');
      const rtu = await t.call('POST', '/lighting/device', {
        token: d.token,
        body: { projectId: d.projectId, uid: 'RTU-S1', name: 'lamp', deviceType: 'RTU', parentId: ccu.deviceId },
      });
      expect(rtu.body.code, JSON.stringify(rtu.body)).toBe(200);
      const device = await session('CCU-S');
      await device.subscribeAsync(topic('CCU-S', 'down/command'), { qos: 1 });
      await device.publishAsync(
        topic('CCU-S', 'up/hello'),
        JSON.stringify({ firmware: '2.0.0', children: ['RTU-S1'] }),
        {
          qos: 1,
        },
      );
      await until(async () => {
        const [state] = await t.deps.database.query<{ online: boolean }>(
          'select online from lt_device_state where device_id = $1',
          [ccu.deviceId],
        );
        return state?.online === true;
      });
      const got = new Promise<{ action: string; commands: { uid: string }[] }>((resolve) =>
        device.once('message', (_t, payload) => resolve(JSON.parse(payload.toString()))),
      );
      const res = await t.call('POST', '/lighting/device/control', {
        token: d.token,
        body: { action: 'LIGHT_ON', deviceIds: [rtu.body.data.deviceId] },
      });
      expect(res.body.data).toMatchObject({ total: 1, sent: 1 });
      expect(await got).toMatchObject({ action: 'LIGHT_ON', commands: [{ uid: 'RTU-S1' }] });
    } finally {
      await gw.stop();
    }
  });

  it('a secret re-issued while the broker is away reaches it when it is back', async () => {
    const p = await add('CCU-P');
    await broker.pause();
    const res = await t.call('POST', `/lighting/device/${p.deviceId}/secret`, { token: d.token });
    // the registry holds the new secret and shows it once; the broker's confirmation is missing
    expect(res.body.code).toBe(200);
    const secret = res.body.data.secret as string;
    expect(keeper.health()).toMatchObject({ connected: false, failed: 3 });
    expect(keeper.health().lastError).toMatch(/did not answer/);
    await broker.resume();
    const end = Date.now() + 15_000;
    let client: MqttClient | null = null;
    while (!client && Date.now() < end) {
      client = await session('CCU-P', secret).catch(() => null);
      if (!client) await new Promise((r) => setTimeout(r, 200));
    }
    expect(client?.connected).toBe(true);
    await expect(connect(broker.url, user('CCU-P'), p.secret)).rejects.toThrow(
      /Not authorized|Bad User Name or Password/i,
    );
  });
});

describe('device credentials settings', () => {
  const warned: string[] = [];
  const log = {
    warn: (message: string) => warned.push(message),
    error: () => undefined,
  } as unknown as FastifyBaseLogger;
  const external = { mode: 'external' } as MqttHub;
  const start = (env: Record<string, string>, hub: MqttHub | null = external) =>
    startBrokerCredentials(loadConfig(env), hub, ROOT, {} as Database, log);

  it('refuse an unknown mode, and dynsec without an external broker or its admin account', async () => {
    expect(() => loadConfig({ MQTT_CREDENTIALS: 'acl-file' })).toThrow(/dynsec, http or none/);
    await expect(start({ MQTT_CREDENTIALS: 'dynsec' }, null)).rejects.toThrow(/MQTT_URL/);
    await expect(start({ MQTT_URL: 'mqtt://broker:1883', MQTT_CREDENTIALS: 'dynsec' })).rejects.toThrow(
      /MQTT_ADMIN_USER and MQTT_ADMIN_PASSWORD/,
    );
    expect((await start({ MQTT_URL: 'mqtt://broker:1883', MQTT_CREDENTIALS: 'http' })).mode).toBe('http');
    expect(warned).toEqual([]);
    expect((await start({ MQTT_URL: 'mqtt://broker:1883' })).mode).toBe('none');
    expect(warned).toEqual([expect.stringMatching(/MQTT_CREDENTIALS is not set/)]);
    expect((await start({}, { mode: 'embedded' } as MqttHub)).mode).toBe('embedded');
  });
});
