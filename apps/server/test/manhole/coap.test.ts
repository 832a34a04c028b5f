import { request } from 'coap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoapListener, startCoapListener } from '../../src/platform/devices/coap.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo, startTestHub, until } from '../lighting/helpers.ts';

/**
 * A manhole cover that speaks CoAP (an NB-IoT module's own stack) instead of MQTT: it posts its
 * hello, readings and lid events with its MQTT credentials to the CoAP listener, and they land
 * where the MQTT ones do; the listener refuses other devices' paths, wrong secrets and other methods.
 * The client is the `coap` package's own.
 */
describe('manhole covers over CoAP', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let gw: Awaited<ReturnType<typeof startTestHub>>;
  let listener: CoapListener;
  const covers: Record<string, { deviceId: number; user: string; secret: string }> = {};
  const headers = () => ({ projectId: String(d.projectId) });
  const detail = async (uid: string) =>
    (await t.call('GET', `/manhole/device/${covers[uid]!.deviceId}`, { token: d.token, headers: headers() })).body.data;

  /** One CoAP request; answers the response code ('2.04', '4.01' …). */
  const post = (path: string, query: string, body: unknown, method: 'POST' | 'GET' = 'POST') =>
    new Promise<string>((resolve, reject) => {
      const req = request({ hostname: '127.0.0.1', port: listener.port, method, pathname: path, query });
      req.on('response', (res) => {
        res.resume();
        resolve(res.code);
      });
      req.on('error', reject);
      if (method === 'POST') req.write(JSON.stringify(body));
      req.end();
    });
  /** the device's latest state is written behind its readings: flush, then look */
  const settled = async (
    uid: string,
    check: (device: { values: Record<string, unknown>; alarms: string[] }) => boolean,
  ) => {
    await until(async () => {
      await gw.deviceHub.flush();
      return check(await detail(uid));
    });
    return detail(uid);
  };
  const as = (uid: string, secret = covers[uid]!.secret) =>
    `u=${encodeURIComponent(covers[uid]!.user)}&p=${encodeURIComponent(secret)}`;
  const up = (uid: string, kind: string) => `/v1/${d.projectId}/${uid}/up/${kind}`;

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    gw = await startTestHub(t, { heartbeatTimeoutMs: 60_000 });
    listener = await startCoapListener({ port: 0, host: '127.0.0.1', database: t.deps.database, hub: gw.deviceHub });
    for (const uid of ['MH-C1', 'MH-C2']) {
      const res = await t.call('POST', '/manhole/device', {
        token: d.token,
        headers: headers(),
        body: { uid, name: `CoAP cover ${uid}` },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      covers[uid] = {
        deviceId: res.body.data.deviceId,
        user: res.body.data.mqttUserName,
        secret: res.body.data.secret,
      };
    }
  });
  afterAll(async () => {
    await listener?.close();
    await gw?.stop();
    await t?.close();
  });

  it('stores what a cover posts, as it would over MQTT: hello, readings, a lid event', async () => {
    expect(await post(up('MH-C1', 'hello'), as('MH-C1'), { firmware: 'nb-coap-1.0' })).toBe('2.04');
    const now = Date.now();
    const reading = { coverState: 'CLOSED', tilt: 2.5, waterLevel: 55, battery: 91, signal: -101 };
    expect(await post(up('MH-C1', 'telemetry'), as('MH-C1'), { ts: now, values: reading })).toBe('2.04');
    const stored = await settled('MH-C1', (cover) => cover.values.waterLevel === 55);
    expect(stored).toMatchObject({ online: true, firmware: 'nb-coap-1.0', values: reading });

    expect(await post(up('MH-C1', 'event'), as('MH-C1'), { ts: now + 10, type: 'COVER_OPENED', level: 'urgent' })).toBe(
      '2.04',
    );
    expect((await settled('MH-C1', (cover) => cover.alarms.length > 0)).alarms).toEqual(['COVER_OPENED']);
  });

  it('counts a reading outside the thing model and stores the rest', async () => {
    const before = gw.deviceHub.stats.refusedValues.outOfRange;
    expect(
      await post(up('MH-C1', 'telemetry'), as('MH-C1'), { ts: Date.now() + 20, values: { battery: 480, tilt: 3 } }),
    ).toBe('2.04');
    const stored = await settled('MH-C1', (cover) => cover.values.tilt === 3);
    expect(stored.values).toMatchObject({ battery: 91, tilt: 3 });
    expect(gw.deviceHub.stats.refusedValues.outOfRange).toBeGreaterThan(before);
  });

  it('refuses a wrong secret, another cover path, a path that is not a device one and other methods', async () => {
    const rejected = gw.deviceHub.stats.authRejected;
    expect(await post(up('MH-C2', 'telemetry'), as('MH-C2', 'not-the-secret'), { values: { tilt: 9 } })).toBe('4.01');
    expect(gw.deviceHub.stats.authRejected).toBe(rejected + 1);
    // MH-C1's credentials on MH-C2's path
    expect(await post(up('MH-C2', 'telemetry'), as('MH-C1'), { values: { tilt: 9 } })).toBe('4.03');
    expect((await detail('MH-C2')).values).toEqual({});
    expect(await post(`/v1/${d.projectId}/MH-C1/down/command`, as('MH-C1'), {})).toBe('4.00');
    expect(await post(up('MH-C1', 'telemetry'), as('MH-C1'), null, 'GET')).toBe('4.05');
  });
});
