import { randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LOCK_RETRIES } from '../src/modules/auth/auth.service.ts';
import { openRedisCache } from '../src/platform/cache.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { acceptsQueryToken, webPolicy } from '../src/platform/http.ts';
import { perAddressLimit } from '../src/platform/rate-limit.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { reachable, requireService } from './reachable.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { SIGNIN_RATE_PER_MINUTE: '10', CAPTCHA_RATE_PER_MINUTE: '30' } });
});
afterAll(async () => t?.close());

/** A request from a given client address. */
async function from(ip: string, method: 'GET' | 'POST', url: string, body?: object, lang = 'en-US') {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { 'accept-language': lang },
    ...(body ? { payload: body } : {}),
  });
  return { body: JSON.parse(res.body), headers: res.headers };
}

const TOO_MANY = { code: 500, msg: 'Too many requests, please try again later' };

describe('rate limits per address', () => {
  it('answers the eleventh sign-in of a minute from one address with the too-many message', async () => {
    const wrong = { username: 'nobody_here', password: 'wrong-one' };
    for (let i = 0; i < 10; i++) {
      const res = await from('10.1.0.1', 'POST', '/adminlogin', wrong);
      expect(res.body.msg).not.toBe(TOO_MANY.msg);
    }
    const refused = await from('10.1.0.1', 'POST', '/login', wrong);
    expect(refused.body).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const zh = await from('10.1.0.1', 'POST', '/adminlogin', wrong, 'zh-CN');
    expect(zh.body).toEqual({ code: 500, msg: '请求过于频繁，请稍后再试' });
    // registration counts in the same window
    expect((await from('10.1.0.1', 'POST', '/register', {})).body).toEqual(TOO_MANY);
    // another address is not affected
    const other = await from('10.1.0.2', 'POST', '/adminlogin', { username: 'demo_admin', password: 'admin123' });
    expect(other.body.code).toBe(200);
    // the next minute opens again
    t.clock.advance(60_000);
    expect((await from('10.1.0.1', 'POST', '/adminlogin', wrong)).body.msg).not.toBe(TOO_MANY.msg);
  });

  it('allows 30 captchas a minute per address', async () => {
    for (let i = 0; i < 30; i++) expect((await from('10.2.0.1', 'GET', '/captchaImage')).body.code).toBe(200);
    expect((await from('10.2.0.1', 'GET', '/captchaImage')).body).toEqual(TOO_MANY);
    expect((await from('10.2.0.2', 'GET', '/captchaImage')).body.code).toBe(200);
  });

  it('counts across server processes through Redis', async () => {
    if (!requireService('Redis at 127.0.0.1:6379', await reachable('127.0.0.1', 6379))) return;
    const clock = new ManualClock(Date.now());
    const [one, two] = [await openRedisCache('redis://127.0.0.1:6379'), await openRedisCache('redis://127.0.0.1:6379')];
    try {
      const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
      const name = `signin-test-${process.pid}-${randomInt(1e9)}`;
      const limits = [one, two].map((cache) => perAddressLimit({ cache, clock }, name, () => 10));
      const request = { ip } as FastifyRequest;
      const reply = { header: () => reply } as unknown as FastifyReply;
      for (let i = 0; i < 10; i++) await limits[i % 2]!(request, reply);
      await expect(limits[0]!(request, reply)).rejects.toMatchObject({ key: 'http.429' });
      await expect(limits[1]!(request, reply)).rejects.toMatchObject({ key: 'http.429' });
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('lockout', () => {
  const attempt = (ip: string, username: string, password: string) =>
    from(ip, 'POST', '/adminlogin', { username, password });

  it("does not let a stranger's wrong passwords lock the account out for everybody", async () => {
    t.clock.advance(60_000);
    for (let i = 1; i <= 5; i++) await attempt('10.3.0.66', 'demo_admin', 'not-the-password');
    const stranger = await attempt('10.3.0.66', 'demo_admin', 'admin123');
    expect(stranger.body).toEqual({ code: 500, msg: 'Wrong password 5 times, the account is locked for 10 minutes' });
    // the account's own user, elsewhere, still signs in
    expect((await attempt('10.3.0.7', 'demo_admin', 'admin123')).body.code).toBe(200);
  });

  it('locks the account everywhere only at the account-wide threshold', async () => {
    let address = 0;
    for (let i = 0; i < ACCOUNT_LOCK_RETRIES; i++) {
      if (i % 4 === 0) {
        address++;
        // stay below the per-address rate limit
        if (address % 2 === 0) t.clock.advance(1_000);
      }
      await attempt(`10.4.${address}.1`, 'demo_operator', 'not-the-password');
    }
    const owner = await attempt('10.4.200.1', 'demo_operator', 'admin123');
    expect(owner.body).toEqual({
      code: 500,
      msg: `Wrong password ${ACCOUNT_LOCK_RETRIES} times, the account is locked for 10 minutes`,
    });
    t.clock.advance(10 * 60_000 + 1_000);
    expect((await attempt('10.4.200.1', 'demo_operator', 'admin123')).body.code).toBe(200);
  });

  it('is lifted for every address by the login log unlock', async () => {
    for (let i = 1; i <= 5; i++) await attempt('10.5.0.1', 'demo_operator', 'not-the-password');
    const admin = await t.login('admin');
    const unlock = await t.call('GET', '/monitor/logininfor/unlock/demo_operator', { token: admin });
    expect(unlock.body.code).toBe(200);
    expect((await attempt('10.5.0.1', 'demo_operator', 'admin123')).body.code).toBe(200);
  });
});

describe('unknown accounts', () => {
  it('get the same answer as a wrong password', async () => {
    t.clock.advance(60_000);
    const unknown = await from('10.6.0.1', 'POST', '/adminlogin', { username: 'no_such_user', password: 'whatever1' });
    const wrong = await from('10.6.0.2', 'POST', '/adminlogin', { username: 'demo_admin', password: 'whatever1' });
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body).toEqual({
      code: 500,
      msg: 'Wrong password 1 times; 4 more and the account is locked for 10 minutes',
    });
  });

  it('take about as long as a wrong password', async () => {
    const time = async (username: string, ip: string) => {
      const started = performance.now();
      await from(ip, 'POST', '/adminlogin', { username, password: 'whatever1' });
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 7; i++) {
      t.clock.advance(60_000);
      unknown.push(await time(`ghost_${i}`, `10.7.${i}.1`));
      wrong.push(await time('demo_admin', `10.7.${i}.2`));
    }
    const ratio = median(unknown) / median(wrong);
    console.info(
      `sign-in refusal: unknown ${median(unknown).toFixed(1)} ms, wrong password ${median(wrong).toFixed(1)} ms`,
    );
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('?access_token= in the URL', () => {
  it('is read only on the downloads the web opens as links', async () => {
    expect(acceptsQueryToken('GET', '/common/download')).toBe(true);
    expect(acceptsQueryToken('GET', '/common/download/resource')).toBe(true);
    expect(acceptsQueryToken('GET', '/tool/gen/download/:tableName')).toBe(true);
    expect(acceptsQueryToken('POST', '/system/user/export')).toBe(false);
    expect(acceptsQueryToken('GET', '/system/user/list')).toBe(false);
    expect(acceptsQueryToken('DELETE', '/system/user/:userIds')).toBe(false);
    // every route that reads it is a GET of a file
    const readers = t.app.routeCatalog().filter((r) => acceptsQueryToken(r.method, r.url));
    expect(readers.length).toBeGreaterThan(0);
    for (const route of readers) expect(route.url).toMatch(/download|export|[tT]emplate/);
  });

  it('signs nothing else in: no reads, no writes', async () => {
    const token = await t.login('admin');
    expect((await t.call('GET', `/getInfo?access_token=${token}`)).body.code).toBe(401);
    expect((await t.call('GET', `/system/user/list?access_token=${token}`)).body.code).toBe(401);
    const write = await t.call('POST', `/system/notice?access_token=${token}`, {
      body: { noticeTitle: 'x', noticeType: '1', noticeContent: 'x' },
    });
    expect(write.body.code).toBe(401);
    const del = await t.call('DELETE', `/system/config/refreshCache?access_token=${token}`);
    expect(del.body.code).toBe(401);
    // a download link still works
    const template = await t.app.inject({
      method: 'GET',
      url: `/lighting/import/template?deviceType=RTU&access_token=${token}`,
    });
    expect(template.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('security headers', () => {
  it('come with every answer: API, errors and the web', async () => {
    for (const url of ['/getInfo', '/no/such/route', '/captchaImage', '/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe(webPolicy());
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
    const policy = webPolicy();
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("frame-ancestors 'self'");
  });

  it('give the API documentation its own policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swagger-ui/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
