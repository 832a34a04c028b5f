import type { TelemetryItem } from '@luxgrid/contracts';
import type { Deps } from '../context.ts';
import { copyField } from '../db.ts';
import type { DeviceEvents, HubEvent } from './events.ts';
import { writeHistory } from './history.ts';
import { LiveStates } from './live.ts';
import type { HubSettings, HubStats } from './options.ts';
import { type DeviceInfo, hubDevice, type RegistryCache } from './registry-cache.ts';

/** device messages waiting for their write beyond which the hub warns that it is falling behind */
const BEHIND_HELD = 20_000;
const BEHIND_FLUSH_MS = 2_000;
const BEHIND_WARN_EVERY_MS = 10_000;

/** The write that will carry what is buffered now: settles once it has committed (or failed). */
export interface Round {
  committed: Promise<void>;
  resolve(): void;
  reject(err: unknown): void;
}

function newRound(): Round {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const committed = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  committed.catch(() => undefined); // a round nobody waits for may fail quietly: the flush logs it
  return { committed, resolve, reject };
}

interface StateUpdate {
  clientId: number;
  projectId: number;
  seen: number;
  dataTs?: number;
  data?: Record<string, unknown>;
  firmware?: string;
  config?: Record<string, unknown>;
}

/** One row of lt_device_event, as the batched insert reads it. */
export interface EventRow {
  d: number;
  c: number;
  p: number;
  t: number;
  e: string;
  l: string;
  v: Record<string, unknown> | null;
}

/**
 * The buffered writer: readings, device events, online transitions and latest states wait in
 * memory and go to the database in batches (one COPY of history rows per flush). Whoever hands
 * something in gets the `Round` that will carry it; a device message is acknowledged only once
 * the rounds holding it have committed. Events are emitted only after that, so listeners never
 * see what could still be lost.
 */
export class BufferedWriter {
  /** history rows waiting, as COPY text lines */
  private telemetry: string[] = [];
  private states = new Map<number, StateUpdate>();
  private events: EventRow[] = [];
  /** hub events of what is buffered, in the order the messages came */
  private outbox: HubEvent[] = [];
  private cameOnline = new Set<number>();
  private live: LiveStates;
  private flushing: Promise<void> | null = null;
  private statesWrittenAt = 0;
  private liveSentAt = 0;
  private stateWrite: Promise<void> | null = null;
  /** the write round that takes what is buffered now */
  round = newRound();
  /** device messages handed in and not yet settled (waiting for the write that holds them) */
  held = 0;
  private warnedAt = 0;
  private soon: NodeJS.Timeout | null = null;
  stopped = false;

  constructor(
    private readonly deps: Deps,
    private readonly opts: HubSettings,
    private readonly stats: HubStats,
    private readonly bus: DeviceEvents,
    private readonly registry: RegistryCache,
  ) {
    this.live = new LiveStates(deps.ws);
  }

  get buffered(): number {
    return this.telemetry.length;
  }

  /** Notes that a device was heard from now (with what its hello reported); the first contact marks it online. */
  seen(info: DeviceInfo, now: number, extra: { firmware?: string; config?: Record<string, unknown> } = {}): void {
    let update = this.states.get(info.deviceId);
    if (!update) {
      update = { clientId: info.clientId, projectId: info.projectId, seen: now };
      this.states.set(info.deviceId, update);
    }
    update.seen = Math.max(update.seen, now);
    if (extra.firmware) update.firmware = extra.firmware;
    if (extra.config) update.config = extra.config;
    if (info.commState !== 'ON') {
      info.commState = 'ON';
      this.cameOnline.add(info.deviceId);
      this.live.add(info, { commState: 'ON', ts: now });
    }
  }

  /**
   * Buffers one reading for the next write; false when the buffer is full. A reading without its
   * own ts gets the platform's time, at least 1 ms after the device's previous one, so that two
   * readings never share (device, ts) — the key that stores a reading sent again only once.
   */
  reading(info: DeviceInfo, item: TelemetryItem, now: number): boolean {
    if (this.telemetry.length >= this.opts.maxBufferedRows) {
      this.stats.dropped++;
      return false;
    }
    let ts = item.ts;
    if (ts === undefined) {
      ts = Math.max(now, (info.lastStamp ?? 0) + 1);
      info.lastStamp = ts;
    }
    this.stats.readings++;
    this.telemetry.push(
      `${info.deviceId}\t${info.clientId}\t${info.projectId}\t${new Date(ts).toISOString()}\t${copyField(JSON.stringify(item.values))}\n`,
    );
    this.seen(info, now);
    const update = this.states.get(info.deviceId)!;
    update.data = update.data ? Object.assign(update.data, item.values) : { ...item.values };
    update.dataTs = Math.max(update.dataTs ?? 0, ts);
    this.outbox.push({ type: 'telemetry', payload: { device: hubDevice(info), ts, values: item.values } });
    this.live.add(info, { ts, values: item.values });
    return true;
  }

