import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ captcha: true });
});
afterAll(async () => t?.close());

async function captcha() {
  const res = await t.call('GET', '/captchaImage');
  expect(res.body.captchaEnabled).toBe(true);
  const answer = await t.deps.cache.get(`captcha:${res.body.uuid}`);
  return { uuid: res.body.uuid as string, answer: answer!, img: res.body.img as string };
}

const login = (body: Record<string, unknown>, lang?: 'en-US') => t.call('POST', '/adminlogin', { body, lang });

describe('captcha', () => {
  it('issues a PNG and an id', async () => {
    const { uuid, img, answer } = await captcha();
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.from(img, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(Number(answer)).toBeGreaterThanOrEqual(0);
  });

  it('verifies the answer and accepts it only once', async () => {
    const { uuid, answer } = await captcha();
    expect((await login({ username: 'admin', password: 'admin123', code: answer, uuid })).body.code).toBe(200);
    const again = await login({ username: 'admin', password: 'admin123', code: answer, uuid }, 'en-US');
    expect(again.body).toEqual({ code: 500, msg: 'The captcha has expired' });
  });

  it('refuses a wrong answer and consumes it', async () => {
    const { uuid, answer } = await captcha();
    const wrong = await login(
      { username: 'admin', password: 'admin123', code: String(Number(answer) + 1), uuid },
      'en-US',
    );
    expect(wrong.body.msg).toBe('The captcha is wrong');
    expect((await login({ username: 'admin', password: 'admin123', code: answer, uuid }, 'en-US')).body.msg).toBe(
      'The captcha has expired',
    );
  });

  it('expires after two minutes', async () => {
    const { uuid, answer } = await captcha();
    t.clock.advance(121_000);
    expect((await login({ username: 'admin', password: 'admin123', code: answer, uuid }, 'en-US')).body.msg).toBe(
      'The captcha has expired',
    );
  });

  it('demands a code when enabled', async () => {
    expect((await login({ username: 'admin', password: 'admin123' }, 'en-US')).body.msg).toBe(
      'Please enter the captcha',
    );
  });

  it('is switched off at runtime by sys.account.captchaEnabled', async () => {
    const token = await loginWithCaptcha('admin', 'admin123');
    const password = await t.replaceInitialPassword(token, 'admin', 'admin123');
    const list = await t.call('GET', '/system/config/list?configKey=sys.account.captchaEnabled', { token });
    const row = list.body.rows[0];
    const put = await t.call('PUT', '/system/config', { token, body: { ...row, configValue: 'false' } });
    expect(put.body.code).toBe(200);
    expect((await t.call('GET', '/captchaImage')).body).toMatchObject({ captchaEnabled: false });
    expect((await login({ username: 'admin', password })).body.code).toBe(200);
    await t.call('PUT', '/system/config', { token, body: { ...row, configValue: 'true' } });
    expect((await t.call('GET', '/captchaImage')).body.captchaEnabled).toBe(true);
  });
});

async function loginWithCaptcha(username: string, password: string) {
  const { uuid, answer } = await captcha();
  const res = await login({ username, password, code: answer, uuid });
  return res.body.token as string;
}

describe('lockout', () => {
  it('locks the account for 10 minutes after 5 wrong passwords', async () => {
    const attempt = async (password: string) => {
      const { uuid, answer } = await captcha();
      return (await login({ username: 'demo_operator', password, code: answer, uuid }, 'en-US')).body;
    };
    for (let i = 1; i <= 4; i++) {
      const body = await attempt('wrong-password');
      expect(body.msg).toBe(`Wrong password ${i} times; ${5 - i} more and the account is locked for 10 minutes`);
    }
    expect((await attempt('wrong-password')).msg).toBe('Wrong password 5 times, the account is locked for 10 minutes');
    // even the right password is refused while locked
    expect((await attempt('admin123')).msg).toBe('Wrong password 5 times, the account is locked for 10 minutes');
    t.clock.advance(9 * 60_000);
    expect((await attempt('admin123')).code).toBe(500);
    t.clock.advance(61_000);
    expect((await attempt('admin123')).code).toBe(200);
  });

  it('logs each refused attempt', async () => {
    const rows = await t.deps.database.query<{ n: number }>(
      "select count(*)::int as n from sys_logininfor where user_name = 'demo_operator' and status = '1'",
    );
    expect(rows[0]!.n).toBeGreaterThanOrEqual(6);
  });
});

describe('password hashes', () => {
  it('accepts a bcrypt hash from a RuoYi system and upgrades it to argon2id', async () => {
    const legacy = bcrypt.hashSync('legacy123', 10).replace(/^\$2b\$/, '$2a$');
    await t.deps.database.query("update sys_user set password = $1 where user_name = 'demo_admin'", [legacy]);
    await t.deps.cache.delPrefix('pwd_err:');
    expect(await loginWithCaptcha('demo_admin', 'legacy123')).toBeTruthy();
    const [row] = await t.deps.database.query<{ password: string }>(
      "select password from sys_user where user_name = 'demo_admin'",
    );
    expect(row!.password.startsWith('$argon2id$')).toBe(true);
    expect(await loginWithCaptcha('demo_admin', 'legacy123')).toBeTruthy();
  });
});
