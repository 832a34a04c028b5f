import type { Area } from '../../platform/area.ts';
import { settingsRoutes } from './settings/settings.routes.ts';

/** LoRaWAN projects: their ChirpStack connection and the connectors that carry their lamp controllers' traffic. */
export const lorawanArea: Area = {
  name: 'lorawan',
  menus: [],
  routes: (deps) => [settingsRoutes(deps)],
};
