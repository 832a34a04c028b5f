import type { Area } from '../../platform/area.ts';
import { assetRoutes } from './asset/asset.routes.ts';
import { categoryRoutes } from './category/category.routes.ts';
import { insightRoutes } from './insight/insight.routes.ts';
import { roadRoutes } from './road/road.routes.ts';

/** Asset information (subsystem 103): the asset register, its categories, roads, the asset map and statistics. */
export const gisArea: Area = {
  name: 'gis',
  menus: ['gis'],
  routes: (deps) => [categoryRoutes(deps), assetRoutes(deps), roadRoutes(deps), insightRoutes(deps)],
};
