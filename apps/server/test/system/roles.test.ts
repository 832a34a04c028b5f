import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantBackOfficeReading, grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demoIds, download, menuId, readSheet } from './helpers.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
let rival: { clientId: number; token: string };
let admin: string;
let demoAdmin: string;

interface Node {
  id: number;
  children?: Node[];
}
const flatten = (nodes: Node[]): number[] => nodes.flatMap((n) => [n.id, ...flatten(n.children ?? [])]);

beforeAll(async () => {
  t = await startTestApp();
  ids = await demoIds(t);
  rival = await secondCustomer(t);
  // the operator stands for a department-scoped clerk who reads the back office
  await grantBackOfficeReading(t, 'operator');
  for (const key of ['system.role', 'system.role.query', 'system.role.edit', 'system.role.remove'])
    await grantToRole(t, 'rival_admin', key);
  admin = await t.login('admin');
  demoAdmin = await t.login('demo_admin');
});
afterAll(async () => t?.close());

const roleBody = (body: Record<string, unknown>) => ({ roleSort: 3, ...body });

describe('role list', () => {
  it("shows a customer its own roles only; platform users all or the chosen customer's", async () => {
    const demo = await t.call('GET', '/system/role/list', { token: demoAdmin });
    expect(demo.body.rows.map((r: { roleKey: string }) => r.roleKey)).toEqual(['customer_admin', 'operator']);
    const rivalList = await t.call('GET', '/system/role/list', { token: rival.token });
    expect(rivalList.body.rows.map((r: { roleKey: string }) => r.roleKey)).toEqual(['rival_admin']);
    const all = await t.call('GET', '/system/role/list', { token: admin });
    expect(all.body.total).toBe(4);
    const chosen = await t.call('GET', '/system/role/list', {
      token: admin,
      headers: { clientId: String(ids.client) },
    });
    expect(chosen.body.total).toBe(2);
  });

  it('filters and sorts by whitelisted columns only', async () => {
    const byKey = await t.call('GET', '/system/role/list?roleKey=oper', { token: demoAdmin });
    expect(byKey.body.rows.map((r: { roleKey: string }) => r.roleKey)).toEqual(['operator']);
    const sorted = await t.call('GET', '/system/role/list?orderByColumn=roleSort&isAsc=desc', { token: demoAdmin });
    expect(sorted.body.rows.map((r: { roleKey: string }) => r.roleKey)).toEqual(['operator', 'customer_admin']);
    const bad = await t.call('GET', '/system/role/list?orderByColumn=data_scope', { token: demoAdmin, lang: 'en-US' });
    expect(bad.body.msg).toBe('Sorting by data_scope is not supported');
  });

  it("treats another customer's role as not found", async () => {
    for (const [method, url, body] of [
      ['GET', `/system/role/${ids.operatorRole}`],
      ['GET', `/system/role/deptTree/${ids.operatorRole}`],
      ['PUT', '/system/role/changeStatus', { roleId: ids.operatorRole, status: '1' }],
      ['PUT', '/system/role/dataScope', { roleId: ids.operatorRole, dataScope: '1' }],
      ['DELETE', `/system/role/${ids.operatorRole}`],
      ['GET', `/system/role/authUser/allocatedList?roleId=${ids.operatorRole}`],
    ] as [string, string, object?][]) {
      const res = await t.call(method, url, { token: rival.token, body });
      expect({ url, code: res.body.code }).toEqual({ url, code: 404 });
    }
  });
});

