import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';
import { customerForm, DAY, fmt, idOf } from './helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const create = (body: unknown, lang: 'zh-CN' | 'en-US' = 'en-US', token = admin) =>
  t.call('POST', '/sysclient/client', { token, body, lang });

describe('customer validation', () => {
  it('limits every customer text to 40 characters, in both languages', async () => {
    for (const field of ['name', 'shortName', 'address', 'contacts', 'platformName', 'operators']) {
      const res = await create(customerForm('LEN40', { [field]: 'x'.repeat(41) }));
      expect({ field, body: res.body }).toEqual({ field, body: { code: 500, msg: 'Cannot exceed 40 characters' } });
    }
    const zh = await create(customerForm('LEN40', { name: '路'.repeat(41) }), 'zh-CN');
    expect(zh.body).toEqual({ code: 500, msg: '不能超过40个字符' });
    expect((await create(customerForm('LEN40', { name: '路'.repeat(40) }))).body.code).toBe(200);
  });

  it('takes only numbers and letters for the code', async () => {
    const res = await create(customerForm('AB-1'));
    expect(res.body).toEqual({ code: 500, msg: 'Only numbers and letters allowed' });
    const zh = await create(customerForm('南京'), 'zh-CN');
    expect(zh.body).toEqual({ code: 500, msg: '只能输入数字和字母' });
    const missing = await create({ ...customerForm('X'), code: undefined });
    expect(missing.body).toEqual({ code: 500, msg: 'Customer code cannot be empty' });
  });

  it('checks the phone number format', async () => {
    const res = await create(customerForm('PHONE1', { phone: 'call me' }));
    expect(res.body).toEqual({ code: 500, msg: 'Invalid Phone Number Format' });
    const zh = await create(customerForm('PHONE1', { phone: '12' }), 'zh-CN');
    expect(zh.body).toEqual({ code: 500, msg: '手机号码格式不正确' });
  });

  it('requires a main account and a default password, and refuses a taken account or code', async () => {
    expect((await create({ ...customerForm('MAIN1'), mainAccount: undefined })).body).toEqual({
      code: 500,
      msg: 'Main account cannot be empty',
    });
    expect((await create(customerForm('MAIN1', { defaultPassword: '123' }))).body).toEqual({
      code: 500,
      msg: 'Default password must be 6 to 20 characters long',
    });
    expect((await create(customerForm('MAIN1', { mainAccount: 'admin' }))).body).toEqual({
      code: 500,
      msg: "Main account 'admin' already exists",
    });
    expect((await create(customerForm('DEMO'))).body).toEqual({
      code: 500,
      msg: "Customer code 'DEMO' already exists",
    });
  });

  it('keeps the validity period in order', async () => {
    const now = t.clock.now();
    const res = await create(customerForm('ORDER1', { validFrom: fmt(now + DAY), validTo: fmt(now) }));
    expect(res.body).toEqual({ code: 500, msg: 'The end of the validity period cannot be before its start' });
    const bad = await create(customerForm('ORDER1', { validTo: '2026-02-30' }));
    expect(bad.body).toEqual({ code: 500, msg: 'Valid to has the wrong format' });
  });
});

