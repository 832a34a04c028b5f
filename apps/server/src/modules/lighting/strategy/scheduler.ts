import {
  addDays,
  type LightSensor,
  localInstant,
  localParts,
  type ScheduleParams,
  type SensorWindow,
  scheduleNow,
  scheduleSteps,
  sensorLevel,
  sensorWindows,
} from '@luxgrid/contracts';
import type { Deps } from '../../../platform/context.ts';
import { type CommandTarget, type Issuer, issueCommands } from '../gateway/commands.ts';
import { luxReadings } from './expectation.ts';
import { issueRepository } from './issue.repository.ts';

/** How often due steps are looked for: a step goes out within this (plus one query) of its time. */
export const TICK_MS = 250;
/** How often the platform-run copies are read again (issues and edits reach every process within this). */
const RELOAD_MS = 5_000;
/** A step missed by more than this (the platform was down) is not sent late. */
const LATE_MS = 60_000;
/** How often a light sensor's readings are looked at within its window around dusk or dawn. */
const SENSOR_MS = 2_000;
const SCHEDULER: Issuer = { principal: { userName: 'scheduler' }, ip: '' };

type Copy = {
  issueId: number;
  clientId: number;
  projectId: number;
  schedule: ScheduleParams;
  sensor: LightSensor | null;
  /** the strategy's rank among overlapping ones: higher priority, then saved last */
  priority: number;
  savedAt: number;
  strategyId: number;
};

interface Due {
  key: string;
  issueId: number;
  at: number;
  copy: Copy;
  fire: () => Promise<unknown>;
}

/**
 * Runs the schedules of controllers that cannot hold one: at each step's due time the platform
 * sends the lamp command itself. Every server process looks; the step's run key (issue, local
 * date, time, entry) inserted with `on conflict do nothing` lets exactly one of them send it.
 * A strategy with a light sensor lets its luxometer decide within the windows around dusk and
 * dawn: the readings switch the lamps (one run key per switch), the clock's steps in a window
 * the sensor spoke in are left out, and at the window's end the clock's level is restored when
 * the sensor left the lamps otherwise. A silent luxometer leaves the clock in charge.
 * The controllers that hold schedules get their daily time sync from the job `lighting.timeSync`
 * (time-sync.ts). Where strategies overlap on a lamp, only the highest-ranked one that says
 * something at a step's time switches it (the rule the overlap warning states).
 */
export class PlatformScheduler {
  fired = 0;
  private timer: NodeJS.Timeout | null = null;
  private copies: Copy[] = [];
  private sensorAt = new Map<number, number>();
  private loadedAt = Number.NEGATIVE_INFINITY;
  private days = new Map<string, Due[]>();
  private done = new Set<string>();
  private running: Promise<void> | null = null;

  constructor(private readonly deps: Deps) {}

  /** One pass: claims and sends every step due now. */
  tick(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    const now = this.deps.clock.now();
    const issues = issueRepository(this.deps.database);
    if (now - this.loadedAt >= RELOAD_MS) {
      this.copies = await issues.platformRun();
      this.loadedAt = now;
      this.days.clear();
    }
    for (const due of this.dueSteps(now)) {
      if (this.done.has(due.key)) continue;
      this.done.add(due.key);
      // a step within a window its light sensor spoke in: the sensor decides there
      if (due.copy.sensor && (await this.sensorHeard(due.copy, due.at))) continue;
      if (!(await issues.claim(due.key, due.issueId, due.at, now))) continue;
      this.fired++;
      await due.fire();
    }
    for (const copy of this.copies) {
      if (!copy.sensor || now - (this.sensorAt.get(copy.issueId) ?? 0) < SENSOR_MS) continue;
      this.sensorAt.set(copy.issueId, now);
      await this.followSensor(copy, copy.sensor, now);
    }
    if (this.done.size > 50_000) {
      this.done.clear();
      await issues.pruneRuns(now - 7 * 86_400_000);
    }
  }

  /** The steps (and time syncs) whose time has come within the last minute. */
  private dueSteps(now: number): Due[] {
    const out: Due[] = [];
    for (const copy of this.copies) {
      const zone = copy.schedule.timeZone;
      const today = localParts(now, zone).date;
      const cacheKey = `${copy.issueId}|${today}`;
      let steps = this.days.get(cacheKey);
      if (!steps) {
        const [day] = scheduleSteps(copy.schedule, today, today);
        steps = (day?.steps ?? [])
          .filter((s) => s.applyTo === 'LAMP')
          .map((s) => {
            const at = localInstant(today, Number(s.time.slice(0, 2)) * 3600 + Number(s.time.slice(3, 5)) * 60, zone);
            return {
              key: `S${copy.issueId}:${today}:${s.time}:${s.entry}`,
              issueId: copy.issueId,
              copy,
              at,
              fire: () => this.switchLamps(copy, s.level, at),
            };
          });
        this.days.set(cacheKey, steps);
      }
      out.push(...steps.filter((s) => s.at <= now && now - s.at < LATE_MS));
    }
    return out;
  }

