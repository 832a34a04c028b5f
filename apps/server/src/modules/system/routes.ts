import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/context.ts';
import { configRoutes } from './config/config.routes.ts';
import { deptRoutes } from './dept/dept.routes.ts';
import { dictRoutes } from './dict/dict.routes.ts';
import { dictTypeRoutes } from './dict/dict-type.routes.ts';
import { logRoutes } from './log/log.routes.ts';
import { menuRoutes } from './menu/menu.routes.ts';
import { noticeRoutes } from './notice/notice.routes.ts';
import { postRoutes } from './post/post.routes.ts';
import { roleRoutes } from './role/role.routes.ts';
import { profileRoutes } from './user/profile.routes.ts';
import { userRoutes } from './user/user.routes.ts';

/** System administration: users, roles, menus, departments, posts, dictionaries, parameters, notices, logs. */
export async function registerSystemModules(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(configRoutes(deps));
  await app.register(dictRoutes(deps));
  await app.register(dictTypeRoutes(deps));
  await app.register(profileRoutes(deps));
  await app.register(userRoutes(deps));
  await app.register(roleRoutes(deps));
  await app.register(menuRoutes(deps));
  await app.register(deptRoutes(deps));
  await app.register(postRoutes(deps));
  await app.register(noticeRoutes(deps));
  await app.register(logRoutes(deps));
}
