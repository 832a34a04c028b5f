import type { Area } from '../../platform/area.ts';
import { genRoutes } from './gen/gen.routes.ts';

/** Developer tools: the code generator and the API documentation page. */
export const toolArea: Area = {
  name: 'tool',
  menus: ['tool'],
  routes: (deps) => [genRoutes(deps)],
};
