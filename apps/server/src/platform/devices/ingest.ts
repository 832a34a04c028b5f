import {
  acceptsEvent,
  ackMessage,
  checkTelemetry,
  eventMessage,
  heartbeatMessage,
  helloMessage,
  MAX_PAYLOAD_BYTES,
  resultMessage,
  type TelemetryItem,
  telemetryMessage,
  tsIsMillis,
  UP_KINDS,
  type UpKind,
} from '@luxgrid/contracts';
import type { Deps } from '../context.ts';
import type { MessageMeta } from '../mqtt.ts';
import type { CommandFlow } from './commands.ts';
import type { DeviceEvents } from './events.ts';
import type { HubStats } from './options.ts';
import type { DeviceInfo, RegistryCache } from './registry-cache.ts';
import type { BufferedWriter, Round } from './writer.ts';

/** A `ts` further ahead of the platform's clock than this is refused as a wrong unit or a wrong clock. */
const MAX_AHEAD_MS = 24 * 3600_000;

/** Thrown for a message that cannot be held now: it stays unacknowledged and the device sends it again. */
export class NotHeldError extends Error {}

/**
 * The one place where a reading's values are accepted for a device, whether it came as telemetry
 * or as the answer to a read-back: what is buffered here is stored, emitted as `telemetry` and
 * shown live. Only the readings its type declares in the thing model, of the declared kind and
 * within range, are kept; the others are counted (`refusedValues`), never stored. False when the
 * buffer is full.
 */
export function acceptReading(
  writer: BufferedWriter,
  stats: HubStats,
  target: DeviceInfo,
  item: TelemetryItem,
  now: number,
): boolean {
  const { accepted, unknown, outOfRange } = checkTelemetry(target.deviceType, item.values);
  stats.refusedValues.unknown += unknown.length;
  stats.refusedValues.outOfRange += outOfRange.length;
  // a reading left with nothing to keep is not stored at all (acknowledged: sending it again would not help)
  if (!Object.keys(accepted).length) return true;
  // stored as accepted: booleans sent as bits become true / false
  return writer.reading(target, { ...item, values: accepted as TelemetryItem['values'] }, now);
}

/**
 * Device messages coming up: each is checked against its topic, its schema and the registry
 * (a session speaks for itself and the children it carries), then handed to the writer or,
 * for command acknowledgements and results, to the command flow.
 */
export class Ingest {
  constructor(
    private readonly deps: Deps,
    private readonly root: string,
    private readonly stats: HubStats,
    private readonly registry: RegistryCache,
    private readonly writer: BufferedWriter,
    private readonly commands: CommandFlow,
    private readonly bus?: DeviceEvents,
  ) {}

  /**
   * Takes one device message and resolves once whatever it carried is committed: its readings
   * and events are in the database (the broker acknowledges it only then). Rejects when the
   * message could not be held — the database failed or the buffer is full — so that it stays
   * unacknowledged and the device sends it again. Messages refused for what they say (bad JSON,
   * unknown devices) resolve at once: sending them again would not help.
   */
  async handle(topic: string, payload: Buffer, meta: MessageMeta = { retain: false }): Promise<void> {
    this.stats.received++;
    // a retained message is a broker's copy, not news from the device: it never marks it online
    if (meta.retain) return void this.stats.rejected.retained++;
    this.writer.held++;
    const rounds = new Set<Round>();
    try {
      await this.route(topic, payload, rounds);
      if (rounds.size) this.writer.flushSoon();
      for (const round of rounds) await round.committed;
    } catch (err) {
      this.stats.unacknowledged++;
      if (!(err instanceof NotHeldError)) this.deps.log.warn({ err, topic }, 'device message not held');
      throw err;
    } finally {
      this.writer.held--;
    }
  }

