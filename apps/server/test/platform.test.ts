import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/db/seed/index.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('database', () => {
  it('is migrated from empty and seeded with menus, dictionaries and demo data', async () => {
    const q = t.deps.database.query.bind(t.deps.database);
    const [counts] = await q<Record<string, number>>(
      `select (select count(*)::int from sys_menu) menus, (select count(*)::int from sys_menu where menu_type = 'F') buttons,
              (select count(*)::int from sys_dict_type) dict_types, (select count(*)::int from sys_dict_data) dict_data,
              (select count(*)::int from sys_system) systems, (select count(*)::int from biz_project) projects,
              (select count(*)::int from sys_user) users`,
    );
    expect(counts!.menus).toBeGreaterThan(500);
    expect(counts!.buttons).toBeGreaterThan(300);
    expect(counts!.dict_types).toBeGreaterThan(40);
    expect(counts!.systems).toBe(23);
    expect(counts!.projects).toBe(2);
    expect(counts!.users).toBe(3);
    const [beijing] = await q<{ longitude: number; latitude: number }>(
      "select longitude, latitude from biz_project where code = 'YQ001'",
    );
    expect(beijing).toEqual({ longitude: 115.97, latitude: 40.46 });
  });

  it('seeds idempotently', async () => {
    const q = t.deps.database.query.bind(t.deps.database);
    const before = await q(
      'select (select count(*)::int from sys_menu) m, (select count(*)::int from sys_dict_data) d, (select count(*)::int from sys_user) u, (select count(*)::int from sys_role_menu) rm, (select count(*)::int from sys_post) p',
    );
    await q("update sys_config set config_value = 'stale' where config_key = 'sys.seed.version'");
    await seed(t.deps.database.db, t.clock, { demo: true });
    await seed(t.deps.database.db, t.clock, { demo: true });
    expect(
      await q(
        'select (select count(*)::int from sys_menu) m, (select count(*)::int from sys_dict_data) d, (select count(*)::int from sys_user) u, (select count(*)::int from sys_role_menu) rm, (select count(*)::int from sys_post) p',
      ),
    ).toEqual(before);
  });
});

describe('dictionaries', () => {
  it('serve labels in the request language', async () => {
    const token = await t.login('demo_operator');
    const zh = await t.call('GET', '/system/dict/data/type/sys_user_sex', { token });
    const en = await t.call('GET', '/system/dict/data/type/sys_user_sex', { token, lang: 'en-US' });
    expect(zh.body.data.map((d: { dictValue: string }) => d.dictValue)).toEqual(['0', '1', '2']);
    expect(zh.body.data[0].dictLabel).toBe('男');
    expect(en.body.data[0].dictLabel).toBe('Male');
  });
});

describe('operation log', () => {
  it('records mutating calls with secrets masked and the cost in ms', async () => {
    const token = await t.login('demo_admin');
    const res = await t.call('PUT', '/system/user/profile/updatePwd', {
      token,
      body: { oldPassword: 'admin123', newPassword: 'brandNew1' },
    });
    expect(res.body.code).toBe(200);
    const [row] = await t.deps.database.query<{
      title: string;
      oper_param: string;
      oper_name: string;
      business_type: number;
      status: number;
      cost_time: number;
      request_method: string;
    }>("select * from sys_oper_log where oper_url = '/system/user/profile/updatePwd' order by oper_id desc limit 1");
    expect(row).toMatchObject({ oper_name: 'demo_admin', business_type: 2, status: 0, request_method: 'PUT' });
    expect(row!.oper_param).not.toContain('brandNew1');
    expect(row!.oper_param).toContain('******');
    expect(row!.cost_time).toBeGreaterThanOrEqual(0);
  });

  it('records a failed call as failed with its message', async () => {
    const token = await t.login('demo_admin', 'brandNew1');
    await t.call('PUT', '/system/user/profile/updatePwd', {
      token,
      body: { oldPassword: 'wrongOld1', newPassword: 'another12' },
    });
    const [row] = await t.deps.database.query<{ status: number; error_msg: string }>(
      "select status, error_msg from sys_oper_log where oper_url = '/system/user/profile/updatePwd' order by oper_id desc limit 1",
    );
    expect(row).toEqual({ status: 1, error_msg: '修改密码失败，旧密码错误' });
  });
});

