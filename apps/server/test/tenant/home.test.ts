import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerHomeFigures } from '../../src/platform/home-figures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { customerForm, DAY, demoClientId, fmt, idOf, packageForm } from './helpers.ts';

let t: TestApp;
let admin: string;
let demo: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  demo = await demoClientId(t);
});
afterAll(async () => t?.close());

describe('home page figures', () => {
  it('gives platform users the whole platform, with customers by validity and subscriptions about to end', async () => {
    const pkg = await t.call('POST', '/sysclient/package', {
      token: admin,
      body: packageForm('Short', { period: 'day', periodCount: 10 }),
    });
    await t.call('POST', '/sysclient/client', {
      token: admin,
      body: customerForm('HOME1', { packageId: pkg.body.data.packageId }),
    });
    await t.call('POST', '/sysclient/client', {
      token: admin,
      body: customerForm('HOME2', { validTo: fmt(t.clock.now() - DAY), mainAccount: 'home2_admin' }),
    });
    const res = await t.call('GET', '/sysclient/home/summary', { token: admin });
    expect(res.body.code).toBe(200);
    const data = res.body.data;
    expect(data.scope).toEqual({ clientId: null, projectId: null });
    expect(data.customers).toEqual({ total: 3, normal: 2, expired: 1, notStarted: 0 });
    expect(data.counts).toMatchObject({ projects: 2, customers: 3, expiringSubscriptions: 1 });
    expect(data.counts.users).toBe(await idOf(t, "select count(*)::int as id from sys_user where del_flag = '0'"));
    expect(data.counts.onlineSessions).toBeGreaterThanOrEqual(1);
    expect(data.counts.recentLogins).toBeGreaterThanOrEqual(1);
    expect(data.expiring).toEqual([expect.objectContaining({ clientName: 'HOME1 城市照明', packageName: 'Short' })]);
    expect(data.expiring[0].daysLeft).toBeLessThanOrEqual(10);
    expect(data.loginTrend).toHaveLength(7);
    expect(data.loginTrend[6].date).toBe(fmt(t.clock.now()).slice(0, 10));
    expect(data.loginTrend[6].count).toBeGreaterThanOrEqual(1);
  });

  it("gives a customer's users their customer and current project", async () => {
    const user = await t.login('demo_admin');
    const project = await idOf(t, "select project_id as id from biz_project where code = 'YZ002'");
    const res = await t.call('GET', '/sysclient/home/summary', {
      token: user,
      headers: { projectId: String(project) },
    });
    const data = res.body.data;
    expect(data.scope).toEqual({ clientId: demo, projectId: project });
    expect(data.customer).toMatchObject({ clientId: demo, name: '演示城市照明', validState: 'normal', expire: false });
    expect(data.project).toMatchObject({ projectName: '亦庄新城道路照明', ianaTimeZone: 'Asia/Shanghai' });
    expect(data.customers).toBeNull();
    const demoUsers = await idOf(
      t,
      "select count(*)::int as id from sys_user where del_flag = '0' and client_id = $1",
      [demo],
    );
    expect(data.counts).toMatchObject({ projects: 2, users: demoUsers, customers: null, expiringSubscriptions: 0 });
    expect(data.counts.recentLogins).toBe(1);
    // a platform user looking at one customer sees the same counts
    const scoped = await t.call('GET', '/sysclient/home/summary', {
      token: admin,
      headers: { clientId: String(demo) },
    });
    expect(scoped.body.data.counts.projects).toBe(2);
    expect(scoped.body.data.counts.users).toBe(demoUsers);
    expect(
      (await t.call('GET', '/sysclient/home/summary', { token: user, headers: { projectId: '999999' } })).body.code,
    ).toBe(404);
  });

  it('takes figures from the providers other areas register', async () => {
    registerHomeFigures('devices', async (_deps, scope) => ({ total: scope.clientId === null ? 100 : 7, online: 5 }));
    registerHomeFigures('broken', async () => {
      throw new Error('table missing');
    });
    const user = await t.login('demo_admin');
    const res = await t.call('GET', '/sysclient/home/summary', { token: user });
    // the alarm and dashboard areas' own figures answer beside them; the failing provider is left out
    const others = {
      alarms: { open: 0, unacknowledged: 0, today: 0 },
      lamps: { lamps: 0, on: 0, dimmed: 0, off: 0, unknown: 0, expectedLit: 0, sampledLit: 0, lightingRate: null },
      alarmGrades: { dangerous: 0, serious: 0, urgent: 0, ordinary: 0 },
    };
    expect(res.body.data.figures).toEqual({ devices: { total: 7, online: 5 }, ...others });
    const info = await t.call('GET', '/sysclient/customerInfo', { token: user });
    expect(info.body.data.figures).toEqual({ devices: { total: 7, online: 5 }, ...others });
  });
});

