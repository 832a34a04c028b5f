import { describe, expect, it } from 'vitest';
import type { ServerRoute } from '../features/auth/types';
import {
  allowedGuardedRoutes,
  firstRoutePath,
  flattenLeaves,
  generateRoutes,
  isOpenPath,
  matchGuarded,
  systemEntryPath,
  visibleMenu,
} from './routes';
import { chooseCurrentCustomer, joinToken, splitToken } from './session';

const server: ServerRoute[] = [
  {
    path: '/system',
    component: 'Layout',
    alwaysShow: true,
    redirect: 'noRedirect',
    meta: { title: 'System' },
    children: [
      { path: 'user', component: 'system/user/index', meta: { title: 'Users' } },
      { path: 'config', component: 'system/config/index', meta: { title: 'Parameters' } },
      { path: 'secret', component: 'system/secret/index', hidden: true, meta: { title: 'Secret' } },
      {
        path: 'log',
        component: 'ParentView',
        meta: { title: 'Logs' },
        children: [{ path: 'operlog', component: 'monitor/operlog/index', meta: { title: 'Operation log' } }],
      },
      { path: 'user-auth/role/:userId', component: 'system/user/auth-role', hidden: true, meta: { title: 'Assign' } },
    ],
  },
  { path: 'https://example.com/docs', component: 'Layout', meta: { title: 'Docs' } },
  {
    path: '/monitor',
    component: 'Layout',
    meta: { title: 'Monitor' },
    children: [{ path: 'site', component: 'InnerLink', meta: { title: 'Site', link: 'https://example.com' } }],
  },
];

const pages = new Set(['system/config/index', 'monitor/operlog/index']);
const hasPage = (component: string) => pages.has(component);

describe('route generation', () => {
  const routes = generateRoutes(server, hasPage);

  it('prefixes /web and joins children to their parents', () => {
    expect(routes[0].path).toBe('/web/system');
    expect(routes[0].children.map((r) => r.path)).toEqual([
      '/web/system/user',
      '/web/system/config',
      '/web/system/secret',
      '/web/system/log',
      '/web/system/user-auth/role/:userId',
    ]);
    expect(routes[0].children[3].children[0].path).toBe('/web/system/log/operlog');
  });

  it('resolves views by path; a missing page file stays reachable and shows 404', () => {
    const user = routes[0].children[0];
    const config = routes[0].children[1];
    expect(user.resolved).toBe(false);
    expect(config.resolved).toBe(true);
    expect(flattenLeaves(routes).map((r) => r.path)).toContain('/web/system/user');
  });

  it('keeps external links unprefixed and embeds InnerLink pages', () => {
    expect(routes[1]).toMatchObject({ path: 'https://example.com/docs', kind: 'external' });
    expect(routes[2].children[0]).toMatchObject({ kind: 'inner-link', link: 'https://example.com' });
  });

  it('hides hidden routes from the menu but keeps them routable', () => {
    const menuPaths = visibleMenu(routes)[0].children.map((r) => r.path);
    expect(menuPaths).not.toContain('/web/system/secret');
    expect(flattenLeaves(routes).map((r) => r.path)).toContain('/web/system/secret');
  });

  it('leaves parameterised rows to the guarded routes', () => {
    expect(flattenLeaves(routes).some((r) => r.path.includes(':'))).toBe(false);
  });

  it('sends the user to the first child of the first route', () => {
    expect(firstRoutePath(routes)).toBe('/web/system/user');
    expect(firstRoutePath([])).toBeNull();
  });

  it('enters a sub-system at the first page of its own menus', () => {
    const lighting: ServerRoute[] = [
      ...server.map((route) => ({ ...route, meta: route.meta && { ...route.meta, systemId: 100 } })),
      {
        path: '/lighting',
        component: 'Layout',
        meta: { title: 'Devices', systemId: 101 },
        children: [{ path: 'device', component: 'lighting/device/index', meta: { title: 'Devices', systemId: 101 } }],
      },
    ];
    const all = generateRoutes(lighting, () => true);
    expect(systemEntryPath(all, 101)).toBe('/web/lighting/device');
    expect(systemEntryPath(all, 100)).toBe('/web/system/user');
    expect(systemEntryPath(all, 102)).toBeNull();
  });

  it('knows the open routes', () => {
    for (const path of ['/login', '/register', '/404', '/401', '/redirect/web/system/user'])
      expect(isOpenPath(path)).toBe(true);
    expect(isOpenPath('/web/system/user')).toBe(false);
  });
});

describe('guarded hidden routes', () => {
  it('are added only with their permission', () => {
    expect(allowedGuardedRoutes(['system:user:edit']).map((r) => r.path)).toEqual([
      '/web/system/user-auth/role/:userId',
    ]);
    expect(allowedGuardedRoutes(['*:*:*'])).toHaveLength(5);
    expect(allowedGuardedRoutes(['system:user:list'])).toHaveLength(0);
  });

  it('accept numeric ids only', () => {
    const pattern = '/web/system/dict-data/index/:dictId';
    expect(matchGuarded(pattern, '/web/system/dict-data/index/12')).toBe('12');
    expect(matchGuarded(pattern, '/web/system/dict-data/index/abc')).toBeNull();
    expect(matchGuarded(pattern, '/web/system/dict-data/index/1/2')).toBeNull();
  });
});

describe('customer choice and token transport', () => {
  const all = { id: -1, name: 'All' };
  const expired = { id: 1, name: 'Old', expire: true };
  const valid = { id: 2, name: 'City', expire: false };

  it('replaces a missing or expired current customer with the first valid one', () => {
    expect(chooseCurrentCustomer([all, expired, valid], null, false)).toBe(valid);
    expect(chooseCurrentCustomer([all, expired, valid], expired, false)).toBe(valid);
    expect(chooseCurrentCustomer([all, expired, valid], { id: 99, name: 'gone' }, false)).toBe(valid);
    expect(chooseCurrentCustomer([all, expired, valid], valid, false)).toBe(valid);
  });

  it('keeps "all customers" only for the admin', () => {
    expect(chooseCurrentCustomer([all, valid], all, true)).toBe(all);
    expect(chooseCurrentCustomer([all, expired], null, true)).toBe(all);
    expect(chooseCurrentCustomer([all, expired], null, false)).toBeNull();
  });

  it('splits the token into code2 + pppp and joins it back', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.payload.signature';
    const parts = splitToken(token);
    expect(parts.code2.length + parts.pppp.length).toBe(btoa(token).length);
    expect(joinToken(parts.code2, parts.pppp)).toBe(token);
  });
});
