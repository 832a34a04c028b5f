import { upTopic } from '@luxgrid/contracts';
import { COUNTED_DEVICE_TYPES } from '@luxgrid/contracts/lighting';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo, startTestHub, until } from './helpers.ts';

/**
 * One definition of a faulty device: a fault event marks it, a recovery or a lit lamp clears it,
 * and the home figures, the list filter, the drawer and the tree all say the same.
 */
describe('faulty devices', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let gw: Awaited<ReturnType<typeof startTestHub>>;
  let device: MqttClient;
  const ids: Record<string, number> = {};
  const send = (kind: 'hello' | 'telemetry' | 'event', body: unknown) =>
    device.publishAsync(upTopic(gw.root, d.projectId, 'F-CCU', kind), JSON.stringify(body), { qos: 1 });
  const settle = async (check: () => Promise<boolean>) =>
    until(async () => {
      await gw.deviceHub.flush();
      return check();
    });
  const faulty = async (uid: string) =>
    (
      await t.deps.database.query<{ fault: boolean }>(
        'select s.fault from lt_device_state s join lt_device d on d.device_id = s.device_id where d.uid = $1',
        [uid],
      )
    )[0]?.fault ?? false;
  const figures = async () =>
    (
      await t.call('GET', '/sysclient/home/summary', {
        token: d.token,
        headers: { projectId: String(d.projectId) },
      })
    ).body.data.figures.devices;
  const listed = async (query: string) =>
    (await t.call('GET', `/lighting/device/list?projectId=${d.projectId}&pageSize=100&${query}`, { token: d.token }))
      .body;

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    gw = await startTestHub(t, { heartbeatTimeoutMs: 60_000 });
    const add = async (body: Record<string, unknown>) => {
      const res = await t.call('POST', '/lighting/device', {
        token: d.token,
        body: { projectId: d.projectId, ...body },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      ids[body.uid as string] = res.body.data.deviceId;
      return res.body.data as { deviceId: number; secret: string };
    };
    const ccu = await add({ uid: 'F-CCU', name: 'concentrator', deviceType: 'CCU' });
    for (const uid of ['F-RTU-1', 'F-RTU-2', 'F-RTU-3'])
      await add({ uid, name: uid, deviceType: 'RTU', parentId: ccu.deviceId });
    await add({ uid: 'F-RTU-1-L1', name: 'head 1', deviceType: 'LIGHT', parentId: ids['F-RTU-1'] });
    await add({ uid: 'F-RTU-1-L2', name: 'head 2', deviceType: 'LIGHT', parentId: ids['F-RTU-1'] });
    device = await new Promise<MqttClient>((resolve, reject) => {
      const client = mqtt.connect(gw.url, {
        username: `${d.projectId}/F-CCU`,
        password: ccu.secret,
        reconnectPeriod: 0,
      });
      client.once('connect', () => resolve(client));
      client.once('error', reject);
    });
    // F-RTU-3 is registered but never heard from
    await send('hello', { children: ['F-RTU-1', 'F-RTU-2'] });
    await settle(
      async () =>
        !(await listed('commState=ON&deviceType=RTU')).rows.every((r: { uid: string }) => r.uid !== 'F-RTU-2'),
    );
  });
  afterAll(async () => {
    await device?.endAsync(true);
    await gw?.stop();
    await t?.close();
  });

  it('counts devices that never connected as offline, and lamps as controllers with their heads', async () => {
    const f = await figures();
    // concentrator + three controllers; the two lamp heads are parts of controller 1
    expect(f).toMatchObject({ total: 4, lamps: 3, lampHeads: 2, online: 3, offline: 1, neverConnected: 1, faults: 0 });
    expect(f.onlineRate).toBe(75);
    // the home page's links: its figures and the device list agree
    const counted = `deviceTypes=${COUNTED_DEVICE_TYPES.join(',')}`;
    expect((await listed(counted)).total).toBe(f.total);
    expect((await listed(`${counted}&commStates=OFF,INIT`)).total).toBe(f.offline);
    expect((await listed('deviceType=RTU')).total).toBe(f.lamps);
  });

  it('a fault event marks the device faulty; the home figure, the list filter, the drawer and the tree agree', async () => {
    await send('event', { uid: 'F-RTU-1', type: 'LampFault', level: 'serious', data: { hours: 12 } });
    await send('event', { uid: 'F-RTU-2', type: 'RtuTilt', level: 'urgent' });
    // an ordinary event is news, not a fault
    await send('event', { uid: 'F-RTU-2', type: 'POWER_UP', level: 'ordinary' });
    await settle(async () => (await faulty('F-RTU-1')) && (await faulty('F-RTU-2')));

    const f = await figures();
    const yes = await listed('fault=true');
    const no = await listed('fault=false');
    expect(yes.rows.map((r: { uid: string }) => r.uid).sort()).toEqual(['F-RTU-1', 'F-RTU-2']);
    expect(f.faults).toBe(yes.total);
    expect(yes.rows.find((r: { uid: string }) => r.uid === 'F-RTU-1')).toMatchObject({
      fault: true,
      faultCodes: { LampFault: expect.any(String) },
    });
    expect(no.rows.map((r: { uid: string }) => r.uid)).not.toContain('F-RTU-1');
    expect(no.rows.map((r: { uid: string }) => r.uid)).toContain('F-RTU-3');

    const drawer = await t.call('GET', `/lighting/device/${ids['F-RTU-2']}`, { token: d.token });
    expect(drawer.body.data).toMatchObject({ fault: true, faultCodes: { RtuTilt: expect.any(String) } });
    const tree = await t.call('GET', `/lighting/device/tree?projectId=${d.projectId}&parentId=${ids['F-CCU']}`, {
      token: d.token,
    });
    const nodes = tree.body.data.nodes as { uid: string; fault: boolean }[];
    expect(nodes.filter((n) => n.fault).map((n) => n.uid)).toEqual(['F-RTU-1', 'F-RTU-2']);
  });

  it('a recovery event clears its fault; a lamp reporting it is lit clears a lamp failure', async () => {
    await send('event', { uid: 'F-RTU-2', type: 'RECOVER', data: { type: 'RtuTilt' } });
    await settle(async () => !(await faulty('F-RTU-2')));
    expect(await faulty('F-RTU-1')).toBe(true);

    await send('telemetry', { items: [{ uid: 'F-RTU-1', values: { voltage: 230, power: 95, lampState: 'ON' } }] });
    await settle(async () => !(await faulty('F-RTU-1')));
    expect((await figures()).faults).toBe(0);
    expect((await listed('fault=true')).total).toBe(0);
    expect((await t.call('GET', `/lighting/device/${ids['F-RTU-1']}`, { token: d.token })).body.data).toMatchObject({
      fault: false,
      faultCodes: {},
    });
  });

  it('a fault and its recovery in the same moment leave the device healthy; the reverse leaves it faulty', async () => {
    await send('event', { uid: 'F-RTU-3', type: 'FAULT' });
    await send('event', { uid: 'F-RTU-3', type: 'RECOVER' });
    await send('event', { uid: 'F-RTU-2', type: 'RECOVER' });
    await send('event', { uid: 'F-RTU-2', type: 'RtuOverTemperature', level: 'dangerous' });
    await settle(async () => faulty('F-RTU-2'));
    expect(await faulty('F-RTU-3')).toBe(false);
    expect((await figures()).faults).toBe(1);
  });

  it("shows a lamp head's values from its controller, and ranks a UID search by reporting devices", async () => {
    await send('telemetry', { items: [{ uid: 'F-RTU-1', values: { voltage: 231.5, dimLevel: 70, lampState: 'ON' } }] });
    await settle(async () => (await listed('keyword=F-RTU-1-L1')).rows[0]?.live?.voltage === 231.5);
    const head = (await listed('keyword=F-RTU-1-L1')).rows[0];
    expect(head).toMatchObject({
      uid: 'F-RTU-1-L1',
      live: { voltage: 231.5, dimLevel: 70, lampState: 'ON' },
      liveFrom: { deviceId: ids['F-RTU-1'], uid: 'F-RTU-1' },
    });
    const drawer = await t.call('GET', `/lighting/device/${ids['F-RTU-1-L1']}`, { token: d.token });
    expect(drawer.body.data.live).toMatchObject({
      values: { voltage: 231.5 },
      from: { deviceId: ids['F-RTU-1'], uid: 'F-RTU-1' },
    });
    // the controller itself first, its lamp heads after it
    const search = await listed('keyword=F-RTU-1');
    expect(search.rows.map((r: { uid: string }) => r.uid)).toEqual(['F-RTU-1', 'F-RTU-1-L1', 'F-RTU-1-L2']);
    // a prefix: controllers (which report) before lamp heads
    const prefix = await listed('keyword=F-RTU');
    expect(prefix.rows.map((r: { uid: string }) => r.uid)).toEqual([
      'F-RTU-1',
      'F-RTU-2',
      'F-RTU-3',
      'F-RTU-1-L1',
      'F-RTU-1-L2',
    ]);
    expect(prefix.total).toBe(5);
  });
});
