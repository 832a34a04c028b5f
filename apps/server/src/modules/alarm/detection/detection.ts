import {
  ALARM_KINDS,
  ALARM_RULES,
  type AlarmConfigType,
  type AlarmSetting,
  type HubDevice,
  OFFLINE_ALARMS,
} from '@luxgrid/contracts';
import type { Deps } from '../../../platform/context.ts';
import { projectSettings } from '../settings/settings.repository.ts';
import { AlarmStore, type RaiseOp, type RecoverOp } from './alarm.store.ts';
import { BranchSchedule } from './branch-schedule.ts';

/**
 * How long a project's settings are trusted from memory. Edits through the settings routes reach
 * every process at once (the cache's pub/sub channel); this only bounds what an edit made
 * elsewhere (by hand in the database, a lost message) may go unseen.
 */
const SETTINGS_TTL_MS = 60_000;
/** Every process forgets a project's settings when one of them saves them. */
const SETTINGS_CHANNEL = 'alarm:settings';
/** How often held reading conditions are checked without a new reading. */
const TICK_MS = 5_000;

const EVENT_TYPES = new Set(ALARM_KINDS.filter((t) => ALARM_RULES[t].event));
/** a family's recovering event → the alarms it recovers (a cover's COVER_CLOSED → COVER_OPENED) */
const RECOVERED_BY = new Map<string, AlarmConfigType[]>();
for (const type of ALARM_KINDS) {
  const by = ALARM_RULES[type].recoveredBy;
  if (by) RECOVERED_BY.set(by, [...(RECOVERED_BY.get(by) ?? []), type]);
}
/** types whose readings raise and recover them */
const READING_TYPES = ALARM_KINDS.filter((t) => ALARM_RULES[t].reading);
/** device type → the reading rules that apply to it, with the readings each watches (its fields and its condition) */
const READING_RULES_BY_TYPE = new Map<string, [AlarmConfigType, readonly string[]][]>();
for (const type of ALARM_KINDS) {
  const rule = ALARM_RULES[type];
  if (!rule.reading) continue;
  const watched = [...rule.reading.fields, ...(rule.reading.onlyWhile ? [rule.reading.onlyWhile.field] : [])];
  for (const deviceType of rule.deviceTypes) {
    const list = READING_RULES_BY_TYPE.get(deviceType) ?? [];
    list.push([type, watched]);
    READING_RULES_BY_TYPE.set(deviceType, list);
  }
}
/** faults a lamp reporting it is lit disproves */
const LIT_DISPROVES: readonly AlarmConfigType[] = [
  'LampFault',
  'RtuRelayFault',
  'RtuAbnormalLampBeadModule',
  'RtuFlashingLightMalfunction',
  'RtuPowerOutputUnloaded',
];

/** A reading condition of one device and type: since when it is beyond (or back in range). */
interface Held {
  device: HubDevice;
  beyondSince: number | null;
  backSince: number | null;
  /** its alarm is active (raised here, or found active when the project's settings were read) */
  active: boolean | null;
  value: Record<string, unknown>;
}

/** A project's settings in memory, with the reading alarms found active when they were read. */
interface ProjectState {
  at: number;
  value: Record<AlarmConfigType, AlarmSetting>;
}

type Op = { kind: 'raise'; op: RaiseOp } | { kind: 'recover'; op: RecoverOp };

/**
 * Detects alarms from the device hub's events: device events (a fault, a RECOVER naming it),
 * readings against each project's thresholds held for their hold time (on the injected clock),
 * and presence (offline, online). Each event is handled once in the cluster; what one batch of
 * events causes is written in order, one statement per run of raises or recoveries.
 */
export class AlarmDetection {
  readonly store: AlarmStore;
  private readonly settings = new Map<number, ProjectState>();
  /** a project's settings being read: every reading waiting for them shares the one query */
  private readonly loading = new Map<number, Promise<Record<AlarmConfigType, AlarmSetting>>>();
  /** bumped when a project's settings change, so that a read begun before does not keep the old ones */
  private readonly generation = new Map<number, number>();
  /** projects whose active reading alarms were looked up (once per process) */
  private readonly looked = new Set<number>();
  /**
   * device id → reading alarm types active in the database when its project was first read (raised
   * before a restart or by another process): a reading back in range for the hold time recovers them
   */
  private readonly activeFound = new Map<number, Set<AlarmConfigType>>();
  /** device id → last known readings (merged), for conditions like "while the breaker is closed" */
  private readonly latest = new Map<number, Record<string, unknown>>();
  /** device id → type → its reading condition; only devices beyond a threshold or with an active alarm */
  private readonly held = new Map<number, Map<AlarmConfigType, Held>>();
  /** devices with a lamp failure raised here: a lit lamp recovers them */
  private readonly litSuspects = new Set<number>();
  /** device id → failed switch-ons in a row */
  private readonly failedSwitchOns = new Map<number, number>();
  private pending: Op[] = [];
  /** branches against their strategies (BranchAbnormalTurnOn/Off) */
  readonly branches: BranchSchedule;
  private chain: Promise<void> = Promise.resolve();
  private queued = false;

