import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { grantToRole } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demoIds } from './helpers.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
let demoAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  ids = await demoIds(t);
  demoAdmin = await t.login('demo_admin');
});
afterAll(async () => t?.close());

/** Signs in without replacing an initial password (what a user sees right after sign-in). */
async function signInAsIs(userName: string, password: string): Promise<string> {
  const res = await t.call('POST', '/adminlogin', { body: { username: userName, password } });
  expect(res.body.code).toBe(200);
  return res.body.token as string;
}

describe('a user added without a password', () => {
  it('gets a drawn password, answered once to the creator, and must replace it', async () => {
    const res = await t.call('POST', '/system/user', {
      token: demoAdmin,
      body: { userName: 'drawn_one', nickName: '抽签用户', password: '', deptId: ids.crew },
    });
    expect(res.body.code).toBe(200);
    const drawn = res.body.data.password as string;
    expect(drawn).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{12}$/);
    const second = await t.call('POST', '/system/user', {
      token: demoAdmin,
      body: { userName: 'drawn_two', nickName: '抽签用户二', deptId: ids.crew },
    });
    expect(second.body.data.password).not.toBe(drawn);

    // nowhere else: not in the user's record, not in the operation log
    const got = await t.call('GET', `/system/user/${res.body.data.userId}`, { token: demoAdmin });
    expect(JSON.stringify(got.body)).not.toContain(drawn);
    await expect
      .poll(
        async () =>
          (
            await t.deps.database.query<{ json_result: string }>(
              "select json_result from sys_oper_log where oper_url = '/system/user' and request_method = 'POST'",
            )
          ).length,
      )
      .toBe(2);
    const logs = await t.deps.database.query<{ json_result: string }>('select json_result from sys_oper_log');
    for (const log of logs) expect(log.json_result).not.toContain(drawn);

    const token = await signInAsIs('drawn_one', drawn);
    const info = await t.call('GET', '/getInfo', { token });
    expect(info.body).toMatchObject({ code: 200, isDefaultModifyPwd: true, isPasswordExpired: false });
  });

  it('keeps a password the creator typed, without answering it back', async () => {
    const res = await t.call('POST', '/system/user', {
      token: demoAdmin,
      body: { userName: 'typed_one', nickName: '自定密码', password: 'typed123', deptId: ids.crew },
    });
    expect(res.body.data).toEqual({ userId: expect.any(Number) });
    const token = await signInAsIs('typed_one', 'typed123');
    expect((await t.call('GET', '/getInfo', { token })).body.isDefaultModifyPwd).toBe(true);
  });
});

describe('a user who must replace an initial password', () => {
  it('is refused everything but the profile, the password change, /getInfo and /routers', async () => {
    await t.call('POST', '/system/user', {
      token: demoAdmin,
      body: { userName: 'must_change', nickName: '新值班员', password: 'first123', deptId: ids.crew },
    });
    await t.call('PUT', '/system/user/authRole', {
      token: demoAdmin,
      body: { userId: await userId('must_change'), roleIds: [ids.operatorRole] },
    });
    const token = await signInAsIs('must_change', 'first123');
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const refused = await t.call('GET', '/system/user/list', { token, lang });
      expect(refused.body).toEqual({
        code: 403,
        msg: lang === 'en-US' ? 'Please change your initial password first' : '请先修改初始密码',
      });
    }
    for (const [method, url] of [
      ['GET', '/lighting/device/list'],
      ['GET', '/info/getClientsWithExpire'],
      ['GET', '/system/dict/data/type/sys_user_sex'],
      ['POST', '/system/user'],
    ] as const) {
      const res = await t.call(method, url, { token, body: method === 'POST' ? {} : undefined });
      expect({ url, code: res.body.code }).toEqual({ url, code: 403 });
    }
    expect((await t.call('GET', '/getInfo', { token })).body.code).toBe(200);
    expect((await t.call('GET', '/routers', { token })).body.code).toBe(200);
    expect((await t.call('GET', '/system/user/profile', { token })).body.code).toBe(200);

    const changed = await t.call('PUT', '/system/user/profile/updatePwd', {
      token,
      body: { oldPassword: 'first123', newPassword: 'mine4567', confirmPassword: 'mine4567' },
    });
    expect(changed.body.code).toBe(200);
    // the same session works at once
    expect((await t.call('GET', '/getInfo', { token })).body.isDefaultModifyPwd).toBe(false);
    // what the duty operator's role grants is open now
    expect((await t.call('GET', '/lighting/device/list', { token })).body.code).toBe(200);
    expect((await t.call('GET', '/system/dict/data/type/sys_user_sex', { token })).body.code).toBe(200);
  });

  it('receives no pushes', async () => {
    await t.call('POST', '/system/user', {
      token: demoAdmin,
      body: { userName: 'must_push', nickName: '推送', password: 'first123', deptId: ids.crew },
    });
    const token = await signInAsIs('must_push', 'first123');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const ws = new WebSocket(`ws://127.0.0.1:${address.port}/ws?token=${token}`);
    const code = await new Promise<number>((resolve) => ws.once('close', (c) => resolve(c)));
    expect(code).toBe(4403);
  });

  it('leaves the demo accounts alone: they are not asked to change', async () => {
    for (const name of ['demo_admin', 'demo_operator']) {
      const token = await signInAsIs(name, 'admin123');
      expect((await t.call('GET', '/getInfo', { token })).body.isDefaultModifyPwd).toBe(false);
    }
  });
});

