import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantBackOfficeReading, grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demoIds, download, menuId, readSheet } from './helpers.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
let rival: { clientId: number; token: string };
let admin: string;
let demoAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  ids = await demoIds(t);
  rival = await secondCustomer(t);
  // the operator stands for a department-scoped clerk who reads the back office
  await grantBackOfficeReading(t, 'operator');
  for (const key of ['system.dept', 'system.dept.query', 'system.dept.add', 'system.dept.edit', 'system.dept.remove'])
    await grantToRole(t, 'rival_admin', key);
  for (const key of ['system.post', 'system.post.query', 'system.post.edit', 'system.post.remove'])
    await grantToRole(t, 'rival_admin', key);
  admin = await t.login('admin');
  demoAdmin = await t.login('demo_admin');
});
afterAll(async () => t?.close());

const menu = (body: Record<string, unknown>) => ({ parentId: 0, orderNum: 1, menuType: 'C', ...body });

describe('menus', () => {
  it('lists the menu tree rows with filters', async () => {
    const res = await t.call('GET', '/system/menu/list?systemId=100&menuName=用户', { token: admin });
    expect(res.body.code).toBe(200);
    expect(res.body.data.map((m: { menuKey: string }) => m.menuKey)).toContain('system.user');
    const en = await t.call('GET', '/system/menu/list?menuName=Users', { token: admin, lang: 'en-US' });
    expect(en.body.data.find((m: { menuKey: string }) => m.menuKey === 'system.user').title).toBe('Users');
    const bad = await t.call('GET', '/system/menu/list?orderByColumn=perms', { token: admin, lang: 'en-US' });
    expect(bad.body.msg).toBe('Sorting by perms is not supported');
  });

  it('validates each menu type and external links in both languages', async () => {
    const en = await t.call('POST', '/system/menu', {
      token: admin,
      lang: 'en-US',
      body: menu({ menuName: 'Docs', isFrame: '0', path: 'docs.example.com' }),
    });
    expect(en.body).toEqual({ code: 500, msg: 'External links must start with http:// or https://' });
    const zh = await t.call('POST', '/system/menu', {
      token: admin,
      body: menu({ menuName: '文档', isFrame: '0', path: 'ftp://docs' }),
    });
    expect(zh.body.msg).toBe('外链地址必须以 http:// 或 https:// 开头');
    const noPath = await t.call('POST', '/system/menu', {
      token: admin,
      lang: 'en-US',
      body: menu({ menuName: 'Nowhere', menuType: 'M' }),
    });
    expect(noPath.body.msg).toBe('Route address cannot be empty');
    const type = await t.call('POST', '/system/menu', {
      token: admin,
      lang: 'en-US',
      body: menu({ menuName: 'X', menuType: 'Z', path: 'x' }),
    });
    expect(type.body.msg).toBe('Menu type is not one of the allowed values');
  });

  it('adds a catalogue, a page and a button; the page holds no menus below a button', async () => {
    const catalogue = await t.call('POST', '/system/menu', {
      token: admin,
      body: menu({ menuName: '测试目录', menuNameEn: 'Test', menuType: 'M', path: 'test', icon: 'tool' }),
    });
    expect(catalogue.body.code).toBe(200);
    const pageRes = await t.call('POST', '/system/menu', {
      token: admin,
      body: menu({
        parentId: catalogue.body.data.menuId,
        menuName: '外部链接',
        path: 'https://example.com/docs',
        isFrame: '0',
        isCache: '1',
        visible: '1',
        perms: 'test:link:list',
      }),
    });
    expect(pageRes.body.code).toBe(200);
    const button = await t.call('POST', '/system/menu', {
      token: admin,
      body: menu({ parentId: pageRes.body.data.menuId, menuName: '按钮', menuType: 'F', perms: 'test:link:add' }),
    });
    expect(button.body.code).toBe(200);
    const got = await t.call('GET', `/system/menu/${pageRes.body.data.menuId}`, { token: admin });
    expect(got.body.data).toMatchObject({ systemId: 100, isFrame: '0', isCache: '1', visible: '1' });
    const underButton = await t.call('POST', '/system/menu', {
      token: admin,
      lang: 'en-US',
      body: menu({ parentId: button.body.data.menuId, menuName: '子', menuType: 'F' }),
    });
    expect(underButton.body.msg).toBe('A button cannot hold other menus');
    const dup = await t.call('POST', '/system/menu', {
      token: admin,
      lang: 'en-US',
      body: menu({ parentId: catalogue.body.data.menuId, menuName: '外部链接', path: 'x' }),
    });
    expect(dup.body.msg).toBe("Cannot save menu '外部链接': a menu of that name already exists here");
    const loop = await t.call('PUT', '/system/menu', {
      token: admin,
      lang: 'en-US',
      body: menu({
        menuId: catalogue.body.data.menuId,
        parentId: pageRes.body.data.menuId,
        menuName: '测试目录',
        menuType: 'M',
        path: 'test',
      }),
    });
    expect(loop.body.msg).toBe("Cannot save menu '测试目录': the parent cannot be the menu itself or one below it");
    const hasChildren = await t.call('DELETE', `/system/menu/${catalogue.body.data.menuId}`, {
      token: admin,
      lang: 'en-US',
    });
    expect(hasChildren.body.msg).toBe('The menu has sub-menus and cannot be deleted');
    expect((await t.call('DELETE', `/system/menu/${button.body.data.menuId}`, { token: admin })).body.code).toBe(200);
  });

  it('refuses to delete an assigned menu', async () => {
    const res = await t.call('DELETE', `/system/menu/${await menuId(t, 'system.user.query')}`, {
      token: admin,
      lang: 'en-US',
    });
    expect(res.body.msg).toBe('The menu is assigned and cannot be deleted');
  });

  it('takes effect at once: a disabled menu leaves signed-in users', async () => {
    const operator = await t.login('demo_operator');
    expect((await t.call('GET', '/getInfo', { token: operator })).body.permissions).toContain('system:post:list');
    const postMenu = await menuId(t, 'system.post');
    const got = await t.call('GET', `/system/menu/${postMenu}`, { token: admin });
    const {
      createTime: _c,
      updateTime: _u,
      title: _t,
      menuKey: _k,
      createBy: _b,
      updateBy: _ub,
      ...current
    } = got.body.data;
    const res = await t.call('PUT', '/system/menu', { token: admin, body: { ...current, status: '1' } });
    expect(res.body.code).toBe(200);
    expect((await t.call('GET', '/getInfo', { token: operator })).body.permissions).not.toContain('system:post:list');
    await t.call('PUT', '/system/menu', { token: admin, body: { ...current, status: '0' } });
  });

  it('is edited by platform administrators only', async () => {
    await grantToRole(t, 'customer_admin', 'system.menu');
    await grantToRole(t, 'customer_admin', 'system.menu.add');
    await grantToRole(t, 'customer_admin', 'system.menu.query');
    const token = await t.login('demo_admin');
    const res = await t.call('POST', '/system/menu', {
      token,
      lang: 'en-US',
      body: menu({ menuName: 'Mine', path: 'mine' }),
    });
    expect(res.body).toEqual({ code: 403, msg: 'Only platform administrators may do this' });
    const list = await t.call('GET', '/system/menu/list?systemId=100', { token });
    expect(list.body.data.map((m: { menuKey: string }) => m.menuKey)).not.toContain('tool.gen');
    expect((await t.call('GET', `/system/menu/${await menuId(t, 'tool.gen')}`, { token })).body.code).toBe(404);
  });
});

