import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ackMessage,
  type CommandMessage,
  downTopic,
  eventMessage,
  heartbeatMessage,
  helloMessage,
  type LiveDeviceState,
  type ResultItem,
  resultMessage,
  type TelemetryItem,
  TOPIC_ROOT,
  telemetryMessage,
  UP_KINDS,
  type UpKind,
} from '@luxgrid/contracts';
import type { Deps } from '../../../platform/context.ts';
import { copyField } from '../../../platform/db.ts';
import type { MqttHub } from '../../../platform/mqtt.ts';
import { type FaultChange, noteFaultEvent, noteFaultReading, writeFaultStates } from './fault-state.ts';

/** What the gateway keeps in memory about a device it has heard of. */
export interface DeviceInfo {
  deviceId: number;
  clientId: number;
  projectId: number;
  uid: string;
  deviceType: string;
  parentId: number | null;
  gatewayId: number | null;
  commState: string;
  /** the platform time last given to a reading of this device that came without its own ts */
  lastStamp?: number;
}

export interface GatewayOptions {
  topicRoot?: string;
  /** flush buffered telemetry every this many ms … */
  flushMs?: number;
  /**
   * … or this many ms after a device message started waiting for its acknowledgement, together
   * with whatever else arrived meanwhile (devices that keep one message in flight are not held
   * for a whole flush period)
   */
  ackWithinMs?: number;
  /** … or as soon as this many rows are waiting */
  flushRows?: number;
  /** the latest-state table is written at most this often by the timed flushes (history goes every flush) */
  stateFlushMs?: number;
  /** a device not heard from for this long is offline */
  heartbeatTimeoutMs?: number;
  sweepMs?: number;
  /** a SENT or DELIVERED command without a result after this long times out */
  resultTimeoutMs?: number;
  /** rows kept in memory at most while the database is behind; beyond it telemetry is dropped and counted */
  maxBufferedRows?: number;
  /** start the timers (tests drive flush() and sweep() themselves) */
  timers?: boolean;
}

export interface GatewayStats {
  received: number;
  accepted: number;
  readings: number;
  rejected: {
    malformed: number;
    badTopic: number;
    unknownDevice: number;
    foreignProject: number;
    notChild: number;
    tooLarge: number;
  };
  dropped: number;
  /** device messages not acknowledged because the write holding them failed (the device sends them again) */
  unacknowledged: number;
  flushes: number;
  rowsWritten: number;
  flushErrors: number;
  lastFlushMs: number;
  commandsSent: number;
  acks: number;
  results: number;
  authAccepted: number;
  authRejected: number;
  wentOnline: number;
  wentOffline: number;
}

const SELECT_INFO = `select device_id as "deviceId", client_id as "clientId", project_id as "projectId", uid,
  device_type as "deviceType", parent_id as "parentId", gateway_id as "gatewayId", comm_state as "commState" from lt_device`;

const TELEMETRY_COLUMNS = ['device_id', 'client_id', 'project_id', 'ts', 'data'] as const;
const MAX_PAYLOAD = 256 * 1024;
const NEGATIVE_TTL_MS = 30_000;
const LIVE_ITEMS_PER_PUSH = 2_000;
const INVALIDATE_CHANNEL = 'lighting:device-invalidate';
const SWEEP_LOCK = 'lighting:gateway-sweeper';
/** device messages waiting for their write beyond which the gateway warns that it is falling behind */
const BEHIND_HELD = 20_000;
const BEHIND_FLUSH_MS = 2_000;
const BEHIND_WARN_EVERY_MS = 10_000;
const UNIQUE_VIOLATION = '23505';
const COPY_UNESCAPES: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };

