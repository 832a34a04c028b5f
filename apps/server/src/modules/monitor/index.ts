import type { Area } from '../../platform/area.ts';
import { cacheRoutes } from './cache/cache.routes.ts';
import { druidRoutes } from './druid/druid.routes.ts';
import { jobRoutes } from './job/job.routes.ts';
import { platformJobHandlers } from './job/job-handlers.ts';
import { jobLogRoutes } from './job/job-log.routes.ts';
import { onlineRoutes } from './online/online.routes.ts';
import { serverRoutes } from './server/server.routes.ts';

/** Monitoring: online users, scheduled jobs and their log, cache, server and database monitors, logs. */
export const monitorArea: Area = {
  name: 'monitor',
  menus: ['monitor'],
  routes: (deps) => [
    onlineRoutes(deps),
    jobRoutes(deps),
    jobLogRoutes(deps),
    cacheRoutes(deps),
    serverRoutes(deps),
    druidRoutes(deps),
  ],
  jobs: platformJobHandlers,
};