describe('departments', () => {
  let east: number;
  let eastTeam: number;

  it('adds departments with their ancestors, and keeps names unique under a parent', async () => {
    const res = await t.call('POST', '/system/dept', {
      token: demoAdmin,
      body: { parentId: ids.company, deptName: '东区', orderNum: 2, deptCode: 'EAST01', phone: '13800138009' },
    });
    expect(res.body.code).toBe(200);
    east = res.body.data.deptId;
    const team = await t.call('POST', '/system/dept', {
      token: demoAdmin,
      body: { parentId: east, deptName: '东区一班', orderNum: 1 },
    });
    eastTeam = team.body.data.deptId;
    const got = await t.call('GET', `/system/dept/${eastTeam}`, { token: demoAdmin });
    expect(got.body.data).toMatchObject({ ancestors: `0,${ids.company},${east}`, clientId: ids.client });
    const dup = await t.call('POST', '/system/dept', {
      token: demoAdmin,
      lang: 'en-US',
      body: { parentId: ids.company, deptName: '东区' },
    });
    expect(dup.body.msg).toBe("Cannot save department '东区': the name already exists under this parent");
    const invalid = await t.call('POST', '/system/dept', {
      token: demoAdmin,
      lang: 'en-US',
      body: { parentId: ids.company, deptName: '', deptCode: 'a-b', phone: '123', email: 'x' },
    });
    for (const text of [
      'Department name cannot be empty',
      'Only numbers and letters allowed',
      'Invalid Phone Number Format',
      'Invalid email address',
    ])
      expect(invalid.body.msg).toContain(text);
  });

  it('moves a subtree with its ancestors, and offers parents outside the subtree', async () => {
    const res = await t.call('PUT', '/system/dept', {
      token: demoAdmin,
      body: { deptId: east, parentId: ids.ops, deptName: '东区', orderNum: 2 },
    });
    expect(res.body.code).toBe(200);
    const team = await t.call('GET', `/system/dept/${eastTeam}`, { token: demoAdmin });
    expect(team.body.data.ancestors).toBe(`0,${ids.company},${ids.ops},${east}`);
    const loop = await t.call('PUT', '/system/dept', {
      token: demoAdmin,
      lang: 'en-US',
      body: { deptId: east, parentId: eastTeam, deptName: '东区' },
    });
    expect(loop.body.msg).toBe(
      "Cannot save department '东区': the parent cannot be the department itself or one below it",
    );
    const choices = await t.call('GET', `/system/dept/list/exclude/${east}`, { token: demoAdmin });
    const choiceIds = choices.body.data.map((d: { deptId: number }) => d.deptId);
    expect(choiceIds).toContain(ids.ops);
    expect(choiceIds).not.toContain(east);
    expect(choiceIds).not.toContain(eastTeam);
  });

  it('refuses to disable a department with enabled children, or to delete one with children or users', async () => {
    const disable = await t.call('PUT', '/system/dept', {
      token: demoAdmin,
      lang: 'en-US',
      body: { deptId: east, parentId: ids.ops, deptName: '东区', status: '1' },
    });
    expect(disable.body.msg).toBe('The department has sub-departments that are not disabled!');
    const children = await t.call('DELETE', `/system/dept/${east}`, { token: demoAdmin, lang: 'en-US' });
    expect(children.body.msg).toBe('The department has sub-departments and cannot be deleted');
    const users = await t.call('DELETE', `/system/dept/${ids.ops}`, { token: demoAdmin, lang: 'en-US' });
    expect(users.body.msg).toBe('The department has sub-departments and cannot be deleted');
    await t.call('POST', '/system/user', {
      token: demoAdmin,
      body: { userName: 'team_member', nickName: 'm', password: 'member12', deptId: eastTeam },
    });
    const withUser = await t.call('DELETE', `/system/dept/${eastTeam}`, { token: demoAdmin, lang: 'en-US' });
    expect(withUser.body.msg).toBe('The department has users and cannot be deleted');
    const parentDisabled = await t.call('PUT', '/system/dept', {
      token: demoAdmin,
      body: { deptId: eastTeam, parentId: east, deptName: '东区一班', status: '1' },
    });
    expect(parentDisabled.body.code).toBe(200);
    const under = await t.call('POST', '/system/dept', {
      token: demoAdmin,
      lang: 'en-US',
      body: { parentId: eastTeam, deptName: '下级' },
    });
    expect(under.body.msg).toBe('The parent department is disabled; nothing can be added to it');
  });

  it('applies the data scope to the list and to every by-id call', async () => {
    const operator = await t.login('demo_operator');
    const list = await t.call('GET', '/system/dept/list', { token: operator });
    const seen = list.body.data.map((d: { deptId: number }) => d.deptId);
    expect(seen).toContain(ids.ops);
    expect(seen).toContain(ids.crew);
    expect(seen).not.toContain(ids.company);
    expect((await t.call('GET', `/system/dept/${ids.company}`, { token: operator })).body.code).toBe(404);
  });

  it("treats another customer's department as not found", async () => {
    expect((await t.call('GET', `/system/dept/${ids.ops}`, { token: rival.token })).body.code).toBe(404);
    const edit = await t.call('PUT', '/system/dept', {
      token: rival.token,
      body: { deptId: ids.ops, parentId: 0, deptName: 'taken' },
    });
    expect(edit.body.code).toBe(404);
    expect((await t.call('DELETE', `/system/dept/${ids.crew}`, { token: rival.token })).body.code).toBe(404);
    const under = await t.call('POST', '/system/dept', {
      token: rival.token,
      lang: 'en-US',
      body: { parentId: ids.ops, deptName: 'inside' },
    });
    expect(under.body.msg).toBe('The parent department does not exist or is outside your data scope');
    const list = await t.call('GET', '/system/dept/list', { token: rival.token });
    expect(list.body.data).toEqual([]);
    const root = await t.call('POST', '/system/dept', { token: rival.token, body: { parentId: 0, deptName: '邻市' } });
    expect(root.body.code).toBe(200);
    expect((await t.call('GET', '/system/dept/list', { token: rival.token })).body.data).toHaveLength(1);
  });

  it('deletes an empty department', async () => {
    const created = await t.call('POST', '/system/dept', {
      token: demoAdmin,
      body: { parentId: ids.company, deptName: '临时部门' },
    });
    expect((await t.call('DELETE', `/system/dept/${created.body.data.deptId}`, { token: demoAdmin })).body.code).toBe(
      200,
    );
  });
});

