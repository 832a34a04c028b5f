import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demoIds, menuId, multipart } from './helpers.ts';

/**
 * Calls a stock RuoYi-Vue3 front end makes against the admin API, answered in the shapes of the
 * RuoYi family: menus saved as they were read, the navbar bell and its read marks, the lock
 * screen, drag-and-drop sort orders, the Swagger page's address, and cropped avatars.
 */
let t: TestApp;
let admin: string;
let demoAdmin: string;
let rival: { clientId: number; token: string };
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  demoAdmin = await t.login('demo_admin');
  rival = await secondCustomer(t);
  ids = await demoIds(t);
});
afterAll(async () => t?.close());

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);

async function orderOf(table: 'sys_menu' | 'sys_dept', column: 'menu_id' | 'dept_id', id: number) {
  const [row] = await t.deps.database.query<{ order_num: number }>(
    `select order_num from ${table} where ${column} = $1`,
    [id],
  );
  return row!.order_num;
}

describe('menus saved as a RuoYi client read them', () => {
  it('saves a catalogue whose component came back as null', async () => {
    const got = await t.call('GET', `/system/menu/${await menuId(t, 'system')}`, { token: admin });
    expect(got.body.data.menuType).toBe('M');
    expect(got.body.data.component).toBeNull();
    const saved = await t.call('PUT', '/system/menu', { token: admin, body: got.body.data });
    expect(saved.body).toEqual({ code: 200, msg: '操作成功' });
  });

  it('adds menus and buttons with null or empty texts, stored as none', async () => {
    const parentId = await menuId(t, 'system');
    const page = await t.call('POST', '/system/menu', {
      token: admin,
      body: {
        parentId,
        menuName: '路灯巡检',
        menuType: 'C',
        path: 'patrol',
        component: '',
        query: null,
        routeName: null,
        perms: null,
        icon: null,
        remark: null,
        orderNum: 9,
      },
    });
    expect(page.body.code).toBe(200);
    const button = await t.call('POST', '/system/menu', {
      token: admin,
      body: { parentId: page.body.data.menuId, menuName: '巡检导出', menuType: 'F', component: null, path: null },
    });
    expect(button.body.code).toBe(200);
    const rows = await t.deps.database.query<{ component: string | null; perms: string }>(
      'select component, perms from sys_menu where menu_id in ($1, $2)',
      [page.body.data.menuId, button.body.data.menuId],
    );
    expect(rows).toEqual([
      { component: null, perms: '' },
      { component: null, perms: '' },
    ]);
  });

  it('still refuses a component that is not text, in both languages', async () => {
    const body = { parentId: 0, menuName: '坏组件', menuType: 'C', path: 'bad', component: 5 };
    expect((await t.call('POST', '/system/menu', { token: admin, body })).body).toEqual({
      code: 500,
      msg: '组件路径格式不正确',
    });
    expect((await t.call('POST', '/system/menu', { token: admin, body, lang: 'en-US' })).body.msg).toBe(
      'Component path has the wrong format',
    );
  });
});

