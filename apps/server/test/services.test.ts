import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { RedisSessionStore, type Session } from '../src/platform/auth/session-store.ts';
import { type Cache, MemoryCache, openRedisCache } from '../src/platform/cache.ts';
import { ManualClock, systemClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { startMqtt, topicMatches } from '../src/platform/mqtt.ts';
import { until } from './lighting/helpers.ts';
import { reachable, requireService } from './reachable.ts';

const redisUp = requireService('Redis at 127.0.0.1:6379', await reachable('127.0.0.1', 6379));
const mosquittoUp = requireService('Mosquitto at 127.0.0.1:1883', await reachable('127.0.0.1', 1883));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function exerciseCache(cache: Cache) {
  const ns = `t${randomBytes(3).toString('hex')}:`;
  await cache.set(`${ns}a`, '1', 60);
  expect(await cache.get(`${ns}a`)).toBe('1');
  expect(await cache.setIfAbsent(`${ns}a`, '2', 60)).toBe(false);
  expect(await cache.setIfAbsent(`${ns}b`, '2', 60)).toBe(true);
  expect(await cache.incr(`${ns}n`, 60)).toBe(1);
  expect(await cache.incr(`${ns}n`, 60)).toBe(2);
  expect(await cache.getDel(`${ns}b`)).toBe('2');
  expect(await cache.get(`${ns}b`)).toBeNull();
  expect((await cache.keys(ns)).sort()).toEqual([`${ns}a`, `${ns}n`]);
  expect(await cache.delPrefix(ns)).toBe(2);
  const got: string[] = [];
  await cache.subscribe(`${ns}chan`, (m) => got.push(m));
  await cache.publish(`${ns}chan`, 'hello');
  await new Promise((r) => setTimeout(r, 100));
  expect(got).toEqual(['hello']);
}

describe('cache', () => {
  it('in process: expires entries on the injected clock', async () => {
    const clock = new ManualClock();
    const cache = new MemoryCache(clock);
    await exerciseCache(cache);
    await cache.set('x', '1', 10);
    clock.advance(10_001);
    expect(await cache.get('x')).toBeNull();
  });

  it.runIf(redisUp)('on Redis: the same behaviour, shared between processes', async () => {
    const a = await openRedisCache('redis://127.0.0.1:6379');
    const b = await openRedisCache('redis://127.0.0.1:6379');
    try {
      await exerciseCache(a);
      await a.set('shared-key', 'from-a', 10);
      expect(await b.get('shared-key')).toBe('from-a');
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe.runIf(redisUp)('sessions on Redis', () => {
  it('create, read, slide, list, end', async () => {
    const cache = await openRedisCache('redis://127.0.0.1:6379');
    const store = new RedisSessionStore(cache, systemClock, 60_000);
    const now = Date.now();
    const userId = 900_000 + Math.floor(Math.random() * 1000);
    const session = (tokenId: string): Session => ({
      tokenId,
      userId,
      clientId: null,
      userName: 'redis_user',
      deptName: '',
      ipaddr: '127.0.0.1',
      browser: 'Chrome',
      os: 'Linux',
      loginTime: now,
      lastAccess: now - 120_000,
      expiresAt: now + 60_000,
    });
    const a = randomBytes(16).toString('hex');
    const b = randomBytes(16).toString('hex');
    try {
      await store.create(session(a));
      await store.create(session(b));
      expect((await store.get(a))?.userName).toBe('redis_user');
      const live = (await store.get(a))!;
      await store.touch(live);
      expect((await store.get(a))!.expiresAt).toBeGreaterThan(now + 59_000);
      expect((await store.list()).filter((s) => s.userId === userId)).toHaveLength(2);
      // a request read session b, then b was forced out: the request's late touch must not revive it
      const inFlight = (await store.get(b))!;
      await store.remove(b);
      inFlight.lastAccess = now - 120_000;
      await store.touch(inFlight);
      expect(await store.get(b)).toBeNull();
      await store.create(session(b));
      await store.remove(a);
      expect(await store.get(a)).toBeNull();
      await store.removeUser(userId);
      expect(await store.get(b)).toBeNull();
    } finally {
      await cache.close();
    }
  });
});

describe('MQTT', () => {
  it('matches topics against filters with + and #', () => {
    expect(topicMatches('lux/v1/+/+/up/+', 'lux/v1/1/A/up/telemetry')).toBe(true);
    expect(topicMatches('lux/v1/+/+/up/+', 'lux/v1/1/A/down/command')).toBe(false);
    expect(topicMatches('lux/v1/+/+/up/+', 'lux/v1/1/A/up/telemetry/x')).toBe(false);
    expect(topicMatches('lux/v1/+/+/up/+', 'lux/v1/1/A/up')).toBe(false);
    expect(topicMatches('lux/#', 'lux/v1/1')).toBe(true);
    expect(topicMatches('lux/#', 'other/v1')).toBe(false);
  });

  it('embedded broker: listens on MQTT_HOST, by default the address of HOST, not on every interface', async () => {
    expect(loadConfig({} as NodeJS.ProcessEnv).mqttHost).toBe('0.0.0.0');
    expect(loadConfig({ MQTT_HOST: '127.0.0.2', HOST: '127.0.0.1' } as NodeJS.ProcessEnv).mqttHost).toBe('127.0.0.2');
    const config = loadConfig({ HOST: '127.0.0.1' } as NodeJS.ProcessEnv);
    expect(config.mqttHost).toBe('127.0.0.1');
    const port = await freePort();
    const hub = await startMqtt({ mqttPort: port, host: config.mqttHost });
    try {
      expect(await reachable('127.0.0.1', port)).toBe(true);
      expect(await reachable('127.0.0.2', port)).toBe(false);
    } finally {
      await hub.close();
    }
  });

  it('embedded broker: the server connects with its own credentials and strangers are refused', async () => {
    const port = await freePort();
    const hub = await startMqtt({ mqttPort: port, host: '127.0.0.1' });
    try {
      expect(hub.health()).toMatchObject({ connected: true, mode: 'embedded' });
      const stranger = mqtt.connect(`mqtt://127.0.0.1:${port}`, { username: 'x', password: 'y', reconnectPeriod: 0 });
      const error = await new Promise<Error>((resolve) => stranger.once('error', resolve));
      expect(error.message).toMatch(/Not authorized|Bad username or password/i);
      stranger.end(true);
      hub.setDeviceAuthenticator(async (_id, user, pass) => user === 'lamp-1' && pass === 'secret');
      const device = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
        username: 'lamp-1',
        password: 'secret',
        reconnectPeriod: 0,
      });
      await new Promise<void>((resolve, reject) => {
        device.once('connect', () => resolve());
        device.once('error', reject);
      });
      device.end(true);
    } finally {
      await hub.close();
    }
  });

  it('embedded broker: a device publishes and subscribes only under its own topics', async () => {
    const port = await freePort();
    const hub = await startMqtt({ mqttPort: port, host: '127.0.0.1' });
    try {
      hub.setDeviceAuthenticator(async (_id, user, pass) => pass === 'secret' && (user === '1/A' || user === '1/B'));
      hub.setDeviceTopicGuard((user, topic, action) =>
        topic.startsWith(`lux/v1/${user}/${action === 'publish' ? 'up' : 'down'}/`),
      );
      const seen: string[] = [];
      // the server hears device messages in process, straight from the broker
      const stop = await hub.listen('lux/v1/+/+/up/+', (topic, payload) => seen.push(`${topic} ${payload}`));
      const device = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
        username: '1/A',
        password: 'secret',
        reconnectPeriod: 0,
      });
      await new Promise<void>((resolve) => device.once('connect', () => resolve()));
      await device.publishAsync('lux/v1/1/A/up/telemetry', '{}', { qos: 1 });
      await expect(device.subscribeAsync('lux/v1/1/A/down/#')).resolves.toBeDefined();
      await expect(device.subscribeAsync('lux/v1/1/B/down/#')).rejects.toThrow(/Subscribe error/);
      expect(device.connected).toBe(true);
      device.publish('lux/v1/1/B/up/telemetry', '{"forged":true}', { qos: 0 });
      await new Promise((r) => setTimeout(r, 200));
      expect(seen).toEqual(['lux/v1/1/A/up/telemetry {}']);
      device.end(true);
      // once the server stops listening, nothing more reaches it
      await stop();
      const other = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
        username: '1/B',
        password: 'secret',
        reconnectPeriod: 0,
      });
      await other.publishAsync('lux/v1/1/B/up/telemetry', '{"late":true}', { qos: 1 });
      await new Promise((r) => setTimeout(r, 100));
      expect(seen).toHaveLength(1);
      other.end(true);
    } finally {
      await hub.close();
    }
  });

  it.runIf(mosquittoUp)('external broker: connects to Mosquitto and reports it', async () => {
    const hub = await startMqtt({ mqttUrl: 'mqtt://127.0.0.1:1883', mqttPort: 0 });
    try {
      expect(hub.health()).toMatchObject({ connected: true, mode: 'external', url: 'mqtt://127.0.0.1:1883' });
      const root = `luxgrid/test/${randomBytes(4).toString('hex')}`;
      const received: string[] = [];
      const stop = await hub.listen(`${root}/+/up`, (topic, payload) => received.push(`${topic} ${payload}`));
      // a topic outside the filter reaches the client (subscribed below) but not the listener
      await hub.client.subscribeAsync(`${root}/other`);
      await hub.client.publishAsync(`${root}/other`, 'no');
      await hub.client.publishAsync(`${root}/a/up`, 'ping');
      await until(() => received.length > 0);
      expect(received).toEqual([`${root}/a/up ping`]);
      await stop();
    } finally {
      await hub.close();
    }
  });
});
