import type { ServerRoute } from '../features/auth/types';
import { checkPermi } from '../shared/perms';

export const WEB_PREFIX = '/web';

/** Routes reachable without a token (spec §2). */
export const OPEN_PATHS = ['/login', '/register', '/404', '/401'] as const;

export function isOpenPath(pathname: string): boolean {
  return (OPEN_PATHS as readonly string[]).includes(pathname) || pathname.startsWith('/redirect/');
}

export type RouteKind = 'layout' | 'parent' | 'page' | 'inner-link' | 'external';

export interface AppRoute {
  /** Absolute path in the browser ('/web/system/user'), or the URL for external links. */
  path: string;
  name?: string;
  title: string;
  icon?: string;
  hidden: boolean;
  kind: RouteKind;
  /** Page path such as 'system/user/index' for kind 'page'. */
  component?: string;
  /** The page file exists; otherwise the route shows the 404 page. */
  resolved: boolean;
  link?: string;
  noCache: boolean;
  query?: string;
  redirect?: string;
  alwaysShow: boolean;
  systemId?: number;
  children: AppRoute[];
}

export const isExternalLink = (path: string | undefined | null): boolean =>
  !!path && /^(https?:|mailto:|tel:)/.test(path);

function joinPath(parent: string, child: string): string {
  if (isExternalLink(child)) return child;
  if (child.startsWith('/')) return child;
  const base = parent.endsWith('/') ? parent.slice(0, -1) : parent;
  return child ? `${base}/${child}` : base;
}

function kindOf(route: ServerRoute): RouteKind {
  if (isExternalLink(route.path)) return 'external';
  switch (route.component) {
    case 'Layout':
      return 'layout';
    case 'ParentView':
      return 'parent';
    case 'InnerLink':
      return 'inner-link';
    default:
      return route.children?.length && !route.component ? 'parent' : 'page';
  }
}

/**
 * Turns the server's menu tree into browser routes: top-level paths get the /web prefix,
 * children join their parent, pages resolve by component path (spec §2).
 */
export function generateRoutes(
  serverRoutes: readonly ServerRoute[],
  hasPage: (component: string) => boolean,
  parentPath = WEB_PREFIX,
): AppRoute[] {
  return serverRoutes.map((route) => {
    const kind = kindOf(route);
    const isTop = parentPath === WEB_PREFIX;
    const ownPath =
      kind === 'external'
        ? route.path
        : isTop
          ? `${WEB_PREFIX}${route.path.startsWith('/') ? '' : '/'}${route.path}`
          : joinPath(parentPath, route.path);
    const component = kind === 'page' ? route.component || undefined : undefined;
    return {
      path: ownPath,
      name: route.name,
      title: route.meta?.title ?? route.name ?? route.path,
      icon: route.meta?.icon,
      hidden: !!route.hidden,
      kind,
      component,
      resolved: kind === 'page' ? !!component && hasPage(component) : kind !== 'external',
      link: route.meta?.link ?? undefined,
      noCache: !!route.meta?.noCache,
      query: route.query || undefined,
      redirect: route.redirect && route.redirect !== 'noRedirect' ? route.redirect : undefined,
      alwaysShow: !!route.alwaysShow,
      systemId: route.meta?.systemId,
      children: generateRoutes(route.children ?? [], hasPage, ownPath),
    };
  });
}

/** Routes that render something at their own path (pages and embedded links), depth first. */
export function flattenLeaves(routes: readonly AppRoute[]): AppRoute[] {
  const leaves: AppRoute[] = [];
  const walk = (list: readonly AppRoute[]) => {
    for (const route of list) {
      // Parameterised menu rows (':userId') are the permission-guarded routes, registered separately.
      if ((route.kind === 'page' || route.kind === 'inner-link') && !route.path.includes('/:')) leaves.push(route);
      walk(route.children);
    }
  };
  walk(routes);
  return leaves;
}

