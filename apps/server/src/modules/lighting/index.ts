import type { Area } from '../../platform/area.ts';
import { deviceRoutes } from './device/device.routes.ts';
import { runtimeRoutes } from './gateway/runtime.routes.ts';
import { deviceFigures } from './home/device-figures.ts';
import { importRoutes } from './import/import.routes.ts';
import { mapRoutes } from './map/map.routes.ts';
import { registryRoutes } from './registry/registry.routes.ts';
import { lightingStatsRoutes } from './statistics/lighting-stats.routes.ts';
import { litTracker } from './statistics/lit-tracker.ts';
import { startSampler, stopSampler } from './statistics/sampler.ts';
import { issueRoutes } from './strategy/issue.routes.ts';
import { listenForSchedules } from './strategy/issue.service.ts';
import { platformScheduler } from './strategy/scheduler.ts';
import { strategyRoutes } from './strategy/strategy.routes.ts';
import { timeSyncJob } from './strategy/time-sync.ts';
import { taskRoutes } from './task/task.routes.ts';

/** Smart lighting: device registry, models, groups and tags, imports, runtime data, commands and control tasks, fault states, strategies and the astronomical clock, lighting statistics, the map (the map screen and the monitor map). */
export const lightingArea: Area = {
  name: 'lighting',
  menus: ['lighting', 'map-screen', 'statistics/lighting-rate', 'statistics/online-rate'],
  routes: (deps) => [
    deviceRoutes(deps),
    registryRoutes(deps),
    runtimeRoutes(deps),
    importRoutes(deps),
    strategyRoutes(deps),
    lightingStatsRoutes(deps),
    issueRoutes(deps),
    taskRoutes(deps),
    mapRoutes(deps),
  ],
  figures: { devices: deviceFigures },
  // the daily clock sync of the controllers that hold schedules (seeded in Monitor → Jobs)
  jobs: [timeSyncJob],
  // the samples and the platform-run schedules read the database from every process (each step once):
  // they stop with the HTTP server, before the database closes
  hooks: (app, deps) =>
    app.addHook('onClose', async () => {
      await stopSampler(deps);
      await platformScheduler(deps).stop();
    }),
  listens: (deps) => {
    // controllers' answers settle schedule issues
    listenForSchedules(deps);
    // lit periods on ingest (lighting duration), samples every 10 minutes (lighting and online rate)
    litTracker(deps).listen();
    startSampler(deps);
    platformScheduler(deps).start();
  },
};
