import type { DeviceHubEvents } from '@luxgrid/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedisCache } from '../../src/platform/cache.ts';
import type { Deps } from '../../src/platform/context.ts';
import { DeviceEvents } from '../../src/platform/devices/events.ts';
import { DeviceHub } from '../../src/platform/devices/hub.ts';
import { startMqtt } from '../../src/platform/mqtt.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { reachable, requireService } from '../reachable.ts';
import { freePort, startTestHub, until } from './helpers.ts';

const redisUp = requireService('Redis at 127.0.0.1:6379', await reachable('127.0.0.1', 6379));

type Seen = { [K in keyof DeviceHubEvents]: DeviceHubEvents[K][] };
const collect = (events: DeviceEvents, uids: Set<string>, options: { everywhere?: boolean } = {}) => {
  const seen: Seen = {
    telemetry: [],
    event: [],
    online: [],
    offline: [],
    commandResult: [],
    registryChanged: [],
    schedulesHeld: [],
  };
  events.on('telemetry', (e) => void (uids.has(e.device.uid) && seen.telemetry.push(e)), options);
  events.on('event', (e) => void (uids.has(e.device.uid) && seen.event.push(e)), options);
  events.on('online', (e) => void (uids.has(e.device.uid) && seen.online.push(e)), options);
  events.on('offline', (e) => void (uids.has(e.device.uid) && seen.offline.push(e)), options);
  events.on('commandResult', (e) => void seen.commandResult.push(e), options);
  events.on('registryChanged', (e) => void seen.registryChanged.push(e), options);
  return seen;
};

/** Adds a concentrator and one terminal it carries (project 1 of customer 1); returns their ids. */
async function addPair(t: TestApp, prefix: string) {
  const [ccu] = await t.deps.database.query<{ device_id: number }>(
    `insert into lt_device (client_id, project_id, uid, name, device_type) values (1, 1, $1, $1, 'CCU') returning device_id`,
    [`${prefix}-CCU`],
  );
  await t.deps.database.query('update lt_device set gateway_id = device_id where device_id = $1', [ccu!.device_id]);
  const [rtu] = await t.deps.database.query<{ device_id: number }>(
    `insert into lt_device (client_id, project_id, uid, name, device_type, parent_id, gateway_id)
     values (1, 1, $1, $1, 'RTU', $2, $2) returning device_id`,
    [`${prefix}-RTU`, ccu!.device_id],
  );
  return { ccu: ccu!.device_id, rtu: rtu!.device_id };
}

