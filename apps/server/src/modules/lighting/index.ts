import type { Area } from '../../platform/area.ts';
import { deviceRoutes } from './device/device.routes.ts';
import { listenForFaults } from './gateway/fault-state.ts';
import { runtimeRoutes } from './gateway/runtime.routes.ts';
import { deviceFigures } from './home/device-figures.ts';
import { importRoutes } from './import/import.routes.ts';
import { mapRoutes } from './map/map.routes.ts';
import { registryRoutes } from './registry/registry.routes.ts';
import { strategyRoutes } from './strategy/strategy.routes.ts';

/** Smart lighting: device registry, models, groups and tags, imports, runtime data, commands, fault states, strategies, the astronomical clock and the map (the map screen and the monitor map). */
export const lightingArea: Area = {
  name: 'lighting',
  menus: ['lighting', 'map-screen'],
  routes: (deps) => [
    deviceRoutes(deps),
    registryRoutes(deps),
    runtimeRoutes(deps),
    importRoutes(deps),
    strategyRoutes(deps),
    mapRoutes(deps),
  ],
  figures: { devices: deviceFigures },
  // a lamp is faulty from a fault it reports until it recovers
  listens: (deps) => void listenForFaults(deps),
};
