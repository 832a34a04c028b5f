import type { Area } from '../../platform/area.ts';
import { coverRoutes } from './cover.routes.ts';
import { insightRoutes } from './insight.routes.ts';

/** Smart manhole covers (subsystem 108): registry, readings, commands, alarms, statistics. */
export const manholeArea: Area = {
  name: 'manhole',
  menus: ['manhole'],
  routes: (deps) => [coverRoutes(deps), insightRoutes(deps)],
};
