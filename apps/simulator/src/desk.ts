import {
  type CommandMessage,
  type HeldSchedule,
  PROTOCOL_ACTIONS,
  type ScheduleParams,
  scheduleNow,
  scheduleParams,
} from '@luxgrid/contracts';

/** What a device answers for one command. */
export type Outcome =
  | { status: 'SUCCESS'; data: Record<string, unknown> }
  | { status: 'FAILED'; error: string }
  | { status: 'CANCELED' };

export interface DeskOptions {
  /** publishes an answer on up/ack or up/result */
  send(kind: 'ack' | 'result', body: unknown): void;
  /** carries one command out on the device (lamps, breakers, read-backs, configuration) */
  carryOut(cmd: CommandMessage, uid: string): Outcome;
  /** the device's delay before it answers a command it took, in ms */
  answerDelayMs(): number;
  /** how far the device's clock runs ahead of true time at start, in ms (negative: behind) */
  clockOffsetMs?: number;
  now?: () => number;
}

/** Answers kept for commands sent again (QoS 1 duplicates) and cancels that come too late. */
const REMEMBERED = 2_000;

/**
 * The command handling every simulated device shares, as docs/device-protocol.md describes it:
 * acknowledge at once; answer each command once (a duplicate gets the same answer again); refuse
 * an unknown action (`UNSUPPORTED`) and a command past its `expiresAt`; keep a clock of its own
 * that `timing` sets and `clockcalling` reads; and drop a command cancelled before it was carried
 * out (answering `CANCELED`), or answer a cancel that came too late with what was done.
 */
export class CommandDesk {
  clockOffsetMs: number;
  readonly stats = { taken: 0, refused: 0, cancelled: 0, cancelTooLate: 0, casts: 0 };
  private readonly waiting = new Map<string, { timer: NodeJS.Timeout }>();
  private readonly answered = new Map<string, Record<string, unknown>>();
  private readonly now: () => number;
  /** the schedules held, by kind and plan id: a new download of the same plan replaces the old one */
  private readonly schedules = new Map<string, ScheduleParams>();

  constructor(private readonly o: DeskOptions) {
    this.clockOffsetMs = o.clockOffsetMs ?? 0;
    this.now = o.now ?? Date.now;
  }

  /** The device's own clock, epoch ms. */
  clock(): number {
    return Math.round(this.now() + this.clockOffsetMs);
  }

  /** Takes one message from down/command. */
  take(message: unknown) {
    const msg = message as Omit<Partial<CommandMessage>, 'action'> & {
      action?: string;
      commands?: { id: string; uid: string }[];
    };
    if (!msg || typeof msg !== 'object' || !Array.isArray(msg.commands)) return; // unreadable: ignored
    if (msg.action === 'cancel') return this.cancel(msg.commands);
    this.o.send('ack', { items: msg.commands.map((c) => ({ id: c.id })) });
    const fresh = msg.commands.filter((c) => {
      const before = this.answered.get(c.id);
      if (before) this.o.send('result', before); // sent again: the same answer, carried out once
      return !before && !this.waiting.has(c.id);
    });
    if (!fresh.length) return;
    if (!(PROTOCOL_ACTIONS as readonly string[]).includes(msg.action ?? '')) {
      this.stats.refused += fresh.length;
      return this.answerAll(
        fresh.map((c) => ({ id: c.id, status: 'FAILED', error: `UNSUPPORTED: unknown action ${msg.action}` })),
      );
    }
    if (typeof msg.expiresAt === 'number' && this.now() > msg.expiresAt)
      return this.answerAll(
        fresh.map((c) => ({ id: c.id, status: 'FAILED', error: 'EXPIRED: received after expiresAt' })),
      );
    const cmd = msg as unknown as CommandMessage;
    this.stats.taken += fresh.length;
    if (cmd.cast) {
      // GROUPCAST / MULTICAST: one broadcast reaches every child at once; one result message answers each
      this.stats.casts++;
      const timer = setTimeout(() => {
        const still = fresh.filter((c) => this.waiting.delete(c.id));
        if (still.length) this.answerAll(still.map((c) => ({ id: c.id, ...this.carryOut(cmd, c.uid) })));
      }, this.o.answerDelayMs());
      for (const c of fresh) this.waiting.set(c.id, { timer });
      return;
    }
    for (const c of fresh) {
      const timer = setTimeout(() => {
        this.waiting.delete(c.id);
        this.answerAll([{ id: c.id, ...this.carryOut(cmd, c.uid) }]);
      }, this.o.answerDelayMs());
      this.waiting.set(c.id, { timer });
    }
  }

