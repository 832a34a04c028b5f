import { TOPIC_ROOT } from '@luxgrid/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { seed } from '../db/seed/index.ts';
import { unwiredPrincipals } from './auth/principal.ts';
import { loadTokenSecret } from './auth/secret.ts';
import { DbSessionStore, RedisSessionStore } from './auth/session-store.ts';
import { type Cache, MemoryCache, openRedisCache } from './cache.ts';
import { type Clock, systemClock } from './clock.ts';
import type { AppConfig } from './config.ts';
import type { Deps } from './context.ts';
import { type Database, openDatabase } from './db.ts';
import { registryCredentials, startBrokerCredentials } from './devices/broker-credentials/index.ts';
import { startCoapListener } from './devices/coap.ts';
import { DeviceEvents } from './devices/events.ts';
import { listenForFaults } from './devices/faults.ts';
import { startDeviceHub } from './devices/hub.ts';
import { unwiredDictionaries } from './dictionaries.ts';
import { FileStorage } from './files/storage.ts';
import { type MqttHub, serverClientId, startMqtt } from './mqtt.ts';
import { WsHub } from './ws.ts';

const silentLogger = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child() {
    return silentLogger;
  },
} as unknown as FastifyBaseLogger;

export interface BootOptions {
  clock?: Clock;
  /** reuse an open database (tests) */
  database?: Database;
  /** start the MQTT broker/client (off in most tests) */
  mqtt?: boolean;
  seed?: boolean;
  log?: FastifyBaseLogger;
}

/** Opens every platform resource in order: database (migrated, seeded), cache, sessions, MQTT. */
export async function bootstrap(config: AppConfig, opts: BootOptions = {}): Promise<Deps> {
  const clock = opts.clock ?? systemClock;
  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (opts.seed !== false) await seed(database.db, clock, { demo: config.demo });
  const cache: Cache = config.redisUrl ? await openRedisCache(config.redisUrl) : new MemoryCache(clock);
  const ttlMs = config.sessionTtlMinutes * 60_000;
  const sessions = config.redisUrl
    ? new RedisSessionStore(cache, clock, ttlMs)
    : new DbSessionStore(database.db, clock, ttlMs);
  let mqtt: MqttHub | null = null;
  if (opts.mqtt !== false)
    mqtt = await startMqtt({
      mqttUrl: config.mqttUrl,
      mqttPort: config.mqttPort,
      host: config.mqttHost,
      tls: config.mqttTls,
      clientId: serverClientId(config),
    });
  const ws = new WsHub(cache);
  await ws.start();
  const log = opts.log ?? silentLogger;
  const devices = new DeviceEvents(cache, log);
  await devices.start();
  const deps: Deps = {
    config,
    database,
    cache,
    clock,
    secret: loadTokenSecret(config.tokenSecret, config.dataDir),
    sessions,
    principals: unwiredPrincipals,
    dictionaries: unwiredDictionaries,
    mqtt,
    files: new FileStorage(config.dataDir),
    log,
    ws,
    devices,
    deviceHub: null,
    brokerCredentials: registryCredentials('embedded'),
  };
  // every device's fault flag, from what it reports (read by the device lists, the home figures and the maps)
  listenForFaults(deps);
  const topicRoot = process.env.MQTT_TOPIC_ROOT || undefined;
  if (mqtt) {
    deps.brokerCredentials = await startBrokerCredentials(config, mqtt, topicRoot ?? TOPIC_ROOT, database, log);
    deps.deviceHub = await startDeviceHub(deps, mqtt, { topicRoot });
    if (config.coapPort !== undefined) {
      const coap = await startCoapListener({
        port: config.coapPort,
        host: config.mqttHost,
        database,
        hub: deps.deviceHub,
      });
      deps.deviceHub.onStop(coap.close);
      log.info({ port: coap.port }, 'CoAP listener for devices');
    }
  }
  return deps;
}

/**
 * Closes in the order that loses nothing a device was told is stored: no new device connections
 * or messages, then the device hub writes what it holds (and the broker acknowledges it) and its
 * listeners finish, then the broker, the cache and the database close.
 */
export async function shutdown(deps: Deps): Promise<void> {
  await deps.mqtt?.stopIntake().catch(() => undefined);
  await deps.deviceHub?.stop().catch(() => undefined);
  await deps.devices.idle().catch(() => undefined);
  await deps.mqtt?.close().catch(() => undefined);
  await deps.brokerCredentials.close().catch(() => undefined);
  await deps.cache.close().catch(() => undefined);
  await deps.database.close().catch(() => undefined);
}