describe('creating and editing roles', () => {
  it('creates a role with menus of the customer and checks the name rules', async () => {
    const userList = await menuId(t, 'system.user');
    const userQuery = await menuId(t, 'system.user.query');
    const res = await t.call('POST', '/system/role', {
      token: demoAdmin,
      body: roleBody({ roleName: '巡检员', roleKey: 'inspector', menuIds: [userList, userQuery] }),
    });
    expect(res.body.code).toBe(200);
    const got = await t.call('GET', `/system/role/${res.body.data.roleId}`, { token: demoAdmin });
    expect(got.body.data).toMatchObject({ roleName: '巡检员', clientId: ids.client, dataScope: '1', status: '0' });

    const short = await t.call('POST', '/system/role', {
      token: demoAdmin,
      lang: 'en-US',
      body: roleBody({ roleName: 'R', roleKey: 'r1' }),
    });
    expect(short.body.msg).toBe('Role name must be 2 to 20 characters long');
    const zh = await t.call('POST', '/system/role', {
      token: demoAdmin,
      body: roleBody({ roleName: 'R', roleKey: 'x y' }),
    });
    expect(zh.body.msg).toContain('角色名称长度必须在2到20个字符之间');
    expect(zh.body.msg).toContain('权限字符只能包含字母、数字、下划线、冒号和连字符');
    const dupName = await t.call('POST', '/system/role', {
      token: demoAdmin,
      lang: 'en-US',
      body: roleBody({ roleName: '巡检员', roleKey: 'other' }),
    });
    expect(dupName.body.msg).toBe("Cannot save role '巡检员': the role name already exists");
    const dupKey = await t.call('POST', '/system/role', {
      token: demoAdmin,
      lang: 'en-US',
      body: roleBody({ roleName: '另一个', roleKey: 'inspector' }),
    });
    expect(dupKey.body.msg).toBe("Cannot save role '另一个': the permission key already exists");
    // the same key in another customer is fine
    const rivalSame = await t.call('POST', '/system/role', {
      token: admin,
      headers: { clientId: String(rival.clientId) },
      body: roleBody({ roleName: '巡检员', roleKey: 'inspector' }),
    });
    expect(rivalSame.body.code).toBe(200);
  });

  it('never exceeds the menus selected for the customer, even for a platform administrator', async () => {
    const menuAdd = await menuId(t, 'system.menu.add');
    const byCustomer = await t.call('POST', '/system/role', {
      token: demoAdmin,
      lang: 'en-US',
      body: roleBody({ roleName: '越权', roleKey: 'escalate', menuIds: [menuAdd] }),
    });
    expect(byCustomer.body.msg).toBe('You cannot grant permissions you do not hold: system:menu:add');
    const byPlatform = await t.call('POST', '/system/role', {
      token: admin,
      lang: 'en-US',
      headers: { clientId: String(ids.client) },
      body: roleBody({ roleName: '越权', roleKey: 'escalate', menuIds: [menuAdd] }),
    });
    expect(byPlatform.body.msg).toBe('You cannot grant permissions you do not hold: system:menu:add');
  });

  it('lets nobody grant a permission or a data scope it does not hold', async () => {
    await grantToRole(t, 'operator', 'system.role.add');
    await grantToRole(t, 'operator', 'system.role.edit');
    const operator = await t.login('demo_operator');
    const removeUser = await menuId(t, 'system.user.remove');
    const userList = await menuId(t, 'system.user');
    const menus = await t.call('POST', '/system/role', {
      token: operator,
      lang: 'en-US',
      body: roleBody({ roleName: '提权', roleKey: 'escalate2', menuIds: [userList, removeUser] }),
    });
    expect(menus.body.msg).toBe('You cannot grant permissions you do not hold: system:user:remove');
    const all = await t.call('POST', '/system/role', {
      token: operator,
      lang: 'en-US',
      body: roleBody({ roleName: '提权', roleKey: 'escalate2', dataScope: '1' }),
    });
    expect(all.body.msg).toBe('You cannot grant a data scope beyond your own');
    const outside = await t.call('POST', '/system/role', {
      token: operator,
      lang: 'en-US',
      body: roleBody({ roleName: '提权', roleKey: 'escalate2', dataScope: '2', deptIds: [ids.company] }),
    });
    expect(outside.body.msg).toBe('You cannot grant a data scope beyond your own');
    const within = await t.call('POST', '/system/role', {
      token: operator,
      body: roleBody({ roleName: '班组', roleKey: 'crew', dataScope: '2', deptIds: [ids.crew], menuIds: [userList] }),
    });
    expect(within.body.code).toBe(200);
    const implicit = await t.call('POST', '/system/role', {
      token: operator,
      body: roleBody({ roleName: '默认范围', roleKey: 'default_scope' }),
    });
    expect(
      (await t.call('GET', `/system/role/${implicit.body.data.roleId}`, { token: operator })).body.data.dataScope,
    ).toBe('5');
    // a role with more rights than the operator's cannot be changed by the operator either
    const edit = await t.call('PUT', '/system/role', {
      token: operator,
      lang: 'en-US',
      body: roleBody({ roleId: ids.customerAdminRole, roleName: '客户管理员', roleKey: 'customer_admin', menuIds: [] }),
    });
    expect(edit.body.msg).toBe('You cannot assign roles with rights beyond your own: 客户管理员');
    const tree = await t.call('GET', '/system/menu/treeselect', { token: operator });
    expect(flatten(tree.body.data)).not.toContain(removeUser);
    expect(flatten(tree.body.data)).toContain(userList);
  });

  it('protects the administrator role, which only administrators hand out', async () => {
    const res = await t.call('PUT', '/system/role/changeStatus', {
      token: admin,
      lang: 'en-US',
      body: { roleId: ids.adminRole, status: '1' },
    });
    expect(res.body.msg).toBe('The administrator role cannot be changed');
    const created = await t.call('POST', '/system/user', {
      token: admin,
      body: { userName: 'ops_lead', nickName: 'Ops', password: 'opslead1' },
    });
    const give = await t.call('PUT', '/system/role/authUser/selectAll', {
      token: admin,
      body: { roleId: ids.adminRole, userIds: [created.body.data.userId] },
    });
    expect(give.body.code).toBe(200);
    const lead = await t.login('ops_lead', 'opslead1');
    expect((await t.call('GET', '/getInfo', { token: lead })).body.permissions).toEqual(['*:*:*']);
    const dropSelf = await t.call('PUT', '/system/role/authUser/cancel', {
      token: admin,
      lang: 'en-US',
      body: { roleId: ids.adminRole, userId: ids.admin },
    });
    expect(dropSelf.body.msg).toBe('The administrator role cannot be changed');
    const viaUser = await t.call('PUT', '/system/user/authRole', {
      token: admin,
      lang: 'en-US',
      body: { userId: ids.admin, roleIds: [] },
    });
    expect(viaUser.body.msg).toBe('The administrator role cannot be changed');
    const take = await t.call('PUT', '/system/role/authUser/cancel', {
      token: admin,
      body: { roleId: ids.adminRole, userId: created.body.data.userId },
    });
    expect(take.body.code).toBe(200);
    expect((await t.call('GET', '/getInfo', { token: lead })).body.permissions).toEqual([]);
    const byCustomer = await t.call('GET', `/system/role/authUser/allocatedList?roleId=${ids.adminRole}`, {
      token: demoAdmin,
    });
    expect(byCustomer.body.code).toBe(404);
  });

  it("shows a role's menu tree with the checked keys, respecting parent-child linkage", async () => {
    const system = await menuId(t, 'system');
    const user = await menuId(t, 'system.user');
    const query = await menuId(t, 'system.user.query');
    const created = await t.call('POST', '/system/role', {
      token: demoAdmin,
      body: roleBody({ roleName: '联动', roleKey: 'linked', menuIds: [system, user, query] }),
    });
    const res = await t.call('GET', `/system/menu/roleMenuTreeselect/${created.body.data.roleId}`, {
      token: demoAdmin,
    });
    expect(res.body.menuCheckStrictly).toBe(true);
    expect(res.body.checkedKeys).toEqual([query]);
    const all = flatten(res.body.menus);
    expect(all).toContain(query);
    expect(all).not.toContain(await menuId(t, 'system.menu'));
    await t.call('PUT', '/system/role', {
      token: demoAdmin,
      body: roleBody({
        roleId: created.body.data.roleId,
        roleName: '联动',
        roleKey: 'linked',
        menuCheckStrictly: false,
      }),
    });
    const loose = await t.call('GET', `/system/menu/roleMenuTreeselect/${created.body.data.roleId}`, {
      token: demoAdmin,
    });
    expect(loose.body.checkedKeys.sort()).toEqual([system, user, query].sort());
  });
});

