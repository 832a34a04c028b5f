import { type DeviceHubEventName, TOPIC_ROOT } from '@luxgrid/contracts';
import type { Deps } from '../context.ts';
import type { MessageMeta, MqttHub } from '../mqtt.ts';
import { CommandFlow, type NewCommands } from './commands.ts';
import type { DeviceEvents, DeviceListener, ListenOptions } from './events.ts';
import { Ingest } from './ingest.ts';
import { type DeviceHubOptions, type HubSettings, type HubStats, hubSettings, newStats } from './options.ts';
import { Presence } from './presence.ts';
import { RegistryCache } from './registry-cache.ts';
import { authenticateDevice, sessionTopicGuard } from './sessions.ts';
import { TaskProgress } from './task-progress.ts';
import { TransportPort } from './transport.ts';
import { BufferedWriter } from './writer.ts';

/**
 * The device hub: subscribes to every device's up topics on the server's MQTT connection,
 * checks each message against the registry, writes telemetry in batches, keeps the latest state
 * and the online flags, carries commands down to the sessions that hold the devices, and emits
 * what devices do as events (`deps.devices`). The parts, one concern each: sessions.ts
 * (credentials), ingest.ts (messages up), writer.ts (batched writes, acknowledged after commit),
 * presence.ts (offline sweep), commands.ts (commands down, answers up), registry-cache.ts.
 */