describe('positions', () => {
  it('keeps code and name unique within a customer, with letters and digits in the code', async () => {
    const res = await t.call('POST', '/system/post', {
      token: demoAdmin,
      body: { postCode: 'patrol', postName: '巡查员', postSort: 2 },
    });
    expect(res.body.code).toBe(200);
    const code = await t.call('POST', '/system/post', {
      token: demoAdmin,
      lang: 'en-US',
      body: { postCode: 'patrol', postName: '另一个' },
    });
    expect(code.body.msg).toBe("Cannot save position '另一个': the code already exists");
    const name = await t.call('POST', '/system/post', {
      token: demoAdmin,
      lang: 'en-US',
      body: { postCode: 'other', postName: '巡查员' },
    });
    expect(name.body.msg).toBe("Cannot save position '巡查员': the name already exists");
    const format = await t.call('POST', '/system/post', {
      token: demoAdmin,
      lang: 'en-US',
      body: { postCode: 'no-dash', postName: 'x', postSort: 123456 },
    });
    expect(format.body.msg).toContain('Only numbers and letters allowed');
    expect(format.body.msg).toContain('Position order must be a positive integer of at most 5 digits');
    const zh = await t.call('POST', '/system/post', { token: demoAdmin, body: { postCode: '', postName: '' } });
    expect(zh.body.msg).toContain('岗位编码不能为空');
    const elsewhere = await t.call('POST', '/system/post', {
      token: admin,
      headers: { clientId: String(rival.clientId) },
      body: { postCode: 'patrol', postName: '巡查员' },
    });
    expect(elsewhere.body.code).toBe(200);
  });

  it('lists the own customer only, sorted by whitelisted columns', async () => {
    const list = await t.call('GET', '/system/post/list?orderByColumn=postCode&isAsc=asc', { token: demoAdmin });
    expect(list.body.rows.map((p: { postCode: string }) => p.postCode)).toEqual(['operator', 'patrol']);
    const rivalList = await t.call('GET', '/system/post/list', { token: rival.token });
    expect(rivalList.body.rows.map((p: { postCode: string }) => p.postCode)).toEqual(['patrol']);
    const bad = await t.call('GET', '/system/post/list?orderByColumn=client_id', { token: demoAdmin });
    expect(bad.body.code).toBe(500);
  });

  it("treats another customer's position as not found and refuses to delete an assigned one", async () => {
    expect((await t.call('GET', `/system/post/${ids.post}`, { token: rival.token })).body.code).toBe(404);
    expect((await t.call('DELETE', `/system/post/${ids.post}`, { token: rival.token })).body.code).toBe(404);
    const edit = await t.call('PUT', '/system/post', {
      token: rival.token,
      body: { postId: ids.post, postCode: 'x', postName: 'x' },
    });
    expect(edit.body.code).toBe(404);
    const assigned = await t.call('DELETE', `/system/post/${ids.post}`, { token: demoAdmin, lang: 'en-US' });
    expect(assigned.body.msg).toBe('值班员 is assigned to users and cannot be deleted');
  });

  it('edits, exports and deletes', async () => {
    const list = await t.call('GET', '/system/post/list?postCode=patrol', { token: demoAdmin });
    const postId = list.body.rows[0].postId;
    const edit = await t.call('PUT', '/system/post', {
      token: demoAdmin,
      body: { postId, postCode: 'patrol', postName: '巡查组长', postSort: 3 },
    });
    expect(edit.body.code).toBe(200);
    const file = await download(t, '/system/post/export', { token: demoAdmin });
    const rows = await readSheet(file.data);
    expect(rows[0]![1]).toBe('岗位编码');
    expect(rows.slice(1).map((r) => r[2])).toEqual(['值班员', '巡查组长']);
    // the status in words, as the sys_normal_disable dictionary says it
    expect(rows.slice(1).map((r) => r[4])).toEqual(['正常', '正常']);
    expect((await t.call('DELETE', `/system/post/${postId}`, { token: demoAdmin })).body.code).toBe(200);
  });
});
