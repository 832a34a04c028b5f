import type { HubDevice } from '@luxgrid/contracts';
import { LAMP_DEVICE_TYPE } from '@luxgrid/contracts/lighting';
import type { Deps } from '../../../platform/context.ts';
import { type LitPeriod, openPeriods, writeLit } from './lighting-stats.repository.ts';

/** A lamp's switching as the hub reported it: lit or not (not lit: switched off, or gone offline) at ts. */
interface Change {
  device: HubDevice;
  lit: boolean;
  ts: number;
}

/**
 * Lighting duration on ingest. A lamp (lamp controller) is lit from a reading `lampState: ON`
 * until a reading `lampState: OFF` or until it goes offline (a lamp that stops reporting is not
 * counted lit after that: its period closes at the hub's offline time). Each closed period is
 * split into its project's local days and added to `lt_lighting_day`; the period still open is
 * kept in `lt_lamp_lit` (surviving a restart) and the reports add it up to the present.
 * Only changes reach the database: the state each lamp was last seen in is remembered here.
 */
export class LitTracker {
  /** device id → lit as last written (absent: not known since start) */
  private readonly known = new Map<number, boolean>();
  private pending: Change[] = [];
  private chain: Promise<void> = Promise.resolve();
  private queued = false;

  constructor(private readonly deps: Deps) {}

  listen(): () => void {
    const offs = [
      this.deps.devices.on('telemetry', ({ device, ts, values }) => {
        if (device.deviceType !== LAMP_DEVICE_TYPE) return;
        const state = values.lampState;
        if (state !== 'ON' && state !== 'OFF') return;
        return this.change({ device, lit: state === 'ON', ts });
      }),
      this.deps.devices.on('offline', ({ device, ts }) => {
        if (device.deviceType !== LAMP_DEVICE_TYPE) return;
        return this.change({ device, lit: false, ts });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }

  private change(c: Change): Promise<void> | undefined {
    if (this.known.get(c.device.deviceId) === c.lit) return;
    this.known.set(c.device.deviceId, c.lit);
    this.pending.push(c);
    if (this.queued) return this.chain;
    this.queued = true;
    this.chain = this.chain.then(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      this.queued = false;
      const batch = this.pending;
      this.pending = [];
      await this.write(batch).catch((err: unknown) => {
        // written again from the next reading: forget what this batch claimed
        for (const c of batch) this.known.delete(c.device.deviceId);
        this.deps.log.error({ err }, 'lighting duration not written');
      });
    });
    return this.chain;
  }

  /** Closes and opens the lamps' lit periods of a batch, in the order the hub reported them. */
  private async write(batch: Change[]): Promise<void> {
    const byDevice = new Map<number, Change[]>();
    for (const c of batch) {
      const list = byDevice.get(c.device.deviceId) ?? [];
      list.push(c);
      byDevice.set(c.device.deviceId, list);
    }
    const open = await openPeriods(this.deps.database, [...byDevice.keys()]);
    const states: { d: number; c: number; p: number; since: number | null }[] = [];
    const closed: LitPeriod[] = [];
    for (const [deviceId, changes] of byDevice) {
      const { device } = changes[0]!;
      let since = open.get(deviceId) ?? null;
      for (const c of changes.sort((a, b) => a.ts - b.ts)) {
        if (c.lit) since ??= c.ts;
        else if (since !== null) {
          if (c.ts > since) closed.push({ d: deviceId, c: device.clientId, p: device.projectId, s: since, u: c.ts });
          since = null;
        }
      }
      states.push({ d: deviceId, c: device.clientId, p: device.projectId, since });
    }
    await writeLit(this.deps.database, states, closed);
  }

  /** Resolves when everything queued so far is written (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.queued || this.pending.length) await this.chain;
    await this.chain;
  }
}

const trackers = new WeakMap<Deps, LitTracker>();

/** The lit tracker of this process (one per set of dependencies). */
export function litTracker(deps: Deps): LitTracker {
  let tracker = trackers.get(deps);
  if (!tracker) {
    tracker = new LitTracker(deps);
    trackers.set(deps, tracker);
  }
  return tracker;
}
