import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type MessageKey, rule } from '@luxgrid/contracts';
import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import { AppError } from '../errors.ts';
import { nextFireTime, parseCron } from './cron.ts';
import { sysJob, sysJobLog } from './job.table.ts';
import { parseInvokeTarget } from './registry.ts';

/** A due time later than this is a misfire (the server was down or busy): the job's policy decides. */
export const MISFIRE_THRESHOLD_MS = 60_000;
/** How long a non-concurrent run holds its job; renewed on every tick while it runs. */
export const LEASE_MS = 5 * 60_000;
/** Missed fire times replayed per tick under the 'fire now' policy. */
const CATCH_UP_ROUNDS = 50;
const MAX_TEXT = 2000;

type JobRow = typeof sysJob.$inferSelect;
export type TriggerType = 'cron' | 'misfire' | 'manual';

/** What a handler reports: a message key of the monitor area and its parameters, rendered when read. */
export interface JobResult {
  key: MessageKey;
  params?: Record<string, unknown>;
}

interface Running {
  jobId: number;
  lease: string | null;
  done: Promise<void>;
}

/**
 * Fires scheduled jobs. Every process may run one; each due time is claimed in the database
 * with a compare-and-set on `next_fire_time`, so exactly one process runs it. Time comes from
 * deps.clock; `tick()` does one pass (the timer calls it every second, tests call it directly).
 */
