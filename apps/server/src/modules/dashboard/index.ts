import type { Area } from '../../platform/area.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { alarmGradeFigures, lampFigures } from './screen/dashboard-figures.ts';

/**
 * Dashboards (subsystem 104): the wall screens (overview, lighting, alarm), their settings per
 * customer and the portal. Its figures (lamps now, open alarms by grade) join the home page's,
 * so the home page and the dashboards read the same numbers.
 */
export const dashboardArea: Area = {
  name: 'dashboard',
  menus: ['dashboard'],
  routes: (deps) => [dashboardRoutes(deps)],
  figures: { lamps: lampFigures, alarmGrades: alarmGradeFigures },
};