describe('data scope of a role', () => {
  it('stores custom departments and shows them on the department tree', async () => {
    const res = await t.call('PUT', '/system/role/dataScope', {
      token: demoAdmin,
      body: { roleId: ids.operatorRole, dataScope: '2', deptIds: [ids.ops, ids.crew] },
    });
    expect(res.body.code).toBe(200);
    const tree = await t.call('GET', `/system/role/deptTree/${ids.operatorRole}`, { token: demoAdmin });
    expect(flatten(tree.body.depts).sort()).toEqual([ids.company, ids.ops, ids.crew].sort());
    expect(tree.body.checkedKeys).toEqual([ids.crew]);
    const foreign = await t.call('PUT', '/system/role/dataScope', {
      token: demoAdmin,
      lang: 'en-US',
      body: { roleId: ids.operatorRole, dataScope: '2', deptIds: [ids.platformDept] },
    });
    expect(foreign.body.msg).toBe("A selected department does not exist or does not belong to the role's customer");
    const bad = await t.call('PUT', '/system/role/dataScope', {
      token: demoAdmin,
      lang: 'en-US',
      body: { roleId: ids.operatorRole, dataScope: '9' },
    });
    expect(bad.body.msg).toBe('Data scope is not one of the allowed values');
    await t.call('PUT', '/system/role/dataScope', {
      token: demoAdmin,
      body: { roleId: ids.operatorRole, dataScope: '4', deptIds: [] },
    });
  });
});

