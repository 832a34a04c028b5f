import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Deps } from './context.ts';
import { type FigureProvider, registerHomeFigures } from './home-figures.ts';
import { type JobHandler, registerJobHandler } from './jobs/registry.ts';

/**
 * One area of the product (system administration, tenants, lighting, manhole covers …): a
 * folder under modules/ that declares everything it adds to the running platform. The
 * application registers a list of areas; no area is wired in anywhere else.
 */
export interface Area {
  /** its folder under modules/ */
  name: string;
  /**
   * the seeded menus whose screens it serves, by the folder of their page (a menu's component
   * `lighting/device/index` belongs to the area that lists `lighting`; a folder shared by several
   * areas is listed by its subfolders, e.g. `statistics/alarm`)
   */
  menus: readonly string[];
  /** hooks that apply to every route of the application, installed before any area's routes */
  hooks?(app: FastifyInstance, deps: Deps): void;
  /** its HTTP routes */
  routes(deps: Deps): FastifyPluginAsync[];
  /** handlers that its scheduled jobs may run */
  jobs?: readonly JobHandler[];
  /** its groups of home-page figures, answered under `figures.<name>` */
  figures?: Readonly<Record<string, FigureProvider>>;
  /**
   * subscribes to what others do (the device hub's events …) for the life of the process: the
   * hub's last writes at shutdown, after the HTTP server has closed, still reach its listeners
   */
  listens?(deps: Deps): void;
}

/** Installs the areas in order: every area's hooks first, then each one's jobs, figures, routes and listeners. */
export async function registerAreas(app: FastifyInstance, deps: Deps, areas: readonly Area[]): Promise<void> {
  for (const area of areas) area.hooks?.(app, deps);
  for (const area of areas) {
    for (const job of area.jobs ?? []) registerJobHandler(job);
    for (const [name, provider] of Object.entries(area.figures ?? {})) registerHomeFigures(name, provider);
    for (const routes of area.routes(deps)) await app.register(routes);
    area.listens?.(deps);
  }
}
