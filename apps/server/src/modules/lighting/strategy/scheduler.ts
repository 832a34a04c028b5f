import { localInstant, localParts, type ScheduleParams, scheduleSteps } from '@luxgrid/contracts';
import type { Deps } from '../../../platform/context.ts';
import { type CommandTarget, type Issuer, issueCommands } from '../gateway/commands.ts';
import { issueRepository } from './issue.repository.ts';

/** How often due steps are looked for: a step goes out within this (plus one query) of its time. */
export const TICK_MS = 250;
/** How often the platform-run copies are read again (issues and edits reach every process within this). */
const RELOAD_MS = 5_000;
/** A step missed by more than this (the platform was down) is not sent late. */
const LATE_MS = 60_000;
/** The local time of the daily time sync of the controllers that hold schedules. */
const TIME_SYNC_SECONDS = 3 * 3600;
const SCHEDULER: Issuer = { principal: { userName: 'scheduler' }, ip: '' };

interface Due {
  key: string;
  issueId: number;
  at: number;
  fire: () => Promise<unknown>;
}

/**
 * Runs the schedules of controllers that cannot hold one: at each step's due time the platform
 * sends the lamp command itself. Every server process looks; the step's run key (issue, local
 * date, time, entry) inserted with `on conflict do nothing` lets exactly one of them send it.
 * It also sends the daily time sync (`timing`) to the controllers that hold schedules, once per
 * project and local day, the same way.
 */
export class PlatformScheduler {
  fired = 0;
  private timer: NodeJS.Timeout | null = null;
  private copies: { issueId: number; clientId: number; projectId: number; schedule: ScheduleParams }[] = [];
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
      if (!(await issues.claim(due.key, due.issueId, due.at, now))) continue;
      this.fired++;
      await due.fire();
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
          .map((s) => ({
            key: `S${copy.issueId}:${today}:${s.time}:${s.entry}`,
            issueId: copy.issueId,
            at: localInstant(today, Number(s.time.slice(0, 2)) * 3600 + Number(s.time.slice(3, 5)) * 60, zone),
            fire: () => this.switchLamps(copy, s.level),
          }));
        this.days.set(cacheKey, steps);
      }
      out.push(...steps.filter((s) => s.at <= now && now - s.at < LATE_MS));
    }
    return out;
  }

  private async switchLamps(copy: (typeof this.copies)[number], level: number) {
    const lamps = await issueRepository(this.deps.database).lampsByUid(copy.projectId, copy.schedule.lamps);
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

  /** Sends the daily time sync to every controller holding a schedule, once per project and local day. */
  async timeSync(now: number): Promise<number> {
    const issues = issueRepository(this.deps.database);
    const controllers = await issues.heldControllers();
    const byProject = new Map<number, typeof controllers>();
    for (const c of controllers) byProject.set(c.projectId, [...(byProject.get(c.projectId) ?? []), c]);
    let sent = 0;
    for (const [projectId, list] of byProject) {
      const zone = list[0]!.zone;
      const today = localParts(now, zone).date;
      const at = localInstant(today, TIME_SYNC_SECONDS, zone);
      // within the hour after its time (a platform down all that hour syncs the next day)
      if (at > now || now - at >= 3_600_000) continue;
      const key = `T${projectId}:${today}`;
      if (this.done.has(key)) continue;
      this.done.add(key);
      if (!(await issues.claim(key, 0, at, now))) continue;
      await issueCommands(this.deps, SCHEDULER, {
        clientId: list[0]!.clientId,
        projectId,
        targets: list.map((c) => ({ deviceId: c.deviceId, uid: c.uid, name: c.name, gatewayId: c.deviceId })),
        action: 'timing',
        source: 'CONFIG',
        name: 'daily time sync',
      });
      sent += list.length;
    }
    return sent;
  }

  start(everyMs = TICK_MS): void {
    if (this.timer) return;
    let syncAt = 0;
    this.timer = setInterval(() => {
      this.tick().catch((err: unknown) => this.deps.log.error({ err }, 'platform-run schedules pass failed'));
      const now = this.deps.clock.now();
      if (now - syncAt >= 60_000) {
        syncAt = now;
        this.timeSync(now).catch((err: unknown) => this.deps.log.error({ err }, 'daily time sync failed'));
      }
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
