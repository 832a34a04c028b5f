import { randomBytes } from 'node:crypto';
import {
  CHIRPSTACK_EVENTS,
  type ChirpStackDownlink,
  type ChirpStackEvent,
  type CommandMessage,
  chirpstackDownTopic,
  chirpstackEventTopic,
  encodeLxlCommand,
  FPORT_COMMAND,
} from '@luxgrid/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import type { Deps } from '../../../platform/context.ts';
import type { DownlinkRoute, TransportPort } from '../../../platform/devices/transport.ts';
import type { ConnectorConfig } from '../settings/settings.repository.ts';
import { handleChirpStackEvent } from './uplink.ts';

/** What one project's connector took from ChirpStack and sent to it since it started. */
export interface ConnectorStats {
  received: number;
  /** uplinks decoded into readings, events or results */
  decoded: number;
  /** uplinks neither our codec nor ChirpStack's `object` could read, and events that are not ChirpStack's JSON */
  undecodable: number;
  /** devEUIs the project does not have */
  unknownDevice: number;
  joins: number;
  acks: number;
  nacks: number;
  txacks: number;
  statuses: number;
  downlinks: number;
  /** commands the lamp controller does not carry out (failed as UNSUPPORTED) */
  unsupported: number;
}

export type ConnectorState = 'connecting' | 'connected' | 'disconnected' | 'stopped';

const RECONNECT_MS = 5_000;

/**
 * One LoRaWAN project's link to its ChirpStack network server: an MQTT client of ChirpStack's
 * broker subscribed to the project's application (`application/{applicationId}/device/+/event/…`,
 * as a shared subscription so that one server process takes each event), and the route its
 * commands take down (`…/device/{devEui}/command/down`). It reconnects by itself.
 */
export class ChirpStackConnector {
  state: ConnectorState = 'connecting';
  lastError = '';
  readonly stats: ConnectorStats = {
    received: 0,
    decoded: 0,
    undecodable: 0,
    unknownDevice: 0,
    joins: 0,
    acks: 0,
    nacks: 0,
    txacks: 0,
    statuses: 0,
    downlinks: 0,
    unsupported: 0,
  };
  private client: MqttClient | null = null;
  private readonly route: DownlinkRoute = (session, message) => this.sendDown(session, message);

  constructor(
    private readonly deps: Deps,
    readonly config: ConnectorConfig,
  ) {}

  get projectId(): number {
    return this.config.projectId;
  }

  /** The same broker, application and credentials: nothing to reconnect. */
  sameAs(config: ConnectorConfig): boolean {
    const c = this.config;
    return (
      c.brokerUrl === config.brokerUrl &&
      c.applicationId === config.applicationId &&
      c.mqttUsername === config.mqttUsername &&
      c.mqttPassword === config.mqttPassword
    );
  }

  start(): void {
    const { brokerUrl, mqttUsername, mqttPassword, applicationId, projectId } = this.config;
    const client = mqtt.connect(brokerUrl, {
      clientId: `luxgrid-lw-${projectId}-${randomBytes(4).toString('hex')}`,
      ...(mqttUsername ? { username: mqttUsername, password: mqttPassword } : {}),
      reconnectPeriod: RECONNECT_MS,
      connectTimeout: 10_000,
      clean: true,
    });
    this.client = client;
    const share = `$share/luxgrid-p${projectId}/`;
    client.on('connect', () => {
      this.state = 'connected';
      this.lastError = '';
      this.attach();
      client
        .subscribeAsync(
          CHIRPSTACK_EVENTS.map((event) => `${share}${chirpstackEventTopic(applicationId, '+', event)}`),
          { qos: 1 },
        )
        .catch((err: Error) => {
          this.lastError = err.message;
          this.deps.log.warn({ err, projectId }, 'ChirpStack subscription refused');
        });
    });
    client.on('reconnect', () => {
      if (this.state !== 'stopped') this.state = 'connecting';
    });
    client.on('close', () => {
      if (this.state !== 'stopped') this.state = 'disconnected';
    });
    client.on('error', (err) => {
      this.lastError = err.message;
      this.deps.log.warn({ projectId, broker: brokerUrl, err: err.message }, 'ChirpStack broker connection failed');
    });
    client.on('message', (topic, payload, packet) => {
      // a retained event is an old one replayed: never news
      if (packet.retain) return;
      void this.handle(topic, payload).catch((err: unknown) =>
        this.deps.log.warn({ err, projectId, topic }, 'ChirpStack event not handled'),
      );
    });
  }

  /** Routes the project's commands through this connector on the running device hub. */
  attach(): void {
    const routes = this.deps.deviceHub?.transport.routes;
    if (routes && routes.get(this.projectId) !== this.route) routes.set(this.projectId, this.route);
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    const routes = this.deps.deviceHub?.transport.routes;
    if (routes?.get(this.projectId) === this.route) routes.delete(this.projectId);
    await this.client?.endAsync(true).catch(() => undefined);
    this.client = null;
  }

  /** One event from ChirpStack: `application/{applicationId}/device/{devEui}/event/{event}`. */
  async handle(topic: string, payload: Buffer): Promise<void> {
    const parts = topic.split('/');
    const event = parts[5] as ChirpStackEvent;
    if (
      parts.length !== 6 ||
      parts[0] !== 'application' ||
      parts[1]?.toLowerCase() !== this.config.applicationId ||
      parts[2] !== 'device' ||
      parts[4] !== 'event' ||
      !CHIRPSTACK_EVENTS.includes(event)
    )
      return;
    const port = this.port();
    if (!port) return;
    this.attach();
    this.stats.received++;
    await handleChirpStackEvent(this.deps, port, this, event, parts[3]!, payload);
  }

  private port(): TransportPort | null {
    return this.deps.deviceHub?.transport ?? null;
  }

  /** The commands of one batch for one lamp controller, as confirmed downlinks on fPort 20. */
  private async sendDown(session: { deviceId: number; uid: string }, message: CommandMessage): Promise<void> {
    const client = this.client;
    const unsupported: string[] = [];
    for (const command of message.commands) {
      const bytes = encodeLxlCommand({ id: command.id, action: message.action, value: message.value, ts: message.ts });
      if (!bytes) {
        unsupported.push(command.id);
        continue;
      }
      const devEui = command.uid.toLowerCase();
      const down: ChirpStackDownlink = {
        id: command.id,
        devEui,
        confirmed: true,
        fPort: FPORT_COMMAND,
        data: Buffer.from(bytes).toString('base64'),
      };
      this.stats.downlinks++;
      if (!client) continue;
      const sent = client.publishAsync(chirpstackDownTopic(this.config.applicationId, devEui), JSON.stringify(down), {
        qos: 1,
      });
      // while the broker is away the client keeps the downlink and sends it when it is back
      if (client.connected) await sent;
      else void sent.catch(() => undefined);
    }
    if (unsupported.length) {
      this.stats.unsupported += unsupported.length;
      // after the dispatch has recorded them SENT
      setImmediate(() => void this.failUnsupported(session.deviceId, unsupported, message.action));
    }
  }

  private async failUnsupported(deviceId: number, ids: string[], action: string) {
    const port = this.port();
    const info = port ? await port.deviceById(deviceId) : null;
    if (!port || !info) return;
    await port
      .complete(
        info,
        ids.map((id) => ({
          id,
          status: 'FAILED' as const,
          error: `UNSUPPORTED: the LoRaWAN lamp controller has no ${action} command`,
        })),
      )
      .catch((err: unknown) => this.deps.log.warn({ err }, 'unsupported LoRaWAN command not recorded'));
  }
}