export class JobScheduler {
  readonly node = `${hostname().slice(0, 60)}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<number> | null = null;
  private abort = new AbortController();
  private readonly running = new Set<Running>();
  private sequence = 0;

  constructor(private readonly deps: Deps) {}

  get started(): boolean {
    return this.timer !== null;
  }

  start(intervalMs = 1000): void {
    if (this.timer) return;
    if (this.abort.signal.aborted) this.abort = new AbortController();
    this.timer = setInterval(() => void this.safeTick(), intervalMs);
    this.timer.unref();
    void this.safeTick();
  }

  /** Stops firing, asks running handlers to stop, and waits for them up to `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.abort.abort();
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      this.idle(),
      new Promise<void>((resolve) => {
        timeout = setTimeout(resolve, graceMs);
        timeout.unref();
      }),
    ]);
    clearTimeout(timeout);
  }

  /** Resolves when no run started by this process is still going. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running].map((r) => r.done));
  }

  /** Job ids running in this process now. */
  runningJobs(): number[] {
    return [...this.running].map((r) => r.jobId);
  }

  private async safeTick() {
    try {
      await this.tick();
    } catch (err) {
      this.deps.log.error({ err }, 'job scheduler tick failed');
    }
  }

  /** One pass: renew leases, schedule new jobs, claim and start every due run. Returns runs started. */
  tick(): Promise<number> {
    if (!this.ticking) this.ticking = this.pass().finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async pass(): Promise<number> {
    const { db } = this.deps.database;
    const now = new Date(this.deps.clock.now());
    await this.renewLeases(now);
    await this.scheduleUnplanned(now);
    let started = 0;
    for (let round = 0; round < CATCH_UP_ROUNDS; round++) {
      const due = await db
        .select()
        .from(sysJob)
        .where(and(eq(sysJob.status, '0'), lte(sysJob.nextFireTime, now)))
        .orderBy(asc(sysJob.nextFireTime))
        .limit(200);
      let claimedAny = false;
      for (const job of due) {
        const outcome = await this.fire(job, now);
        if (outcome !== 'lost') claimedAny = true;
        if (outcome === 'started') started++;
      }
      if (!claimedAny) break;
    }
    return started;
  }

  /** Jobs just created, resumed or edited carry no due time yet: give them the next one. */
  private async scheduleUnplanned(now: Date) {
    const { db } = this.deps.database;
    const rows = await db
      .select({ jobId: sysJob.jobId, cronExpression: sysJob.cronExpression })
      .from(sysJob)
      .where(and(eq(sysJob.status, '0'), isNull(sysJob.nextFireTime)));
    for (const row of rows) {
      const check = parseCron(row.cronExpression);
      const next = check.ok ? nextFireTime(check.cron, now) : null;
      if (!next) continue;
      await db
        .update(sysJob)
        .set({ nextFireTime: next })
        .where(and(eq(sysJob.jobId, row.jobId), eq(sysJob.status, '0'), isNull(sysJob.nextFireTime)));
    }
  }

  private async renewLeases(now: Date) {
    const leases = [...this.running].flatMap((r) => (r.lease ? [r.lease] : []));
    if (!leases.length) return;
    await this.deps.database.db
      .update(sysJob)
      .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(sysJob.leaseOwner, leases));
  }

  private async fire(job: JobRow, now: Date): Promise<'started' | 'skipped' | 'lost'> {
    const { db } = this.deps.database;
    const due = job.nextFireTime!;
    const check = parseCron(job.cronExpression);
    if (!check.ok) {
      // a row edited behind the API's back: stop it firing rather than loop on it
      await db
        .update(sysJob)
        .set({ nextFireTime: null })
        .where(and(eq(sysJob.jobId, job.jobId), eq(sysJob.nextFireTime, due)));
      return 'skipped';
    }
    const late = now.getTime() - due.getTime() > MISFIRE_THRESHOLD_MS;
    let run = true;
    let trigger: TriggerType = 'cron';
    let next: Date | null;
    if (job.misfirePolicy === '1') {
      // fire now: every missed time is replayed, one after the other
      if (late) trigger = 'misfire';
      next = nextFireTime(check.cron, due);
    } else if (!late) {
      next = nextFireTime(check.cron, now);
    } else if (job.misfirePolicy === '3') {
      run = false;
      next = nextFireTime(check.cron, now);
    } else {
      // default and 'fire once': one run now for all that were missed
      trigger = 'misfire';
      next = nextFireTime(check.cron, now);
    }
    const lease = run && job.concurrent === '1' ? this.newLease() : null;
    const claimed = await db
      .update(sysJob)
      .set({
        nextFireTime: next,
        ...(run ? { lastFireTime: due } : {}),
        ...(lease ? { leaseOwner: lease, leaseUntil: new Date(now.getTime() + LEASE_MS) } : {}),
      })
      .where(
        and(
          eq(sysJob.jobId, job.jobId),
          eq(sysJob.status, '0'),
          eq(sysJob.nextFireTime, due),
          // a non-concurrent job still running elsewhere keeps its due time until it is free
          lease ? or(isNull(sysJob.leaseUntil), lt(sysJob.leaseUntil, now)) : undefined,
        ),
      )
      .returning({ jobId: sysJob.jobId });
    if (!claimed.length) return 'lost';
    if (!run) return 'skipped';
    this.execute(job, { fireTime: due, trigger, lease });
    return 'started';
  }

  private newLease(): string {
    this.sequence += 1;
    return `${this.node}#${this.sequence}`;
  }

  /**
   * Runs a job now, outside its schedule. A non-concurrent job that is running anywhere is
   * refused ('busy'). The run goes on in the background; its log row is written at the end.
   */
  async runOnce(jobId: number): Promise<'started' | 'busy' | 'missing'> {
    const { db } = this.deps.database;
    const now = new Date(this.deps.clock.now());
    const [job] = await db.select().from(sysJob).where(eq(sysJob.jobId, jobId));
    if (!job) return 'missing';
    let lease: string | null = null;
    if (job.concurrent === '1') {
      lease = this.newLease();
      const held = await db
        .update(sysJob)
        .set({ leaseOwner: lease, leaseUntil: new Date(now.getTime() + LEASE_MS) })
        .where(and(eq(sysJob.jobId, jobId), or(isNull(sysJob.leaseUntil), lt(sysJob.leaseUntil, now))))
        .returning({ jobId: sysJob.jobId });
      if (!held.length) return 'busy';
    }
    this.execute(job, { fireTime: null, trigger: 'manual', lease });
    return 'started';
  }

  private execute(job: JobRow, opts: { fireTime: Date | null; trigger: TriggerType; lease: string | null }): void {
    const entry: Running = { jobId: job.jobId, lease: opts.lease, done: Promise.resolve() };
    entry.done = this.runToLog(job, opts).finally(() => this.running.delete(entry));
    this.running.add(entry);
  }

  private async runToLog(job: JobRow, opts: { fireTime: Date | null; trigger: TriggerType; lease: string | null }) {
    const { db } = this.deps.database;
    const startTime = new Date(this.deps.clock.now());
    let status = '0';
    let jobMessage = '';
    let exceptionInfo = '';
    try {
      // handlers and their arguments are checked again: the code may have changed since the job was saved
      const { handler, args } = parseInvokeTarget(job.invokeTarget, 'zh-CN');
      const result = await handler.run(this.deps, args, {
        jobId: job.jobId,
        jobName: job.jobName,
        fireTime: opts.fireTime,
        signal: this.abort.signal,
        node: this.node,
      });
      jobMessage = rule(result.key, result.params);
    } catch (err) {
      status = '1';
      jobMessage = rule('job.runFailed');
      exceptionInfo = describeError(err);
    }
    try {
      await db.insert(sysJobLog).values({
        jobId: job.jobId,
        jobName: job.jobName,
        jobGroup: job.jobGroup,
        invokeTarget: job.invokeTarget,
        jobMessage: jobMessage.slice(0, 500),
        status,
        exceptionInfo: exceptionInfo.slice(0, MAX_TEXT),
        triggerType: opts.trigger,
        fireTime: opts.fireTime,
        node: this.node,
        startTime,
        endTime: new Date(this.deps.clock.now()),
        createTime: new Date(this.deps.clock.now()),
      });
    } catch (err) {
      this.deps.log.error({ err, jobId: job.jobId }, 'job log not written');
    }
    if (opts.lease) {
      await db
        .update(sysJob)
        .set({ leaseOwner: null, leaseUntil: null })
        .where(and(eq(sysJob.jobId, job.jobId), eq(sysJob.leaseOwner, opts.lease)))
        .catch((err: unknown) => this.deps.log.error({ err, jobId: job.jobId }, 'job lease not released'));
    }
  }
}

/** AppErrors keep their message key (rendered in the reader's language); others their text. */
function describeError(err: unknown): string {
  if (err instanceof AppError) return rule(err.key, err.params);
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

const schedulers = new WeakMap<Deps, JobScheduler>();

/** The scheduler of one server (one set of deps); created on first use, started only by main.ts or a test. */
export function jobScheduler(deps: Deps): JobScheduler {
  let scheduler = schedulers.get(deps);
  if (!scheduler) {
    scheduler = new JobScheduler(deps);
    schedulers.set(deps, scheduler);
  }
  return scheduler;
}