/** The write that will carry what is buffered now: settles once it has committed (or failed). */
interface Round {
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

/** Thrown for a message that cannot be held now: it stays unacknowledged and the device sends it again. */
export class NotHeldError extends Error {}

/* ---------------------------------------------------------------- device secrets */

/** A new device secret (shown once) and the hash that is stored. */
export function newDeviceSecret(): { secret: string; hash: string } {
  const secret = randomBytes(18).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

// Secrets are 144 random bits, so a salted SHA-256 is enough; a slow hash would make connect storms cost minutes.
export function hashSecret(secret: string, salt = randomBytes(8).toString('hex')): string {
  return `sha256$${salt}$${createHash('sha256').update(`${salt}:${secret}`).digest('hex')}`;
}

export function verifySecret(secret: string, stored: string | null): boolean {
  if (!stored) return false;
  const [scheme, salt, hex] = stored.split('$');
  if (scheme !== 'sha256' || !salt || !hex) return false;
  const expected = Buffer.from(hashSecret(secret, salt));
  const given = Buffer.from(stored);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/* ---------------------------------------------------------------- the gateway */

interface StateUpdate {
  clientId: number;
  projectId: number;
  seen: number;
  dataTs?: number;
  data?: Record<string, unknown>;
  firmware?: string;
  config?: Record<string, unknown>;
  /** fault codes raised or cleared since the last state write (fault-state.ts) */
  fault?: FaultChange;
}

interface EventRow {
  d: number;
  c: number;
  p: number;
  t: number;
  e: string;
  l: string;
  v: Record<string, unknown> | null;
}

/**
 * The device gateway: subscribes to every device's up topics, checks each message against the
 * registry, writes telemetry in batches (one INSERT per flush), keeps the latest state and the
 * online flags, and carries commands down to the sessions that hold the devices.
 */
export class DeviceGateway {
  readonly root: string;
  readonly stats: GatewayStats = {
    received: 0,
    accepted: 0,
    readings: 0,
    rejected: { malformed: 0, badTopic: 0, unknownDevice: 0, foreignProject: 0, notChild: 0, tooLarge: 0 },
    dropped: 0,
    unacknowledged: 0,
    flushes: 0,
    rowsWritten: 0,
    flushErrors: 0,
    lastFlushMs: 0,
    commandsSent: 0,
    acks: 0,
    results: 0,
    authAccepted: 0,
    authRejected: 0,
    wentOnline: 0,
    wentOffline: 0,
  };
  private readonly opts: Required<Omit<GatewayOptions, 'topicRoot'>>;
  private readonly devices = new Map<string, DeviceInfo>();
  private readonly byId = new Map<number, DeviceInfo>();
  private readonly unknown = new Map<string, { until: number; foreign: boolean }>();
  private readonly loading = new Map<string, Promise<DeviceInfo | null>>();
  /** sessions whose children were loaded in one go */
  private readonly preloaded = new Map<number, Promise<void>>();
  /** history rows waiting, as COPY text lines */
  private telemetry: string[] = [];
  private states = new Map<number, StateUpdate>();
  private events: EventRow[] = [];
  private cameOnline = new Set<number>();
  private live = new Map<number, { clientId: number; items: LiveDeviceState[] }>();
  private flushing: Promise<void> | null = null;
  private statesWrittenAt = 0;
  private liveSentAt = 0;
  private stateWrite: Promise<void> | null = null;
  private timers: NodeJS.Timeout[] = [];
  /** the write round that takes what is buffered now */
  private round = newRound();
  /** device messages handed in and not yet settled (waiting for the write that holds them) */
  private held = 0;
  private warnedAt = 0;
  private soon: NodeJS.Timeout | null = null;
  private readonly onMessage = (topic: string, payload: Buffer) => this.handle(topic, payload);
  private stopped = false;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly deps: Deps,
    private readonly hub: MqttHub,
    options: GatewayOptions = {},
  ) {
    this.root = options.topicRoot ?? TOPIC_ROOT;
    this.opts = {
      flushMs: options.flushMs ?? 500,
      ackWithinMs: options.ackWithinMs ?? 50,
      flushRows: options.flushRows ?? 5_000,
      stateFlushMs: options.stateFlushMs ?? 1_000,
      heartbeatTimeoutMs: options.heartbeatTimeoutMs ?? 180_000,
      sweepMs: options.sweepMs ?? 10_000,
      resultTimeoutMs: options.resultTimeoutMs ?? 60_000,
      maxBufferedRows: options.maxBufferedRows ?? 200_000,
      timers: options.timers ?? true,
    };
  }

  get heartbeatTimeoutMs() {
    return this.opts.heartbeatTimeoutMs;
  }

  async start(): Promise<void> {
    this.hub.setDeviceAuthenticator((_clientId, username, password) => this.authenticate(username, password));
    // a session device ('{projectId}/{uid}') publishes under its own up/ topics and reads its own down/ topics
    this.hub.setDeviceTopicGuard((username, topic, action) =>
      topic.startsWith(`${this.root}/v1/${username}/${action === 'publish' ? 'up' : 'down'}/`),
    );
    this.unlisten = await this.hub.listen(`${this.root}/v1/+/+/up/+`, this.onMessage);
    await this.deps.cache.subscribe(INVALIDATE_CHANNEL, (message) => this.dropCached(JSON.parse(message) as number[]));
    if (this.opts.timers) {
      const flush = setInterval(() => {
        void this.flush(false);
        this.warnIfBehind();
      }, this.opts.flushMs);
      const sweep = setInterval(() => void this.sweepIfLeader(), this.opts.sweepMs);
      flush.unref();
      sweep.unref();
      this.timers.push(flush, sweep);
    }
  }

  /** Stops listening, then writes until every message already taken is committed (10 s at most). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    if (this.soon) clearTimeout(this.soon);
    await this.unlisten?.();
    const until = Date.now() + 10_000;
    do {
      await this.flush().catch(() => undefined);
      if (!this.held) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    } while (Date.now() < until);
  }

  health() {
    return {
      topicRoot: this.root,
      knownDevices: this.byId.size,
      buffered: this.telemetry.length,
      /** device messages waiting for the write that holds them (unacknowledged until it commits) */
      waiting: this.held,
      ...this.stats,
      rejected: { ...this.stats.rejected },
      rejectedTotal: Object.values(this.stats.rejected).reduce((a, b) => a + b, 0),
    };
  }