  /** The sensor's windows of the local day at `ms` and the day before. */
  private windowsAt(copy: Copy, sensor: LightSensor, ms: number): SensorWindow[] {
    const s = copy.schedule;
    const today = localParts(ms, s.timeZone).date;
    const place = { latitude: s.latitude, longitude: s.longitude, zone: s.timeZone };
    return sensorWindows(sensor, place, addDays(today, -1), today).flatMap((d) => d.windows);
  }

  /** The luxometer gave a reading in the window holding `at`, up to `at`. */
  private async sensorHeard(copy: Copy, at: number): Promise<boolean> {
    const sensor = copy.sensor!;
    const window = this.windowsAt(copy, sensor, at).find((w) => w.start <= at && at < w.end);
    if (!window) return false;
    return (await luxReadings(this.deps.database, sensor.deviceId, window.start, at)).length > 0;
  }

  /**
   * Within a window: each switch the readings make goes out once (run key: issue, window, switch
   * number). Just after a window the sensor spoke in: the clock's level, when the sensor left the
   * lamps at another.
   */
  private async followSensor(copy: Copy, sensor: LightSensor, now: number) {
    const issues = issueRepository(this.deps.database);
    const clock = (t: number) => scheduleNow(copy.schedule, t).level;
    const windows = this.windowsAt(copy, sensor, now);
    const current = windows.find((w) => w.start <= now && now < w.end);
    if (current) {
      const readings = await luxReadings(this.deps.database, sensor.deviceId, current.start, now);
      const decision = sensorLevel(sensor, windows, clock, readings, now);
      if (!decision.switches || decision.level === null) return;
      const key = `L${copy.issueId}:${current.start}:${decision.switches}`;
      if (this.done.has(key)) return;
      this.done.add(key);
      if (!(await issues.claim(key, copy.issueId, now, now))) return;
      this.fired++;
      await this.switchLamps(copy, decision.level, now);
      return;
    }
    const ended = windows.find((w) => w.end <= now && now - w.end < LATE_MS);
    if (!ended) return;
    const key = `E${copy.issueId}:${ended.end}`;
    if (this.done.has(key)) return;
    this.done.add(key);
    const readings = await luxReadings(this.deps.database, sensor.deviceId, ended.start, ended.end - 1);
    const last = sensorLevel(sensor, windows, clock, readings, ended.end - 1);
    const after = clock(ended.end);
    if (!last.heard || after === null || last.level === after) return;
    if (!(await issues.claim(key, copy.issueId, ended.end, now))) return;
    this.fired++;
    await this.switchLamps(copy, after, ended.end);
  }

  /**
   * The lamps of this copy that a higher-ranked strategy holds at `at` (the rule the overlap
   * warning states: the higher priority wins, on equal priority the one saved last): those of
   * the other strategies' copies in the project that say something then.
   */
  private outranked(copy: Copy, at: number): Set<string> {
    const taken = new Set<string>();
    const higher = (o: Copy) =>
      o.priority > copy.priority ||
      (o.priority === copy.priority &&
        (o.savedAt > copy.savedAt || (o.savedAt === copy.savedAt && o.strategyId > copy.strategyId)));
    for (const other of this.copies) {
      if (other.projectId !== copy.projectId || other.strategyId === copy.strategyId || !higher(other)) continue;
      if (scheduleNow(other.schedule, at).level === null) continue;
      for (const uid of other.schedule.lamps) taken.add(uid);
    }
    return taken;
  }

  private async switchLamps(copy: Copy, level: number, at: number) {
    const taken = this.outranked(copy, at);
    const uids = copy.schedule.lamps.filter((uid) => !taken.has(uid));
    if (!uids.length) return;
    const lamps = await issueRepository(this.deps.database).lampsByUid(copy.projectId, uids);
    const action = level === 0 ? 'LIGHT_OFF' : level === 100 ? 'LIGHT_ON' : 'LIGHT_DIMMING';
    await issueCommands(this.deps, SCHEDULER, {
      clientId: copy.clientId,
      projectId: copy.projectId,
      targets: lamps satisfies CommandTarget[],
      action,
      ...(action === 'LIGHT_DIMMING' ? { value: level } : {}),
      source: 'CONTROL',
      name: `schedule ${copy.schedule.version}`,
      // a switching step is stale once the next one could be due
      ttlMs: 10 * 60_000,
    });
  }

  start(everyMs = TICK_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.tick().catch((err: unknown) => this.deps.log.error({ err }, 'platform-run schedules pass failed'));
    }, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

const schedulers = new WeakMap<object, PlatformScheduler>();

/** The platform-run scheduler of this process (one per set of dependencies). */
export function platformScheduler(deps: Deps): PlatformScheduler {
  let scheduler = schedulers.get(deps);
  if (!scheduler) {
    scheduler = new PlatformScheduler(deps);
    schedulers.set(deps, scheduler);
  }
  return scheduler;
}
