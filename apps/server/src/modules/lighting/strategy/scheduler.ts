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
 * The controllers that hold schedules get their daily time sync from the job `lighting.timeSync`
 * (time-sync.ts).
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
