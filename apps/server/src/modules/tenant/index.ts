import type { Area } from '../../platform/area.ts';
import { registerClientGuard } from './customer/client-state.ts';
import { customerRoutes } from './customer/customer.routes.ts';
import { customerSelfRoutes } from './customer/customer-self.routes.ts';
import { homeRoutes } from './home/home.routes.ts';
import { infoRoutes } from './info.routes.ts';
import { packageRoutes } from './package/package.routes.ts';
import { projectRoutes } from './project/project.routes.ts';
import { subscriptionRoutes } from './subscription/subscription.routes.ts';
import { subsystemRoutes } from './subsystem/subsystem.routes.ts';

/** The tenant frame: customers, projects, packages and subscriptions, subsystems, platform settings, the home page. */
export const tenantArea: Area = {
  name: 'tenant',
  menus: ['sysclient', 'index'],
  // a customer that is disabled or out of its validity is refused on every route, not only the tenant's own
  hooks: registerClientGuard,
  routes: (deps) => [
    infoRoutes(deps),
    customerRoutes(deps),
    customerSelfRoutes(deps),
    projectRoutes(deps),
    packageRoutes(deps),
    subscriptionRoutes(deps),
    subsystemRoutes(deps),
    homeRoutes(deps),
  ],
};
