import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AVAILABLE_PAGES, pageExists } from '@luxgrid/contracts';
import { flattenMenus, SYSTEMS } from '@luxgrid/contracts/seed/systems';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageComponents, pagesModule } from '../../../scripts/pages.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * No menu leads to the 404 page: a seeded page menu (C) whose screen is not built yet must be
 * on the committed list below, and the list may only shrink. Such menus stay seeded with their
 * permissions but are left out of the menu tree until their screen exists.
 */
const NOT_BUILT_FILE = fileURLToPath(
  new URL('../../../packages/contracts/src/seed/menus-not-built.txt', import.meta.url),
);
const PAGES_FILE = fileURLToPath(new URL('../../../packages/contracts/src/pages.ts', import.meta.url));

const isExternal = (path: string | undefined) => /^https?:\/\//i.test(path ?? '');

/** 'menu.key component' for every seeded page menu whose screen does not exist in the web. */
function menusWithoutPage(): string[] {
  return SYSTEMS.flatMap((system) => flattenMenus(system.menus))
    .filter((menu) => menu.type === 'C' && menu.component && !menu.isFrame && !isExternal(menu.path))
    .filter((menu) => !pageExists(menu.component!))
    .map((menu) => `${menu.key} ${menu.component}`);
}

function notBuiltList(): string[] {
  return readFileSync(NOT_BUILT_FILE, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

describe('menus whose screen is not built yet', () => {
  it('knows every screen of the web (packages/contracts/src/pages.ts is up to date)', () => {
    const found = pageComponents();
    expect(found, 'pages changed: run `npx tsx scripts/pages.ts`').toEqual([...AVAILABLE_PAGES]);
    expect(readFileSync(PAGES_FILE, 'utf8'), 'pages changed: run `npx tsx scripts/pages.ts`').toBe(pagesModule(found));
  });

  it('lists no new hole: every menu without a screen is on the not-built list', () => {
    const listed = new Set(notBuiltList());
    const holes = menusWithoutPage().filter((entry) => !listed.has(entry));
    expect(holes, 'these menus open no screen: build the screen, or (for now) add them to menus-not-built.txt').toEqual(
      [],
    );
  });

  it('only shrinks: a menu whose screen now exists leaves the list', () => {
    const missing = new Set(menusWithoutPage());
    const built = notBuiltList().filter((entry) => !missing.has(entry));
    expect(built, 'these menus have a screen now (or are gone): remove them from menus-not-built.txt').toEqual([]);
  });
});

type Route = { path: string; component: string; meta: { systemId?: number }; children?: Route[] };
const flatten = (routes: Route[]): Route[] => routes.flatMap((r) => [r, ...flatten(r.children ?? [])]);

describe('/routers leaves out menus whose screen is not built', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  it('answers the admin only pages that exist, and no empty catalogue', async () => {
    const [{ n }] = await t.deps.database.query<{ n: number }>(
      "select count(*)::int as n from sys_menu where menu_type = 'C' and component = 'lighting/strategy/index'",
    );
    expect(n, 'the unbuilt menu stays seeded').toBe(1);
    for (const url of ['/routers', '/getRouters']) {
      const routes = (await t.call('GET', url, { token: admin })).body.data as Route[];
      const all = flatten(routes);
      const pages = all.filter((r) => !['Layout', 'ParentView', 'InnerLink'].includes(r.component));
      expect(pages.length).toBeGreaterThan(20);
      expect(pages.filter((r) => !pageExists(r.component)).map((r) => r.component)).toEqual([]);
      expect(all.some((r) => r.component === 'system/user/index')).toBe(true);
      expect(all.some((r) => r.component === 'lighting/device/index')).toBe(true);
      // catalogues left without any page are gone too
      const empty = all.filter((r) => ['Layout', 'ParentView'].includes(r.component) && !r.children?.length);
      expect(empty.map((r) => r.path)).toEqual([]);
      // a subsystem with no screen at all (smart poles) has no menus
      expect(all.some((r) => r.meta.systemId === 102)).toBe(false);
    }
  });

  it('still answers a built page of a subsystem asked by id', async () => {
    const routes = (await t.call('GET', '/routers?systemId=101', { token: admin })).body.data as Route[];
    const all = flatten(routes);
    expect(all.some((r) => r.component === 'lighting/device/index')).toBe(true);
    expect(all.some((r) => r.component === 'lighting/alarm/index')).toBe(true);
    expect(all.some((r) => r.component === 'lighting/strategy/index')).toBe(true);
    expect(all.some((r) => r.component === 'lighting/group-apply/index')).toBe(true);
    expect(all.some((r) => r.component === 'lighting/param-config/index')).toBe(false);
  });

  it('tells the admin which subsystems are not available yet', async () => {
    const rows = (await t.call('GET', '/sysclient/system/list', { token: admin })).body.rows as {
      systemId: number;
      available: boolean;
    }[];
    const available = (id: number) => rows.find((row) => row.systemId === id)?.available;
    expect(available(100)).toBe(true);
    expect(available(101)).toBe(true);
    expect(available(102)).toBe(false);
    const one = (await t.call('GET', '/sysclient/system/102', { token: admin })).body.data as { available: boolean };
    expect(one.available).toBe(false);
  });
});