describe('creating a customer', () => {
  let clientId: number;
  it('creates the customer with its main account, department root and customer-admin role', async () => {
    const res = await create(customerForm('NJ01', { systemIds: [100, 101], operators: 'Nanjing Lighting Co.' }));
    expect(res.body.code).toBe(200);
    clientId = res.body.data.clientId;
    const detail = (await t.call('GET', `/sysclient/client/${clientId}`, { token: admin })).body.data;
    expect(detail).toMatchObject({
      code: 'NJ01',
      mainAccount: 'nj01_admin',
      operators: 'Nanjing Lighting Co.',
      hasDefaultPassword: true,
      validState: 'normal',
      expire: false,
      systemIds: [100, 101],
      projectCount: 0,
      userCount: 1,
    });
    expect(detail).not.toHaveProperty('defaultPassword');
    expect(detail.menuIds.length).toBeGreaterThan(50);

    const [user] = await t.deps.database.query<{ password: string; pwd_must_change: boolean; dept_id: number }>(
      "select password, pwd_must_change, dept_id from sys_user where user_name = 'nj01_admin'",
    );
    expect(user!.password).toMatch(/^\$argon2id\$/);
    expect(user!.pwd_must_change).toBe(true);
    const [dept] = await t.deps.database.query<{ client_id: number; parent_id: number }>(
      'select client_id, parent_id from sys_dept where dept_id = $1',
      [user!.dept_id],
    );
    expect(dept).toMatchObject({ client_id: clientId, parent_id: 0 });
    const [stored] = await t.deps.database.query<{ default_password: string }>(
      'select default_password from sys_client where client_id = $1',
      [clientId],
    );
    expect(stored!.default_password).toMatch(/^\$argon2id\$/);
  });

  it('lets the main account sign in with the default password and hold every menu given to the customer', async () => {
    const first = await t.call('POST', '/adminlogin', { body: { username: 'nj01_admin', password: 'Init@2026' } });
    const asked = (await t.call('GET', '/getInfo', { token: first.body.token })).body;
    expect(asked.user.pwdMustChange).toBe(true);
    expect(asked.isDefaultModifyPwd).toBe(true);
    // the harness replaces the default password, as the web makes the main account do
    const token = await t.login('nj01_admin', 'Init@2026');
    const info = (await t.call('GET', '/getInfo', { token })).body;
    expect(info.roles).toEqual(['customer_admin']);
    expect(info.permissions).toContain('sysclient:project:add');
    expect(info.permissions).toContain('system:user:list');
    expect(info.permissions.some((p: string) => p.startsWith('lighting:'))).toBe(true);
    // tenant administration stays with the platform
    expect(info.permissions).not.toContain('sysclient:customer:list');
    expect(info.permissions).not.toContain('sysclient:package:list');
    const granted = await t.deps.database.query(
      "select 1 from sys_role_menu rm join sys_role r on r.role_id = rm.role_id where r.client_id = $1 and r.role_key = 'customer_admin'",
      [clientId],
    );
    const given = await t.deps.database.query('select 1 from sys_client_menu where client_id = $1', [clientId]);
    expect(granted.length).toBe(given.length);
  });

  it('narrows the menus to a chosen subset, closed over their catalogues', async () => {
    const projectPage = await idOf(t, "select menu_id as id from sys_menu where menu_key = 'sysclient.project'");
    const projectAdd = await idOf(t, "select menu_id as id from sys_menu where menu_key = 'sysclient.project.add'");
    const catalogue = await idOf(t, "select menu_id as id from sys_menu where menu_key = 'sysclient'");
    const customerPage = await idOf(t, "select menu_id as id from sys_menu where menu_key = 'sysclient.customer'");
    const res = await t.call('PUT', '/sysclient/client', {
      token: admin,
      body: { ...customerForm('NJ01'), clientId, systemIds: [100], menuIds: [projectPage, projectAdd, customerPage] },
    });
    expect(res.body.code).toBe(200);
    const detail = (await t.call('GET', `/sysclient/client/${clientId}`, { token: admin })).body.data;
    // platform-only menus are never given to a customer
    expect(detail.menuIds.sort()).toEqual([catalogue, projectPage, projectAdd].sort());
    expect(detail.systemIds).toEqual([100]);
    const token = await t.login('nj01_admin', 'Init@2026');
    const info = (await t.call('GET', '/getInfo', { token })).body;
    expect(info.permissions).toEqual(['sysclient:project:add', 'sysclient:project:list']);
    const routers = (await t.call('GET', '/routers?systemId=101', { token })).body.data;
    expect(routers).toEqual([]);
  });

  it('offers the assignable menus of chosen subsystems as trees', async () => {
    const res = await t.call('GET', '/sysclient/client/menuTree?systemIds=100,121', { token: admin, lang: 'en-US' });
    expect(res.body.data.map((s: { systemId: number }) => s.systemId)).toEqual([100, 121]);
    const ids = JSON.stringify(res.body.data[0].menus)
      .match(/"id":\d+/g)!
      .map((m) => Number(m.slice(5)));
    const keys = (
      await t.deps.database.query<{ menu_key: string }>('select menu_key from sys_menu where menu_id = any($1)', [ids])
    ).map((r) => r.menu_key);
    expect(keys).toContain('sysclient.project');
    expect(keys).toContain('sysclient.customerConfig');
    for (const platformOnly of [
      'sysclient.customer',
      'sysclient.package',
      'sysclient.system',
      'monitor.jobLog',
      'system.dict',
    ])
      expect(keys).not.toContain(platformOnly);
    expect(JSON.stringify(res.body.data[0].menus)).toContain('"label":"Projects"');
  });

  it('lets only platform administrators set the homepage address', async () => {
    await t.deps.database.query(
      "insert into sys_role (role_name, role_key, data_scope) values ('客户专员', 'customer_clerk', '1')",
    );
    await t.deps.database.query(
      "insert into sys_role_menu (role_id, menu_id) select r.role_id, m.menu_id from sys_role r, sys_menu m where r.role_key = 'customer_clerk' and m.menu_key like 'sysclient.customer%'",
    );
    await t.deps.database.query(
      "insert into sys_user (user_name, nick_name, password, dept_id) select 'clerk', '专员', (select password from sys_user where user_name = 'demo_admin'), dept_id from sys_user where user_name = 'admin'",
    );
    await t.deps.database.query(
      "insert into sys_user_role (user_id, role_id) select u.user_id, r.role_id from sys_user u, sys_role r where u.user_name = 'clerk' and r.role_key = 'customer_clerk'",
    );
    const clerk = await t.login('clerk');
    const refused = await t.call('POST', '/sysclient/client', {
      token: clerk,
      body: customerForm('CLERK1', { homeRouter: '/web/lighting/monitor' }),
      lang: 'en-US',
    });
    expect(refused.body).toEqual({ code: 403, msg: 'No permission for current operation' });
    const created = await t.call('POST', '/sysclient/client', { token: clerk, body: customerForm('CLERK1') });
    expect(created.body.code).toBe(200);
    const id = created.body.data.clientId;
    const edit = await t.call('PUT', '/sysclient/client', {
      token: clerk,
      body: { ...customerForm('CLERK1'), clientId: id, homeRouter: '/web/energy' },
    });
    expect(edit.body.code).toBe(403);
    const byAdmin = await t.call('PUT', '/sysclient/client', {
      token: admin,
      body: { ...customerForm('CLERK1'), clientId: id, homeRouter: '/web/energy' },
    });
    expect(byAdmin.body.code).toBe(200);
    // the clerk may still edit other fields of a customer whose address an admin set
    const keep = await t.call('PUT', '/sysclient/client', {
      token: clerk,
      body: { ...customerForm('CLERK1'), clientId: id, homeRouter: '/web/energy', contacts: '钱工' },
    });
    expect(keep.body.code).toBe(200);
    const bad = await t.call('PUT', '/sysclient/client', {
      token: admin,
      body: { ...customerForm('CLERK1'), clientId: id, homeRouter: 'energy' },
      lang: 'en-US',
    });
    expect(bad.body.msg).toBe('The homepage address must start with / or http(s)://');
  });
});

