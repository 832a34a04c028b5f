import type { Deps } from '../../../platform/context.ts';
import { sampleConnectivity } from './connectivity.repository.ts';

/** The samples' period: slots on the clock (00:00, 00:10 …), as the lighting samples. */
export const CONNECTIVITY_SAMPLE_MS = 10 * 60_000;
const CHECK_MS = 60_000;

const stops = new WeakMap<Deps, () => void>();

/**
 * Samples device connectivity every 10 minutes into `ops_connectivity_sample`: every process looks
 * once a minute whether the current slot is taken; the slot's rows are written once.
 */
export function startConnectivitySampler(deps: Deps): void {
  if (stops.has(deps)) return;
  let last = 0;
  let running = false;
  const check = async () => {
    const slot = Math.floor(deps.clock.now() / CONNECTIVITY_SAMPLE_MS) * CONNECTIVITY_SAMPLE_MS;
    if (slot === last || running) return;
    running = true;
    try {
      await sampleConnectivity(deps.database, slot);
      last = slot;
    } catch (err) {
      deps.log.error({ err }, 'connectivity samples not taken');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), CHECK_MS);
  timer.unref();
  stops.set(deps, () => clearInterval(timer));
}

/** Stops this process's samples (before the database closes). */
export function stopConnectivitySampler(deps: Deps): void {
  stops.get(deps)?.();
  stops.delete(deps);
}
