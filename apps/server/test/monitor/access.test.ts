import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
const AREA = /^\/(monitor\/(job|jobLog|cache|server|druid)|tool\/gen)(\/|$)/;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

function concrete(url: string): string {
  return url
    .replace(/:cacheName/g, 'dict:')
    .replace(/:cacheKey/g, 'dict:x')
    .replace(/:tableName/g, 'sys_user')
    .replace(/:[A-Za-z]+/g, '1');
}

const routes = () => t.app.routeCatalog().filter((r) => AREA.test(r.url));

describe('monitoring and tools are the platform operator’s', () => {
  it('declares a seeded permission of its screen on every route', async () => {
    const list = routes();
    expect(list.length).toBeGreaterThanOrEqual(30);
    const seeded = new Set(
      (await t.deps.database.query<{ perms: string }>("select perms from sys_menu where perms <> ''")).map(
        (r) => r.perms,
      ),
    );
    for (const r of list) {
      expect(typeof r.perm, `${r.method} ${r.url}`).toBe('string');
      expect(seeded.has(r.perm as string), `${r.method} ${r.url} ${String(r.perm)}`).toBe(true);
      expect(r.perm as string).toMatch(/^(monitor:(job|cache|server|druid)|tool:gen):/);
    }
  });

  it('documents every route in the OpenAPI served at /doc.html', async () => {
    const res = await t.call('GET', '/v3/api-docs');
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/monitor/job/cron/next',
      '/monitor/jobLog/list',
      '/monitor/cache/getKeys/{cacheName}',
      '/monitor/druid',
      '/tool/gen/importTable',
    ])
      expect(paths).toContain(p);
    expect(res.body.paths['/monitor/job'].post.requestBody).toBeDefined();
  });

  it('refuses the customer operator, who holds none of these permissions', async () => {
    const operator = await t.login('demo_operator');
    for (const r of routes()) {
      const res = await t.call(r.method, concrete(r.url), {
        token: operator,
        body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect({ route: `${r.method} ${r.url}`, code: res.body.code }).toEqual({
        route: `${r.method} ${r.url}`,
        code: 403,
      });
    }
  });

  it('refuses a customer administrator even after a role of theirs was given the permissions', async () => {
    const rival = await secondCustomer(t);
    for (const key of [
      'monitor.job',
      'monitor.job.query',
      'monitor.job.add',
      'monitor.job.edit',
      'monitor.job.remove',
      'monitor.job.export',
      'monitor.job.changeStatus',
      'monitor.cache',
      'monitor.server',
      'monitor.druid',
      'tool.gen',
      'tool.gen.query',
      'tool.gen.edit',
      'tool.gen.remove',
      'tool.gen.import',
      'tool.gen.preview',
      'tool.gen.code',
    ])
      await grantToRole(t, 'rival_admin', key);
    const info = await t.call('GET', '/getInfo', { token: rival.token });
    expect(info.body.permissions).toContain('monitor:job:list');
    expect(info.body.permissions).toContain('tool:gen:code');
    for (const r of routes()) {
      const res = await t.call(r.method, concrete(r.url), {
        token: rival.token,
        lang: 'en-US',
        body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect({ route: `${r.method} ${r.url}`, body: res.body }).toEqual({
        route: `${r.method} ${r.url}`,
        body: { code: 403, msg: 'This function is open to platform users only' },
      });
    }
  });

  it('lets a platform user with only the list permission read but not change jobs', async () => {
    await t.deps.database.query(
      "insert into sys_role (role_name, role_key, data_scope) values ('监控查看', 'monitor_viewer', '1')",
    );
    await t.deps.database.query(
      "insert into sys_user (user_name, nick_name, password) select 'watcher', 'Watcher', password from sys_user where user_name = 'demo_admin'",
    );
    await t.deps.database.query(
      "insert into sys_user_role (user_id, role_id) select u.user_id, r.role_id from sys_user u, sys_role r where u.user_name = 'watcher' and r.role_key = 'monitor_viewer'",
    );
    await grantToRole(t, 'monitor_viewer', 'monitor.job');
    const watcher = await t.login('watcher');
    expect((await t.call('GET', '/monitor/job/list', { token: watcher })).body.code).toBe(200);
    expect((await t.call('GET', '/monitor/jobLog/list', { token: watcher })).body.code).toBe(200);
    expect((await t.call('GET', '/monitor/job/1', { token: watcher })).body.code).toBe(403);
    expect((await t.call('PUT', '/monitor/job/run', { token: watcher, body: { jobId: 1 } })).body.code).toBe(403);
    expect((await t.call('DELETE', '/monitor/jobLog/clean', { token: watcher })).body.code).toBe(403);
    expect((await t.call('GET', '/monitor/cache', { token: watcher })).body.code).toBe(403);
  });
});