  private carryOut(cmd: CommandMessage, uid: string): Outcome {
    switch (cmd.action) {
      case 'timing':
        // the message's ts is the platform's time: the clock is set to it
        this.clockOffsetMs = cmd.ts - this.now();
        return { status: 'SUCCESS', data: { clock: this.clock() } };
      case 'clockcalling':
        return { status: 'SUCCESS', data: { clock: this.clock() } };
      case 'schedule': {
        const parsed = scheduleParams.safeParse(cmd.params);
        if (!parsed.success) return { status: 'FAILED', error: 'INVALID_PARAM: not a schedule' };
        this.schedules.set(`${parsed.data.kind}:${parsed.data.planId}`, parsed.data);
        return { status: 'SUCCESS', data: { version: parsed.data.version } };
      }
      default:
        return this.o.carryOut(cmd, uid);
    }
  }

  private cancel(commands: { id: string }[]) {
    const answers: Record<string, unknown>[] = [];
    for (const { id } of commands) {
      const waiting = this.waiting.get(id);
      if (waiting) {
        this.waiting.delete(id);
        // a broadcast's timer answers its other children still
        if (![...this.waiting.values()].some((w) => w.timer === waiting.timer)) clearTimeout(waiting.timer);
        this.stats.cancelled++;
        answers.push({ id, status: 'CANCELED' });
        continue;
      }
      const done = this.answered.get(id);
      if (done) {
        this.stats.cancelTooLate++;
        answers.push(done);
      }
    }
    if (answers.length) this.answerAll(answers);
  }

  private answerAll(items: Record<string, unknown>[]) {
    for (const item of items) {
      this.answered.set(item.id as string, item);
      if (this.answered.size > REMEMBERED) this.answered.delete(this.answered.keys().next().value!);
    }
    this.o.send('result', { items });
  }

  /** The schedules held, as the hello reports them. */
  held(): HeldSchedule[] {
    return [...this.schedules.values()].map((s) => ({ kind: s.kind, planId: s.planId, version: s.version }));
  }

  /** Loses one held schedule (a flash fault): the next hello shows it gone. */
  loseOne(pick: number): boolean {
    const keys = [...this.schedules.keys()];
    if (!keys.length) return false;
    return this.schedules.delete(keys[Math.floor(pick * keys.length) % keys.length]!);
  }

  /**
   * What the held schedules ask of each lamp now, on the device's own clock: the level of the
   * strategy of highest priority that set one (the one downloaded last on equal priority), and
   * the lowest power cap in force.
   */
  lampTargets(): Map<string, { level: number | null; cap: number | null }> {
    const at = this.clock();
    const out = new Map<string, { level: number | null; cap: number | null; priority: number }>();
    for (const s of this.schedules.values()) {
      const { level, cap } = scheduleNow(s, at);
      for (const uid of s.lamps) {
        const t = out.get(uid) ?? { level: null, cap: null, priority: -1 };
        if (level !== null && s.priority >= t.priority) {
          t.level = level;
          t.priority = s.priority;
        }
        if (cap !== null) t.cap = t.cap === null ? cap : Math.min(t.cap, cap);
        out.set(uid, t);
      }
    }
    return out;
  }

  /** Forgets what is waiting (the device stops). */
  stop(): void {
    for (const { timer } of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
  }
}
