import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';

/** Checks a device's credentials at connect (filled by the device gateway). */
export type DeviceAuthenticator = (clientId: string, username: string, password: string) => Promise<boolean>;

/** Whether a device signed in as `username` may publish to / subscribe to a topic. */
export type DeviceTopicGuard = (username: string, topic: string, action: 'publish' | 'subscribe') => boolean;

/**
 * The server is always an MQTT client: of its own embedded broker (aedes on MQTT_PORT) by
 * default, or of the external broker at MQTT_URL.
 */
export interface MqttHub {
  readonly mode: 'embedded' | 'external';
  readonly url: string;
  client: MqttClient;
  /**
   * Hands every message published under `topic` (MQTT wildcards allowed) to `handler`: in process
   * straight from the embedded broker — no loop back through a socket — or through the server's
   * subscription to the external broker. Resolves to the way to stop listening.
   */
  listen(topic: string, handler: (topic: string, payload: Buffer) => void): Promise<() => Promise<void>>;
  setDeviceAuthenticator(fn: DeviceAuthenticator): void;
  /** Confines each device to its own topics on the embedded broker (external brokers use their ACLs). */
  setDeviceTopicGuard(fn: DeviceTopicGuard): void;
  health(): { connected: boolean; mode: string; url: string; clients?: number };
  close(): Promise<void>;
}

const SERVER_USER = 'luxgrid-server';

/** Whether a topic falls under an MQTT filter ('+' one level, '#' the rest). */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length || (f[i] !== '+' && f[i] !== t[i])) return false;
  }
  return f.length === t.length;
}

export async function startMqtt(opts: { mqttUrl?: string; mqttPort: number; host?: string }): Promise<MqttHub> {
  let broker: Aedes | undefined;
  let server: Server | undefined;
  let deviceAuth: DeviceAuthenticator = async () => false;
  let topicGuard: DeviceTopicGuard = () => false;
  /** who each broker connection signed in as */
  const users = new WeakMap<object, string>();
  let url = opts.mqttUrl;
  const serverPassword = randomBytes(24).toString('base64url');

  if (!url) {
    const { Aedes } = await import('aedes');
    broker = await Aedes.createBroker({
      authenticate: (client, username, password, done) => {
        const pass = password ? Buffer.from(password) : Buffer.alloc(0);
        if (username === SERVER_USER) {
          const expected = Buffer.from(serverPassword);
          const okay = pass.length === expected.length && timingSafeEqual(pass, expected);
          if (okay) users.set(client, SERVER_USER);
          done(null, okay);
          return;
        }
        deviceAuth(client.id, username ?? '', pass.toString('utf8')).then(
          (okay) => {
            if (okay) users.set(client, username ?? '');
            done(null, okay);
          },
          () => done(null, false),
        );
      },
      authorizePublish: (client, packet, done) => {
        const user = client ? users.get(client) : SERVER_USER;
        if (user === SERVER_USER || (user && topicGuard(user, packet.topic, 'publish'))) done(null);
        else done(new Error('topic not allowed'));
      },
      authorizeSubscribe: (client, subscription, done) => {
        const user = users.get(client);
        if (user === SERVER_USER || (user && topicGuard(user, subscription.topic, 'subscribe')))
          done(null, subscription);
        else done(null, null); // refused: SUBACK 0x80, the connection stays
      },
    });
    server = createServer(broker.handle);
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(opts.mqttPort, opts.host ?? '0.0.0.0', () => resolve());
    });
    url = `mqtt://127.0.0.1:${opts.mqttPort}`;
  }

  const client = mqtt.connect(url, {
    clientId: `luxgrid-server-${randomBytes(4).toString('hex')}`,
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
    ...(broker ? { username: SERVER_USER, password: serverPassword } : {}),
  });
  client.on('error', () => {
    /* reconnects by itself; health() reports the state */
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5_000);
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });

  const shownUrl = url.replace(/\/\/[^@/]*@/, '//***@');
  return {
    mode: broker ? 'embedded' : 'external',
    url: shownUrl,
    client,
    async listen(topic, handler) {
      if (broker) {
        const embedded = broker;
        const deliver = (packet: { topic: string; payload: Buffer | string }, done: () => void) => {
          handler(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload));
          done();
        };
        await new Promise<void>((resolve) => embedded.subscribe(topic, deliver, resolve));
        return () => new Promise<void>((resolve) => embedded.unsubscribe(topic, deliver, resolve));
      }
      const onMessage = (got: string, payload: Buffer) => {
        if (topicMatches(topic, got)) handler(got, payload);
      };
      client.on('message', onMessage);
      // QoS 0 on the server's own link: its session is clean, so QoS 1 would keep nothing across a
      // reconnect, and a broker's in-flight window (Mosquitto: 20, then 1,000 queued) would drop
      // messages silently under load. Devices still publish with QoS 1 to the broker.
      // After a reconnect the client subscribes again by itself.
      await client.subscribeAsync(topic, { qos: 0 });
      return async () => {
        client.removeListener('message', onMessage);
        await client.unsubscribeAsync(topic).catch(() => undefined);
      };
    },
    setDeviceAuthenticator(fn) {
      deviceAuth = fn;
    },
    setDeviceTopicGuard(fn) {
      topicGuard = fn;
    },
    health() {
      return {
        connected: client.connected,
        mode: broker ? 'embedded' : 'external',
        url: shownUrl,
        clients: broker?.connectedClients,
      };
    },
    async close() {
      await client.endAsync(true).catch(() => undefined);
      if (broker) await new Promise<void>((resolve) => broker!.close(() => resolve()));
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
}
