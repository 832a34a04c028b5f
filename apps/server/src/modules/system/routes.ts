import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/context.ts';
import { configRoutes } from './config/config.routes.ts';
import { dictRoutes } from './dict/dict.routes.ts';
import { profileRoutes } from './user/profile.routes.ts';

/** System administration: users, roles, menus, departments, posts, dictionaries, parameters, notices, logs. */
export async function registerSystemModules(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(configRoutes(deps));
  await app.register(dictRoutes(deps));
  await app.register(profileRoutes(deps));
}
