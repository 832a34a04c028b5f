import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../src/db/seed/accounts-seed.ts';
import { grantToRole } from './fixtures.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

type Route = {
  path: string;
  hidden: boolean;
  component: string;
  alwaysShow?: boolean;
  redirect?: string;
  meta: { title: string; link: string | null };
  children?: Route[];
};
const flatten = (routes: Route[]): Route[] => routes.flatMap((r) => [r, ...flatten(r.children ?? [])]);

describe('/routers', () => {
  it('gives catalogues alwaysShow and noRedirect, and never buttons', async () => {
    const res = await t.call('GET', '/routers?systemId=100', { token: admin });
    const system = (res.body.data as Route[]).find((r) => r.path === '/system')!;
    expect(system).toMatchObject({ component: 'Layout', alwaysShow: true, redirect: 'noRedirect', hidden: false });
    expect(system.meta.title).toBe('系统管理');
    const all = flatten(res.body.data);
    expect(all.find((r) => r.path === 'user')).toMatchObject({ component: 'system/user/index' });
    const [{ n }] = await t.deps.database.query<{ n: number }>(
      "select count(*)::int as n from sys_menu where menu_type = 'F' and system_id = 100",
    );
    expect(n).toBeGreaterThan(0);
    expect(all.length).toBeLessThan(200);
    expect(all.every((r) => r.component)).toBe(true);
  });

  it('is also at /getRouters, in English when asked', async () => {
    const res = await t.call('GET', '/getRouters?systemId=100', { token: admin, lang: 'en-US' });
    expect((res.body.data as Route[]).find((r) => r.path === '/system')!.meta.title).toBe('System');
  });

  it('marks hidden menus hidden but keeps them', async () => {
    const all = flatten((await t.call('GET', '/routers?systemId=100', { token: admin })).body.data);
    expect(all.find((r) => r.path === 'user-auth/role/:userId')).toMatchObject({
      hidden: true,
      component: 'system/user/auth-role',
    });
  });

  it('drops disabled menus and their children', async () => {
    await t.deps.database.query("update sys_menu set status = '1' where menu_key = 'system.notice'");
    let all = flatten((await t.call('GET', '/routers?systemId=100', { token: admin })).body.data);
    expect(all.find((r) => r.path === 'notice')).toBeUndefined();
    await t.deps.database.query("update sys_menu set status = '0' where menu_key = 'system.notice'");
    await t.deps.database.query("update sys_menu set status = '1' where menu_key = 'system'");
    all = flatten((await t.call('GET', '/routers?systemId=100', { token: admin })).body.data);
    expect(all.find((r) => r.path === 'user')).toBeUndefined();
    await t.deps.database.query("update sys_menu set status = '0' where menu_key = 'system'");
  });

  it('carries external links in meta.link', async () => {
    const [parent] = await t.deps.database.query<{ menu_id: number }>(
      "select menu_id from sys_menu where menu_key = 'tool'",
    );
    await t.deps.database.query(
      "insert into sys_menu (system_id, menu_name, menu_name_en, parent_id, order_num, path, menu_type, is_frame, perms) values (100, '照明标准', 'Lighting standard', $1, 99, 'https://example.org/standard', 'C', '0', '')",
      [parent!.menu_id],
    );
    const all = flatten((await t.call('GET', '/routers?systemId=100', { token: admin })).body.data);
    expect(all.find((r) => r.meta.link === 'https://example.org/standard')).toMatchObject({ component: 'InnerLink' });
  });

  it('gives each subsystem its catalogues when no systemId is asked', async () => {
    const data = (await t.call('GET', '/routers', { token: admin })).body.data as (Route & {
      meta: { systemId: number };
    })[];
    const systems = new Set(data.map((r) => r.meta.systemId));
    expect(systems.has(100)).toBe(true);
    expect(systems.has(101)).toBe(true);
  });

  it("limits customer users to their customer's subsystems and their role's menus", async () => {
    const operator = await t.login('demo_operator');
    const data = (await t.call('GET', '/routers', { token: operator })).body.data as (Route & {
      meta: { systemId: number };
    })[];
    const systems = new Set(data.map((r) => r.meta.systemId));
    expect(systems.has(101)).toBe(true);
    expect(systems.has(111)).toBe(false); // video is not subscribed
    const all = flatten(data);
    expect(all.find((r) => r.path === 'customer')).toBeUndefined();
    // the duty operator's menus are lighting's: no System, Customers, Monitor or Tools
    expect(systems.has(100)).toBe(false);
    for (const path of ['/system', '/sysclient', '/monitor', '/tool', 'config', 'user', 'operlog', 'logininfor'])
      expect(all.find((r) => r.path === path)).toBeUndefined();
    expect(data[0]!.path).toBe('/lighting');
  });

  it('puts right a duty operator role that an earlier seed gave the back office', async () => {
    await grantToRole(t, 'operator', 'monitor.operlog.remove');
    await grantToRole(t, 'operator', 'system.user');
    await seedAccounts(t.deps.database.db, t.clock, { demo: true });
    const info = await t.call('GET', '/getInfo', { token: await t.login('demo_operator') });
    expect(info.body.permissions).toContain('lighting:device:on');
    expect(info.body.permissions).not.toContain('monitor:operlog:remove');
    expect(info.body.permissions).not.toContain('system:user:list');
  });

  it('gives a user without roles no menus', async () => {
    await t.deps.database.query(
      "insert into sys_user (user_name, nick_name, password, client_id) select 'no_roles', 'No roles', password, client_id from sys_user where user_name = 'demo_operator'",
    );
    const token = await t.login('no_roles');
    expect((await t.call('GET', '/routers', { token })).body.data).toEqual([]);
    expect((await t.call('GET', '/getInfo', { token })).body.permissions).toEqual([]);
  });
});
