import type { Deps } from '../../../platform/context.ts';

/** One reading of the device hub's counters every 5 s; an hour is kept. */
export const THROUGHPUT_SAMPLE_MS = 5_000;
const KEEP = 720;

export interface ThroughputPoint {
  ts: number;
  /** device messages received per second (in), accepted and rejected of them */
  inPerSecond: number;
  acceptedPerSecond: number;
  rejectedPerSecond: number;
  /** messages sent to devices per second (out): commands and cancels */
  outPerSecond: number;
  /** pushes to browsers per second over /ws */
  pushedPerSecond: number;
}

interface Totals {
  ts: number;
  received: number;
  accepted: number;
  rejected: number;
  sent: number;
  pushed: number;
}

/**
 * Messages per second in and out of this server process, from the device hub's counters (which
 * count since the hub started) read every 5 s: the difference of two readings over their interval.
 */
export class ThroughputMeter {
  readonly points: ThroughputPoint[] = [];
  private last: Totals | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: Deps) {}

  start(): void {
    if (this.timer) return;
    this.read();
    this.timer = setInterval(() => this.read(), THROUGHPUT_SAMPLE_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Takes one reading (exported for tests, which advance the clock themselves). */
  read(): void {
    const health = this.deps.deviceHub?.health();
    const now: Totals = {
      ts: this.deps.clock.now(),
      received: health?.received ?? 0,
      accepted: health?.accepted ?? 0,
      rejected: health?.rejectedTotal ?? 0,
      sent: (health?.commandsSent ?? 0) + (health?.cancelsSent ?? 0),
      pushed: this.deps.ws.sent,
    };
    const before = this.last;
    this.last = now;
    if (!before || now.ts <= before.ts) return;
    const seconds = (now.ts - before.ts) / 1000;
    // a hub restarted (or replaced) starts its counters again: the difference is then no rate
    const rate = (a: number, b: number) => (a >= b ? Math.round(((a - b) / seconds) * 100) / 100 : 0);
    this.points.push({
      ts: now.ts,
      inPerSecond: rate(now.received, before.received),
      acceptedPerSecond: rate(now.accepted, before.accepted),
      rejectedPerSecond: rate(now.rejected, before.rejected),
      outPerSecond: rate(now.sent, before.sent),
      pushedPerSecond: rate(now.pushed, before.pushed),
    });
    if (this.points.length > KEEP) this.points.splice(0, this.points.length - KEEP);
  }
}

const meters = new WeakMap<Deps, ThroughputMeter>();

/** The meter of one server (one set of deps). */
export function throughputMeter(deps: Deps): ThroughputMeter {
  let meter = meters.get(deps);
  if (!meter) {
    meter = new ThroughputMeter(deps);
    meters.set(deps, meter);
  }
  return meter;
}