const body = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('device hub events', () => {
  let t: TestApp;
  let gw: Awaited<ReturnType<typeof startTestHub>>;
  let ids: { ccu: number; rtu: number };
  let seen: Seen;
  const topic = (kind: string) => `${gw.root}/v1/1/EV-CCU/up/${kind}`;
  /** what a telemetry listener found stored when it ran */
  const storedWhenHeard: number[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    gw = await startTestHub(t, { heartbeatTimeoutMs: 60_000 });
    ids = await addPair(t, 'EV');
    seen = collect(t.deps.devices, new Set(['EV-CCU', 'EV-RTU']));
    t.deps.devices.on('telemetry', async ({ device, ts }) => {
      if (device.uid !== 'EV-RTU') return;
      const rows = await t.deps.database.query(
        'select 1 from lt_telemetry where device_id = $1 and ts = to_timestamp($2 / 1000.0)',
        [device.deviceId, ts],
      );
      storedWhenHeard.push(rows.length);
    });
    // a listener that fails is logged and changes nothing for the others or for ingest
    t.deps.devices.on('telemetry', () => {
      throw new Error('listener broken');
    });
  });
  afterAll(async () => {
    await gw?.stop();
    await t?.close();
  });

  it('emits online when a session and its children are heard from, the children as carried', async () => {
    await gw.deviceHub.handle(topic('hello'), body({ children: ['EV-RTU'] }));
    await t.deps.devices.idle();
    const online = seen.online.map((e) => [e.device.uid, e.carried]).sort();
    expect(online).toEqual([
      ['EV-CCU', false],
      ['EV-RTU', true],
    ]);
    expect(seen.online[0]!.device).toMatchObject({ clientId: 1, projectId: 1 });
  });

  it('emits telemetry once the reading is stored, and a failing listener does not break ingest', async () => {
    const failedBefore = t.deps.devices.failed;
    await gw.deviceHub.handle(
      topic('telemetry'),
      body({ items: [{ uid: 'EV-RTU', ts: 1_790_000_000_000, values: { voltage: 231, lampState: 'ON' } }] }),
    );
    await t.deps.devices.idle();
    expect(seen.telemetry).toEqual([
      {
        device: { deviceId: ids.rtu, clientId: 1, projectId: 1, uid: 'EV-RTU', deviceType: 'RTU' },
        ts: 1_790_000_000_000,
        values: { voltage: 231, lampState: 'ON' },
      },
    ]);
    expect(storedWhenHeard).toEqual([1]);
    expect(t.deps.devices.failed).toBe(failedBefore + 1);
    expect(gw.deviceHub.stats.unacknowledged).toBe(0);
  });

  it('emits a device event once it is stored', async () => {
    await gw.deviceHub.handle(
      topic('event'),
      body({ uid: 'EV-RTU', ts: 1_790_000_001_000, type: 'RtuTilt', level: 'serious', data: { angle: 12 } }),
    );
    await t.deps.devices.idle();
    expect(seen.event).toEqual([
      {
        device: expect.objectContaining({ deviceId: ids.rtu, uid: 'EV-RTU' }),
        ts: 1_790_000_001_000,
        type: 'RtuTilt',
        level: 'serious',
        data: { angle: 12 },
      },
    ]);
    const [stored] = await t.deps.database.query<{ n: number }>(
      "select count(*)::int as n from lt_device_event where device_id = $1 and event_type = 'RtuTilt'",
      [ids.rtu],
    );
    expect(stored!.n).toBe(1);
  });

  it('emits commandResult when a device answers a command and when one times out', async () => {
    const now = t.clock.now();
    const command = (id: string, status: string) =>
      t.deps.database.query(
        `insert into lt_command (command_id, batch_id, client_id, project_id, device_id, session_id, action, status,
           create_time, sent_time, expire_time)
         values ($1, 'EV-BATCH', 1, 1, $2, $3, 'calling', $4, to_timestamp($5 / 1000.0), to_timestamp($5 / 1000.0),
           to_timestamp(($5 + 3600000) / 1000.0))`,
        [id, ids.rtu, ids.ccu, status, now],
      );
    await command('ev-answered', 'SENT');
    await command('ev-silent', 'SENT');
    await gw.deviceHub.handle(topic('result'), body({ id: 'ev-answered', status: 'SUCCESS', data: { voltage: 229 } }));
    await t.deps.devices.idle();
    expect(seen.commandResult).toEqual([
      {
        commandId: 'ev-answered',
        device: { deviceId: ids.rtu, clientId: 1, projectId: 1 },
        action: 'calling',
        status: 'SUCCESS',
        data: { voltage: 229 },
        error: '',
        ts: now,
      },
    ]);
    // the read-back's values are a reading too
    expect(seen.telemetry.at(-1)?.values).toEqual({ voltage: 229 });
    t.clock.advance(61_000);
    await gw.deviceHub.expireCommands(t.clock.now());
    expect(seen.commandResult.map((r) => [r.commandId, r.status])).toEqual([
      ['ev-answered', 'SUCCESS'],
      ['ev-silent', 'TIMEOUT'],
    ]);
  });

  it('emits offline for a silent session and, as carried, for the children it takes along', async () => {
    t.clock.advance(61_000);
    const swept = await gw.deviceHub.sweep();
    expect(swept.events).toContain(ids.ccu);
    await t.deps.devices.idle();
    expect(seen.offline.map((e) => [e.device.uid, e.carried]).sort()).toEqual([
      ['EV-CCU', false],
      ['EV-RTU', true],
    ]);
  });

  it('emits registryChanged, and the hub forgets what changed', async () => {
    await gw.deviceHub.handle(topic('heartbeat'), body({ children: ['EV-RTU'] }));
    const known = gw.deviceHub.health().knownDevices;
    expect(known).toBeGreaterThanOrEqual(2);
    t.deps.devices.registryChanged([ids.ccu, ids.rtu]);
    expect(seen.registryChanged.at(-1)).toEqual({ deviceIds: [ids.ccu, ids.rtu] });
    expect(gw.deviceHub.health().knownDevices).toBe(known - 2);
  });

  it('unsubscribes with the function `on` returned', async () => {
    let heard = 0;
    const off = t.deps.devices.on('event', () => void heard++);
    off();
    await gw.deviceHub.handle(topic('event'), body({ type: 'RtuTilt', level: 'serious' }));
    await t.deps.devices.idle();
    expect(heard).toBe(0);
  });
});