describe('customer configuration and information', () => {
  it('lets the customer admin edit its own configuration, not its validity', async () => {
    const user = await t.login('demo_admin');
    const res = await t.call('PUT', '/sysclient/customerConfig', {
      token: user,
      body: {
        platformName: '延庆智慧路灯',
        logo: '/profile/upload/logo.png',
        loginPageBackground: '/profile/upload/bg.jpg',
        loginPageLogo: '/profile/upload/login-logo.png',
        operators: '延庆城管委',
        validTo: '2099-01-01',
        homeRouter: '/web/x',
      },
    });
    expect(res.body.code).toBe(200);
    const config = (await t.call('GET', '/sysclient/customerConfig', { token: user })).body.data;
    expect(config).toMatchObject({ platformName: '延庆智慧路灯', operators: '延庆城管委', homeRouter: '' });
    const [row] = await t.deps.database.query<{ valid_to: Date }>(
      'select valid_to from sys_client where client_id = $1',
      [demo],
    );
    expect(new Date(row!.valid_to).getFullYear()).toBeLessThan(2099);
    const tooLong = await t.call('PUT', '/sysclient/customerConfig', {
      token: user,
      body: { platformName: 'p'.repeat(41) },
      lang: 'en-US',
    });
    expect(tooLong.body).toEqual({ code: 500, msg: 'Cannot exceed 40 characters' });
  });

  it('summarises validity, package, subscriptions, systems and counts', async () => {
    const user = await t.login('demo_admin');
    const info = (await t.call('GET', '/sysclient/customerInfo', { token: user, lang: 'en-US' })).body.data;
    expect(info).toMatchObject({
      clientId: demo,
      validState: 'normal',
      currentPackage: expect.objectContaining({ packageName: '标准照明套餐（三年）' }),
      counts: expect.objectContaining({ projects: 2, departments: 3, roles: 2 }),
    });
    expect(info.daysLeft).toBeGreaterThan(1000);
    expect(info.systems.map((s: { id: number }) => s.id)).toEqual([100, 101, 103, 104, 105, 107, 108, 119, 121]);
    expect(info.systems[1]).toMatchObject({ encode: 'lighting', name: 'Smart Lighting' });
    expect(info).not.toHaveProperty('defaultPassword');
  });

  it('asks platform users to choose a customer first', async () => {
    const res = await t.call('GET', '/sysclient/customerInfo', { token: admin, lang: 'en-US' });
    expect(res.body).toEqual({ code: 500, msg: 'Please choose a customer first' });
    const chosen = await t.call('GET', '/sysclient/customerInfo', {
      token: admin,
      headers: { clientId: String(demo) },
    });
    expect(chosen.body.data.clientId).toBe(demo);
  });
});

describe('API documentation', () => {
  it('describes the tenant routes with their request schemas', async () => {
    const res = await t.call('GET', '/v3/api-docs');
    const paths = res.body.paths as Record<string, Record<string, { requestBody?: unknown; tags?: string[] }>>;
    for (const path of [
      '/sysclient/client',
      '/sysclient/project',
      '/sysclient/package',
      '/sysclient/subscription',
      '/sysclient/system',
    ])
      expect(paths[path]?.post?.requestBody, path).toBeDefined();
    const project = JSON.stringify(paths['/sysclient/project']?.post?.requestBody);
    expect(project).toContain('bandStandard');
    expect(project).toContain('CN470');
    expect(paths['/sysclient/home/summary']?.get?.tags).toEqual(['sysclient/home']);
  });
});