describe('the platform parameters', () => {
  it('are not readable by a customer administrator, even one whose role holds the permissions', async () => {
    await grantToRole(t, 'customer_admin', 'system.config');
    await grantToRole(t, 'customer_admin', 'system.config.export');
    await grantToRole(t, 'customer_admin', 'system.config.query');
    await grantToRole(t, 'customer_admin', 'system.config.edit');
    await grantToRole(t, 'customer_admin', 'system.config.remove');
    const token = await t.login('demo_admin');
    expect((await t.call('GET', '/getInfo', { token })).body.permissions).toContain('system:config:list');
    const [init] = await t.deps.database.query<{ config_id: number }>(
      "select config_id from sys_config where config_key = 'sys.user.initPassword'",
    );
    for (const [method, url] of [
      ['GET', '/system/config/list'],
      ['GET', `/system/config/${init!.config_id}`],
      ['POST', '/system/config/export'],
      ['PUT', '/system/config'],
      ['DELETE', '/system/config/refreshCache'],
    ] as const) {
      const res = await t.call(method, url, { token, lang: 'en-US', body: method === 'GET' ? undefined : {} });
      expect({ url, body: res.body }).toEqual({
        url,
        body: { code: 403, msg: 'Only platform administrators may do this' },
      });
    }
    for (const key of ['sys.user.initPassword', 'sys.login.blackIPList', 'sys.seed.version']) {
      const res = await t.call('GET', `/system/config/configKey/${key}`, { token });
      expect({ key, body: res.body }).toEqual({ key, body: { code: 200, msg: '', data: '' } });
    }
    // what the sign-in page and the main frame read stays readable
    const captcha = await t.call('GET', '/system/config/configKey/sys.account.captchaEnabled', { token });
    expect(captcha.body).toMatchObject({ code: 200, msg: 'true' });
    const enter = await t.call('GET', '/system/config/configKey/sys.index.enterSystem', { token });
    expect(enter.body.msg).toBe('sysclient');
  });

  it('are not offered to customers as a menu', async () => {
    const token = await t.login('demo_operator');
    const routers = JSON.stringify((await t.call('GET', '/routers?systemId=100', { token })).body.data);
    expect(routers).not.toContain('system/config/index');
  });

  it('stay readable by platform users', async () => {
    const admin = await t.login('admin');
    const res = await t.call('GET', '/system/config/configKey/sys.user.initPassword', { token: admin });
    expect(res.body.code).toBe(200);
    expect(res.body.msg).not.toBe('');
    expect((await t.call('GET', '/system/config/list', { token: admin })).body.code).toBe(200);
  });
});

async function userId(name: string): Promise<number> {
  const [row] = await t.deps.database.query<{ user_id: number }>('select user_id from sys_user where user_name = $1', [
    name,
  ]);
  return Number(row!.user_id);
}