describe('validity', () => {
  it('moves from not started to normal to expired as the clock runs', async () => {
    const now = t.clock.now();
    const res = await create(
      customerForm('VAL01', { validFrom: fmt(now + DAY), validTo: fmt(now + 10 * DAY), mainAccount: 'val01_admin' }),
    );
    const clientId = res.body.data.clientId;
    const state = async () =>
      (await t.call('GET', `/sysclient/client/${clientId}`, { token: admin })).body.data as {
        validState: string;
        expire: boolean;
      };
    expect(await state()).toMatchObject({ validState: 'not_started', expire: true });
    const user = await t.login('val01_admin', 'Init@2026');
    const early = await t.call('GET', '/sysclient/project/list', { token: user, lang: 'en-US' });
    expect(early.body).toEqual({ code: 500, msg: 'customer expired, choose another' });

    t.clock.advance(2 * DAY);
    admin = await t.login('admin');
    expect(await state()).toMatchObject({ validState: 'normal', expire: false });
    expect(
      (await t.call('GET', '/sysclient/project/list', { token: await t.login('val01_admin', 'Init@2026') })).body.code,
    ).toBe(200);

    t.clock.advance(9 * DAY);
    admin = await t.login('admin');
    expect(await state()).toMatchObject({ validState: 'expired', expire: true });
    const late = await t.call('GET', '/sysclient/project/list', {
      token: await t.login('val01_admin', 'Init@2026'),
      lang: 'zh-CN',
    });
    expect(late.body).toEqual({ code: 500, msg: '客户已过期，请选择其他客户' });
    const filtered = await t.call('GET', '/sysclient/client/list?validState=expired&code=VAL01', { token: admin });
    expect(filtered.body.rows.map((r: { code: string }) => r.code)).toEqual(['VAL01']);
    const normal = await t.call('GET', '/sysclient/client/list?validState=normal&code=VAL01', { token: admin });
    expect(normal.body.total).toBe(0);
  });
});