/** Menu entries: hidden routes stay reachable but leave the menu. */
export function visibleMenu(routes: readonly AppRoute[]): AppRoute[] {
  return routes
    .filter((route) => !route.hidden && !route.path.includes('/:'))
    .map((route) => ({ ...route, children: visibleMenu(route.children) }))
    .filter(
      (route) =>
        route.kind === 'page' ||
        route.kind === 'inner-link' ||
        route.kind === 'external' ||
        route.children.length > 0 ||
        route.alwaysShow,
    );
}

/** After login the user lands on the first child of the first generated route (spec §2). */
export function firstRoutePath(routes: readonly AppRoute[]): string | null {
  for (const route of routes) {
    if (route.hidden || route.kind === 'external') continue;
    if (route.kind === 'page' || route.kind === 'inner-link') return route.path;
    const child = firstRoutePath(route.children);
    if (child) return child;
  }
  return null;
}

/** Where entering a sub-system served here leads: the first page of its menus. */
export function systemEntryPath(routes: readonly AppRoute[], systemId: number): string | null {
  return firstRoutePath(routes.filter((route) => route.systemId === systemId));
}

export function findRoute(routes: readonly AppRoute[], path: string): AppRoute | undefined {
  for (const route of routes) {
    if (route.path === path) return route;
    const child = findRoute(route.children, path);
    if (child) return child;
  }
  return undefined;
}

/** Ancestors of a path, outermost first (breadcrumbs, open menu keys, top-menu selection). */
export function routeTrail(routes: readonly AppRoute[], path: string): AppRoute[] {
  for (const route of routes) {
    if (route.path === path) return [route];
    const trail = routeTrail(route.children, path);
    if (trail.length) return [route, ...trail];
  }
  return [];
}

export interface GuardedRoute {
  /** Pattern with one numeric id segment at the end. */
  path: string;
  component: string;
  permission: string;
  titleKey: string;
  /** The menu path whose tab/menu stays active. */
  activeMenu: string;
}

/** Hidden routes of spec §2, added only for users who hold their permission; ids are numeric only. */
export const GUARDED_ROUTES: readonly GuardedRoute[] = [
  {
    path: '/web/system/user-auth/role/:userId',
    component: 'system/user/auth-role',
    permission: 'system:user:edit',
    titleKey: 'routes.authRole',
    activeMenu: '/web/system/user',
  },
  {
    path: '/web/system/role-auth/user/:roleId',
    component: 'system/role/auth-user',
    permission: 'system:role:edit',
    titleKey: 'routes.authUser',
    activeMenu: '/web/system/role',
  },
  {
    path: '/web/system/dict-data/index/:dictId',
    component: 'system/dict/data',
    permission: 'system:dict:list',
    titleKey: 'routes.dictData',
    activeMenu: '/web/system/dict',
  },
  {
    path: '/web/monitor/job-log/index/:jobId',
    component: 'monitor/job/log',
    permission: 'monitor:job:list',
    titleKey: 'routes.jobLog',
    activeMenu: '/web/monitor/job',
  },
  {
    path: '/web/tool/gen-edit/index/:tableId',
    component: 'tool/gen/edit-table',
    permission: 'tool:gen:edit',
    titleKey: 'routes.genEdit',
    activeMenu: '/web/tool/gen',
  },
];

export function allowedGuardedRoutes(permissions: readonly string[]): GuardedRoute[] {
  return GUARDED_ROUTES.filter((route) => checkPermi.any(permissions, [route.permission]));
}

/** Matches a guarded route pattern against a path; only numeric ids are accepted. */
export function matchGuarded(pattern: string, pathname: string): string | null {
  const base = pattern.slice(0, pattern.lastIndexOf('/:'));
  if (!pathname.startsWith(`${base}/`)) return null;
  const id = pathname.slice(base.length + 1);
  return /^\d+$/.test(id) ? id : null;
}