  private async route(topic: string, payload: Buffer, rounds: Set<Round>) {
    const parts = topic.split('/');
    // {root}/v1/{projectId}/{uid}/up/{kind}
    const projectId = Number(parts[2]);
    const uid = parts[3] ?? '';
    const kind = parts[5] as UpKind;
    if (
      parts.length !== 6 ||
      parts[0] !== this.root ||
      parts[4] !== 'up' ||
      !Number.isSafeInteger(projectId) ||
      projectId <= 0 ||
      !UP_KINDS.includes(kind)
    ) {
      this.stats.rejected.badTopic++;
      return;
    }
    if (payload.length > MAX_PAYLOAD_BYTES) {
      this.stats.rejected.tooLarge++;
      return;
    }
    let body: unknown;
    try {
      body = payload.length ? JSON.parse(payload.toString('utf8')) : {};
    } catch {
      this.stats.rejected.malformed++;
      return;
    }
    const { info: session, foreign } = await this.registry.lookup(projectId, uid);
    if (!session) {
      if (foreign) this.stats.rejected.foreignProject++;
      else this.stats.rejected.unknownDevice++;
      return;
    }
    const now = this.deps.clock.now();
    const writer = this.writer;
    // every `ts` is epoch milliseconds: one in seconds (or far ahead) refuses the whole message
    if (!this.timestampsOkay(body, now)) return void this.stats.rejected.badTimestamp++;
    switch (kind) {
      case 'hello': {
        const parsed = helloMessage.safeParse(body);
        if (!parsed.success) return void this.stats.rejected.malformed++;
        this.stats.accepted++;
        await this.registry.preloadChildren(session, true);
        writer.seen(session, now, { firmware: parsed.data.firmware, config: parsed.data.config });
        await this.touchChildren(session, parsed.data.children ?? [], now);
        await writer.flush();
        const held = parsed.data.schedules;
        if (held) {
          const device = { deviceId: session.deviceId, clientId: session.clientId, projectId: session.projectId };
          this.bus?.emit([{ type: 'schedulesHeld', payload: { device, held, ts: now } }]);
        }
        await this.commands.dispatch([session.deviceId]);
        return;
      }
      case 'heartbeat': {
        const parsed = heartbeatMessage.safeParse(body);
        if (!parsed.success) return void this.stats.rejected.malformed++;
        this.stats.accepted++;
        const back = session.commState !== 'ON';
        writer.seen(session, now);
        await this.touchChildren(session, parsed.data.children ?? [], now);
        // a heartbeat releases commands kept for the session as a hello does (once it is marked online)
        if (back) await writer.flush();
        await this.commands.dispatch([session.deviceId]);
        return writer.flushIfFull();
      }
      case 'telemetry': {
        const parsed = telemetryMessage.safeParse(body);
        if (!parsed.success) return void this.stats.rejected.malformed++;
        const items = 'items' in parsed.data ? parsed.data.items : [parsed.data];
        this.stats.accepted++;
        writer.seen(session, now);
        for (const item of items) {
          const target = await this.target(session, item.uid);
          if (!target) continue;
          if (!acceptReading(writer, this.stats, target, item, now)) throw new NotHeldError('telemetry buffer full');
          rounds.add(writer.round);
        }
        return writer.flushIfFull();
      }
      case 'event': {
        const parsed = eventMessage.safeParse(body);
        if (!parsed.success) return void this.stats.rejected.malformed++;
        this.stats.accepted++;
        writer.seen(session, now);
        const target = await this.target(session, parsed.data.uid);
        if (!target) return;
        if (!acceptsEvent(target.deviceType, parsed.data.type)) return void this.stats.refusedEvents++;
        writer.deviceEvent(target, parsed.data, parsed.data.ts ?? now, now);
        rounds.add(writer.round);
        return writer.flushIfFull();
      }
      case 'ack': {
        const parsed = ackMessage.safeParse(body);
        if (!parsed.success) return void this.stats.rejected.malformed++;
        this.stats.accepted++;
        writer.seen(session, now);
        const ids = ('items' in parsed.data ? parsed.data.items : [parsed.data]).map((a) => a.id);
        this.stats.acks += ids.length;
        await this.commands.acknowledge(session, ids, now);
        return;
      }
      case 'result': {
        const parsed = resultMessage.safeParse(body);
        if (!parsed.success) return void this.stats.rejected.malformed++;
        this.stats.accepted++;
        writer.seen(session, now);
        const items = 'items' in parsed.data ? parsed.data.items : [parsed.data];
        this.stats.results += items.length;
        await this.commands.complete(session, items, now);
        return;
      }
    }
  }

  /** Whether every `ts` in a message (its own, its items') is epoch milliseconds, not seconds and not far ahead. */
  private timestampsOkay(body: unknown, now: number): boolean {
    if (!body || typeof body !== 'object') return true;
    const stamps: unknown[] = [(body as { ts?: unknown }).ts];
    const items = (body as { items?: unknown }).items;
    if (Array.isArray(items)) for (const item of items) if (item && typeof item === 'object') stamps.push(item.ts);
    return stamps.every((ts) => typeof ts !== 'number' || (tsIsMillis(ts) && ts <= now + MAX_AHEAD_MS));
  }

  /** The device a message item speaks for: the session itself, or one of the children it carries. */
  private async target(session: DeviceInfo, uid: string | undefined): Promise<DeviceInfo | null> {
    if (!uid || uid === session.uid) return session;
    if (!this.registry.has(session.projectId, uid)) await this.registry.preloadChildren(session);
    const { info } = await this.registry.lookup(session.projectId, uid);
    if (!info) {
      this.stats.rejected.unknownDevice++;
      return null;
    }
    if (info.gatewayId !== session.deviceId) {
      this.stats.rejected.notChild++;
      return null;
    }
    return info;
  }

  private async touchChildren(session: DeviceInfo, uids: string[], now: number) {
    for (const uid of uids) {
      const child = await this.target(session, uid);
      if (child) this.writer.seen(child, now);
    }
  }
}
