import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { hostname } from 'node:os';
import { createServer as createTlsServer } from 'node:tls';
import type { Aedes } from 'aedes';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';

/** Checks a device's credentials at connect (filled by the device hub). */
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
   * Hands every device message published under `topic` (MQTT wildcards allowed) to `handler`: in
   * process straight from the embedded broker — no loop back through a socket — or through the
   * server's subscription to the external broker. A QoS 1 message is acknowledged (PUBACK to the
   * device, or to the external broker) only when the handler's promise resolves, i.e. once what
   * it carried is committed; when it rejects, the message stays unacknowledged and is sent again
   * (the embedded broker drops the device's connection, the external link reconnects).
   * Resolves to the way to stop listening.
   */
  listen(topic: string, handler: MessageHandler): Promise<() => Promise<void>>;
  /** Stops taking device connections and messages (shutdown, before the last flush); acknowledgements still go out. */
  stopIntake(): Promise<void>;
  setDeviceAuthenticator(fn: DeviceAuthenticator): void;
  /** Confines each device to its own topics on the embedded broker (external brokers use their ACLs). */
  setDeviceTopicGuard(fn: DeviceTopicGuard): void;
  health(): { connected: boolean; mode: string; url: string; clients?: number };
  close(): Promise<void>;
}

/** What the broker says of a message besides its topic and payload. */
export interface MessageMeta {
  /** published with the retain flag (a broker replays such a message to every new subscriber) */
  retain: boolean;
}

export type MessageHandler = (topic: string, payload: Buffer, meta: MessageMeta) => unknown;

const SERVER_USER = 'luxgrid-server';

/** A QoS 1 message from the external broker, waiting for its handlers before its PUBACK. */
interface Held {
  topic: string;
  payload: Buffer;
  messageId: number;
  stream: MqttClient['stream'];
  retain: boolean;
}
/** The external broker keeps the server's session (and what it has not acknowledged) this long while it is away. */
const SESSION_EXPIRY_S = 7 * 24 * 3600;
/** QoS 1 messages the external broker may have in flight to the server, unacknowledged (MQTT 5 Receive Maximum). */
const RECEIVE_MAXIMUM = 65_535;
/** Marks a message whose acknowledgement the server sends itself, after the commit. */
const ACK_LATER = new Error('acknowledged after commit');

/** An MQTT PUBACK (success; the same four bytes in MQTT 3.1.1 and 5). */
function puback(messageId: number): Buffer {
  return Buffer.from([0x40, 0x02, messageId >> 8, messageId & 0xff]);
}

/**
 * The server's client id at the external broker: stable across restarts, so that the broker keeps
 * its session; MQTT_CLIENT_ID sets it (one per server process).
 */
export function serverClientId(config: { mqttClientId?: string; port: number }): string {
  return (
    config.mqttClientId || `luxgrid-gateway-${hostname()}-${config.port}`.replace(/[^A-Za-z0-9_.-]/g, '-').slice(0, 64)
  );
}

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