describe('profile', () => {
  it('shows and updates the own details with the spec rules', async () => {
    const token = await t.login('demo_operator');
    const profile = await t.call('GET', '/system/user/profile', { token });
    expect(profile.body).toMatchObject({ roleGroup: '值班操作员', postGroup: '值班员' });
    const bad = await t.call('PUT', '/system/user/profile', {
      token,
      lang: 'en-US',
      body: { nickName: '王', phonenumber: '12345', email: 'nope' },
    });
    expect(bad.body.msg).toContain('Invalid Phone Number Format');
    expect(bad.body.msg).toContain('Invalid email address');
    const good = await t.call('PUT', '/system/user/profile', {
      token,
      body: { nickName: '小王', phonenumber: '13900139000', email: 'w@x.cn', sex: '1' },
    });
    expect(good.body.code).toBe(200);
    expect((await t.call('GET', '/info/user', { token })).body.data.nickName).toBe('小王');
  });

  it('refuses mismatched confirmation with the spec message', async () => {
    const token = await t.login('demo_operator');
    const res = await t.call('PUT', '/system/user/profile/updatePwd', {
      token,
      lang: 'en-US',
      body: { oldPassword: 'admin123', newPassword: 'newpass1', confirmPassword: 'newpass2' },
    });
    expect(res.body.msg).toContain('the two entered passwords do not match');
  });
});

describe('uploads and downloads', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const multipart = (name: string, content: Buffer, field = 'file') => {
    const boundary = '----luxgrid';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };

  it('stores an image and serves it back', async () => {
    const token = await t.login('demo_operator');
    const { body, headers } = multipart('lamp.png', png);
    const res = await t.app.inject({
      method: 'POST',
      url: '/common/upload',
      payload: body,
      headers: { ...headers, access_token: token },
    });
    const json = res.json();
    expect(json).toMatchObject({ code: 200, originalFilename: 'lamp.png' });
    expect(json.url).toMatch(/^\/profile\/upload\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const back = await t.app.inject({ method: 'GET', url: json.url });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/png');
  });

  it('refuses wrong types, disguised files and oversize documents', async () => {
    const token = await t.login('demo_operator');
    for (const [name, content, msg] of [
      ['run.exe', Buffer.from('MZ'), 'Incorrect file format'],
      ['fake.png', Buffer.from('not an image'), 'Incorrect file format'],
      ['big.txt', Buffer.alloc(600 * 1024, 65), 'The file cannot be larger than 500 KB'],
    ] as const) {
      const { body, headers } = multipart(name, content);
      const res = await t.app.inject({
        method: 'POST',
        url: '/common/upload',
        payload: body,
        headers: { ...headers, access_token: token, 'accept-language': 'en-US' },
      });
      expect(res.json()).toEqual({ code: 500, msg });
    }
  });

  it('confines downloads to the upload root', async () => {
    const token = await t.login('admin');
    for (const fileName of ['../../etc/passwd', '/etc/passwd', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await t.call('GET', `/common/download?fileName=${encodeURIComponent(fileName)}`, {
        token,
        lang: 'en-US',
      });
      expect(res.body.code).toBe(500);
    }
  });
});

describe('documentation and health', () => {
  it('serves OpenAPI 3 generated from the route schemas', async () => {
    const res = await t.call('GET', '/v3/api-docs');
    expect(res.body.openapi).toBe('3.0.3');
    expect(res.body.paths['/adminlogin'].post.requestBody).toBeDefined();
    expect(Object.keys(res.body.paths).length).toBeGreaterThan(20);
    const doc = await t.app.inject({ method: 'GET', url: '/doc.html' });
    expect(doc.statusCode).toBe(302);
    expect((await t.app.inject({ method: 'GET', url: '/swagger-ui/' })).statusCode).toBe(200);
  });

  it('reports the health of database and cache', async () => {
    const res = await t.call('GET', '/health');
    expect(res.body).toMatchObject({ status: 'ok', db: { ok: true }, cache: { ok: true, kind: 'memory' } });
  });

  it('shows the login-page settings without a session and lets only platform admins change them', async () => {
    const settings = await t.call('GET', '/sysclient/sysPlatform', { lang: 'en-US' });
    expect(settings.body.data).toMatchObject({ platformName: 'Luxgrid Smart Lighting', homePage: 'Index' });
    const admin = await t.login('admin');
    const saved = await t.call('POST', '/sysclient/sysPlatform', {
      token: admin,
      body: { platformName: '延庆智慧路灯', homePage: 'IndexAirport' },
    });
    expect(saved.body.code).toBe(200);
    expect((await t.call('GET', '/sysclient/sysPlatform')).body.data).toMatchObject({
      platformName: '延庆智慧路灯',
      homePage: 'IndexAirport',
    });
  });
});
