import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantBackOfficeReading, grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demoIds, download, readSheet } from './helpers.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
let rival: { clientId: number; token: string };
let admin: string;
let demoAdmin: string;

const names = (rows: { userName: string }[]) => rows.map((r) => r.userName).sort();

beforeAll(async () => {
  t = await startTestApp();
  ids = await demoIds(t);
  rival = await secondCustomer(t);
  // the operator stands for a department-scoped clerk who reads the back office
  await grantBackOfficeReading(t, 'operator');
  for (const key of [
    'system.user',
    'system.user.query',
    'system.user.add',
    'system.user.edit',
    'system.user.remove',
    'system.user.resetPwd',
  ])
    await grantToRole(t, 'rival_admin', key);
  admin = await t.login('admin');
  demoAdmin = await t.login('demo_admin');
});
afterAll(async () => t?.close());

async function addUser(token: string, body: Record<string, unknown>, lang: 'zh-CN' | 'en-US' = 'zh-CN') {
  return t.call('POST', '/system/user', {
    token,
    lang,
    body: { nickName: 'Someone', password: 'secret12', ...body },
  });
}

describe('user list', () => {
  it("shows a customer's admin its own users only", async () => {
    const res = await t.call('GET', '/system/user/list', { token: demoAdmin });
    expect(res.body.code).toBe(200);
    expect(names(res.body.rows)).toEqual(['demo_admin', 'demo_operator']);
    expect(res.body.rows.find((r: { userName: string }) => r.userName === 'demo_operator')).toMatchObject({
      deptName: '运维中心',
      dept: { deptId: ids.ops, deptName: '运维中心' },
    });
    expect(res.body.rows[0]).not.toHaveProperty('password');
  });

  it('lets platform users see every customer, or the one named by the clientId header', async () => {
    const all = await t.call('GET', '/system/user/list?pageSize=100', { token: admin });
    expect(names(all.body.rows)).toEqual(['admin', 'demo_admin', 'demo_operator', 'rival_admin']);
    const one = await t.call('GET', '/system/user/list', {
      token: admin,
      headers: { clientId: String(rival.clientId) },
    });
    expect(names(one.body.rows)).toEqual(['rival_admin']);
  });

  it('ignores a clientId header that names another customer', async () => {
    const res = await t.call('GET', '/system/user/list', {
      token: rival.token,
      headers: { clientId: String(ids.client) },
    });
    expect(names(res.body.rows)).toEqual(['rival_admin']);
  });

  it('filters by department and below, name, status and creation date', async () => {
    const company = await t.call('GET', `/system/user/list?deptId=${ids.company}`, { token: demoAdmin });
    expect(names(company.body.rows)).toEqual(['demo_admin', 'demo_operator']);
    const ops = await t.call('GET', `/system/user/list?deptId=${ids.ops}`, { token: demoAdmin });
    expect(names(ops.body.rows)).toEqual(['demo_operator']);
    const crew = await t.call('GET', `/system/user/list?deptId=${ids.crew}`, { token: demoAdmin });
    expect(crew.body.rows).toEqual([]);
    const byName = await t.call('GET', '/system/user/list?userName=OPER', { token: demoAdmin });
    expect(names(byName.body.rows)).toEqual(['demo_operator']);
    const disabled = await t.call('GET', '/system/user/list?status=1', { token: demoAdmin });
    expect(disabled.body.total).toBe(0);
    const past = await t.call('GET', '/system/user/list?params[beginTime]=2000-01-01&params[endTime]=2000-12-31', {
      token: demoAdmin,
    });
    expect(past.body.total).toBe(0);
  });

  it('sorts only by whitelisted columns', async () => {
    const asc = await t.call('GET', '/system/user/list?orderByColumn=userName&isAsc=asc', { token: demoAdmin });
    expect(asc.body.rows.map((r: { userName: string }) => r.userName)).toEqual(['demo_admin', 'demo_operator']);
    const desc = await t.call('GET', '/system/user/list?orderByColumn=userName&isAsc=desc', { token: demoAdmin });
    expect(desc.body.rows.map((r: { userName: string }) => r.userName)).toEqual(['demo_operator', 'demo_admin']);
    const bad = await t.call('GET', '/system/user/list?orderByColumn=password', { token: demoAdmin, lang: 'en-US' });
    expect(bad.body).toEqual({ code: 500, msg: 'Sorting by password is not supported' });
  });

  it('refuses callers without the permission', async () => {
    await t.deps.database.query(
      "insert into sys_user (user_name, nick_name, password, client_id) select 'no_roles', 'x', password, client_id from sys_user where user_name = 'demo_operator'",
    );
    const token = await t.login('no_roles');
    expect((await t.call('GET', '/system/user/list', { token })).body.code).toBe(403);
    expect((await t.call('POST', '/system/user', { token, body: {} })).body.code).toBe(403);
  });
});

