import type { Area } from '../../platform/area.ts';
import { deviceRoutes } from './device/device.routes.ts';
import { listenForFaults } from './gateway/fault-state.ts';
import { runtimeRoutes } from './gateway/runtime.routes.ts';
import { deviceFigures } from './home/device-figures.ts';
import { importRoutes } from './import/import.routes.ts';
import { registryRoutes } from './registry/registry.routes.ts';
import { strategyRoutes } from './strategy/strategy.routes.ts';
import { taskRoutes } from './task/task.routes.ts';

/** Smart lighting: device registry, models, groups and tags, imports, runtime data, commands and control tasks, fault states, strategies and the astronomical clock. */
export const lightingArea: Area = {
  name: 'lighting',
  menus: ['lighting'],
  routes: (deps) => [
    deviceRoutes(deps),
    registryRoutes(deps),
    runtimeRoutes(deps),
    importRoutes(deps),
    strategyRoutes(deps),
    taskRoutes(deps),
  ],
  figures: { devices: deviceFigures },
  // a lamp is faulty from a fault it reports until it recovers
  listens: (deps) => void listenForFaults(deps),
};
