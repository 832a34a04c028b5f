import type { Area } from '../../platform/area.ts';
import { deviceRoutes } from './device/device.routes.ts';
import { listenForFaults } from './gateway/fault-state.ts';
import { runtimeRoutes } from './gateway/runtime.routes.ts';
import { deviceFigures } from './home/device-figures.ts';
import { importRoutes } from './import/import.routes.ts';
import { registryRoutes } from './registry/registry.routes.ts';
import { issueRoutes } from './strategy/issue.routes.ts';
import { listenForSchedules } from './strategy/issue.service.ts';
import { platformScheduler } from './strategy/scheduler.ts';
import { strategyRoutes } from './strategy/strategy.routes.ts';

/** Smart lighting: device registry, models, groups and tags, imports, runtime data, commands, fault states, strategies and the astronomical clock. */
export const lightingArea: Area = {
  name: 'lighting',
  menus: ['lighting'],
  routes: (deps) => [
    deviceRoutes(deps),
    registryRoutes(deps),
    runtimeRoutes(deps),
    importRoutes(deps),
    strategyRoutes(deps),
    issueRoutes(deps),
  ],
  figures: { devices: deviceFigures },
  // the platform-run schedules are sent from every process (each step once): they stop with the HTTP server
  hooks: (app, deps) => app.addHook('onClose', async () => platformScheduler(deps).stop()),
  // a lamp is faulty from a fault it reports until it recovers; controllers' answers settle schedule issues
  listens: (deps) => {
    listenForFaults(deps);
    listenForSchedules(deps);
    platformScheduler(deps).start();
  },
};
