/**
 * The faults a demo city suffers now and then, each recovered after a while as a crew or the
 * utility would: a lamp failing, over-voltage on a branch, a concentrator dropping off the network
 * and mains failure at a box. Each is long enough for the platform to notice it: over-voltage
 * outlasts the readings' hold time, a drop-off outlasts the 180 s heartbeat timeout.
 */
import type { SimBox } from './city.ts';

export type SimFault =
  /** the lamp's driver fails: a LampFault event, then it reports lampState OFF */
  | { kind: 'lampFailure'; uid: string }
  /** a branch's supply rises above 250 V (the platform default threshold) */
  | { kind: 'branchOverVoltage'; uid: string }
  /** the concentrator stops publishing (a broken modem, a cut cable); its lamps go dark with it */
  | { kind: 'dropOff' }
  /** the box loses its mains: a PowerDown event and every phase at 0 V; the lamps behind it are unpowered */
  | { kind: 'mainsFailure' };

export const FAULT_KINDS = ['lampFailure', 'branchOverVoltage', 'dropOff', 'mainsFailure'] as const;

/** How long each kind lasts before it is recovered, in ms: [shortest, longest]. */
export const FAULT_DURATION_MS: Record<SimFault['kind'], [number, number]> = {
  lampFailure: [10 * 60_000, 40 * 60_000],
  branchOverVoltage: [3 * 60_000, 10 * 60_000],
  dropOff: [4 * 60_000, 15 * 60_000],
  mainsFailure: [3 * 60_000, 12 * 60_000],
};

/** Picks a fault of a box: lamp failures are the commonest, a concentrator dropping off the rarest. */
export function pickFault(box: SimBox, random: () => number): SimFault {
  const r = random();
  if (r < 0.5 && box.lamps.length)
    return { kind: 'lampFailure', uid: box.lamps[Math.floor(random() * box.lamps.length)]!.rtuUid };
  if (r < 0.75) return { kind: 'branchOverVoltage', uid: box.branches[Math.floor(random() * box.branches.length)]! };
  if (r < 0.9) return { kind: 'mainsFailure' };
  return { kind: 'dropOff' };
}

export interface FaultTarget {
  raise(fault: SimFault): void;
  recover(fault: SimFault): void | Promise<void>;
}

/**
 * Decides, on each report of one concentrator, whether a new fault begins (a box suffers
 * `perHour` faults an hour on average) and which running faults have lasted their time.
 * At most one fault runs per box at a time.
 */
export class FaultSchedule {
  private running: { fault: SimFault; until: number } | null = null;

  constructor(private readonly o: { box: SimBox; perHour: number; random: () => number; target: FaultTarget }) {}

  /** Called every `periodMs` with the current time. */
  step(now: number, periodMs: number): void {
    if (this.running) {
      if (now < this.running.until) return;
      const { fault } = this.running;
      this.running = null;
      void this.o.target.recover(fault);
      return;
    }
    if (this.o.perHour <= 0 || this.o.random() >= (this.o.perHour * periodMs) / 3_600_000) return;
    const fault = pickFault(this.o.box, this.o.random);
    const [least, most] = FAULT_DURATION_MS[fault.kind];
    this.running = { fault, until: now + least + this.o.random() * (most - least) };
    this.o.target.raise(fault);
  }

  get current(): SimFault | null {
    return this.running?.fault ?? null;
  }
}
