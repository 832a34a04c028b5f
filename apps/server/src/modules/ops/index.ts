import type { Area } from '../../platform/area.ts';
import { myOrderRoutes } from './my-order/my-order.routes.ts';
import { teamRoutes } from './team/team.routes.ts';
import { alarmOrderWorker } from './work-order/alarm-orders.ts';
import { workOrderRoutes } from './work-order/work-order.routes.ts';

/**
 * Operation and maintenance (subsystem 105): work orders from a fault to a verified fix, the
 * crew's own orders (the mobile app's screen, usable offline) and the maintenance teams.
 */
export const opsArea: Area = {
  name: 'ops',
  menus: ['ops/work-order', 'ops/my-order', 'ops/team'],
  // the alarm-order sweep polls the database: it stops with the HTTP server, before the database closes
  hooks: (app, deps) => app.addHook('onClose', async () => alarmOrderWorker(deps).stop()),
  routes: (deps) => [workOrderRoutes(deps), myOrderRoutes(deps), teamRoutes(deps)],
  listens: (deps) => alarmOrderWorker(deps).start(),
};
