import { randomUUID } from 'node:crypto';
import type { DeviceHubEventName, DeviceHubEvents } from '@luxgrid/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Cache } from '../cache.ts';

export type DeviceListener<K extends DeviceHubEventName> = (payload: DeviceHubEvents[K]) => unknown;

export interface ListenOptions {
  /**
   * run in every server process (live views, caches), not only in the one that handled the
   * device's message; without it each event is handled once in the cluster (alarms, counters)
   */
  everywhere?: boolean;
}

/** One emitted event, in the order the device messages came. */
export type HubEvent = { [K in DeviceHubEventName]: { type: K; payload: DeviceHubEvents[K] } }[DeviceHubEventName];

const CHANNEL = 'devices:events';
/**
 * Marks, per event type, that some process listens to it everywhere (so emitters publish it).
 * Kept without expiry: a mark outliving its listener costs a publish per flush, a lost one an event.
 */
const WANTED_PREFIX = 'devices:everywhere:';

type AnyListener = (payload: unknown) => unknown;

/**
 * The device hub's events. A default listener runs in the process that emitted the event (the
 * one whose hub handled the device's message), so the cluster handles each event once. An
 * `everywhere` listener runs in every process: at once in the emitting one, in the others over
 * the cache's pub/sub channel (Redis), as the browser pushes do (ws.ts). Only types some process
 * listens to everywhere are published, so readings do not cross the network for nobody. A
 * listener that throws or rejects is logged and counted; emitting never fails.
 */
export class DeviceEvents {
  private readonly here = new Map<DeviceHubEventName, Set<AnyListener>>();
  private readonly everywhere = new Map<DeviceHubEventName, Set<AnyListener>>();
  /** types some process (this one included) listens to everywhere */
  private readonly wanted = new Set<DeviceHubEventName>();
  /** listeners still running (asynchronous ones), for `idle()` */
  private readonly running = new Set<Promise<unknown>>();
  private started: Promise<void> | null = null;
  /** this process, so that it skips its own events coming back over the channel */
  private readonly origin = randomUUID();
  delivered = 0;
  failed = 0;

  constructor(
    private readonly cache: Cache,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Joins the channel and learns which types other processes listen to everywhere. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.cache.subscribe(CHANNEL, (raw) => this.receive(raw));
      for (const key of await this.cache.keys(WANTED_PREFIX, 100))
        this.wanted.add(key.slice(WANTED_PREFIX.length) as DeviceHubEventName);
    })();
    return this.started;
  }

  /** Subscribes one listener; returns the function that unsubscribes it. */
  on<K extends DeviceHubEventName>(type: K, listener: DeviceListener<K>, options: ListenOptions = {}): () => void {
    const map = options.everywhere ? this.everywhere : this.here;
    const set = map.get(type) ?? new Set();
    map.set(type, set);
    const entry = listener as AnyListener;
    set.add(entry);
    if (options.everywhere && !this.wanted.has(type)) {
      this.wanted.add(type);
      this.track(
        this.announce(type).catch((err: unknown) =>
          this.log.error({ err, type }, 'device event listener not announced'),
        ),
      );
    }
    return () => void set.delete(entry);
  }

  /** Emits events in order: default listeners here, everywhere listeners in every process. */
  emit(events: readonly HubEvent[]): void {
    if (!events.length) return;
    const shared: HubEvent[] = [];
    for (const event of events) {
      this.deliver(this.here, event);
      // this process's everywhere listeners hear it at once, the others over the channel
      this.deliver(this.everywhere, event);
      // registry changes are rare and every process's cache must hear them
      if (this.wanted.has(event.type) || event.type === 'registryChanged') shared.push(event);
    }
    // one process (in-process cache): everything was delivered above
    if (shared.length && this.cache.kind !== 'memory')
      this.track(
        this.cache
          .publish(CHANNEL, JSON.stringify({ o: this.origin, e: shared }))
          .catch((err: unknown) => this.log.error({ err }, 'device events not published')),
      );
  }

  /** Whether events of this type go to every process (some process listens to them everywhere). */
  isShared(type: DeviceHubEventName): boolean {
    return this.wanted.has(type);
  }

  /** Tells every process that these devices changed in the registry (see `HubRegistryChanged`). */
  registryChanged(deviceIds: number[] | 'all'): void {
    this.emit([{ type: 'registryChanged', payload: { deviceIds } }]);
  }

  /** Resolves when every listener started so far has finished (tests, orderly shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  private async announce(type: DeviceHubEventName) {
    await this.start();
    await this.cache.set(WANTED_PREFIX + type, '1');
    await this.cache.publish(CHANNEL, JSON.stringify({ w: type }));
  }

  private receive(raw: string) {
    const message = JSON.parse(raw) as { o?: string; w?: DeviceHubEventName; e?: HubEvent[] };
    if (message.w) this.wanted.add(message.w);
    if (message.o === this.origin) return;
    for (const event of message.e ?? []) this.deliver(this.everywhere, event);
  }

  private deliver(map: Map<DeviceHubEventName, Set<AnyListener>>, event: HubEvent) {
    const listeners = map.get(event.type);
    if (!listeners?.size) return;
    for (const listener of listeners) {
      try {
        const result = listener(event.payload);
        if (result instanceof Promise) this.track(result.catch((err: unknown) => this.fail(err, event.type)));
        this.delivered++;
      } catch (err) {
        this.fail(err, event.type);
      }
    }
  }

  private fail(err: unknown, type: DeviceHubEventName) {
    this.failed++;
    this.log.error({ err, type }, 'device event listener failed');
  }

  private track(promise: Promise<unknown>) {
    const settled = promise.catch(() => undefined).finally(() => this.running.delete(settled));
    this.running.add(settled);
  }
}