describe('menu sort order saved after dragging', () => {
  it('saves the orders RuoYi-Vue3 sends as comma-separated strings, and as arrays', async () => {
    const users = await menuId(t, 'system.user');
    const roles = await menuId(t, 'system.role');
    const res = await t.call('PUT', '/system/menu/updateSort', {
      token: admin,
      body: { menuIds: `${users},${roles}`, orderNums: '7,3' },
    });
    expect(res.body).toEqual({ code: 200, msg: '操作成功' });
    expect([await orderOf('sys_menu', 'menu_id', users), await orderOf('sys_menu', 'menu_id', roles)]).toEqual([7, 3]);
    const list = await t.call('GET', '/system/menu/list', { token: admin });
    const children = list.body.data.filter((m: { menuId: number }) => m.menuId === users || m.menuId === roles);
    expect(children.map((m: { menuId: number }) => m.menuId)).toEqual([roles, users]);

    const again = await t.call('PUT', '/system/menu/updateSort', {
      token: admin,
      body: { menuIds: [users, roles], orderNums: [1, 2] },
    });
    expect(again.body.code).toBe(200);
    expect([await orderOf('sys_menu', 'menu_id', users), await orderOf('sys_menu', 'menu_id', roles)]).toEqual([1, 2]);
    const [logged] = await t.deps.database.query<{ n: number }>(
      "select count(*)::int n from sys_oper_log where oper_url = '/system/menu/updateSort' and status = 0",
    );
    expect(logged!.n).toBe(2);
  });

  it('explains lists that do not pair up or hold no numbers, and changes nothing', async () => {
    const users = await menuId(t, 'system.user');
    const before = await orderOf('sys_menu', 'menu_id', users);
    const mismatch = await t.call('PUT', '/system/menu/updateSort', {
      token: admin,
      body: { menuIds: `${users},2`, orderNums: '5' },
    });
    expect(mismatch.body).toEqual({ code: 500, msg: '显示顺序与编号的个数不一致' });
    const english = await t.call('PUT', '/system/menu/updateSort', {
      token: admin,
      lang: 'en-US',
      body: { menuIds: `${users},2`, orderNums: '5' },
    });
    expect(english.body.msg).toBe('Display orders and the ids differ in number');
    const junk = await t.call('PUT', '/system/menu/updateSort', {
      token: admin,
      lang: 'en-US',
      body: { menuIds: 'a,b', orderNums: '1,-2' },
    });
    expect(junk.body.code).toBe(500);
    expect(junk.body.msg).toContain('Menus has the wrong format');
    expect(junk.body.msg).toContain('Display orders must be a positive integer of at most 5 digits');
    const missing = await t.call('PUT', '/system/menu/updateSort', { token: admin, body: {} });
    expect(missing.body.msg).toContain('显示顺序不能为空');
    const unknown = await t.call('PUT', '/system/menu/updateSort', {
      token: admin,
      body: { menuIds: `${users},999999`, orderNums: '42,1' },
    });
    expect(unknown.body.code).toBe(404);
    expect(await orderOf('sys_menu', 'menu_id', users)).toBe(before);
  });

  it('needs system:menu:edit, and menus stay the platform’s to order', async () => {
    const users = await menuId(t, 'system.user');
    const body = { menuIds: String(users), orderNums: '9' };
    expect((await t.call('PUT', '/system/menu/updateSort', { body })).body.code).toBe(401);
    const operator = await t.login('demo_operator');
    expect((await t.call('PUT', '/system/menu/updateSort', { token: operator, body })).body.code).toBe(403);
    await grantToRole(t, 'customer_admin', 'system.menu.edit');
    const customer = await t.call('PUT', '/system/menu/updateSort', { token: demoAdmin, body });
    expect(customer.body.code).toBe(403);
    expect(await orderOf('sys_menu', 'menu_id', users)).not.toBe(9);
  });
});

describe('department sort order saved after dragging', () => {
  it("saves the customer's own departments", async () => {
    const res = await t.call('PUT', '/system/dept/updateSort', {
      token: demoAdmin,
      body: { deptIds: `${ids.ops},${ids.crew}`, orderNums: '4,2' },
    });
    expect(res.body).toEqual({ code: 200, msg: '操作成功' });
    expect([await orderOf('sys_dept', 'dept_id', ids.ops), await orderOf('sys_dept', 'dept_id', ids.crew)]).toEqual([
      4, 2,
    ]);
  });

  it("never reaches another customer's departments, and changes nothing when one is foreign", async () => {
    const res = await t.call('PUT', '/system/dept/updateSort', {
      token: rival.token,
      body: { deptIds: String(ids.ops), orderNums: '1' },
    });
    // the rival admin holds no department rights at all; with them it would still not find the department
    expect([403, 404]).toContain(res.body.code);
    await grantToRole(t, 'rival_admin', 'system.dept.edit');
    const granted = await t.call('PUT', '/system/dept/updateSort', {
      token: rival.token,
      body: { deptIds: String(ids.ops), orderNums: '1' },
    });
    expect(granted.body.code).toBe(404);
    const mixed = await t.call('PUT', '/system/dept/updateSort', {
      token: admin,
      headers: { clientId: String(rival.clientId) },
      body: { deptIds: String(ids.ops), orderNums: '1' },
    });
    expect(mixed.body.code).toBe(404);
    expect(await orderOf('sys_dept', 'dept_id', ids.ops)).toBe(4);
  });

  it("keeps to the caller's data scope", async () => {
    await grantToRole(t, 'operator', 'system.dept.edit');
    const operator = await t.login('demo_operator');
    const own = await t.call('PUT', '/system/dept/updateSort', {
      token: operator,
      body: { deptIds: String(ids.crew), orderNums: '8' },
    });
    expect(own.body.code).toBe(200);
    expect(await orderOf('sys_dept', 'dept_id', ids.crew)).toBe(8);
    const above = await t.call('PUT', '/system/dept/updateSort', {
      token: operator,
      body: { deptIds: `${ids.crew},${ids.company}`, orderNums: '1,1' },
    });
    expect(above.body.code).toBe(404);
    expect(await orderOf('sys_dept', 'dept_id', ids.crew)).toBe(8);
  });

  it('needs system:dept:edit', async () => {
    const body = { deptIds: String(ids.ops), orderNums: '1' };
    expect((await t.call('PUT', '/system/dept/updateSort', { body })).body.code).toBe(401);
    await t.deps.database.query(
      "insert into sys_user (user_name, nick_name, password, client_id, dept_id) select 'no_rights', 'No rights', password, client_id, dept_id from sys_user where user_name = 'demo_operator'",
    );
    const bare = await t.login('no_rights');
    expect((await t.call('PUT', '/system/dept/updateSort', { token: bare, body })).body.code).toBe(403);
  });
});

