import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/context.ts';
import { infoRoutes } from './info.routes.ts';

/** The tenant frame: customers, projects, packages and subscriptions, subsystems, platform settings. */
export async function registerTenantModules(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(infoRoutes(deps));
}