  constructor(private readonly deps: Deps) {
    this.store = new AlarmStore(deps, (projectId) => this.settingsOf(projectId));
    this.branches = new BranchSchedule(deps, this);
  }

  /** A project's settings from memory when fresh; else read once, however many readings ask meanwhile. */
  settingsOf(projectId: number): Promise<Record<AlarmConfigType, AlarmSetting>> {
    const fresh = this.freshSettings(projectId);
    if (fresh) return Promise.resolve(fresh);
    let loading = this.loading.get(projectId);
    if (!loading) {
      const generation = this.generation.get(projectId) ?? 0;
      const at = this.deps.clock.now();
      loading = this.load(projectId)
        .then((value) => {
          if ((this.generation.get(projectId) ?? 0) === generation) this.settings.set(projectId, { at, value });
          return value;
        })
        .finally(() => this.loading.delete(projectId));
      this.loading.set(projectId, loading);
    }
    return loading;
  }

  private freshSettings(projectId: number): Record<AlarmConfigType, AlarmSetting> | undefined {
    const cached = this.settings.get(projectId);
    return cached && this.deps.clock.now() - cached.at < SETTINGS_TTL_MS ? cached.value : undefined;
  }

  /** Reads a project's settings; the first time also the reading alarms left active in it. */
  private async load(projectId: number): Promise<Record<AlarmConfigType, AlarmSetting>> {
    if (!this.looked.has(projectId)) {
      this.looked.add(projectId);
      const rows = await this.deps.database.query<{ device_id: number; alarm_config_type: AlarmConfigType }>(
        `select device_id, alarm_config_type from lt_alarm
          where project_id = $1 and state = 'NEW' and alarm_config_type = any($2::text[])`,
        [projectId, READING_TYPES],
      );
      for (const r of rows) this.noteActive(r.device_id, r.alarm_config_type);
    }
    return projectSettings(this.deps.database, projectId);
  }

  /** Notes that a reading alarm of a device was raised or recovered other than by its readings. */
  private following(deviceId: number, type: AlarmConfigType, active: boolean) {
    if (!ALARM_RULES[type].reading) return;
    const held = this.held.get(deviceId)?.get(type);
    if (held) held.active = active;
    else if (active) this.noteActive(deviceId, type);
    else {
      const found = this.activeFound.get(deviceId);
      found?.delete(type);
      if (found && !found.size) this.activeFound.delete(deviceId);
    }
  }

  private noteActive(deviceId: number, type: AlarmConfigType) {
    if (this.held.get(deviceId)?.has(type)) return;
    const found = this.activeFound.get(deviceId) ?? new Set();
    found.add(type);
    this.activeFound.set(deviceId, found);
  }

  /** A project's settings were saved: every process reads them again. */
  forget(projectId: number): void {
    this.drop(projectId);
    void this.deps.cache
      .publish(SETTINGS_CHANNEL, String(projectId))
      .catch((err: unknown) => this.deps.log.error({ err }, 'alarm settings change not published'));
  }

  private drop(projectId: number): void {
    this.generation.set(projectId, (this.generation.get(projectId) ?? 0) + 1);
    this.settings.delete(projectId);
  }

  listen(): () => void {
    const offs = [
      this.deps.devices.on('event', ({ device, ts, type, data }) => this.onEvent(device, ts, type, data)),
      this.deps.devices.on('telemetry', ({ device, values }) => this.onReading(device, values)),
      this.deps.devices.on('offline', ({ device, ts, carried }) => {
        const type = OFFLINE_ALARMS[device.deviceType];
        if (!type) return;
        return this.enqueue({ kind: 'raise', op: { device, type, ts, detail: null, carried } });
      }),
      this.deps.devices.on('online', ({ device, ts }) => {
        const type = OFFLINE_ALARMS[device.deviceType];
        if (!type) return;
        return this.enqueue({ kind: 'recover', op: { device, types: [type], ts, cause: 'ONLINE' } });
      }),
    ];
    void this.deps.cache
      .subscribe(SETTINGS_CHANNEL, (projectId) => this.drop(Number(projectId)))
      .catch((err: unknown) => this.deps.log.error({ err }, 'alarm settings changes not followed'));
    const timer = setInterval(() => void this.tick(), TICK_MS);
    timer.unref();
    const stopBranches = this.branches.start();
    return () => {
      clearInterval(timer);
      stopBranches();
      for (const off of offs) off();
    };
  }