describe('list, status, delete, export', () => {
  it('filters, pages and sorts by whitelisted columns only', async () => {
    const page = await t.call('GET', '/sysclient/client/list?pageNum=1&pageSize=2&orderByColumn=code&isAsc=asc', {
      token: admin,
    });
    expect(page.body.rows).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(2);
    const codes = page.body.rows.map((r: { code: string }) => r.code);
    expect(codes).toEqual([...codes].sort());
    const byName = await t.call('GET', `/sysclient/client/list?name=${encodeURIComponent('演示')}`, { token: admin });
    expect(byName.body.rows.map((r: { code: string }) => r.code)).toEqual(['DEMO']);
    expect(byName.body.rows[0]).toMatchObject({
      mainAccount: null,
      projectCount: 2,
      packageName: '标准照明套餐（三年）',
    });
    const evil = await t.call('GET', '/sysclient/client/list?orderByColumn=default_password', {
      token: admin,
      lang: 'en-US',
    });
    expect(evil.body).toEqual({ code: 500, msg: 'Sorting by default_password is not supported' });
  });

  it('disables a customer: its users are signed out and cannot sign in', async () => {
    const res = await create(customerForm('OFF01', { mainAccount: 'off01_admin' }));
    const clientId = res.body.data.clientId;
    const signIn = await t.call('POST', '/adminlogin', { body: { username: 'off01_admin', password: 'Init@2026' } });
    const user = signIn.body.token as string;
    const off = await t.call('PUT', '/sysclient/client/changeStatus', {
      token: admin,
      body: { clientId, status: '1' },
    });
    expect(off.body.code).toBe(200);
    expect((await t.call('GET', '/getInfo', { token: user })).body.code).toBe(401);
    const again = await t.call('POST', '/adminlogin', {
      body: { username: 'off01_admin', password: 'Init@2026' },
      lang: 'en-US',
    });
    expect(again.body).toEqual({ code: 500, msg: 'Your customer account has been disabled' });
    await t.call('PUT', '/sysclient/client/changeStatus', { token: admin, body: { clientId, status: '0' } });
    expect(
      (await t.call('GET', '/sysclient/project/list', { token: await t.login('off01_admin', 'Init@2026') })).body.code,
    ).toBe(200);
  });

  it('refuses to delete a customer that still has projects, deletes one without', async () => {
    const demo = await idOf(t, "select client_id as id from sys_client where code = 'DEMO'");
    const refused = await t.call('DELETE', `/sysclient/client/${demo}`, { token: admin, lang: 'en-US' });
    expect(refused.body).toEqual({
      code: 500,
      msg: "Customer '演示城市照明' still has projects and cannot be deleted",
    });
    const res = await create(customerForm('GONE1', { mainAccount: 'gone1_admin' }));
    const id = res.body.data.clientId;
    expect((await t.call('DELETE', `/sysclient/client/${id}`, { token: admin })).body.code).toBe(200);
    expect((await t.call('GET', `/sysclient/client/${id}`, { token: admin })).body.code).toBe(404);
    const login = await t.call('POST', '/adminlogin', { body: { username: 'gone1_admin', password: 'Init@2026' } });
    expect(login.body.code).toBe(500);
    // the code is free again
    expect((await create(customerForm('GONE1', { mainAccount: 'gone1_again' }))).body.code).toBe(200);
    expect((await t.call('DELETE', '/sysclient/client/999999', { token: admin })).body.code).toBe(404);
  });

  it('exports the customers as a workbook', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sysclient/client/export',
      headers: { access_token: admin, 'accept-language': 'en-US' },
      payload: { code: 'DEMO' },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Code');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe('DEMO');
  });
});
