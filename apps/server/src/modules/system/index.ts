import type { Area } from '../../platform/area.ts';
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
export const systemArea: Area = {
  name: 'system',
  menus: ['system', 'user'],
  routes: (deps) => [
    configRoutes(deps),
    dictRoutes(deps),
    dictTypeRoutes(deps),
    profileRoutes(deps),
    userRoutes(deps),
    roleRoutes(deps),
    menuRoutes(deps),
    deptRoutes(deps),
    postRoutes(deps),
    noticeRoutes(deps),
    logRoutes(deps),
  ],
};
