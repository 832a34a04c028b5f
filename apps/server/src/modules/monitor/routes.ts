import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/context.ts';
import { onlineRoutes } from './online/online.routes.ts';

/** Monitoring and tools: online users, scheduled jobs, cache, server and database monitors, code generator. */
export async function registerMonitorModules(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(onlineRoutes(deps));
}