describe('users of a role', () => {
  it('assigns and removes users, and signed-in users feel it at once', async () => {
    const operator = await t.login('demo_operator');
    const before = await t.call('GET', '/getInfo', { token: operator });
    expect(before.body.roles).toEqual(['operator']);
    const unallocated = await t.call('GET', `/system/role/authUser/unallocatedList?roleId=${ids.customerAdminRole}`, {
      token: demoAdmin,
    });
    expect(unallocated.body.rows.map((r: { userName: string }) => r.userName)).toEqual(['demo_operator']);
    const add = await t.call('PUT', '/system/role/authUser/selectAll', {
      token: demoAdmin,
      body: { roleId: ids.customerAdminRole, userIds: String(ids.operator) },
    });
    expect(add.body.code).toBe(200);
    const allocated = await t.call('GET', `/system/role/authUser/allocatedList?roleId=${ids.customerAdminRole}`, {
      token: demoAdmin,
    });
    expect(allocated.body.rows.map((r: { userName: string }) => r.userName).sort()).toEqual([
      'demo_admin',
      'demo_operator',
    ]);
    expect((await t.call('GET', '/getInfo', { token: operator })).body.roles.sort()).toEqual([
      'customer_admin',
      'operator',
    ]);
    const cancel = await t.call('PUT', '/system/role/authUser/cancel', {
      token: demoAdmin,
      body: { roleId: ids.customerAdminRole, userId: ids.operator },
    });
    expect(cancel.body.code).toBe(200);
    expect((await t.call('GET', '/getInfo', { token: operator })).body.roles).toEqual(['operator']);
    await t.call('PUT', '/system/role/authUser/selectAll', {
      token: demoAdmin,
      body: { roleId: ids.customerAdminRole, userIds: [ids.operator] },
    });
    const cancelAll = await t.call('PUT', '/system/role/authUser/cancelAll', {
      token: demoAdmin,
      body: { roleId: ids.customerAdminRole, userIds: `${ids.operator}` },
    });
    expect(cancelAll.body.code).toBe(200);
    expect((await t.call('GET', '/getInfo', { token: operator })).body.roles).toEqual(['operator']);
  });

  it('refuses users of another customer', async () => {
    const [rivalUser] = await t.deps.database.query<{ user_id: number }>(
      "select user_id from sys_user where user_name = 'rival_admin'",
    );
    const res = await t.call('PUT', '/system/role/authUser/selectAll', {
      token: admin,
      body: { roleId: ids.customerAdminRole, userIds: [rivalUser!.user_id] },
    });
    expect(res.body.code).toBe(404);
  });

  it('disables a role, which takes its permissions away at once', async () => {
    const operator = await t.login('demo_operator');
    const res = await t.call('PUT', '/system/role/changeStatus', {
      token: demoAdmin,
      body: { roleId: ids.operatorRole, status: '1' },
    });
    expect(res.body.code).toBe(200);
    expect((await t.call('GET', '/getInfo', { token: operator })).body.permissions).toEqual([]);
    await t.call('PUT', '/system/role/changeStatus', {
      token: demoAdmin,
      body: { roleId: ids.operatorRole, status: '0' },
    });
    expect((await t.call('GET', '/getInfo', { token: operator })).body.permissions).toContain('system:user:list');
  });

  it('deletes only roles nobody holds', async () => {
    const held = await t.call('DELETE', `/system/role/${ids.operatorRole}`, { token: demoAdmin, lang: 'en-US' });
    expect(held.body.msg).toBe('值班操作员 is assigned to users and cannot be deleted');
    const created = await t.call('POST', '/system/role', {
      token: demoAdmin,
      body: roleBody({ roleName: '临时', roleKey: 'temporary' }),
    });
    const res = await t.call('DELETE', `/system/role/${created.body.data.roleId}`, { token: demoAdmin });
    expect(res.body.code).toBe(200);
    expect((await t.call('GET', `/system/role/${created.body.data.roleId}`, { token: demoAdmin })).body.code).toBe(404);
  });

  it('exports the visible roles', async () => {
    const file = await download(t, '/system/role/export', { token: demoAdmin, lang: 'en-US' });
    const rows = await readSheet(file.data);
    expect(rows[0]![1]).toBe('Role name');
    expect(rows.slice(1).map((r) => r[2])).toContain('customer_admin');
    expect(rows.slice(1).map((r) => r[2])).not.toContain('admin');
  });
});