  private onEvent(device: HubDevice, ts: number, type: string, data: Record<string, unknown> | null) {
    if (type === 'RECOVER') {
      const named = typeof data?.type === 'string' ? data.type : null;
      const types = named
        ? EVENT_TYPES.has(named as AlarmConfigType)
          ? [named as AlarmConfigType]
          : []
        : [...EVENT_TYPES];
      if (!types.length) return;
      if (!named || named === 'LampFault') this.failedSwitchOns.delete(device.deviceId);
      for (const t of types) this.following(device.deviceId, t, false);
      return this.enqueue({ kind: 'recover', op: { device, types, ts, cause: 'RECOVER' } });
    }
    const recovers = RECOVERED_BY.get(type)?.filter((t) => ALARM_RULES[t].deviceTypes.includes(device.deviceType));
    if (recovers?.length) return this.enqueue({ kind: 'recover', op: { device, types: recovers, ts, cause: type } });
    if (!EVENT_TYPES.has(type as AlarmConfigType)) return;
    const alarm = type as AlarmConfigType;
    if (!ALARM_RULES[alarm].deviceTypes.includes(device.deviceType)) return;
    // a device's own report of a reading alarm is recovered by its readings back in range, too
    if (ALARM_RULES[alarm].reading) this.following(device.deviceId, alarm, true);
    const op: Op = { kind: 'raise', op: { device, type: alarm, ts, detail: data } };
    if (LIT_DISPROVES.includes(alarm)) this.litSuspects.add(device.deviceId);
    if (alarm !== 'LampFault') return this.enqueue(op);
    // a lamp fault is an alarm after the set number of failed switch-ons in a row
    const failed = (this.failedSwitchOns.get(device.deviceId) ?? 0) + 1;
    this.failedSwitchOns.set(device.deviceId, failed);
    return this.settingsOf(device.projectId).then((s) => {
      if (failed >= (s.LampFault.threshold ?? 1)) return this.enqueue(op);
    });
  }

  private onReading(device: HubDevice, values: Record<string, unknown>) {
    let latest = this.latest.get(device.deviceId);
    const wasLit = latest?.lampState === 'ON';
    if (latest) Object.assign(latest, values);
    else {
      latest = { ...values };
      this.latest.set(device.deviceId, latest);
    }
    let work: Promise<unknown> | undefined;
    // a lamp lit again disproves its failures: checked when it lights up (or is first heard), not on every reading
    if (values.lampState === 'ON' && (!wasLit || this.litSuspects.has(device.deviceId))) {
      this.failedSwitchOns.delete(device.deviceId);
      this.litSuspects.delete(device.deviceId);
      work = this.enqueue({
        kind: 'recover',
        op: { device, types: LIT_DISPROVES, ts: this.deps.clock.now(), cause: 'READING' },
      });
    }
    const candidates = READING_RULES_BY_TYPE.get(device.deviceType);
    if (!candidates) return work;
    // the settings are in memory nearly always: evaluated at once, without a promise per reading
    const settings = this.freshSettings(device.projectId);
    if (settings) {
      this.evaluate(device, latest, values, candidates, settings);
      return work;
    }
    const read = this.settingsOf(device.projectId).then((s) => this.evaluate(device, latest, values, candidates, s));
    return work ? Promise.all([work, read]) : read;
  }

  /**
   * Follows the conditions a reading touches. Nothing is kept, allocated or written for a device in
   * range without an active alarm: only a value beyond its threshold starts a condition in memory,
   * and only its alarm being raised or recovered reaches the database.
   */
  private evaluate(
    device: HubDevice,
    latest: Record<string, unknown>,
    values: Record<string, unknown>,
    candidates: readonly (readonly [AlarmConfigType, readonly string[]])[],
    settings: Record<AlarmConfigType, AlarmSetting>,
  ) {
    const now = this.deps.clock.now();
    let own = this.held.get(device.deviceId);
    const found = this.activeFound.get(device.deviceId);
    for (const [type, watched] of candidates) {
      if (!touches(watched, values)) continue;
      const setting = settings[type];
      if (!setting.enabled || setting.threshold === null) continue;
      const beyond = isBeyond(type, latest, setting.threshold);
      if (beyond === null) continue;
      let held = own?.get(type);
      if (!held) {
        // in range with no alarm to recover: nothing to follow
        const wasActive = found?.delete(type) ?? false;
        if (!beyond && !wasActive) continue;
        held = { device, beyondSince: null, backSince: null, active: wasActive || null, value: {} };
        if (!own) {
          own = new Map();
          this.held.set(device.deviceId, own);
        }
        own.set(type, held);
      }
      held.device = device;
      if (beyond) {
        held.beyondSince ??= now;
        held.backSince = null;
        held.value = pick(latest, ALARM_RULES[type].reading!.fields);
      } else {
        held.backSince ??= now;
        held.beyondSince = null;
      }
    }
    if (found && !found.size) this.activeFound.delete(device.deviceId);
    if (own) this.check(now, settings, device.deviceId);
  }