describe('buffered writer: coming back online', () => {
  let t: TestApp;
  let gw: Awaited<ReturnType<typeof startTestHub>>;
  let ids: { ccu: number; rtu: number };
  let seen: Seen;
  const topic = (kind: string) => `${gw.root}/v1/1/WR-CCU/up/${kind}`;
  const commState = async (deviceId: number) =>
    (
      await t.deps.database.query<{ comm_state: string }>('select comm_state from lt_device where device_id = $1', [
        deviceId,
      ])
    )[0]!.comm_state;
  const onlineEvents = (deviceId: number) =>
    t.deps.database.query("select 1 from lt_device_event where device_id = $1 and event_type = 'ONLINE'", [deviceId]);

  beforeAll(async () => {
    t = await startTestApp();
    // the timed flushes are driven by hand; the live push period is long, so none is due in a test
    gw = await startTestHub(t, { heartbeatTimeoutMs: 60_000, flushMs: 600_000 });
    ids = await addPair(t, 'WR');
    seen = collect(t.deps.devices, new Set(['WR-CCU', 'WR-RTU']));
  });
  afterAll(async () => {
    await gw?.stop();
    await t?.close();
  });

  it('marks a device online with the timed write right after a full one, when that mark is all it carries', async () => {
    await gw.deviceHub.flush();
    expect(await commState(ids.ccu)).not.toBe('ON');
    // an acknowledgement of a command it no longer holds: the device is heard from, nothing else is stored
    await gw.deviceHub.handle(topic('ack'), body({ id: 'no-such-command' }));
    await gw.deviceHub.flush(false);
    expect(await commState(ids.ccu)).toBe('ON');
    await t.deps.devices.idle();
    expect(seen.online.map((e) => [e.device.uid, e.carried])).toEqual([['WR-CCU', false]]);
    // its ONLINE event is stored by the same write
    expect(await onlineEvents(ids.ccu)).toHaveLength(1);
  });

  it('a device heard from by another transport is online once its contact is committed', async () => {
    await gw.deviceHub.flush();
    expect(await commState(ids.rtu)).not.toBe('ON');
    const info = await gw.deviceHub.transport.deviceById(ids.rtu);
    await gw.deviceHub.transport.seen(info!);
    expect(await commState(ids.rtu)).toBe('ON');
    expect(await onlineEvents(ids.rtu)).toHaveLength(1);
    await t.deps.devices.idle();
    expect(seen.online.filter((e) => e.device.uid === 'WR-RTU')).toHaveLength(1);
  });
});

describe.runIf(redisUp)('device hub events across processes (Redis)', () => {
  let t: TestApp;
  const hubs: { hub: DeviceHub; close(): Promise<void> }[] = [];
  const buses: DeviceEvents[] = [];

  /** A second server process, as far as the devices are concerned: its own cache connection, bus, broker and hub. */
  async function serverProcess(root: string) {
    const cache = await openRedisCache('redis://127.0.0.1:6379');
    const devices = new DeviceEvents(cache, t.deps.log);
    await devices.start();
    const mqtt = await startMqtt({ mqttPort: await freePort(), host: '127.0.0.1' });
    const deps: Deps = { ...t.deps, cache, devices, deviceHub: null };
    const hub = new DeviceHub(deps, mqtt, { timers: false, topicRoot: root });
    await hub.start();
    hubs.push({
      hub,
      async close() {
        await hub.stop();
        await mqtt.close();
        await cache.close();
      },
    });
    buses.push(devices);
    return { hub, devices };
  }

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const h of hubs) await h.close();
    await t?.close();
  });

  it('delivers everywhere-listeners in every process and default listeners once, where the message was handled', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const prefix = `X${suffix}`;
    await addPair(t, prefix);
    const uids = new Set([`${prefix}-CCU`, `${prefix}-RTU`]);
    const a = await serverProcess(`lxa${suffix}`);
    const b = await serverProcess(`lxb${suffix}`);
    const hereA = collect(a.devices, uids);
    const hereB = collect(b.devices, uids);
    const everywhereA = collect(a.devices, uids, { everywhere: true });
    const everywhereB = collect(b.devices, uids, { everywhere: true });
    await b.devices.idle();
    await until(() => a.devices.isShared('telemetry') && a.devices.isShared('event'));

    const up = (kind: string) => `lxa${suffix}/v1/1/${prefix}-CCU/up/${kind}`;
    await a.hub.handle(up('hello'), body({ children: [`${prefix}-RTU`] }));
    await a.hub.handle(
      up('telemetry'),
      body({ uid: `${prefix}-RTU`, ts: 1_790_000_000_000, values: { voltage: 230 } }),
    );
    await a.hub.handle(up('event'), body({ uid: `${prefix}-RTU`, type: 'RtuTilt', level: 'serious' }));
    await until(() => everywhereB.telemetry.length === 1 && everywhereB.event.length === 1);
    await new Promise((r) => setTimeout(r, 100)); // room for anything delivered twice to show

    // default listeners: once in the cluster, in the process that handled the messages
    expect(hereA.telemetry).toHaveLength(1);
    expect(hereA.event).toHaveLength(1);
    expect(hereA.online).toHaveLength(2);
    expect([hereB.telemetry, hereB.event, hereB.online]).toEqual([[], [], []]);
    // everywhere listeners: once in each process
    for (const seen of [everywhereA, everywhereB]) {
      expect(seen.telemetry).toEqual([expect.objectContaining({ ts: 1_790_000_000_000, values: { voltage: 230 } })]);
      expect(seen.event.map((e) => e.type)).toEqual(['RtuTilt']);
      expect(seen.online).toHaveLength(2);
    }
  });

  it('a registry change reaches the registry cache of every process', async () => {
    const [a, b] = hubs.map((h) => h.hub) as [DeviceHub, DeviceHub];
    const known = a.health().knownDevices;
    expect(known).toBeGreaterThanOrEqual(2);
    const ids = (
      await t.deps.database.query<{ device_id: number }>(
        "select device_id from lt_device where uid like 'X%-CCU' or uid like 'X%-RTU'",
      )
    ).map((r) => r.device_id);
    buses[1]!.registryChanged(ids);
    await until(() => a.health().knownDevices === known - 2);
    expect(b.health().knownDevices).toBe(0);
  });
});