  /** Registry changes: forget cached devices here and in every other server process. */
  async invalidate(deviceIds: number[]): Promise<void> {
    this.unknown.clear();
    if (deviceIds.length) await this.deps.cache.publish(INVALIDATE_CHANNEL, JSON.stringify(deviceIds));
  }

  private dropCached(ids: number[]) {
    this.unknown.clear();
    this.preloaded.clear();
    for (const id of ids) {
      const info = this.byId.get(id);
      if (!info) continue;
      this.byId.delete(id);
      this.devices.delete(`${info.projectId}/${info.uid}`);
    }
  }

  /* ------------------------------------------------------------ connect-time credentials */

  async authenticate(username: string, password: string): Promise<boolean> {
    const slash = username.indexOf('/');
    const projectId = Number(username.slice(0, slash));
    const uid = username.slice(slash + 1);
    if (slash < 1 || !Number.isSafeInteger(projectId) || !uid) {
      this.stats.authRejected++;
      return false;
    }
    const [row] = await this.deps.database.query<{ secret_hash: string | null }>(
      'select secret_hash from lt_device where project_id = $1 and uid = $2',
      [projectId, uid],
    );
    const okay = verifySecret(password, row?.secret_hash ?? null);
    if (okay) this.stats.authAccepted++;
    else this.stats.authRejected++;
    return okay;
  }

  /* ------------------------------------------------------------ registry look-ups */

  private cacheInfo(info: DeviceInfo) {
    this.devices.set(`${info.projectId}/${info.uid}`, info);
    this.byId.set(info.deviceId, info);
  }

  /** The device (projectId, uid), from memory or the registry; null when unknown (the reason is counted). */
  async lookup(projectId: number, uid: string): Promise<{ info: DeviceInfo | null; foreign: boolean }> {
    const key = `${projectId}/${uid}`;
    const known = this.devices.get(key);
    if (known) return { info: known, foreign: false };
    const miss = this.unknown.get(key);
    if (miss && miss.until > Date.now()) return { info: null, foreign: miss.foreign };
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.deps.database
        .query<DeviceInfo>(`${SELECT_INFO} where project_id = $1 and uid = $2`, [projectId, uid])
        .then((rows) => rows[0] ?? null)
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    const info = await pending;
    if (info) {
      this.cacheInfo(info);
      return { info, foreign: false };
    }
    const elsewhere = await this.deps.database.query('select 1 from lt_device where uid = $1 limit 1', [uid]);
    const foreign = elsewhere.length > 0;
    this.unknown.set(key, { until: Date.now() + NEGATIVE_TTL_MS, foreign });
    return { info: null, foreign };
  }

  /**
   * Loads every device a session carries in one query — at its hello, or at the first message
   * naming a child not in memory (after a restart sessions report without a new hello) — so that
   * a concentrator of a thousand lamps costs one look-up, not a thousand.
   */
  private preloadChildren(session: DeviceInfo, again = false): Promise<void> {
    let loaded = this.preloaded.get(session.deviceId);
    if (!loaded || again) {
      loaded = this.deps.database.query<DeviceInfo>(`${SELECT_INFO} where gateway_id = $1`, [session.deviceId]).then(
        (rows) => {
          for (const row of rows) this.cacheInfo(row);
        },
        () => void this.preloaded.delete(session.deviceId),
      );
      this.preloaded.set(session.deviceId, loaded);
    }
    return loaded;
  }

  /* ------------------------------------------------------------ incoming messages */

