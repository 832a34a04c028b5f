import type { Area } from '../../platform/area.ts';
import { feedbackRoutes } from './feedback.routes.ts';
import { pushRoutes } from './push.routes.ts';
import { terminalRoutes } from './terminal.routes.ts';
import { versionRoutes } from './version.routes.ts';

/** The crews' mobile app (subsystem 109): versions, terminals, push messages, feedback. */
export const mobileArea: Area = {
  name: 'mobile',
  menus: ['app'],
  routes: (deps) => [versionRoutes(deps), terminalRoutes(deps), pushRoutes(deps), feedbackRoutes(deps)],
};