describe('adding and editing users', () => {
  it('adds a user with roles and a post, who can then sign in', async () => {
    const res = await addUser(demoAdmin, {
      userName: 'new_clerk',
      nickName: '新办事员',
      password: 'clerk123',
      deptId: ids.crew,
      phonenumber: '13911112222',
      email: 'clerk@demo.cn',
      sex: '1',
      roleIds: [ids.operatorRole],
      postIds: [ids.post],
    });
    expect(res.body).toMatchObject({ code: 200 });
    const userId = res.body.data.userId;
    const got = await t.call('GET', `/system/user/${userId}`, { token: demoAdmin });
    expect(got.body.data).toMatchObject({ userName: 'new_clerk', clientId: ids.client, deptId: ids.crew, sex: '1' });
    expect(got.body.data.pwdMustChange).toBe(true);
    expect(got.body.roleIds).toEqual([ids.operatorRole]);
    expect(got.body.postIds).toEqual([ids.post]);
    expect(got.body.roles.map((r: { roleId: number }) => r.roleId).sort()).toEqual(
      [ids.customerAdminRole, ids.operatorRole].sort(),
    );
    const token = await t.login('new_clerk', 'clerk123');
    const info = await t.call('GET', '/getInfo', { token });
    expect(info.body.roles).toEqual(['operator']);
  });

  it('offers the roles and posts of the current customer for a new user', async () => {
    const res = await t.call('GET', '/system/user/', { token: demoAdmin });
    expect(res.body.roles.map((r: { roleKey: string }) => r.roleKey).sort()).toEqual(['customer_admin', 'operator']);
    expect(res.body.posts.map((p: { postCode: string }) => p.postCode)).toEqual(['operator']);
  });

  it('names each broken rule in the caller language', async () => {
    const en = await addUser(
      demoAdmin,
      { userName: 'a', password: '123', phonenumber: '12345', email: 'nope', sex: '7', deptId: ids.ops },
      'en-US',
    );
    expect(en.body.code).toBe(500);
    for (const text of [
      'User name must be 2 to 20 characters long',
      'Password must be 6 to 20 characters long',
      'Invalid Phone Number Format',
      'Invalid email address',
      'Gender is not one of the allowed values',
    ])
      expect(en.body.msg).toContain(text);
    const zh = await addUser(demoAdmin, { userName: 'x'.repeat(21), password: 'p'.repeat(21), phonenumber: '12345' });
    expect(zh.body.msg).toContain('用户名称长度必须在2到20个字符之间');
    expect(zh.body.msg).toContain('密码长度必须在6到20个字符之间');
    expect(zh.body.msg).toContain('手机号码格式不正确');
    const noNick = await addUser(demoAdmin, { userName: 'nonick', nickName: '' }, 'en-US');
    expect(noNick.body.msg).toBe('Nickname cannot be empty');
  });

  it('keeps account, mobile and email unique', async () => {
    const name = await addUser(demoAdmin, { userName: 'demo_operator', deptId: ids.ops }, 'en-US');
    expect(name.body.msg).toBe("Cannot save user 'demo_operator': the account already exists");
    const phone = await addUser(demoAdmin, { userName: 'dup_phone', phonenumber: '13800138002', deptId: ids.ops });
    expect(phone.body.msg).toBe("保存用户'dup_phone'失败，手机号码已存在");
    const email = await addUser(
      demoAdmin,
      { userName: 'dup_mail', email: 'operator@luxgrid.local', deptId: ids.ops },
      'en-US',
    );
    expect(email.body.msg).toBe("Cannot save user 'dup_mail': the email address is already in use");
    const rivalName = await addUser(rival.token, { userName: 'demo_admin' }, 'en-US');
    expect(rivalName.body.msg).toContain('the account already exists');
  });

  it('refuses a department, role or post of another customer', async () => {
    const dept = await addUser(rival.token, { userName: 'rival_x', deptId: ids.ops }, 'en-US');
    expect(dept.body.msg).toBe('The department does not exist or is outside your data scope');
    const role = await addUser(demoAdmin, { userName: 'demo_x', deptId: ids.ops, roleIds: [ids.adminRole] }, 'en-US');
    expect(role.body.msg).toBe("The role does not exist or does not belong to the user's customer");
  });

  it('edits a user and drops the cached grants at once', async () => {
    const [row] = await t.deps.database.query<{ user_id: number }>(
      "select user_id from sys_user where user_name = 'new_clerk'",
    );
    const token = await t.login('new_clerk', 'clerk123');
    const res = await t.call('PUT', '/system/user', {
      token: demoAdmin,
      body: { userId: row!.user_id, nickName: '改名了', deptId: ids.ops, roleIds: [], postIds: [] },
    });
    expect(res.body.code).toBe(200);
    const info = await t.call('GET', '/getInfo', { token });
    expect(info.body.user.nickName).toBe('改名了');
    expect(info.body.permissions).toEqual([]);
  });

  it("treats another customer's user as not found on every by-id route", async () => {
    const calls: [string, string, object?][] = [
      ['GET', `/system/user/${ids.operator}`],
      ['PUT', '/system/user', { userId: ids.operator, nickName: 'hacked' }],
      ['PUT', '/system/user/resetPwd', { userId: ids.operator, password: 'hacked12' }],
      ['PUT', '/system/user/changeStatus', { userId: ids.operator, status: '1' }],
      ['GET', `/system/user/authRole/${ids.operator}`],
      ['DELETE', `/system/user/${ids.operator}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method, url, { token: rival.token, body });
      expect({ url, code: res.body.code }).toEqual({ url, code: 404 });
    }
    expect((await t.call('GET', '/getInfo', { token: await t.login('demo_operator') })).body.user.nickName).toBe(
      '值班员小王',
    );
  });
});

describe('data scope', () => {
  let operator: string;
  beforeAll(async () => {
    // the operator's role is 'own department and below' (ops centre and its crew)
    await grantToRole(t, 'operator', 'system.user.edit');
    await grantToRole(t, 'operator', 'system.user.add');
    operator = await t.login('demo_operator');
  });

  it('bounds the list, the tree and every by-id call', async () => {
    await addUser(demoAdmin, { userName: 'crew_one', deptId: ids.crew });
    const list = await t.call('GET', '/system/user/list', { token: operator });
    expect(names(list.body.rows)).toEqual(['crew_one', 'demo_operator', 'new_clerk']);
    const tree = await t.call('GET', '/system/user/deptTree', { token: operator });
    expect(tree.body.data).toMatchObject([{ id: ids.ops, label: '运维中心', children: [{ id: ids.crew }] }]);
    expect((await t.call('GET', `/system/user/${ids.demoAdmin}`, { token: operator })).body.code).toBe(404);
    const edit = await t.call('PUT', '/system/user', {
      token: operator,
      body: { userId: ids.demoAdmin, nickName: 'x', deptId: ids.ops },
    });
    expect(edit.body.code).toBe(404);
  });

  it('refuses to place a user outside the scope', async () => {
    const res = await addUser(operator, { userName: 'escapee', deptId: ids.company }, 'en-US');
    expect(res.body.msg).toBe('The department does not exist or is outside your data scope');
    const noDept = await addUser(operator, { userName: 'nodept' }, 'en-US');
    expect(noDept.body.msg).toBe('Department cannot be empty');
  });

  it('never lets a user hand out a role with more rights than its own', async () => {
    const [crew] = await t.deps.database.query<{ user_id: number }>(
      "select user_id from sys_user where user_name = 'crew_one'",
    );
    const res = await t.call('PUT', '/system/user/authRole', {
      token: operator,
      lang: 'en-US',
      body: { userId: crew!.user_id, roleIds: [ids.customerAdminRole] },
    });
    expect(res.body).toEqual({
      code: 500,
      msg: 'You cannot assign roles with rights beyond your own: 客户管理员',
    });
    const options = await t.call('GET', `/system/user/authRole/${crew!.user_id}`, { token: operator });
    expect(options.body.roles.map((r: { roleKey: string }) => r.roleKey)).toEqual(['operator']);
    const same = await t.call('PUT', '/system/user/authRole', {
      token: operator,
      body: { userId: crew!.user_id, roleIds: [ids.operatorRole] },
    });
    expect(same.body.code).toBe(200);
  });
});

describe('status, password, roles, removal', () => {
  it('disables a user, whose session ends at once, and never the own account', async () => {
    await addUser(demoAdmin, { userName: 'to_disable', password: 'disable1', deptId: ids.ops });
    const [row] = await t.deps.database.query<{ user_id: number }>(
      "select user_id from sys_user where user_name = 'to_disable'",
    );
    const token = await t.login('to_disable', 'disable1');
    const res = await t.call('PUT', '/system/user/changeStatus', {
      token: demoAdmin,
      body: { userId: row!.user_id, status: '1' },
    });
    expect(res.body.code).toBe(200);
    expect((await t.call('GET', '/getInfo', { token })).body.code).toBe(401);
    const self = await t.call('PUT', '/system/user/changeStatus', {
      token: demoAdmin,
      lang: 'en-US',
      body: { userId: ids.demoAdmin, status: '1' },
    });
    expect(self.body.msg).toBe('You cannot disable your own account');
  });

  it('resets a password with the 6–20 rule', async () => {
    const bad = await t.call('PUT', '/system/user/resetPwd', {
      token: demoAdmin,
      lang: 'en-US',
      body: { userId: ids.operator, password: '12' },
    });
    expect(bad.body.msg).toBe('Password must be 6 to 20 characters long');
    const good = await t.call('PUT', '/system/user/resetPwd', {
      token: demoAdmin,
      body: { userId: ids.operator, password: 'fresh123' },
    });
    expect(good.body.code).toBe(200);
    await expect(t.login('demo_operator', 'fresh123')).resolves.toBeTruthy();
    await t.call('PUT', '/system/user/resetPwd', {
      token: demoAdmin,
      body: { userId: ids.operator, password: 'admin123' },
    });
  });

  it('assigns roles on the role-assignment page', async () => {
    const [row] = await t.deps.database.query<{ user_id: number }>(
      "select user_id from sys_user where user_name = 'crew_one'",
    );
    const page = await t.call('GET', `/system/user/authRole/${row!.user_id}`, { token: demoAdmin });
    expect(page.body.user.userName).toBe('crew_one');
    expect(page.body.roles.find((r: { roleKey: string }) => r.roleKey === 'operator').flag).toBe(true);
    const res = await t.call('PUT', `/system/user/authRole?userId=${row!.user_id}&roleIds=${ids.customerAdminRole}`, {
      token: demoAdmin,
      body: {},
    });
    expect(res.body.code).toBe(200);
    const after = await t.call('GET', `/system/user/${row!.user_id}`, { token: demoAdmin });
    expect(after.body.roleIds).toEqual([ids.customerAdminRole]);
  });

  it('never deletes the own account or the platform administrator', async () => {
    const self = await t.call('DELETE', `/system/user/${ids.demoAdmin}`, { token: demoAdmin, lang: 'en-US' });
    expect(self.body.msg).toBe('You cannot delete your own account');
    await t.call('POST', '/system/user', {
      token: admin,
      body: { userName: 'admin_two', nickName: 'Second', password: 'second12', roleIds: [ids.adminRole] },
    });
    const second = await t.login('admin_two', 'second12');
    const res = await t.call('DELETE', `/system/user/${ids.admin}`, { token: second, lang: 'en-US' });
    expect(res.body.msg).toBe('The platform administrator cannot be changed this way');
  });

  it('deletes users, whose sessions end', async () => {
    await addUser(demoAdmin, { userName: 'to_delete', password: 'delete12', deptId: ids.ops });
    const [row] = await t.deps.database.query<{ user_id: number }>(
      "select user_id from sys_user where user_name = 'to_delete'",
    );
    const token = await t.login('to_delete', 'delete12');
    expect((await t.call('DELETE', `/system/user/${row!.user_id}`, { token: demoAdmin })).body.code).toBe(200);
    expect((await t.call('GET', '/getInfo', { token })).body.code).toBe(401);
    expect((await t.call('GET', `/system/user/${row!.user_id}`, { token: demoAdmin })).body.code).toBe(404);
  });
});

describe('export', () => {
  it('exports the visible users with headers in the request language', async () => {
    const zh = await download(t, '/system/user/export', { token: demoAdmin });
    expect(zh.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(zh.data);
    expect(rows[0]!.slice(0, 3)).toEqual(['用户序号', '登录名称', '用户名称']);
    const accounts = rows.slice(1).map((r) => r[1]);
    expect(accounts).toContain('demo_admin');
    expect(accounts).not.toContain('admin');
    expect(accounts).not.toContain('rival_admin');
    const en = await download(t, '/system/user/export', {
      token: demoAdmin,
      lang: 'en-US',
      body: { userName: 'demo' },
    });
    const enRows = await readSheet(en.data);
    expect(enRows[0]!.slice(0, 3)).toEqual(['User id', 'Account', 'Nickname']);
    expect(
      enRows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['demo_admin', 'demo_operator']);
    expect(enRows.find((r) => r[1] === 'demo_operator')![6]).toBe('Female');
  });
});
