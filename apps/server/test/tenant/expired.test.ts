import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';
import { DAY, demoClientId, fmt, idOf } from './helpers.ts';

let t: TestApp;
let demo: number;
beforeAll(async () => {
  t = await startTestApp();
  demo = await demoClientId(t);
});
afterAll(async () => t?.close());

const expire = async () => {
  const admin = await t.login('admin');
  const now = t.clock.now();
  // by hand: the validity a platform administrator sets wins until the next subscription change
  const res = await t.call('PUT', '/sysclient/client', {
    token: admin,
    body: {
      clientId: demo,
      code: 'DEMO',
      name: '演示城市照明',
      validFrom: fmt(now - 60 * DAY),
      validTo: fmt(now - DAY),
    },
  });
  expect(res.body.code).toBe(200);
};

describe('an expired customer', () => {
  it('keeps its users out of every route but the session bootstrap and the profile', async () => {
    const user = await t.login('demo_admin');
    expect((await t.call('GET', '/sysclient/project/list', { token: user })).body.code).toBe(200);
    await expire();
    for (const [method, url] of [
      ['GET', '/sysclient/project/list'],
      ['GET', '/system/user/list'],
      ['GET', '/sysclient/home/summary'],
      ['GET', '/sysclient/customerInfo'],
      ['GET', '/monitor/online/list'],
      ['POST', '/sysclient/project/checkOperatePwd'],
    ] as const) {
      const res = await t.call(method, url, { token: user, lang: 'en-US', body: method === 'POST' ? {} : undefined });
      expect({ url, body: res.body }).toEqual({ url, body: { code: 500, msg: 'customer expired, choose another' } });
    }
    const zh = await t.call('GET', '/sysclient/project/list', { token: user });
    expect(zh.body).toEqual({ code: 500, msg: '客户已过期，请选择其他客户' });

    expect((await t.call('GET', '/getInfo', { token: user })).body.code).toBe(200);
    expect((await t.call('GET', '/routers', { token: user })).body.code).toBe(200);
    expect((await t.call('GET', '/system/user/profile', { token: user })).body.code).toBe(200);
    const clients = await t.call('GET', '/info/getClientsWithExpire', { token: user });
    expect(clients.body.data).toEqual([expect.objectContaining({ id: demo, validState: 'expired', expire: true })]);
    const enter = await t.call('GET', '/info/enterSystem', { token: user, lang: 'en-US' });
    expect(enter.body).toEqual({ code: 500, msg: 'customer expired, choose another' });
    expect((await t.call('POST', '/logout', { token: user })).body.code).toBe(200);
  });

  it('can still sign in, and is told to choose another customer', async () => {
    const user = await t.login('demo_operator');
    const res = await t.call('GET', '/sysclient/home/summary', { token: user, lang: 'en-US' });
    expect(res.body.msg).toBe('customer expired, choose another');
  });

  it('leaves platform users working on it, to renew it', async () => {
    const admin = await t.login('admin');
    const res = await t.call('GET', '/sysclient/project/list', { token: admin, headers: { clientId: String(demo) } });
    expect(res.body.total).toBe(2);
  });

  it('lets its users act again as soon as a subscription renews it', async () => {
    const user = await t.login('demo_admin');
    expect((await t.call('GET', '/sysclient/project/list', { token: user })).body.code).toBe(500);
    const admin = await t.login('admin');
    const packageId = await idOf(t, 'select package_id as id from sys_client_subscription where client_id = $1', [
      demo,
    ]);
    const renewal = await t.call('POST', '/sysclient/subscription', {
      token: admin,
      body: { clientId: demo, packageId, startTime: fmt(t.clock.now()) },
    });
    expect(renewal.body.code).toBe(200);
    expect((await t.call('GET', '/sysclient/project/list', { token: user })).body.code).toBe(200);
    const detail = await t.call('GET', `/sysclient/client/${demo}`, { token: admin });
    expect(detail.body.data).toMatchObject({ validState: 'normal', expire: false });
  });

  it('answers from the cache: a validity change in the database alone shows within a minute', async () => {
    const user = await t.login('demo_admin');
    expect((await t.call('GET', '/sysclient/project/list', { token: user })).body.code).toBe(200);
    await t.deps.database.query("update sys_client set valid_to = now() - interval '1 day' where client_id = $1", [
      demo,
    ]);
    expect((await t.call('GET', '/sysclient/project/list', { token: user })).body.code).toBe(200);
    t.clock.advance(61_000);
    expect((await t.call('GET', '/sysclient/project/list', { token: user })).body.code).toBe(500);
  });
});
