import type { Deps } from '../../../platform/context.ts';
import { activeConfigs } from '../settings/settings.repository.ts';
import { ChirpStackConnector } from './connector.ts';

const CHANNEL = 'lorawan:settings';
/** every process compares its connectors with the stored settings this often, whatever it was told */
const RECONCILE_MS = 60_000;

/**
 * The ChirpStack connectors of this server process, one per enabled LoRaWAN project: started
 * with the application, started, restarted or stopped when a project's settings change (in this
 * process at once, in the others by the cache's pub/sub, and by a check every minute), stopped
 * when the application closes.
 */
export class ChirpStackConnectors {
  private readonly running = new Map<number, ChirpStackConnector>();
  private queue: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly deps: Deps) {}

  async start(): Promise<void> {
    await this.deps.cache.subscribe(CHANNEL, () => void this.reconcile());
    this.timer = setInterval(() => void this.reconcile(), RECONCILE_MS);
    this.timer.unref();
    await this.reconcile();
  }

  /** A project's settings changed here: this process follows at once, the others when told. */
  async changed(): Promise<void> {
    await this.reconcile();
    await this.deps.cache.publish(CHANNEL, String(Date.now())).catch(() => undefined);
  }

  /** Brings the running connectors in line with the stored settings (one pass at a time). */
  reconcile(): Promise<void> {
    const run = this.queue.then(() => this.apply());
    this.queue = run.catch((err: unknown) => this.deps.log.error({ err }, 'LoRaWAN connectors not updated'));
    return run;
  }

  connector(projectId: number): ChirpStackConnector | undefined {
    return this.running.get(projectId);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.queue;
    await Promise.all([...this.running.values()].map((c) => c.stop()));
    this.running.clear();
  }

  private async apply() {
    if (this.stopped) return;
    const configs = await activeConfigs(this.deps.database.db);
    const wanted = new Set(configs.map((c) => c.projectId));
    for (const [projectId, connector] of this.running)
      if (!wanted.has(projectId)) {
        this.running.delete(projectId);
        await connector.stop();
      }
    for (const config of configs) {
      const current = this.running.get(config.projectId);
      if (current?.sameAs(config)) {
        current.attach();
        continue;
      }
      await current?.stop();
      const connector = new ChirpStackConnector(this.deps, config);
      this.running.set(config.projectId, connector);
      connector.start();
    }
  }
}

const perProcess = new WeakMap<Deps, ChirpStackConnectors>();

/** This application's connectors. */
export function connectorsOf(deps: Deps): ChirpStackConnectors {
  let connectors = perProcess.get(deps);
  if (!connectors) {
    connectors = new ChirpStackConnectors(deps);
    perProcess.set(deps, connectors);
  }
  return connectors;
}
