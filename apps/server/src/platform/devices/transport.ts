import type { CommandMessage, ResultItem, TelemetryItem } from '@luxgrid/contracts';
import type { Deps } from '../context.ts';
import type { CommandFlow } from './commands.ts';
import { acceptReading, NotHeldError } from './ingest.ts';
import type { HubStats } from './options.ts';
import type { DeviceInfo, RegistryCache } from './registry-cache.ts';
import type { BufferedWriter, Round } from './writer.ts';

/**
 * Sends one batch of commands to a session device by another way than the hub's MQTT topics
 * (a LoRaWAN network server's downlink queue …). It resolves once the commands are handed over.
 */
export type DownlinkRoute = (
  session: { deviceId: number; uid: string; projectId: number },
  message: CommandMessage,
) => Promise<void>;

/**
 * The door of the device hub for devices that reach the platform by another transport than its
 * own MQTT topics (LoRaWAN through a network server): they are found in the same registry, their
 * readings pass the same thing-model checks (`acceptReading`), their events and presence go
 * through the same buffered writer, and their commands through the same command flow. Each call
 * resolves once what it handed in is committed.
 */
export class TransportPort {
  /** projects whose commands go out by a route of their own */
  readonly routes = new Map<number, DownlinkRoute>();

  constructor(
    private readonly deps: Deps,
    readonly stats: HubStats,
    private readonly registry: RegistryCache,
    private readonly writer: BufferedWriter,
    private readonly commands: CommandFlow,
  ) {}

  /** The device with this uid in the project, its uid compared without regard to case (a LoRaWAN devEUI). */
  async device(projectId: number, uid: string): Promise<DeviceInfo | null> {
    for (const form of new Set([uid, uid.toUpperCase(), uid.toLowerCase()])) {
      if (!this.registry.has(projectId, form)) continue;
      return (await this.registry.lookup(projectId, form)).info;
    }
    const rows = await this.deps.database.query<{ uid: string }>(
      'select uid from lt_device where project_id = $1 and lower(uid) = lower($2) order by device_id limit 1',
      [projectId, uid],
    );
    if (!rows[0]) {
      const elsewhere = await this.deps.database.query('select 1 from lt_device where lower(uid) = lower($1) limit 1', [
        uid,
      ]);
      if (elsewhere.length) this.stats.rejected.foreignProject++;
      else this.stats.rejected.unknownDevice++;
      return null;
    }
    return (await this.registry.lookup(projectId, rows[0].uid)).info;
  }

  /** A device by its id (the session a command went to). */
  async deviceById(deviceId: number): Promise<DeviceInfo | null> {
    const known = this.registry.byDeviceId(deviceId);
    if (known) return known;
    const rows = await this.deps.database.query<{ project_id: number; uid: string }>(
      'select project_id, uid from lt_device where device_id = $1',
      [deviceId],
    );
    return rows[0] ? (await this.registry.lookup(rows[0].project_id, rows[0].uid)).info : null;
  }

  /** A message the transport received for the hub (counted as the hub counts its own). */
  received(): void {
    this.stats.received++;
  }

  /** A message refused for what it says. */
  malformed(): void {
    this.stats.rejected.malformed++;
  }

  /**
   * The device was heard from now: online at its first contact. A device coming back is marked
   * online by the write that commits this contact, so that what waits for it can be sent then.
   */
  async seen(info: DeviceInfo): Promise<void> {
    this.stats.accepted++;
    this.writer.seen(info, this.deps.clock.now());
    await this.commit(this.writer.round);
  }

  /** Readings of a device, checked against its type in the thing model; the others are counted. */
  async reading(info: DeviceInfo, item: TelemetryItem): Promise<void> {
    this.stats.accepted++;
    const now = this.deps.clock.now();
    this.writer.seen(info, now);
    if (!acceptReading(this.writer, this.stats, info, item, now)) throw new NotHeldError('telemetry buffer full');
    await this.commit(this.writer.round);
  }

  /** An event of a device (its grade as level). */
  async event(
    info: DeviceInfo,
    event: { type: string; level?: string; data?: Record<string, unknown> },
    ts?: number,
  ): Promise<void> {
    this.stats.accepted++;
    const now = this.deps.clock.now();
    this.writer.deviceEvent(info, event, ts ?? now, now);
    await this.commit(this.writer.round);
  }

  /** Commands the device received: DELIVERED. */
  async delivered(info: DeviceInfo, ids: string[]): Promise<void> {
    this.stats.acks += ids.length;
    await this.commands.acknowledge(info, ids, this.deps.clock.now());
  }

  /** Commands the device answered (or that failed on the way): SUCCESS or FAILED. */
  async complete(info: DeviceInfo, items: ResultItem[]): Promise<void> {
    this.stats.results += items.length;
    await this.commands.complete(info, items, this.deps.clock.now());
  }

  /** Sends what waits for this device (PENDING commands), now that it is online. */
  dispatch(info: DeviceInfo): Promise<number> {
    return this.commands.dispatch([info.deviceId]);
  }

  private async commit(round: Round) {
    this.writer.flushSoon();
    await round.committed;
  }
}