  /** Raises the conditions of a device held long enough and recovers those back in range long enough. */
  private check(now: number, settings: Record<AlarmConfigType, AlarmSetting>, deviceId: number) {
    const own = this.held.get(deviceId);
    if (!own) return;
    for (const [type, held] of own) {
      // a type switched off holds nothing: its hold time starts again once it is switched on
      if (!settings[type].enabled && held.active !== true) {
        own.delete(type);
        continue;
      }
      const hold = (settings[type].holdSeconds ?? 0) * 1000;
      if (held.beyondSince !== null && held.active !== true && now - held.beyondSince >= hold) {
        held.active = true;
        void this.enqueue({
          kind: 'raise',
          op: {
            device: held.device,
            type,
            ts: now,
            detail: { ...held.value, threshold: settings[type].threshold, holdSeconds: settings[type].holdSeconds },
          },
        });
      } else if (held.backSince !== null && held.active !== false && now - held.backSince >= hold) {
        // only an alarm known to be active is written back; a condition that never raised one just ends
        if (held.active === true)
          void this.enqueue({ kind: 'recover', op: { device: held.device, types: [type], ts: now, cause: 'READING' } });
        held.active = false;
      }
      if (held.active === false && held.beyondSince === null) own.delete(type);
    }
    if (!own.size) this.held.delete(deviceId);
  }

  /** Checks held conditions without a new reading (a value stays what was last reported). */
  async tick(): Promise<void> {
    const now = this.deps.clock.now();
    for (const [deviceId, own] of this.held) {
      const first = own.values().next().value;
      if (!first) continue;
      this.check(now, await this.settingsOf(first.device.projectId), deviceId);
    }
    await this.idle();
  }

  /** Raises an alarm another rule of this area found (branches against their strategies). */
  raise(op: RaiseOp): Promise<void> {
    return this.enqueue({ kind: 'raise', op });
  }

  /** Recovers alarms another rule of this area found back to normal. */
  recover(op: RecoverOp): Promise<void> {
    return this.enqueue({ kind: 'recover', op });
  }

  /** Queues one write; the batch the hub emits together is written together. Returns when it is written. */
  private enqueue(op: Op): Promise<void> {
    this.pending.push(op);
    if (this.queued) return this.chain;
    this.queued = true;
    this.chain = this.chain.then(async () => {
      // the rest of the batch the hub is emitting synchronously
      await new Promise((resolve) => setImmediate(resolve));
      this.queued = false;
      const ops = this.pending;
      this.pending = [];
      await this.write(ops).catch((err: unknown) => this.deps.log.error({ err }, 'alarms not written'));
    });
    return this.chain;
  }

  /** Writes ops in order: each run of raises, then each run of recoveries, as they came. */
  private async write(ops: readonly Op[]): Promise<void> {
    let i = 0;
    while (i < ops.length) {
      const kind = ops[i]!.kind;
      let j = i;
      while (j < ops.length && ops[j]!.kind === kind) j++;
      const run = ops.slice(i, j);
      if (kind === 'raise') await this.store.raise(run.map((o) => o.op as RaiseOp));
      else await this.store.recover(run.map((o) => o.op as RecoverOp));
      i = j;
    }
  }

  /** Resolves when everything queued so far is written (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.queued || this.pending.length) await this.chain;
    await this.chain;
  }
}

/** Whether the readings are beyond the threshold; null when they do not say (a field missing, a condition unmet). */
export function isBeyond(type: AlarmConfigType, values: Record<string, unknown>, threshold: number): boolean | null {
  const rule = ALARM_RULES[type].reading!;
  if (rule.onlyWhile && values[rule.onlyWhile.field] !== rule.onlyWhile.equals) return false;
  let seen = 0;
  let beyond = 0;
  for (const field of rule.fields) {
    const v = values[field];
    if (typeof v !== 'number') continue;
    seen++;
    if (rule.when === 'above' ? v > threshold : v < threshold) beyond++;
  }
  if (!seen) return null;
  return rule.match === 'all' ? seen === rule.fields.length && beyond === seen : beyond > 0;
}

/** Whether a reading carries any of the fields a rule watches. */
function touches(watched: readonly string[], values: Record<string, unknown>): boolean {
  for (const field of watched) if (field in values) return true;
  return false;
}

const pick = (values: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((f) => f in values).map((f) => [f, values[f]]));

const engines = new WeakMap<Deps, AlarmDetection>();

/** The detection of this process (one per set of dependencies). */
export function alarmDetection(deps: Deps): AlarmDetection {
  let engine = engines.get(deps);
  if (!engine) {
    engine = new AlarmDetection(deps);
    engines.set(deps, engine);
  }
  return engine;
}
