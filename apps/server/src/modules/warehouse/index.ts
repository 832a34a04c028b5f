import type { Area } from '../../platform/area.ts';
import { consumableRoutes } from './consumables/consumable.routes.ts';
import { stockRoutes } from './stock/stock.routes.ts';
import { warehouseRoutes } from './warehouses/warehouse.routes.ts';

/** The O&M warehouse: warehouses, consumables, stock in and out, stock levels and movements. */
export const warehouseArea: Area = {
  name: 'warehouse',
  menus: ['ops/warehouse', 'ops/consumable', 'ops/stock-in', 'ops/stock-out', 'ops/stock'],
  routes: (deps) => [warehouseRoutes(deps), consumableRoutes(deps), stockRoutes(deps)],
};
