import type { Area } from '../../platform/area.ts';
import { commonRoutes } from './common.routes.ts';

/** What every screen shares: uploading files and downloading them (exports, resources, uploaded files). */
export const commonArea: Area = {
  name: 'common',
  menus: [],
  routes: (deps) => [commonRoutes(deps)],
};