  /**
   * Takes one device message and resolves once whatever it carried is committed: its readings
   * and events are in the database (the broker acknowledges it only then). Rejects when the
   * message could not be held — the database failed or the buffer is full — so that it stays
   * unacknowledged and the device sends it again. Messages refused for what they say (bad JSON,
   * unknown devices) resolve at once: sending them again would not help.
   */
  async handle(topic: string, payload: Buffer): Promise<void> {
    this.stats.received++;
    this.held++;
    const rounds = new Set<Round>();
    try {
      await this.route(topic, payload, rounds);
      if (rounds.size) this.flushSoon();
      for (const round of rounds) await round.committed;
    } catch (err) {
      this.stats.unacknowledged++;
      if (!(err instanceof NotHeldError)) this.deps.log.warn({ err, topic }, 'device message not held');
      throw err;
    } finally {
      this.held--;
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
    if (payload.length > MAX_PAYLOAD) {
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
    const { info: session, foreign } = await this.lookup(projectId, uid);
    if (!session) {
      if (foreign) this.stats.rejected.foreignProject++;
      else this.stats.rejected.unknownDevice++;
      return;
    }
    const now = this.deps.clock.now();
    switch (kind) {
      case 'hello': {
        const parsed = helloMessage.safeParse(body);
        if (!parsed.success) return void this.stats.rejected.malformed++;
        this.stats.accepted++;
        await this.preloadChildren(session, true);
        this.seen(session, now, { firmware: parsed.data.firmware, config: parsed.data.config });
        await this.touchChildren(session, parsed.data.children ?? [], now);
        await this.flush();
        await this.dispatch([session.deviceId]);
        return;
      }
      case 'heartbeat': {
        const parsed = heartbeatMessage.safeParse(body);
        if (!parsed.success) return void this.stats.rejected.malformed++;
        this.stats.accepted++;
        this.seen(session, now);
        await this.touchChildren(session, parsed.data.children ?? [], now);
        return this.flushIfFull();
      }
      case 'telemetry': {
        const parsed = telemetryMessage.safeParse(body);
        if (!parsed.success) return void this.stats.rejected.malformed++;
        const items = 'items' in parsed.data ? parsed.data.items : [parsed.data];
        this.stats.accepted++;
        this.seen(session, now);
        for (const item of items) {
          const target = await this.target(session, item.uid);
          if (!target) continue;
          if (!this.reading(target, item, now)) throw new NotHeldError('telemetry buffer full');
          rounds.add(this.round);
        }
        return this.flushIfFull();
      }
      case 'event': {
        const parsed = eventMessage.safeParse(body);
        if (!parsed.success) return void this.stats.rejected.malformed++;
        this.stats.accepted++;
        this.seen(session, now);
        const target = await this.target(session, parsed.data.uid);
        if (!target) return;
        const ts = parsed.data.ts ?? now;
        this.events.push({
          d: target.deviceId,
          c: target.clientId,
          p: target.projectId,
          t: ts,
          e: parsed.data.type,
          l: parsed.data.level ?? 'ordinary',
          v: parsed.data.data ?? null,
        });
        rounds.add(this.round);
        noteFaultEvent(this.seen(target, now), parsed.data, ts);
        return this.flushIfFull();
      }
      case 'ack': {
        const parsed = ackMessage.safeParse(body);
        if (!parsed.success) return void this.stats.rejected.malformed++;
        this.stats.accepted++;
        this.seen(session, now);
        const ids = ('items' in parsed.data ? parsed.data.items : [parsed.data]).map((a) => a.id);
        this.stats.acks += ids.length;
        await this.acknowledge(session, ids, now);
        return;
      }
      case 'result': {
        const parsed = resultMessage.safeParse(body);
        if (!parsed.success) return void this.stats.rejected.malformed++;
        this.stats.accepted++;
        this.seen(session, now);
        const items = 'items' in parsed.data ? parsed.data.items : [parsed.data];
        this.stats.results += items.length;
        await this.complete(session, items, now);
        return;
      }
    }
  }

  /** The device a message item speaks for: the session itself, or one of the children it carries. */
  private async target(session: DeviceInfo, uid: string | undefined): Promise<DeviceInfo | null> {
    if (!uid || uid === session.uid) return session;
    if (!this.devices.has(`${session.projectId}/${uid}`)) await this.preloadChildren(session);
    const { info } = await this.lookup(session.projectId, uid);
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
      if (child) this.seen(child, now);
    }
  }

  private seen(
    info: DeviceInfo,
    now: number,
    extra: { firmware?: string; config?: Record<string, unknown> } = {},
  ): StateUpdate {
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
      this.pushLive(info, { commState: 'ON', ts: now });
    }
    return update;
  }

  /**
   * Buffers one reading for the next write; false when the buffer is full. A reading without its
   * own ts gets the platform's time, at least 1 ms after the device's previous one, so that two
   * readings never share (device, ts) — the key that stores a reading sent again only once.
   */
  private reading(info: DeviceInfo, item: TelemetryItem, now: number): boolean {
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
    const update = this.seen(info, now);
    update.data = update.data ? Object.assign(update.data, item.values) : { ...item.values };
    update.dataTs = Math.max(update.dataTs ?? 0, ts);
    noteFaultReading(update, item.values);
    this.pushLive(info, { ts, values: item.values });
    return true;
  }

  private pushLive(info: DeviceInfo, change: Partial<LiveDeviceState> & { ts: number }) {
    let bucket = this.live.get(info.projectId);
    if (!bucket) {
      bucket = { clientId: info.clientId, items: [] };
      this.live.set(info.projectId, bucket);
    }
    if (bucket.items.length >= LIVE_ITEMS_PER_PUSH) return;
    bucket.items.push({ deviceId: info.deviceId, uid: info.uid, deviceType: info.deviceType, ...change });
  }

