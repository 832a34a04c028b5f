import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  // what the running platform puts in the cache
  await t.call('GET', '/system/config/configKey/sys.account.captchaEnabled', { token: admin });
  await t.call('GET', '/system/dict/data/type/sys_job_status', { token: admin });
  await t.deps.cache.set('captcha:0123456789abcdef', '42', 120);
  await t.deps.cache.set(
    'session:abcdef0123456789',
    JSON.stringify({ tokenId: 'abcdef0123456789', userName: 'x', ipaddr: '10.1.2.3' }),
    60,
  );
  await t.deps.cache.incr('pwd_err:someone', 600);
});
afterAll(async () => t?.close());

describe('cache monitor', () => {
  it('shows the kind, statistics and our namespaces with key counts', async () => {
    const res = await t.call('GET', '/monitor/cache', { token: admin, lang: 'en-US' });
    expect(res.body.code).toBe(200);
    const data = res.body.data;
    expect(data.kind).toBe('memory');
    expect(data.dbSize).toBeGreaterThanOrEqual(5);
    expect(data.hits + data.misses).toBeGreaterThan(0);
    const counts = Object.fromEntries(
      data.namespaces.map((n: { cacheName: string; keys: number }) => [n.cacheName, n.keys]),
    );
    expect(Object.keys(counts)).toEqual(['captcha:', 'session:', 'authz:', 'config:', 'dict:', 'pwd_err:']);
    expect(counts['captcha:']).toBe(1);
    expect(counts['authz:']).toBeGreaterThanOrEqual(1);
    expect(counts['config:']).toBeGreaterThanOrEqual(1);
    expect(counts['dict:']).toBeGreaterThanOrEqual(1);
    expect(counts['pwd_err:']).toBe(1);
    expect(data.namespaces[0].remark).toBe('Captcha answers');
  });

  it('lists names, keys and values, masking secrets', async () => {
    const names = await t.call('GET', '/monitor/cache/getNames', { token: admin });
    expect(names.body.data.map((n: { cacheName: string }) => n.cacheName)).toContain('dict:');
    const keys = await t.call('GET', '/monitor/cache/getKeys/dict:', { token: admin });
    expect(keys.body.data).toContain('dict:sys_job_status');
    const value = await t.call('GET', '/monitor/cache/getValue/dict:/dict:sys_job_status', { token: admin });
    expect(JSON.parse(value.body.data.cacheValue)[0].dictType).toBe('sys_job_status');
    const captcha = await t.call('GET', '/monitor/cache/getValue/captcha/0123456789abcdef', { token: admin });
    expect(captcha.body.data).toMatchObject({ cacheKey: 'captcha:0123456789abcdef', cacheValue: '******' });
    const session = await t.call('GET', '/monitor/cache/getValue/session:/session:abcdef0123456789', { token: admin });
    const parsed = JSON.parse(session.body.data.cacheValue);
    expect(parsed.tokenId).toBe('abcd****89');
    expect(parsed.ipaddr).not.toBe('10.1.2.3');
    expect(parsed.userName).toBe('x');
  });

  it('refuses names outside our namespaces', async () => {
    const res = await t.call('GET', '/monitor/cache/getKeys/luxgrid', { token: admin, lang: 'en-US' });
    expect(res.body).toEqual({ code: 500, msg: 'There is no cache named "luxgrid"' });
    expect((await t.call('DELETE', '/monitor/cache/clearCacheKey/other:thing', { token: admin })).body.code).toBe(500);
    expect((await t.call('GET', '/monitor/cache/getValue/dict:/dict:nothing', { token: admin })).body.code).toBe(404);
  });

  it('clears a key, a namespace, and everything but the sessions', async () => {
    const one = await t.call('DELETE', '/monitor/cache/clearCacheKey/pwd_err:someone', { token: admin, lang: 'en-US' });
    expect(one.body).toMatchObject({ code: 200, msg: '1 cache keys cleared' });
    expect(await t.deps.cache.get('pwd_err:someone')).toBeNull();

    const ns = await t.call('DELETE', '/monitor/cache/clearCacheName/dict:', { token: admin });
    expect(ns.body.data.removed).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', '/monitor/cache/getKeys/dict:', { token: admin })).body.data).toEqual([]);
    expect(await t.deps.cache.get('config:sys.account.captchaEnabled')).not.toBeNull();

    const all = await t.call('DELETE', '/monitor/cache/clearCacheAll', { token: admin });
    expect(all.body.code).toBe(200);
    expect(await t.deps.cache.keys('config:')).toEqual([]);
    expect(await t.deps.cache.keys('captcha:')).toEqual([]);
    expect(await t.deps.cache.keys('session:')).toEqual(['session:abcdef0123456789']);
    // the caller is still signed in and its permissions reload
    expect((await t.call('GET', '/monitor/cache', { token: admin })).body.code).toBe(200);
  });
});
