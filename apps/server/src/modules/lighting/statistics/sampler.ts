import type { Deps } from '../../../platform/context.ts';
import { expectedStates } from '../strategy/expectation.ts';
import { countSample, insertSample, sampled, sampledProjects } from './lighting-stats.repository.ts';

/** The samples' period. */
export const SAMPLE_MS = 10 * 60_000;
/** How often a process looks whether the current slot is sampled. */
const CHECK_MS = 60_000;

/**
 * Lighting rate and online rate samples: every 10 minutes (slots on the clock, 00:00, 00:10 …)
 * one row per project with devices — communicating devices and those online, as the home page
 * counts them; the lamps their strategy wants lit at the slot's start (expectation.ts) and those
 * of them online and reporting `lampState: ON`. Every process runs the check; the slot's row is
 * written once (primary key (project, slot)), a project already sampled is skipped.
 */
const timers = new WeakMap<Deps, () => void>();

export function startSampler(deps: Deps): void {
  if (timers.has(deps)) return;
  let last = 0;
  let running = false;
  const check = async () => {
    const slot = Math.floor(deps.clock.now() / SAMPLE_MS) * SAMPLE_MS;
    if (slot === last || running) return;
    running = true;
    try {
      await takeSamples(deps, slot);
      last = slot;
    } catch (err) {
      deps.log.error({ err }, 'lighting samples not taken');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), CHECK_MS);
  timer.unref();
  timers.set(deps, () => clearInterval(timer));
}

/** Stops this process's samples (the HTTP server closes before the database does). */
export function stopSampler(deps: Deps): void {
  timers.get(deps)?.();
  timers.delete(deps);
}

/** Takes the samples of one slot for every project not sampled yet; answers how many were written. */
export async function takeSamples(deps: Deps, slot: number): Promise<number> {
  const db = deps.database;
  let written = 0;
  for (const { projectId, clientId } of await sampledProjects(db)) {
    if (await sampled(db, projectId, slot)) continue;
    const expected = await expectedStates(db, projectId, 'LAMP', slot);
    const expectedOn = [...expected].filter(([, level]) => level > 0).map(([id]) => id);
    const counts = await countSample(db, projectId, expectedOn);
    if (await insertSample(db, { projectId, clientId, ts: slot, expected: expectedOn.length, ...counts })) written++;
  }
  return written;
}