  /** Group commit: a write within ackWithinMs for messages waiting for their acknowledgement. */
  private flushSoon() {
    if (this.soon || this.stopped) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      void this.flush(false).catch(() => undefined);
    }, this.opts.ackWithinMs);
  }

  private flushIfFull(): Promise<void> | undefined {
    // a running write takes the whole buffer when it starts its next round
    if (this.telemetry.length >= this.opts.flushRows && !this.flushing) return this.flush(false);
    return undefined;
  }

  /* ------------------------------------------------------------ batched writes */

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
    await writeFaultStates(db, states);
    const configs = [...states].filter(([, s]) => s.config).map(([d, s]) => ({ d, v: s.config }));
    if (configs.length)
      await db.query(
        `update lt_device set config = x.v from json_to_recordset($1::json) as x(d bigint, v jsonb) where device_id = x.d`,
        [JSON.stringify(configs)],
      );
  }

  /**
   * History rows by COPY, at most flushRows per statement: a backlog never becomes one huge
   * statement. A chunk holding a reading already stored — a device sent again what a write had
   * committed before it could be acknowledged, e.g. across a crash — goes again as an upsert
   * keyed by (device, ts), so that every reading is stored exactly once.
   */
  private async writeTelemetry(lines: string[]) {
    for (let at = 0; at < lines.length; at += this.opts.flushRows) {
      const chunk = lines.slice(at, at + this.opts.flushRows);
      try {
        await this.deps.database.copyIn('lt_telemetry', TELEMETRY_COLUMNS, chunk.join(''));
      } catch (err) {
        if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
        await this.upsertTelemetry(chunk);
      }
      this.stats.rowsWritten += chunk.length;
    }
  }

  /** Upserts COPY lines by (device, ts): readings of the same device and instant merge into one row. */
  private async upsertTelemetry(lines: string[]) {
    const rows = new Map<string, { d: number; c: number; p: number; t: string; v: Record<string, unknown> }>();
    for (const line of lines) {
      const [d, c, p, t, data] = line.slice(0, -1).split('\t') as [string, string, string, string, string];
      const v = JSON.parse(data.replace(/\\([\\tnr])/g, (_, ch: string) => COPY_UNESCAPES[ch] as string));
      const key = `${d}|${t}`;
      const row = rows.get(key);
      if (row) Object.assign(row.v, v);
      else rows.set(key, { d: Number(d), c: Number(c), p: Number(p), t, v });
    }
    await this.deps.database.query(
      `insert into lt_telemetry as h (device_id, client_id, project_id, ts, data)
       select x.d, x.c, x.p, x.t::timestamptz, x.v from json_to_recordset($1::json) as x(d bigint, c bigint, p bigint, t text, v jsonb)
       on conflict (device_id, ts) do update set data = h.data || excluded.data where not h.data @> excluded.data`,
      [JSON.stringify([...rows.values()])],
    );
  }

  /** Logs a warning, at most every 10 s, while device messages pile up waiting for their write. */
  private warnIfBehind() {
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

  private async writeBuffered(withStates: boolean, awaitStates: boolean) {
    const round = this.round;
    this.round = newRound();
    const telemetry = this.telemetry;
    const states = withStates ? this.states : new Map<number, StateUpdate>();
    const events = this.events;
    const cameOnline = this.cameOnline;
    // live pushes to browsers go with the full and the timed flushes, not with every early write
    // for waiting acknowledgements (each push serialises up to 2,000 device states)
    const liveDue = awaitStates || performance.now() - this.liveSentAt >= this.opts.flushMs;
    const live = liveDue ? this.live : new Map<number, { clientId: number; items: LiveDeviceState[] }>();
    if (liveDue) {
      this.live = new Map();
      this.liveSentAt = performance.now();
    }
    this.telemetry = [];
    if (withStates) {
      this.states = new Map();
      this.statesWrittenAt = this.deps.clock.now();
    }
    this.events = [];
    this.cameOnline = new Set();
    if (!telemetry.length && !states.size && !events.length && !live.size) return round.resolve();
    const started = performance.now();
    const writtenBefore = this.stats.rowsWritten;
    const db = this.deps.database;
    try {
      // history and latest state go to different tables: written side by side on the pool
      if (states.size) this.startStateWrite(states);
      if (telemetry.length) await this.writeTelemetry(telemetry);
      if (awaitStates) await this.stateWrite;
      if (cameOnline.size) await this.markOnline([...cameOnline]);
      if (events.length) {
        await db.query(
          `insert into lt_device_event (client_id, project_id, device_id, ts, event_type, level, data)
           select c, p, d, to_timestamp(t / 1000.0), e, l, v from json_to_recordset($1::json) as x(d bigint, c bigint, p bigint, t float8, e text, l text, v jsonb)`,
          [JSON.stringify(events)],
        );
        for (const e of events) {
          const info = this.byId.get(e.d);
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
    } catch (err) {
      this.stats.flushErrors++;
      this.stats.dropped += telemetry.length - (this.stats.rowsWritten - writtenBefore);
      this.deps.log.error({ err }, 'telemetry flush failed');
      // the messages it held stay unacknowledged: their devices send them again
      round.reject(err);
    }
    for (const [projectId, bucket] of live)
      await this.deps.ws.publish(
        { clientId: bucket.clientId, projectId },
        { type: 'device.state', clientId: bucket.clientId, projectId, items: bucket.items },
      );
  }

  private async markOnline(ids: number[]) {
    const rows = await this.deps.database.query<DeviceInfo>(
      `update lt_device set comm_state = 'ON' where device_id = any($1::bigint[]) and comm_state <> 'ON'
       returning device_id as "deviceId", client_id as "clientId", project_id as "projectId", gateway_id as "gatewayId"`,
      [ids],
    );
    this.stats.wentOnline += rows.length;
    const now = this.deps.clock.now();
    const back = new Set(rows.map((r) => r.deviceId));
    // a concentrator coming back brings its children: one ONLINE event, for the concentrator
    const events = rows
      .filter((r) => !(r.gatewayId && r.gatewayId !== r.deviceId && back.has(r.gatewayId)))
      .map((r) => ({ d: r.deviceId, c: r.clientId, p: r.projectId, t: now, e: 'ONLINE', l: 'ordinary', v: null }));
    this.events.push(...events);
  }

  /* ------------------------------------------------------------ offline detection */

  private async sweepIfLeader() {
    if (this.stopped) return;
    const leader = await this.deps.cache
      .setIfAbsent(SWEEP_LOCK, String(process.pid), Math.max(1, Math.floor(this.opts.sweepMs / 1000)))
      .catch(() => false);
    if (!leader) return;
    await this.sweep().catch((err: unknown) => this.deps.log.error({ err }, 'gateway sweep failed'));
  }

  /**
   * Marks devices not heard from within the heartbeat timeout offline, with the children their
   * sessions carry; records an OFFLINE event only for devices whose parent is still online, so a
   * silent concentrator raises one event instead of a flood. Times out and expires commands.
   */
  async sweep(): Promise<{ offline: number[]; events: number[] }> {
    await this.flush();
    const now = this.deps.clock.now();
    const cutoff = now - this.opts.heartbeatTimeoutMs;
    const db = this.deps.database;
    const silent = await db.query<{ device_id: number }>(
      'update lt_device_state set online = false where online and last_seen < to_timestamp($1 / 1000.0) returning device_id',
      [cutoff],
    );
    let offline: number[] = [];
    const emitted: number[] = [];
    if (silent.length) {
      const ids = silent.map((r) => r.device_id);
      // children carried by a silent session go with it
      const carried = await db.query<{ device_id: number }>(
        `update lt_device_state set online = false where online and device_id in (select device_id from lt_device where gateway_id = any($1::bigint[])) returning device_id`,
        [ids],
      );
      const all = [...new Set([...ids, ...carried.map((r) => r.device_id)])];
      const rows = await db.query<{
        device_id: number;
        client_id: number;
        project_id: number;
        uid: string;
        device_type: string;
        parent_id: number | null;
        gateway_id: number | null;
      }>(
        `update lt_device set comm_state = 'OFF' where device_id = any($1::bigint[]) and comm_state <> 'OFF'
         returning device_id, client_id, project_id, uid, device_type, parent_id, gateway_id`,
        [all],
      );
      offline = rows.map((r) => r.device_id);
      const down = new Set(offline);
      const uppers = [
        ...new Set(rows.flatMap((r) => [r.parent_id, r.gateway_id]).filter((v): v is number => v !== null)),
      ];
      const upperState = new Map<number, string>();
      if (uppers.length) {
        const states = await db.query<{ device_id: number; comm_state: string }>(
          'select device_id, comm_state from lt_device where device_id = any($1::bigint[])',
          [uppers],
        );
        for (const s of states) upperState.set(s.device_id, s.comm_state);
      }
      const isDown = (id: number | null) =>
        id !== null && (down.has(id) || upperState.get(id) === 'OFF' || upperState.get(id) === 'INIT');
      const events: EventRow[] = [];
      const live = new Map<number, { clientId: number; items: LiveDeviceState[] }>();
      for (const r of rows) {
        const info = this.byId.get(r.device_id);
        if (info) info.commState = 'OFF';
        const bucket = live.get(r.project_id) ?? { clientId: r.client_id, items: [] };
        live.set(r.project_id, bucket);
        if (bucket.items.length < LIVE_ITEMS_PER_PUSH)
          bucket.items.push({
            deviceId: r.device_id,
            uid: r.uid,
            deviceType: r.device_type,
            commState: 'OFF',
            ts: now,
          });
        const suppressed = (r.gateway_id !== r.device_id && isDown(r.gateway_id)) || isDown(r.parent_id);
        if (suppressed) continue;
        emitted.push(r.device_id);
        events.push({ d: r.device_id, c: r.client_id, p: r.project_id, t: now, e: 'OFFLINE', l: 'serious', v: null });
      }
      this.stats.wentOffline += rows.length;
      this.events.push(...events);
      for (const [projectId, bucket] of live)
        await this.deps.ws.publish(
          { clientId: bucket.clientId, projectId },
          { type: 'device.state', clientId: bucket.clientId, projectId, items: bucket.items },
        );
      await this.invalidate(offline);
      await this.flush();
    }
    await this.expireCommands(now);
    return { offline, events: emitted };
  }

  /* ------------------------------------------------------------ commands */

  /** Sends every open PENDING command of these sessions that are online; returns how many were sent. */
  async dispatch(sessionIds: number[]): Promise<number> {
    if (!sessionIds.length) return 0;
    const now = this.deps.clock.now();
    const rows = await this.deps.database.query<{
      command_id: string;
      batch_id: string;
      project_id: number;
      client_id: number;
      device_id: number;
      session_id: number;
      action: string;
      value: number | null;
      params: Record<string, unknown> | null;
      expire_ms: number;
      uid: string;
      session_uid: string;
    }>(
      `with due as (
         select c.command_id from lt_command c join lt_device s on s.device_id = c.session_id
         where c.session_id = any($1::bigint[]) and c.status = 'PENDING' and s.comm_state = 'ON'
           and c.expire_time > to_timestamp($2 / 1000.0)
         for update of c skip locked)
       update lt_command c set status = 'SENT', sent_time = to_timestamp($2 / 1000.0), attempts = c.attempts + 1
       from due, lt_device d, lt_device s
       where c.command_id = due.command_id and d.device_id = c.device_id and s.device_id = c.session_id
       returning c.command_id, c.batch_id, c.project_id, c.client_id, c.device_id, c.session_id, c.action, c.value, c.params,
         (extract(epoch from c.expire_time) * 1000)::float8 as expire_ms, d.uid, s.uid as session_uid`,
      [sessionIds, now],
    );
    const messages = new Map<string, { topic: string; body: CommandMessage }>();
    for (const r of rows) {
      const key = `${r.session_id}|${r.batch_id}`;
      let entry = messages.get(key);
      if (!entry) {
        entry = {
          topic: downTopic(this.root, r.project_id, r.session_uid),
          body: {
            action: r.action as CommandMessage['action'],
            ...(r.value !== null ? { value: r.value } : {}),
            ...(r.params ? { params: r.params } : {}),
            ts: now,
            expiresAt: Math.round(r.expire_ms),
            commands: [],
          },
        };
        messages.set(key, entry);
      }
      entry.body.commands.push({ id: r.command_id, uid: r.uid });
    }
    for (const { topic, body } of messages.values())
      await this.hub.client.publishAsync(topic, JSON.stringify(body), { qos: 1 });
    this.stats.commandsSent += rows.length;
    await this.pushCommandUpdates(
      rows.map((r) => ({
        commandId: r.command_id,
        deviceId: r.device_id,
        clientId: r.client_id,
        projectId: r.project_id,
        status: 'SENT',
      })),
      now,
    );
    return rows.length;
  }

  private async acknowledge(session: DeviceInfo, ids: string[], now: number) {
    const rows = await this.deps.database.query<{ command_id: string; device_id: number }>(
      `update lt_command set status = 'DELIVERED', delivered_time = to_timestamp($3 / 1000.0)
       where command_id = any($1::text[]) and session_id = $2 and status in ('PENDING', 'SENT')
       returning command_id, device_id`,
      [ids, session.deviceId, now],
    );
    await this.pushCommandUpdates(
      rows.map((r) => ({
        commandId: r.command_id,
        deviceId: r.device_id,
        clientId: session.clientId,
        projectId: session.projectId,
        status: 'DELIVERED',
      })),
      now,
    );
  }

  private async complete(session: DeviceInfo, items: ResultItem[], now: number) {
    const input = items.map((i) => ({
      id: i.id,
      s: i.status,
      r: i.data ?? null,
      e: (i.error ?? '').slice(0, 200),
    }));
    const rows = await this.deps.database.query<{
      command_id: string;
      device_id: number;
      status: string;
      action: string;
      log_id: number | null;
      result: Record<string, unknown> | null;
      params: Record<string, unknown> | null;
      started: number;
    }>(
      `update lt_command c set status = x.s, result = x.r, error = x.e, finish_time = to_timestamp($3 / 1000.0),
         delivered_time = coalesce(c.delivered_time, to_timestamp($3 / 1000.0))
       from json_to_recordset($1::json) as x(id text, s text, r jsonb, e text)
       where c.command_id = x.id and c.session_id = $2 and c.status in ('PENDING', 'SENT', 'DELIVERED')
       returning c.command_id, c.device_id, c.status, c.action, c.log_id, c.result, c.params,
         (extract(epoch from coalesce(c.sent_time, c.create_time)) * 1000)::float8 as started`,
      [JSON.stringify(input), session.deviceId, now],
    );
    if (!rows.length) return;
    await this.finishDeviceLogs(
      rows.map((r) => ({
        logId: r.log_id,
        ok: r.status === 'SUCCESS',
        response: JSON.stringify({ status: r.status, ...(r.result ? { data: r.result } : {}) }),
        consume: Math.max(0, Math.round(now - r.started)),
      })),
      now,
    );
    // read-backs carry the device's state and configuration; configuration issues settle the config state
    for (const r of rows) {
      const info = this.byId.get(r.device_id);
      if (r.action === 'calling' && r.status === 'SUCCESS' && r.result && info) {
        const { config, ...values } = r.result as { config?: Record<string, unknown> };
        if (Object.keys(values).length) this.reading(info, { values: values as TelemetryItem['values'] }, now);
        if (config) this.seen(info, now, { config });
      }
      if (r.action === 'config') {
        await this.deps.database.query(
          `update lt_device set config_state = $2, config = case when $2 = 'CONFIGURED' then coalesce(config, '{}'::jsonb) || $3::jsonb else config end
           where device_id = $1 and config_state is not null`,
          [r.device_id, r.status === 'SUCCESS' ? 'CONFIGURED' : 'FAILED', JSON.stringify(r.params ?? {})],
        );
      }
    }
    await this.pushCommandUpdates(
      rows.map((r) => ({
        commandId: r.command_id,
        deviceId: r.device_id,
        clientId: session.clientId,
        projectId: session.projectId,
        status: r.status,
      })),
      now,
    );
    await this.flush();
  }

  /** Times out commands a device took but never answered, and expires those an offline device never took. */
  async expireCommands(now: number): Promise<number> {
    const rows = await this.deps.database.query<{
      command_id: string;
      device_id: number;
      client_id: number;
      project_id: number;
      status: string;
      action: string;
      log_id: number | null;
      started: number;
    }>(
      `update lt_command set status = case when status = 'PENDING' then 'EXPIRED' else 'TIMEOUT' end,
         finish_time = to_timestamp($1 / 1000.0)
       where (status = 'PENDING' and expire_time <= to_timestamp($1 / 1000.0))
          or (status in ('SENT', 'DELIVERED') and sent_time <= to_timestamp(($1 - $2) / 1000.0))
       returning command_id, device_id, client_id, project_id, status, action, log_id,
         (extract(epoch from create_time) * 1000)::float8 as started`,
      [now, this.opts.resultTimeoutMs],
    );
    if (!rows.length) return 0;
    await this.finishDeviceLogs(
      rows.map((r) => ({
        logId: r.log_id,
        ok: false,
        response: JSON.stringify({ status: r.status }),
        consume: Math.max(0, Math.round(now - r.started)),
      })),
      now,
    );
    const configs = rows.filter((r) => r.action === 'config').map((r) => r.device_id);
    if (configs.length)
      await this.deps.database.query(
        `update lt_device set config_state = 'FAILED' where device_id = any($1::bigint[]) and config_state = 'CONFIGURING'`,
        [configs],
      );
    await this.pushCommandUpdates(
      rows.map((r) => ({
        commandId: r.command_id,
        deviceId: r.device_id,
        clientId: r.client_id,
        projectId: r.project_id,
        status: r.status,
      })),
      now,
    );
    return rows.length;
  }

  private async finishDeviceLogs(
    rows: { logId: number | null; ok: boolean; response: string; consume: number }[],
    now: number,
  ) {
    const logs = rows
      .filter((r) => r.logId !== null)
      .map((r) => ({ i: r.logId, s: r.ok ? 0 : 1, r: r.response, c: r.consume }));
    if (!logs.length) return;
    await this.deps.database.query(
      `update sys_device_log l set status = x.s, response = x.r, consume_time = x.c, finish_time = to_timestamp($2 / 1000.0)
       from json_to_recordset($1::json) as x(i bigint, s int, r text, c int) where l.log_id = x.i`,
      [JSON.stringify(logs), now],
    );
  }

  private async pushCommandUpdates(
    rows: { commandId: string; deviceId: number; clientId: number; projectId: number; status: string }[],
    now: number,
  ) {
    const byProject = new Map<number, typeof rows>();
    for (const r of rows) byProject.set(r.projectId, [...(byProject.get(r.projectId) ?? []), r]);
    for (const [projectId, list] of byProject) {
      const clientId = list[0]!.clientId;
      await this.deps.ws.publish(
        { clientId, projectId },
        {
          type: 'command.update',
          clientId,
          projectId,
          items: list.slice(0, LIVE_ITEMS_PER_PUSH).map((r) => ({
            commandId: r.commandId,
            deviceId: r.deviceId,
            status: r.status as 'SENT',
            ts: now,
          })),
        },
      );
    }
  }
}

/** Starts the gateway on the server's MQTT connection. */
export async function startGateway(deps: Deps, hub: MqttHub, options: GatewayOptions = {}): Promise<DeviceGateway> {
  const gateway = new DeviceGateway(deps, hub, options);
  await gateway.start();
  return gateway;
}