export class DeviceHub {
  readonly root: string;
  readonly stats: HubStats = newStats();
  private readonly opts: HubSettings;
  private readonly registry: RegistryCache;
  private readonly writer: BufferedWriter;
  private readonly commands: CommandFlow;
  private readonly ingest: Ingest;
  private readonly presence: Presence;
  /** `task.progress` pushes of control tasks, throttled */
  readonly progress: TaskProgress;
  /** the door for devices reached by another transport (LoRaWAN through a network server) */
  readonly transport: TransportPort;
  private readonly onMessage = (topic: string, payload: Buffer, meta: MessageMeta) => this.handle(topic, payload, meta);
  private readonly stopping: (() => unknown)[] = [];
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly deps: Deps,
    private readonly mqtt: MqttHub,
    options: DeviceHubOptions = {},
  ) {
    this.root = options.topicRoot ?? TOPIC_ROOT;
    this.opts = hubSettings(options);
    const bus = deps.devices;
    this.registry = new RegistryCache(deps.database);
    this.writer = new BufferedWriter(deps, this.opts, this.stats, bus, this.registry);
    this.progress = new TaskProgress(deps);
    this.commands = new CommandFlow(
      deps,
      mqtt,
      this.root,
      this.opts,
      this.stats,
      this.registry,
      this.writer,
      bus,
      this.progress,
    );
    this.ingest = new Ingest(deps, this.root, this.stats, this.registry, this.writer, this.commands, bus);
    this.transport = new TransportPort(deps, this.stats, this.registry, this.writer, this.commands);
    this.commands.routes = this.transport.routes;
    this.presence = new Presence(deps, this.opts, this.stats, this.registry, this.writer, this.commands, bus, (ids) =>
      this.invalidate(ids),
    );
  }

  get heartbeatTimeoutMs(): number {
    return this.opts.heartbeatTimeoutMs;
  }

  /** Subscribes to the hub's events; returns the function that unsubscribes (same as `deps.devices.on`). */
  on<K extends DeviceHubEventName>(type: K, listener: DeviceListener<K>, options?: ListenOptions): () => void {
    return this.events.on(type, listener, options);
  }

  get events(): DeviceEvents {
    return this.deps.devices;
  }

  async start(): Promise<void> {
    this.mqtt.setDeviceAuthenticator((_clientId, username, password) =>
      authenticateDevice(this.deps.database, this.stats, username, password),
    );
    const guard = sessionTopicGuard(this.root);
    // a device publishing on a topic not its own is refused (its connection ends) and counted
    this.mqtt.setDeviceTopicGuard((username, topic, action) => {
      const allowed = guard(username, topic, action);
      if (!allowed && action === 'publish') this.stats.rejected.foreignTopic++;
      return allowed;
    });
    await this.events.start();
    // every process forgets what a registry edit touched, whichever process made it
    this.stopping.push(
      this.events.on('registryChanged', (change) => this.registry.changed(change), { everywhere: true }),
    );
    const unlisten = await this.mqtt.listen(`${this.root}/v1/+/+/up/+`, this.onMessage);
    this.stopping.push(unlisten);
    if (this.opts.timers) {
      const flush = setInterval(() => {
        void this.writer.flush(false);
        this.writer.warnIfBehind();
      }, this.opts.flushMs);
      const sweep = setInterval(() => void this.presence.sweepIfLeader(), this.opts.sweepMs);
      flush.unref();
      sweep.unref();
      this.timers.push(flush, sweep);
    }
  }

  /** Stops listening, then writes until every message already taken is committed (10 s at most). */
  async stop(): Promise<void> {
    this.writer.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.progress.stop();
    this.writer.cancelSoon();
    for (const stop of this.stopping.splice(0).reverse()) await stop();
    const until = Date.now() + 10_000;
    do {
      await this.flush().catch(() => undefined);
      if (!this.writer.held) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    } while (Date.now() < until);
  }

  health() {
    return {
      topicRoot: this.root,
      knownDevices: this.registry.size,
      buffered: this.writer.buffered,
      /** device messages waiting for the write that holds them (unacknowledged until it commits) */
      waiting: this.writer.held,
      ...this.stats,
      rejected: { ...this.stats.rejected },
      refusedValues: { ...this.stats.refusedValues },
      rejectedTotal: Object.values(this.stats.rejected).reduce((a, b) => a + b, 0),
    };
  }

  /** Forgets cached devices here at once and in every other server process (see `HubRegistryChanged`). */
  async invalidate(deviceIds: number[] | 'all'): Promise<void> {
    this.events.registryChanged(deviceIds);
  }

  /** Runs when the hub stops, before it writes what it holds (a listener of another transport closes). */
  onStop(stop: () => unknown): void {
    this.stopping.push(stop);
  }

  /** One device message (see Ingest.handle): resolves once what it carried is committed. */
  handle(topic: string, payload: Buffer, meta: MessageMeta = { retain: false }): Promise<void> {
    return this.ingest.handle(topic, payload, meta);
  }

  /** Tells the sessions carrying these SENT or DELIVERED commands that they are cancelled (see CommandFlow.cancel). */
  cancel(commandIds: string[]): Promise<number> {
    return this.commands.cancel(commandIds);
  }

  /** Writes what is buffered now, command answers included (see BufferedWriter.flush). */
  async flush(all = true): Promise<void> {
    await this.commands.answersSettled();
    return this.writer.flush(all);
  }

  /** Marks silent devices offline and ends overdue commands (the timers call it in one process). */
  sweep(): Promise<{ offline: number[]; events: number[] }> {
    return this.presence.sweep();
  }

  /** Records the commands of a batch and sends those whose session is online (see CommandFlow.issue). */
  issue(commands: NewCommands): Promise<number> {
    return this.commands.issue(commands);
  }

  /** Sends every open PENDING command of these sessions that are online; returns how many were sent. */
  dispatch(sessionIds: number[]): Promise<number> {
    return this.commands.dispatch(sessionIds);
  }

  expireCommands(now: number): Promise<number> {
    return this.commands.expire(now);
  }
}

/** Starts the device hub on the server's MQTT connection. */
export async function startDeviceHub(deps: Deps, mqtt: MqttHub, options: DeviceHubOptions = {}): Promise<DeviceHub> {
  const hub = new DeviceHub(deps, mqtt, options);
  await hub.start();
  return hub;
}
