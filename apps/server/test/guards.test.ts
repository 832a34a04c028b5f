import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let noRoles: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.deps.database.query(
    "insert into sys_user (user_name, nick_name, password, client_id, dept_id) select 'bare_user', 'Bare', password, client_id, dept_id from sys_user where user_name = 'demo_operator'",
  );
  noRoles = await t.login('bare_user');
});
afterAll(async () => t?.close());

/** A concrete URL for a route pattern: numeric ids, a hex token, a word. */
function concrete(url: string): string {
  return url
    .replace(/:tokenId/g, 'a'.repeat(32))
    .replace(/:(configIds|dictCodes)/g, '1')
    .replace(/:dictType/g, 'sys_user_sex')
    .replace(/:configKey/g, 'sys.user.initPassword')
    .replace(/:[A-Za-z]+/g, '1')
    .replace(/\*/g, 'x.png');
}

describe('every route is guarded', () => {
  it('answers 401 to an anonymous caller on every route that is not open', async () => {
    const routes = t.app.routeCatalog().filter((r) => !r.public);
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const res = await t.call(route.method, concrete(route.url), {
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect({ route: `${route.method} ${route.url}`, code: res.body.code }).toEqual({
        route: `${route.method} ${route.url}`,
        code: 401,
      });
    }
  });

  it('answers 403 to a signed-in user without the permission, on every permission-guarded route', async () => {
    const routes = t.app.routeCatalog().filter((r) => r.perm);
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const res = await t.call(route.method, concrete(route.url), {
        token: noRoles,
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect({ route: `${route.method} ${route.url}`, code: res.body.code }).toEqual({
        route: `${route.method} ${route.url}`,
        code: 403,
      });
    }
  });

  it("names the refusal in the caller's language", async () => {
    const res = await t.call('GET', '/system/config/list', { token: noRoles, lang: 'en-US' });
    expect(res.body).toEqual({ code: 403, msg: 'No permission for current operation' });
  });

  it('keeps the platform parameters from customer users', async () => {
    const operator = await t.login('demo_operator');
    expect((await t.call('GET', '/system/config/list', { token: operator })).body.code).toBe(403);
    expect((await t.call('DELETE', '/system/config/1', { token: operator })).body.code).toBe(403);
  });

  it('lets the operator read devices but not remove them, and keeps the back office from the operator', async () => {
    const operator = await t.login('demo_operator');
    expect((await t.call('GET', '/lighting/device/list', { token: operator })).body.code).toBe(200);
    expect((await t.call('DELETE', '/lighting/device/1', { token: operator })).body.code).toBe(403);
    expect((await t.call('GET', '/system/config/list', { token: operator })).body.code).toBe(403);
    expect((await t.call('DELETE', '/monitor/operlog/clean', { token: operator })).body.code).toBe(403);
    expect((await t.call('DELETE', '/monitor/logininfor/clean', { token: operator })).body.code).toBe(403);
  });

  it('makes a role change effective for users already signed in', async () => {
    const operator = await t.login('demo_operator');
    expect((await t.call('GET', '/getInfo', { token: operator })).body.permissions).not.toContain('system:config:add');
    const { grantToRole } = await import('./fixtures.ts');
    await grantToRole(t, 'operator', 'system.config.add');
    expect((await t.call('GET', '/getInfo', { token: operator })).body.permissions).toContain('system:config:add');
  });

  it('never leaks stack traces or SQL', async () => {
    const token = await t.login('admin');
    const res = await t.call('GET', '/system/config/list?orderByColumn=config_id;drop table sys_user', {
      token,
      lang: 'en-US',
    });
    expect(res.body).toEqual({ code: 500, msg: 'Sorting by config_id;drop table sys_user is not supported' });
    const bad = await t.call('GET', '/system/config/list?pageNum=abc', { token, lang: 'en-US' });
    expect(bad.body.code).toBe(500);
    expect(bad.body.msg).not.toMatch(/select|stack|at \w+ \(/i);
  });

  it('caps the page size', async () => {
    const token = await t.login('admin');
    const res = await t.call('GET', '/system/config/list?pageSize=100000', { token });
    expect(res.body.code).toBe(200);
    expect(res.body.rows.length).toBeLessThanOrEqual(500);
  });

  it('answers unknown API paths with the 404 envelope', async () => {
    const res = await t.call('GET', '/no/such/thing', { lang: 'en-US' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, msg: 'Accessed resource does not exist' });
  });
});
