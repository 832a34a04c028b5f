import type { TaskCounts } from '@luxgrid/contracts';
import { COMMAND_LIFECYCLE } from '@luxgrid/contracts/enums';
import type { Deps } from '../context.ts';

/** The lifecycle states a command ends in. */
export const FINAL_COMMAND_STATES = ['SUCCESS', 'FAILED', 'TIMEOUT', 'EXPIRED', 'CANCELED'] as const;

export interface TaskScope {
  clientId: number;
  projectId: number;
}

/** Counts per lifecycle state of these tasks (every state present, 0 when none), with their totals. */
export async function countTasks(db: Deps['database'], batchIds: string[]) {
  const rows = await db.query<{ batch_id: string; status: string; n: number; total: number }>(
    `select c.batch_id, c.status, count(*)::int as n, b.total
     from lt_command c join lt_command_batch b on b.batch_id = c.batch_id
     where c.batch_id = any($1::text[]) group by c.batch_id, c.status, b.total`,
    [batchIds],
  );
  const out = new Map<string, { total: number; counts: TaskCounts; done: boolean }>();
  for (const id of batchIds) {
    const counts = Object.fromEntries(COMMAND_LIFECYCLE.map((s) => [s, 0])) as TaskCounts;
    out.set(id, { total: 0, counts, done: true });
  }
  for (const r of rows) {
    const entry = out.get(r.batch_id)!;
    entry.total = r.total;
    entry.counts[r.status as keyof TaskCounts] = r.n;
  }
  for (const entry of out.values()) {
    const ended = FINAL_COMMAND_STATES.reduce((sum, s) => sum + (entry.counts[s] ?? 0), 0);
    entry.done = ended >= entry.total;
  }
  return out;
}

/**
 * Pushes `task.progress` for the tasks whose commands moved on, to the viewers of the task's
 * customer and project: at most once a second per task however many devices answered (each push counts
 * the task's commands once), and a last one when it is done.
 */
export class TaskProgress {
  private readonly dirty = new Map<string, TaskScope>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly deps: Deps,
    private readonly intervalMs = 1000,
  ) {}

  touch(batchId: string, scope: TaskScope): void {
    this.dirty.set(batchId, scope);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.flush().finally(() => {
        this.running = null;
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Pushes what is pending now. */
  async flush(): Promise<void> {
    if (this.running) await this.running;
    if (!this.dirty.size) return;
    const batch = new Map(this.dirty);
    this.dirty.clear();
    const counts = await countTasks(this.deps.database, [...batch.keys()]);
    for (const [batchId, scope] of batch) {
      const c = counts.get(batchId)!;
      await this.deps.ws.publish(scope, {
        type: 'task.progress',
        clientId: scope.clientId,
        projectId: scope.projectId,
        batchId,
        total: c.total,
        counts: c.counts,
        done: c.done,
      });
    }
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
