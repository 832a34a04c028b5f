import type { Deps } from '../../../platform/context.ts';
import { sendMail, smtpSettings } from './mail.ts';
import { BASE_DELAY_MS, claimDue, type DueDelivery, settle } from './outbox.ts';
import { sendWebhook } from './webhook.ts';

/**
 * Sends the queued alarm deliveries that are due, in every process: the lease taken with
 * `for update skip locked` keeps each delivery to one of them.
 */
export class NotifyWorker {
  sent = 0;
  failed = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly deps: Pick<Deps, 'database' | 'cache' | 'clock' | 'log'>,
    private readonly opts: { baseDelayMs?: number; batch?: number } = {},
  ) {}

  /** One pass: sends every due delivery; answers how many were attempted. */
  tick(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Sends one delivery now (a test message), whatever else is due. */
  async sendNow(deliveryId: number): Promise<void> {
    await this.send(await claimDue(this.deps.database, this.deps.clock.now(), 1, deliveryId));
  }

  private async pass(): Promise<number> {
    const due = await claimDue(this.deps.database, this.deps.clock.now(), this.opts.batch ?? 50);
    await this.send(due);
    return due.length;
  }

  private async send(due: DueDelivery[]): Promise<void> {
    const { database, clock } = this.deps;
    const smtp = due.some((d) => d.kind === 'EMAIL') ? await smtpSettings(this.deps) : null;
    for (const d of due) {
      const outcome =
        d.kind === 'WEBHOOK'
          ? await sendWebhook(d, d.payload, clock.now())
          : await sendMail(smtp, d.recipients, d.payload);
      if (outcome.ok) this.sent++;
      else {
        this.failed++;
        this.deps.log.warn(
          { deliveryId: d.delivery_id, attempt: d.attempts, error: outcome.error },
          'alarm notification not delivered',
        );
      }
      await settle(database, d, clock.now(), outcome, this.opts.baseDelayMs ?? BASE_DELAY_MS);
    }
  }

  start(everyMs = 5_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.tick().catch((e) => this.deps.log.error({ err: e }, 'alarm notification pass failed'));
    }, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

const workers = new WeakMap<object, NotifyWorker>();

/** The notification worker of this process (one per set of dependencies). */
export function notifyWorker(deps: Pick<Deps, 'database' | 'cache' | 'clock' | 'log'>): NotifyWorker {
  let worker = workers.get(deps);
  if (!worker) {
    worker = new NotifyWorker(deps);
    workers.set(deps, worker);
  }
  return worker;
}