  /** Buffers one event a device reported. */
  deviceEvent(
    info: DeviceInfo,
    event: { type: string; level?: string; data?: Record<string, unknown> },
    ts: number,
    now: number,
  ): void {
    const level = event.level ?? 'ordinary';
    const data = event.data ?? null;
    this.events.push({
      d: info.deviceId,
      c: info.clientId,
      p: info.projectId,
      t: ts,
      e: event.type,
      l: level,
      v: data,
    });
    this.outbox.push({ type: 'event', payload: { device: hubDevice(info), ts, type: event.type, level, data } });
    this.seen(info, now);
  }

  /** Buffers events the platform records itself (OFFLINE), written with the next flush. */
  platformEvents(rows: EventRow[]): void {
    this.events.push(...rows);
  }

  /** Group commit: a write within ackWithinMs for messages waiting for their acknowledgement. */
  flushSoon(): void {
    if (this.soon || this.stopped) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      void this.flush(false).catch(() => undefined);
    }, this.opts.ackWithinMs);
  }

  cancelSoon(): void {
    if (this.soon) clearTimeout(this.soon);
    this.soon = null;
  }

  flushIfFull(): Promise<void> | undefined {
    // a running write takes the whole buffer when it starts its next round
    if (this.telemetry.length >= this.opts.flushRows && !this.flushing) return this.flush(false);
    return undefined;
  }

  /**
   * Writes what is buffered: telemetry rows, events, online transitions and the latest states.
   * Timed flushes (`all` false) upsert the states at most once per stateFlushMs, in a lane of
   * their own that the history does not wait for: a device reporting every 100 ms costs one
   * history row per reading but one state upsert per second, and browsers get every change at
   * once over /ws anyway. A full flush writes and waits for everything. One flush at a time.
   */
  async flush(all = true): Promise<void> {
    // callers queue behind the running write (whatever its outcome), so writes never overlap
    const run = (this.flushing ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        if (all) await this.stateWrite;
        const statesDue =
          !this.stateWrite && (all || this.deps.clock.now() - this.statesWrittenAt >= this.opts.stateFlushMs);
        await this.writeBuffered(statesDue, all);
        if (all) await this.stateWrite;
      });
    this.flushing = run;
    try {
      await run;
    } finally {
      if (this.flushing === run) {
        this.flushing = null;
        // what piled up during the write goes at once, not at the next tick
        if (this.telemetry.length >= this.opts.flushRows) void this.flush(false);
      }
    }
  }

  /** Starts the upsert of these states in the state lane (one at a time). */
  private startStateWrite(states: Map<number, StateUpdate>) {
    const write: Promise<void> = this.writeStates(states)
      .catch((err: unknown) => {
        this.stats.flushErrors++;
        this.deps.log.error({ err }, 'device state write failed');
      })
      .finally(() => {
        if (this.stateWrite === write) this.stateWrite = null;
      });
    this.stateWrite = write;
  }

  /** Upserts the latest state (and reported configuration) of the devices heard in one flush. */
  private async writeStates(states: Map<number, StateUpdate>) {
    const db = this.deps.database;
    const rows = [...states].map(([d, s]) => ({
      d,
      c: s.clientId,
      p: s.projectId,
      s: s.seen,
      t: s.dataTs ?? null,
      v: s.data ?? {},
      f: s.firmware ?? null,
    }));
    await db.query(
      `insert into lt_device_state as s (device_id, client_id, project_id, online, last_seen, data_ts, data, firmware)
         select d, c, p, true, to_timestamp(x.s / 1000.0), to_timestamp(x.t / 1000.0), x.v, x.f
         from json_to_recordset($1::json) as x(d bigint, c bigint, p bigint, s float8, t float8, v jsonb, f text)
         order by d
         on conflict (device_id) do update set online = true,
           last_seen = greatest(s.last_seen, excluded.last_seen),
           data_ts = coalesce(greatest(s.data_ts, excluded.data_ts), s.data_ts, excluded.data_ts),
           data = s.data || excluded.data,
           firmware = coalesce(excluded.firmware, s.firmware)`,
      [JSON.stringify(rows)],
    );
    const configs = [...states].filter(([, s]) => s.config).map(([d, s]) => ({ d, v: s.config }));
    if (configs.length)
      await db.query(
        `update lt_device set config = x.v from json_to_recordset($1::json) as x(d bigint, v jsonb) where device_id = x.d`,
        [JSON.stringify(configs)],
      );
  }

  /** Logs a warning, at most every 10 s, while device messages pile up waiting for their write. */
  warnIfBehind(): void {
    const now = Date.now();
    if (now - this.warnedAt < BEHIND_WARN_EVERY_MS) return;
    if (this.held < BEHIND_HELD && this.stats.lastFlushMs < BEHIND_FLUSH_MS) return;
    this.warnedAt = now;
    this.deps.log.warn(
      {
        waiting: this.held,
        buffered: this.telemetry.length,
        lastFlushMs: this.stats.lastFlushMs,
        received: this.stats.received,
        rowsWritten: this.stats.rowsWritten,
        dropped: this.stats.dropped,
        unacknowledged: this.stats.unacknowledged,
      },
      'device gateway is falling behind: messages wait for the database and devices wait for their acknowledgements',
    );
  }

  /**
   * Marks devices heard from again online in the registry. As going offline, coming back is one
   * ONLINE event for the topmost device that came back: a device is quiet about it when its parent
   * came back with it, or its session did and stands above it (a concentrator and its lamps: the
   * concentrator; a box carried by the concentrator inside it: the box). Returns those ONLINE
   * events, for the write that marks them to store.
   */
  private async markOnline(ids: number[]): Promise<EventRow[]> {
    const rows = await this.deps.database.query<{
      deviceId: number;
      clientId: number;
      projectId: number;
      uid: string;
      deviceType: string;
      gatewayId: number | null;
      parentId: number | null;
    }>(
      `update lt_device set comm_state = 'ON' where device_id = any($1::bigint[]) and comm_state <> 'ON'
       returning device_id as "deviceId", client_id as "clientId", project_id as "projectId", uid,
         device_type as "deviceType", gateway_id as "gatewayId", parent_id as "parentId"`,
      [ids],
    );
    this.stats.wentOnline += rows.length;
    const now = this.deps.clock.now();
    const parentOf = new Map(rows.map((r) => [r.deviceId, r.parentId]));
    /** whether `id` came back in this batch and stands below `ancestor` */
    const below = (id: number, ancestor: number) => {
      let at = parentOf.get(id) ?? null;
      for (let depth = 0; at !== null && depth < 16; depth++) {
        if (at === ancestor) return true;
        at = parentOf.get(at) ?? null;
      }
      return false;
    };
    const events: EventRow[] = [];
    const online: HubEvent[] = [];
    for (const r of rows) {
      const { gatewayId, parentId, ...device } = r;
      const carried =
        (parentId !== null && parentOf.has(parentId)) ||
        (gatewayId !== null && gatewayId !== r.deviceId && parentOf.has(gatewayId) && !below(gatewayId, r.deviceId));
      online.push({ type: 'online', payload: { device, ts: now, carried } });
      if (!carried)
        events.push({ d: r.deviceId, c: r.clientId, p: r.projectId, t: now, e: 'ONLINE', l: 'ordinary', v: null });
    }
    this.bus.emit(online);
    return events;
  }

  private async writeBuffered(withStates: boolean, awaitStates: boolean) {
    const round = this.round;
    this.round = newRound();
    const telemetry = this.telemetry;
    const states = withStates ? this.states : new Map<number, StateUpdate>();
    const events = this.events;
    const outbox = this.outbox;
    const cameOnline = this.cameOnline;
    // live pushes to browsers go with the full and the timed flushes, not with every early write
    // for waiting acknowledgements (each push serialises up to 2,000 device states)
    const liveDue = awaitStates || performance.now() - this.liveSentAt >= this.opts.flushMs;
    const live = liveDue ? this.live.take() : null;
    if (liveDue) this.liveSentAt = performance.now();
    this.telemetry = [];
    if (withStates) {
      this.states = new Map();
      this.statesWrittenAt = this.deps.clock.now();
    }
    this.events = [];
    this.outbox = [];
    this.cameOnline = new Set();
    // a device coming back may be all there is (its state not due yet): its mark still goes now
    if (!telemetry.length && !states.size && !events.length && !cameOnline.size && !live?.size) return round.resolve();
    const started = performance.now();
    const writtenBefore = this.stats.rowsWritten;
    const db = this.deps.database;
    try {
      // history and latest state go to different tables: written side by side on the pool
      if (states.size) this.startStateWrite(states);
      if (telemetry.length) await writeHistory(db, telemetry, this.opts.flushRows, this.stats);
      if (awaitStates) await this.stateWrite;
      // the ONLINE events go with the write that marks their devices online, not with the next one
      if (cameOnline.size) events.push(...(await this.markOnline([...cameOnline])));
      if (events.length) {
        await db.query(
          `insert into lt_device_event (client_id, project_id, device_id, ts, event_type, level, data)
           select c, p, d, to_timestamp(t / 1000.0), e, l, v from json_to_recordset($1::json) as x(d bigint, c bigint, p bigint, t float8, e text, l text, v jsonb)`,
          [JSON.stringify(events)],
        );
        for (const e of events) {
          const info = this.registry.byDeviceId(e.d);
          if (info)
            await this.deps.ws.publish(
              { clientId: e.c, projectId: e.p },
              {
                type: 'device.event',
                clientId: e.c,
                projectId: e.p,
                items: [{ deviceId: e.d, uid: info.uid, eventType: e.e, level: e.l, ts: e.t }],
              },
            );
        }
      }
      this.stats.flushes++;
      this.stats.lastFlushMs = Math.round(performance.now() - started);
      round.resolve();
      // committed: now listeners may see it
      this.bus.emit(outbox);
    } catch (err) {
      this.stats.flushErrors++;
      this.stats.dropped += telemetry.length - (this.stats.rowsWritten - writtenBefore);
      this.deps.log.error({ err }, 'telemetry flush failed');
      // the messages it held stay unacknowledged: their devices send them again
      round.reject(err);
    }
    await live?.send();
  }
}