export async function startMqtt(opts: {
  mqttUrl?: string;
  mqttPort: number;
  host?: string;
  /** the embedded broker also listens with TLS (mqtts://) on this port, with this certificate and key (PEM files) */
  tls?: { port: number; certFile: string; keyFile: string } | undefined;
  /** the server's stable client id at the external broker (serverClientId); a passing one when unset */
  clientId?: string;
}): Promise<MqttHub> {
  let broker: Aedes | undefined;
  const listeners: { filter: string; handler: MessageHandler }[] = [];
  let accepting = true;
  /** whether anything listens yet: until then device messages wait (external) or are refused (embedded) */
  let listened = false;
  const early: Held[] = [];
  let server: Server | undefined;
  let tlsServer: Server | undefined;
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
      // A device's message goes to the gateway here, before aedes answers it. aedes would send the
      // PUBACK as soon as `done` is called; for a QoS 1 message the server sends it itself, once the
      // write holding the message has committed, and lets aedes go on reading the device's next
      // messages meanwhile (so that writes and reading overlap).
      authorizePublish: (client, packet, done) => {
        const user = client ? users.get(client) : SERVER_USER;
        if (!client || user === SERVER_USER) return done(null);
        if (!user || !topicGuard(user, packet.topic, 'publish')) return done(new Error('topic not allowed'));
        if (!accepting) return done(new Error('the server is shutting down'));
        if (!listened) return done(new Error('the server is starting'));
        const handlers = listeners.filter((l) => topicMatches(l.filter, packet.topic));
        if (!handlers.length) return done(null);
        const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
        const meta = { retain: packet.retain };
        // device messages are never kept by the broker: a retained one would be replayed as new
        packet.retain = false;
        const handled = Promise.all(handlers.map(async (l) => l.handler(packet.topic, payload, meta)));
        if (packet.qos !== 1) {
          handled.catch(() => undefined);
          return done(null);
        }
        const messageId = packet.messageId ?? 0;
        packet.qos = 0; // aedes answers nothing; what it passes on to other subscribers goes at QoS 0
        done(null);
        handled.then(
          () => {
            if (client.connected && !client.conn.destroyed) client.conn.write(puback(messageId));
          },
          // not held: the device's connection closes without the PUBACK, and it sends the message again
          () => client.close(),
        );
      },
      authorizeSubscribe: (client, subscription, done) => {
        const user = users.get(client);
        if (user === SERVER_USER || (user && topicGuard(user, subscription.topic, 'subscribe')))
          done(null, subscription);
        else done(null, null); // refused: SUBACK 0x80, the connection stays
      },
    });
    const embedded = broker;
    // devices stop being taken first at shutdown: new connections are refused, and so are new
    // messages on the open ones, which stay open until what was taken has been acknowledged
    server = createServer((socket) => {
      if (accepting) embedded.handle(socket);
      else socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(opts.mqttPort, opts.host ?? '0.0.0.0', () => resolve());
    });
    if (opts.tls) {
      const [cert, key] = await Promise.all([readFile(opts.tls.certFile), readFile(opts.tls.keyFile)]);
      const secure = createTlsServer({ cert, key }, (socket) => {
        if (accepting) embedded.handle(socket);
        else socket.destroy();
      });
      // a failed handshake (plain MQTT on the TLS port, an untrusted client) ends that socket only
      secure.on('tlsClientError', () => undefined);
      tlsServer = secure;
      await new Promise<void>((resolve, reject) => {
        secure.once('error', reject);
        secure.listen(opts.tls!.port, opts.host ?? '0.0.0.0', () => resolve());
      });
    }
    url = `mqtt://127.0.0.1:${opts.mqttPort}`;
  }

  const external = !broker;
  const client = mqtt.connect(url, {
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
    ...(broker
      ? {
          clientId: `luxgrid-server-${randomBytes(4).toString('hex')}`,
          username: SERVER_USER,
          password: serverPassword,
        }
      : {
          // a persistent session: the broker keeps the server's subscription and every QoS 1 message
          // the server has not acknowledged while it is away or restarting
          clientId: opts.clientId ?? `luxgrid-gateway-${randomBytes(4).toString('hex')}`,
          clean: false,
          protocolVersion: 5,
          // without a stable id (tests, benchmarks) the session ends with the connection
          properties: { sessionExpiryInterval: opts.clientId ? SESSION_EXPIRY_S : 0, receiveMaximum: RECEIVE_MAXIMUM },
          customHandleAcks: (
            topic: string,
            payload: Buffer,
            packet: IPublishPacket,
            done: (err: Error | number) => void,
          ) => {
            if (!accepting) return done(ACK_LATER); // never acknowledged: the broker sends it again to the next session
            if (packet.qos !== 1) return done(0);
            // mqtt.js takes one message at a time until `done`: it is released at once and the
            // PUBACK is sent by hand once the write holding the message has committed
            done(ACK_LATER);
            const held = {
              topic,
              payload,
              messageId: packet.messageId ?? 0,
              stream: client.stream,
              retain: packet.retain,
            };
            // a resumed session brings what the broker kept before the gateway listens: it waits
            if (!listened) early.push(held);
            else take(held);
          },
        }),
  });
  client.on('error', () => {
    /* reconnects by itself; health() reports the state (ACK_LATER arrives here for every held message) */
  });
  /** Hands a QoS 1 message from the external broker to its listeners; PUBACK once they have it committed. */
  function take(held: Held) {
    const handlers = listeners.filter((l) => topicMatches(l.filter, held.topic));
    Promise.all(handlers.map(async (l) => l.handler(held.topic, held.payload, { retain: held.retain }))).then(
      () => {
        // a PUBACK belongs to the connection the message came on; after a reconnect the broker
        // sends the message again and the (device, ts) key stores it once
        if (client.stream === held.stream && client.connected)
          // biome-ignore lint/complexity/useLiteralKeys: mqtt.js has no public call to acknowledge later
          client['_sendPacket']({ cmd: 'puback', messageId: held.messageId, reasonCode: 0 });
      },
      () => {
        // not held: reconnect, so that the broker sends what is unacknowledged again
        if (client.stream === held.stream) held.stream.destroy();
      },
    );
  }
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
      const entry = { filter: topic, handler };
      listeners.push(entry);
      listened = true;
      const forget = () => {
        const at = listeners.indexOf(entry);
        if (at >= 0) listeners.splice(at, 1);
      };
      if (broker) return async () => forget();
      // QoS 0 messages (QoS 1 ones come through customHandleAcks)
      const onMessage = (got: string, payload: Buffer, packet: IPublishPacket) => {
        if (packet.qos !== 1 && accepting && topicMatches(topic, got))
          void Promise.resolve(handler(got, payload, { retain: packet.retain })).catch(() => undefined);
      };
      client.on('message', onMessage);
      // QoS 1 in the persistent session: the broker keeps what the server has not acknowledged,
      // also while it is away. (Not a shared subscription: Mosquitto does not queue those for a
      // member that is away.) After a reconnect the session and its subscription are still
      // there; mqtt.js subscribes again when the broker lost them.
      // retain-as-published: a device message published retained keeps its flag, live or replayed,
      // so that the gateway can ignore it (MQTT 5 brokers; a 3.1.1 broker flags only the replays)
      await client.subscribeAsync(topic, { qos: 1, rap: true });
      for (const held of early.splice(0)) take(held);
      return async () => {
        forget();
        client.removeListener('message', onMessage);
      };
    },
    async stopIntake() {
      accepting = false;
      if (server?.listening) server.close(); // the open connections are ended by the broker
      if (tlsServer?.listening) tlsServer.close();
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
      accepting = false;
      await client.endAsync(!external).catch(() => undefined);
      if (broker) await new Promise<void>((resolve) => broker!.close(() => resolve()));
      if (server?.listening) server.close(); // the open connections are ended by the broker
      if (tlsServer?.listening) tlsServer.close();
    },
  };
}
