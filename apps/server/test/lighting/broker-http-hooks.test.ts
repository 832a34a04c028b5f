import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_FAILURES_PER_MINUTE,
  hookAllowList,
  registerMqttHooks,
} from '../../src/platform/devices/broker-credentials/http-auth.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from './helpers.ts';

const HOOK_SECRET = 'emqx-hook-shared-secret';

/**
 * External broker mode with MQTT_CREDENTIALS=http: the server answers EMQX 5's HTTP
 * authentication (/mqtt/auth) and authorization (/mqtt/acl) hooks with {"result": …} from the
 * device registry, as EMQX would call them (JSON body from its ${…} placeholders).
 */
describe('EMQX HTTP authentication and authorization hooks', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  const secrets = new Map<string, { deviceId: number; secret: string }>();

  const hook = async (
    path: 'auth' | 'acl',
    body: Record<string, unknown>,
    opts: { app?: TestApp; secret?: string | null; ip?: string } = {},
  ) => {
    const secret = opts.secret === undefined ? HOOK_SECRET : opts.secret;
    const res = await (opts.app ?? t).app.inject({
      method: 'POST',
      url: `/mqtt/${path}`,
      headers: { 'content-type': 'application/json', ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
      payload: JSON.stringify(body),
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    });
    return { status: res.statusCode, type: res.headers['content-type'], body: res.json() as { result: string } };
  };
  const auth = async (username: string, password: string, opts?: Parameters<typeof hook>[2]) =>
    (await hook('auth', { username, password, clientid: `c-${username}` }, opts)).body.result;
  const acl = async (username: string, action: string, topic: string) =>
    (await hook('acl', { username, action, topic, clientid: `c-${username}` })).body.result;
  const name = (uid: string) => `${d.projectId}-${uid}`;
  const topic = (uid: string, rest: string) => `luxgrid/v1/${d.projectId}/${uid}/${rest}`;

  beforeAll(async () => {
    t = await startTestApp({ env: { MQTT_CREDENTIALS: 'http', MQTT_HOOK_SECRET: HOOK_SECRET } });
    d = await demo(t);
    for (const uid of ['CCU-H', 'CCU-I']) {
      const res = await t.call('POST', '/lighting/device', {
        token: d.token,
        body: { projectId: d.projectId, uid, name: uid, deviceType: 'CCU' },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      secrets.set(uid, res.body.data);
    }
    const rtu = await t.call('POST', '/lighting/device', {
      token: d.token,
      body: {
        projectId: d.projectId,
        uid: 'RTU-H1',
        name: 'lamp',
        deviceType: 'RTU',
        parentId: secrets.get('CCU-H')!.deviceId,
      },
    });
    expect(rtu.body.code, JSON.stringify(rtu.body)).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers only callers with the shared secret', async () => {
    for (const secret of [null, 'wrong', `${HOOK_SECRET}x`]) {
      const res = await hook('auth', { username: name('CCU-H'), password: secrets.get('CCU-H')!.secret }, { secret });
      expect(res.status).toBe(401);
      expect(res.body.result).toBe('deny');
    }
    const res = await hook('auth', { username: name('CCU-H'), password: secrets.get('CCU-H')!.secret });
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/application\/json/);
    expect(res.body).toEqual({ result: 'allow', is_superuser: false });
  });

  it("authenticates a device's user name and secret against the registry; other user names are left to the next authenticator", async () => {
    expect(await auth(name('CCU-H'), secrets.get('CCU-H')!.secret)).toBe('allow');
    expect(await auth(name('CCU-H'), secrets.get('CCU-I')!.secret)).toBe('deny');
    expect(await auth(name('CCU-I'), 'not-the-secret')).toBe('deny');
    expect(await auth(name('NOT-REGISTERED'), 'x')).toBe('deny');
    // a lamp behind a concentrator has no session and no secret of its own
    expect(await auth(name('RTU-H1'), '')).toBe('deny');
    // the former form is not taken on an external broker; neither are the server's or an operator's accounts decided here
    expect(await auth(`${d.projectId}/CCU-H`, secrets.get('CCU-H')!.secret)).toBe('ignore');
    expect(await auth('luxgrid-server', 'whatever')).toBe('ignore');
    expect((await hook('auth', {})).body.result).toBe('ignore');
  });

  it('authorizes a device on its own topics only', async () => {
    const me = name('CCU-H');
    expect(await acl(me, 'publish', topic('CCU-H', 'up/telemetry'))).toBe('allow');
    expect(await acl(me, 'subscribe', topic('CCU-H', 'down/command'))).toBe('allow');
    expect(await acl(me, 'subscribe', topic('CCU-H', 'down/#'))).toBe('allow');
    // another device's topics, wildcards reaching beyond its own, the wrong direction, unknown actions
    expect(await acl(me, 'publish', topic('CCU-I', 'up/telemetry'))).toBe('deny');
    expect(await acl(me, 'subscribe', topic('CCU-I', 'down/command'))).toBe('deny');
    expect(await acl(me, 'subscribe', 'luxgrid/v1/+/+/down/#')).toBe('deny');
    expect(await acl(me, 'subscribe', 'luxgrid/#')).toBe('deny');
    expect(await acl(me, 'publish', topic('CCU-H', 'down/command'))).toBe('deny');
    expect(await acl(me, 'subscribe', topic('CCU-H', 'up/telemetry'))).toBe('deny');
    expect(await acl(me, 'all', topic('CCU-H', 'up/telemetry'))).toBe('deny');
    expect(await acl(name('CCU-HX'), 'publish', topic('CCU-H', 'up/telemetry'))).toBe('deny');
    expect(await acl('luxgrid-server', 'subscribe', 'luxgrid/v1/+/+/up/#')).toBe('ignore');
  });

  it('refuses a user name after repeated wrong secrets until the minute is over', async () => {
    const right = secrets.get('CCU-I')!.secret;
    for (let i = 0; i < AUTH_FAILURES_PER_MINUTE; i++) expect(await auth(name('CCU-I'), `guess-${i}`)).toBe('deny');
    expect(await auth(name('CCU-I'), right)).toBe('deny');
    // other devices are not affected
    expect(await auth(name('CCU-H'), secrets.get('CCU-H')!.secret)).toBe('allow');
    t.clock.advance(60_000);
    expect(await auth(name('CCU-I'), right)).toBe('allow');
  });

  it('refuses a deleted device at connect and on every topic', async () => {
    const { deviceId, secret } = secrets.get('CCU-I')!;
    expect(await acl(name('CCU-I'), 'publish', topic('CCU-I', 'up/telemetry'))).toBe('allow');
    const res = await t.call('DELETE', `/lighting/device/${deviceId}`, { token: d.token });
    expect(res.body.code).toBe(200);
    expect(await auth(name('CCU-I'), secret)).toBe('deny');
    expect(await acl(name('CCU-I'), 'publish', topic('CCU-I', 'up/telemetry'))).toBe('deny');
  });

  it('with an address allow-list, answers only those addresses, and denies beyond the rate limit', async () => {
    const other = await startTestApp({
      env: { MQTT_CREDENTIALS: 'http', MQTT_HOOK_ALLOW: '10.0.0.0/8, 192.0.2.7', MQTT_HOOK_RATE_PER_MINUTE: '3' },
    });
    try {
      const od = await demo(other);
      const res = await other.call('POST', '/lighting/device', {
        token: od.token,
        body: { projectId: od.projectId, uid: 'CCU-Z', name: 'z', deviceType: 'CCU' },
      });
      const username = `${od.projectId}-CCU-Z`;
      const password = res.body.data.secret as string;
      const from = (ip: string) => hook('auth', { username, password }, { app: other, secret: null, ip });
      const outside = await from('198.51.100.1');
      expect(outside.status).toBe(403);
      expect(outside.body.result).toBe('deny');
      expect((await from('192.0.2.7')).body.result).toBe('allow');
      expect((await from('10.1.2.3')).body.result).toBe('allow');
      expect((await from('10.1.2.3')).body.result).toBe('allow');
      expect((await from('10.1.2.3')).body.result).toBe('allow');
      // the fourth call this minute from one address: denied, not ignored (EMQX may let an ignored request through)
      const limited = await from('10.1.2.3');
      expect(limited.status).toBe(200);
      expect(limited.body.result).toBe('deny');
      other.clock.advance(60_000);
      expect((await from('10.1.2.3')).body.result).toBe('allow');
    } finally {
      await other.close();
    }
  });

  it('refuses to be registered unprotected or with a malformed allow-list', async () => {
    const unprotected = { ...t.deps, config: { ...t.deps.config, mqttHookSecret: undefined, mqttHookAllow: [] } };
    expect(() => registerMqttHooks(Fastify(), unprotected, 'luxgrid')).toThrow(/MQTT_HOOK_SECRET or MQTT_HOOK_ALLOW/);
    expect(() => hookAllowList(['10.0.0.0/8', 'not-an-address'])).toThrow(/not-an-address/);
    expect(hookAllowList([])).toBeNull();
  });
});
