import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/context.ts';
import { coverRoutes } from './cover.routes.ts';
import { insightRoutes } from './insight.routes.ts';

/** Smart manhole covers (subsystem 108): registry, readings, commands, alarms, statistics. */
export async function registerManholeModules(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(coverRoutes(deps));
  await app.register(insightRoutes(deps));
}
