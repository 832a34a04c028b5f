import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/context.ts';
import { genRoutes } from '../tool/gen/gen.routes.ts';
import { cacheRoutes } from './cache/cache.routes.ts';
import { druidRoutes } from './druid/druid.routes.ts';
import { jobRoutes } from './job/job.routes.ts';
import { registerPlatformJobHandlers } from './job/job-handlers.ts';
import { jobLogRoutes } from './job/job-log.routes.ts';
import { onlineRoutes } from './online/online.routes.ts';
import { serverRoutes } from './server/server.routes.ts';

/** Monitoring and tools: online users, scheduled jobs, cache, server and database monitors, code generator. */
export async function registerMonitorModules(app: FastifyInstance, deps: Deps): Promise<void> {
  registerPlatformJobHandlers();
  await app.register(onlineRoutes(deps));
  await app.register(jobRoutes(deps));
  await app.register(jobLogRoutes(deps));
  await app.register(cacheRoutes(deps));
  await app.register(serverRoutes(deps));
  await app.register(druidRoutes(deps));
  await app.register(genRoutes(deps));
}
