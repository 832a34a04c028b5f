import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/context.ts';
import { registerClientGuard } from './customer/client-state.ts';
import { customerRoutes } from './customer/customer.routes.ts';
import { customerSelfRoutes } from './customer/customer-self.routes.ts';
import { homeRoutes } from './home/home.routes.ts';
import { infoRoutes } from './info.routes.ts';
import { packageRoutes } from './package/package.routes.ts';
import { projectRoutes } from './project/project.routes.ts';
import { subscriptionRoutes } from './subscription/subscription.routes.ts';
import { subsystemRoutes } from './subsystem/subsystem.routes.ts';

/** The tenant frame: customers, projects, packages and subscriptions, subsystems, platform settings. */
export async function registerTenantModules(app: FastifyInstance, deps: Deps): Promise<void> {
  // after authentication (registered by the platform before any module): applies to every route
  registerClientGuard(app, deps);
  await app.register(infoRoutes(deps));
  await app.register(customerRoutes(deps));
  await app.register(customerSelfRoutes(deps));
  await app.register(projectRoutes(deps));
  await app.register(packageRoutes(deps));
  await app.register(subscriptionRoutes(deps));
  await app.register(subsystemRoutes(deps));
  await app.register(homeRoutes(deps));
}