describe('the navbar bell and read marks', () => {
  let outage: number;
  let works: number;
  let platformNotice: number;
  let operator: string;

  beforeAll(async () => {
    const add = async (token: string, noticeTitle: string, noticeType: '1' | '2') => {
      const res = await t.call('POST', '/system/notice', {
        token,
        body: { noticeTitle, noticeType, noticeContent: `<p>${noticeTitle}</p>` },
      });
      return res.body.data.noticeId as number;
    };
    outage = await add(demoAdmin, '延庆停电通知', '1');
    works = await add(demoAdmin, '路灯改造公告', '2');
    platformNotice = await add(admin, '平台升级', '2');
    await grantToRole(t, 'rival_admin', 'system.notice.add');
    await add(rival.token, '邻市内部通知', '1');
    operator = await t.login('demo_operator');
  });

  it('answers listTop instead of taking it for a notice id', async () => {
    const top = await t.call('GET', '/system/notice/listTop', { token: operator });
    expect(top.body.code).toBe(200);
    expect(top.body.msg).toBe('操作成功');
    expect(top.body.unreadCount).toBe(3);
    expect(top.body.data.map((n: { noticeId: number }) => n.noticeId).sort()).toEqual(
      [outage, works, platformNotice].sort(),
    );
    const first = top.body.data[0];
    expect(Object.keys(first).sort()).toEqual(
      ['createBy', 'createTime', 'isRead', 'noticeId', 'noticeTitle', 'noticeType', 'status'].sort(),
    );
    expect(first.isRead).toBe(false);
    expect(first.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const announcements = await t.call('GET', '/system/notice/listTop?noticeType=2', { token: operator });
    expect(announcements.body.data.map((n: { noticeId: number }) => n.noticeId).sort()).toEqual(
      [works, platformNotice].sort(),
    );
    expect(announcements.body.unreadCount).toBe(2);
  });

  it("shows each customer only its own and the platform's notices", async () => {
    const top = await t.call('GET', '/system/notice/listTop', { token: rival.token });
    expect(top.body.data.map((n: { noticeTitle: string }) => n.noticeTitle).sort()).toEqual(
      ['邻市内部通知', '平台升级'].sort(),
    );
    expect((await t.call('GET', '/system/notice/listTop')).body.code).toBe(401);
  });

  it('answers a notice id that is not a number with a clear message', async () => {
    const zh = await t.call('GET', '/system/notice/abc', { token: admin });
    expect(zh.body).toEqual({ code: 500, msg: '公告编号格式不正确' });
    const en = await t.call('GET', '/system/notice/abc', { token: admin, lang: 'en-US' });
    expect(en.body).toEqual({ code: 500, msg: 'Notice id has the wrong format' });
    expect((await t.call('GET', '/system/notice/987654321', { token: admin })).body.code).toBe(404);
  });

  it('marks one notice read (noticeId in the query, as RuoYi-Vue3 posts it, or in the body)', async () => {
    const res = await t.call('POST', `/system/notice/markRead?noticeId=${outage}`, { token: operator });
    expect(res.body).toEqual({ code: 200, msg: '操作成功' });
    const top = await t.call('GET', '/system/notice/listTop', { token: operator });
    expect(top.body.unreadCount).toBe(2);
    expect(top.body.data.find((n: { noticeId: number }) => n.noticeId === outage).isRead).toBe(true);
    const again = await t.call('POST', '/system/notice/markRead', { token: operator, body: { noticeId: outage } });
    expect(again.body.code).toBe(200);
    expect((await t.call('GET', '/system/notice/listTop', { token: operator })).body.unreadCount).toBe(2);
    // other users keep their own marks
    expect((await t.call('GET', '/system/notice/listTop', { token: demoAdmin })).body.unreadCount).toBe(3);
  });

  it('explains a missing or foreign notice and marks nothing', async () => {
    const missing = await t.call('POST', '/system/notice/markRead', { token: operator, lang: 'en-US' });
    expect(missing.body).toEqual({ code: 500, msg: 'Notice id cannot be empty' });
    const junk = await t.call('POST', '/system/notice/markRead?noticeId=x1', { token: operator });
    expect(junk.body).toEqual({ code: 500, msg: '公告编号格式不正确' });
    const foreign = await t.call('POST', `/system/notice/markRead?noticeId=${outage}`, { token: rival.token });
    expect(foreign.body.code).toBe(404);
    const batch = await t.call('POST', `/system/notice/markReadAll?ids=${platformNotice},${outage}`, {
      token: rival.token,
    });
    expect(batch.body.code).toBe(404);
    expect((await t.call('GET', '/system/notice/listTop', { token: rival.token })).body.unreadCount).toBe(2);
  });

  it('marks the listed notices read with markReadAll (ids "1,2"), or every readable one without ids', async () => {
    const res = await t.call('POST', `/system/notice/markReadAll?ids=${works},${platformNotice}`, { token: operator });
    expect(res.body).toEqual({ code: 200, msg: '操作成功' });
    const top = await t.call('GET', '/system/notice/listTop', { token: operator });
    expect(top.body.unreadCount).toBe(0);
    expect(top.body.data.every((n: { isRead: boolean }) => n.isRead)).toBe(true);
    expect((await t.call('POST', '/system/notice/markReadAll', { token: demoAdmin })).body.code).toBe(200);
    expect((await t.call('GET', '/system/notice/listTop', { token: demoAdmin })).body.unreadCount).toBe(0);
  });

  it('lists who has read a notice, for those who may list notices', async () => {
    const res = await t.call('GET', `/system/notice/readUsers/list?noticeId=${outage}&pageNum=1&pageSize=10`, {
      token: demoAdmin,
    });
    expect(res.body.code).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.rows.map((r: { userName: string }) => r.userName).sort()).toEqual(['demo_admin', 'demo_operator']);
    const reader = res.body.rows.find((r: { userName: string }) => r.userName === 'demo_operator');
    expect(reader).toEqual({
      userId: ids.operator,
      userName: 'demo_operator',
      nickName: '值班员小王',
      deptName: '运维中心',
      phonenumber: '13800138002',
      readTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    const search = await t.call('GET', `/system/notice/readUsers/list?noticeId=${outage}&searchValue=小王`, {
      token: demoAdmin,
    });
    expect(search.body.rows.map((r: { userName: string }) => r.userName)).toEqual(['demo_operator']);
    const paged = await t.call('GET', `/system/notice/readUsers/list?noticeId=${outage}&pageSize=1`, {
      token: demoAdmin,
    });
    expect([paged.body.rows.length, paged.body.total]).toEqual([1, 2]);
    const badSort = await t.call('GET', `/system/notice/readUsers/list?noticeId=${outage}&orderByColumn=password`, {
      token: demoAdmin,
    });
    expect(badSort.body.code).toBe(500);
  });

  it("keeps readers' lists to the notice's customer", async () => {
    await grantToRole(t, 'rival_admin', 'system.notice');
    const foreign = await t.call('GET', `/system/notice/readUsers/list?noticeId=${outage}`, { token: rival.token });
    expect(foreign.body.code).toBe(404);
    const noId = await t.call('GET', '/system/notice/readUsers/list', { token: demoAdmin, lang: 'en-US' });
    expect(noId.body).toEqual({ code: 500, msg: 'Notice id cannot be empty' });
    const bare = await t.login('no_rights');
    expect((await t.call('GET', `/system/notice/readUsers/list?noticeId=${outage}`, { token: bare })).body.code).toBe(
      403,
    );
  });
});

describe('the lock screen', () => {
  it('unlocks with the right password and keeps the session', async () => {
    const token = await t.login('demo_operator');
    const res = await t.call('POST', '/unlockscreen', { token, body: { password: 'admin123' } });
    expect(res.body).toEqual({ code: 200, msg: '解锁成功' });
    const en = await t.call('POST', '/unlockscreen', { token, lang: 'en-US', body: { password: 'admin123' } });
    expect(en.body).toEqual({ code: 200, msg: 'Screen unlocked' });
    expect((await t.call('GET', '/getInfo', { token })).body.code).toBe(200);
  });

  it('refuses a wrong or empty password in both languages', async () => {
    const token = await t.login('demo_operator');
    const wrong = await t.call('POST', '/unlockscreen', { token, body: { password: 'nope1' } });
    expect(wrong.body).toEqual({ code: 500, msg: '密码错误，请重新输入（还可尝试4次）' });
    const en = await t.call('POST', '/unlockscreen', { token, lang: 'en-US', body: { password: 'nope1' } });
    expect(en.body).toEqual({ code: 500, msg: 'Wrong password, please try again (3 attempts left)' });
    const empty = await t.call('POST', '/unlockscreen', { token, body: { password: '' } });
    expect(empty.body).toEqual({ code: 500, msg: '密码不能为空' });
    expect((await t.call('GET', '/getInfo', { token })).body.code).toBe(200);
    // a right password starts the count again
    expect((await t.call('POST', '/unlockscreen', { token, body: { password: 'admin123' } })).body.code).toBe(200);
    const fresh = await t.call('POST', '/unlockscreen', { token, body: { password: 'nope1' } });
    expect(fresh.body.msg).toBe('密码错误，请重新输入（还可尝试4次）');
  });

  it('signs the session out after five wrong passwords, without locking the account', async () => {
    const token = await t.login('demo_admin');
    for (let i = 0; i < 4; i++)
      expect((await t.call('POST', '/unlockscreen', { token, body: { password: 'guess1' } })).body.code).toBe(500);
    const fifth = await t.call('POST', '/unlockscreen', { token, lang: 'en-US', body: { password: 'guess1' } });
    expect(fifth.body).toEqual({
      code: 401,
      msg: 'Too many wrong passwords: you have been signed out, please log in again',
    });
    expect((await t.call('GET', '/getInfo', { token })).body.code).toBe(401);
    expect((await t.call('POST', '/unlockscreen', { token, body: { password: 'admin123' } })).body.code).toBe(401);
    // the owner signs in again at once: the lock screen does not lock the account
    demoAdmin = await t.login('demo_admin');
    expect((await t.call('GET', '/getInfo', { token: demoAdmin })).body.code).toBe(200);
  });

  it('needs a session', async () => {
    expect((await t.call('POST', '/unlockscreen', { body: { password: 'admin123' } })).body.code).toBe(401);
  });
});

describe('the Swagger page at springdoc’s address', () => {
  it('leads /swagger-ui/index.html to the API documentation, as /doc.html does', async () => {
    const res = await t.call('GET', '/swagger-ui/index.html');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/swagger-ui/');
    const page = await t.call('GET', String(res.headers.location));
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('Swagger UI');
  });
});

describe('avatars judged by their bytes', () => {
  const upload = (token: string, name: string, content: Buffer) => {
    const form = multipart(name, content, 'avatarfile');
    return t.call('POST', '/system/user/profile/avatar', { token, body: form.body, headers: form.headers });
  };

  it('takes a cropped PNG sent under the photo’s .jpg name, and stores it as a PNG', async () => {
    const token = await t.login('demo_operator');
    const res = await upload(token, 'holiday.jpg', png);
    expect(res.body.code).toBe(200);
    expect(res.body.imgUrl).toMatch(/^\/profile\/upload\/.+\.png$/);
    const served = await t.call('GET', res.body.imgUrl);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const info = await t.call('GET', '/getInfo', { token });
    expect(info.body.user.avatar).toBe(res.body.imgUrl);
  });

  it('takes a JPEG under a .png name or no extension at all', async () => {
    const token = await t.login('demo_operator');
    const renamed = await upload(token, 'me.png', jpeg);
    expect(renamed.body.imgUrl).toMatch(/\.jpg$/);
    const blob = await upload(token, 'blob', png);
    expect(blob.body.imgUrl).toMatch(/\.png$/);
  });

  it('still refuses what is not an image, and images over 5 MB', async () => {
    const token = await t.login('demo_operator');
    const fake = await upload(token, 'photo.png', Buffer.from('<script>alert(1)</script>'));
    expect(fake.body).toEqual({ code: 500, msg: '文件格式不正确' });
    const fakeEn = await t.call('POST', '/system/user/profile/avatar', {
      token,
      lang: 'en-US',
      ...(() => {
        const form = multipart('photo.jpg', Buffer.from('GIF89a'), 'avatarfile');
        return { body: form.body, headers: form.headers };
      })(),
    });
    expect(fakeEn.body).toEqual({ code: 500, msg: 'Incorrect file format' });
    const big = await upload(token, 'huge.jpg', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.body).toEqual({ code: 500, msg: '上传文件大小不能超过5 MB' });
  });
});
