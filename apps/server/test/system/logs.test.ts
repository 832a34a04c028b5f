import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDeviceCall } from '../../src/modules/system/log/device-log.ts';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demoIds, download, readSheet } from './helpers.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
let rival: { clientId: number; token: string };
let admin: string;
let demoAdmin: string;
let projects: { demo: number; demo2: number; rival: number };

beforeAll(async () => {
  t = await startTestApp();
  ids = await demoIds(t);
  rival = await secondCustomer(t);
  for (const page of ['logininfor', 'operlog', 'userlog', 'devicelog'])
    for (const suffix of ['', '.query', '.remove', '.export', '.unlock'])
      await grantToRole(t, 'rival_admin', `monitor.${page}${suffix}`);
  admin = await t.login('admin');
  demoAdmin = await t.login('demo_admin');
  const rows = await t.deps.database.query<{ project_id: number; code: string }>(
    'select project_id, code from biz_project order by project_id',
  );
  const byCode = (code: string) => Number(rows.find((r) => r.code === code)!.project_id);
  projects = { demo: byCode('YQ001'), demo2: byCode('YZ002'), rival: byCode('R01') };
});
afterAll(async () => t?.close());

describe('login log', () => {
  it('shows each customer its own sign-ins, filtered and sorted by whitelisted columns', async () => {
    const demo = await t.call('GET', '/monitor/logininfor/list?pageSize=100', { token: demoAdmin });
    const users = new Set(demo.body.rows.map((r: { userName: string }) => r.userName));
    expect(users.has('demo_admin')).toBe(true);
    expect(users.has('rival_admin')).toBe(false);
    expect(users.has('admin')).toBe(false);
    const rivalList = await t.call('GET', '/monitor/logininfor/list', { token: rival.token });
    expect(rivalList.body.rows.every((r: { userName: string }) => r.userName === 'rival_admin')).toBe(true);
    const all = await t.call('GET', '/monitor/logininfor/list?userName=admin&pageSize=100', { token: admin });
    expect(new Set(all.body.rows.map((r: { userName: string }) => r.userName))).toEqual(
      new Set(['admin', 'demo_admin', 'rival_admin']),
    );
    const sorted = await t.call('GET', '/monitor/logininfor/list?orderByColumn=userName&isAsc=asc', { token: admin });
    expect(sorted.body.rows[0].userName).toBe('admin');
    const bad = await t.call('GET', '/monitor/logininfor/list?orderByColumn=msg', { token: admin, lang: 'en-US' });
    expect(bad.body.msg).toBe('Sorting by msg is not supported');
  });

  it("shows the platform's own sign-ins under all customers (-1), and the home counts them", async () => {
    const fresh = await t.login('admin');
    const mine = await t.call('GET', '/monitor/logininfor/list?userName=admin&pageSize=100', {
      token: fresh,
      headers: { clientId: '-1' },
    });
    const own = mine.body.rows.filter((r: { userName: string; clientId: number | null }) => r.userName === 'admin');
    expect(own.length).toBeGreaterThanOrEqual(1);
    expect(own.every((r: { clientId: number | null }) => r.clientId === null)).toBe(true);
    // one customer chosen: that customer's sign-ins, not the platform's
    const scoped = await t.call('GET', '/monitor/logininfor/list?pageSize=100', {
      token: fresh,
      headers: { clientId: String(ids.client) },
    });
    expect(scoped.body.rows.some((r: { userName: string }) => r.userName === 'admin')).toBe(false);
    const home = await t.call('GET', '/sysclient/home/summary', { token: fresh, headers: { clientId: '-1' } });
    const [{ n }] = await t.deps.database.query<{ n: number }>(
      "select count(*)::int as n from sys_logininfor where status = '0' and login_time > now() - interval '24 hours'",
    );
    expect(home.body.data.counts.recentLogins).toBe(n);
  });

  it("stores the message as a key and shows it in the viewer's language, old Chinese rows too", async () => {
    const [row] = await t.deps.database.query<{ msg: string }>(
      "select msg from sys_logininfor where user_name = 'demo_admin' and status = '0' order by info_id desc limit 1",
    );
    expect(row!.msg).toBe('login.success');
    await t.deps.database.query(
      `insert into sys_logininfor (user_name, client_id, ipaddr, status, msg, login_time) values
        ('demo_oldrow', $1, '10.0.0.1', '0', '登录成功', now()),
        ('demo_oldrow', $1, '10.0.0.1', '1', '密码输入错误2次，再错3次账户将被锁定10分钟', now())`,
      [ids.client],
    );
    const list = (lang: 'zh-CN' | 'en-US') =>
      t.call('GET', '/monitor/logininfor/list?userName=demo_oldrow&orderByColumn=status&isAsc=asc', {
        token: demoAdmin,
        lang,
      });
    expect((await list('en-US')).body.rows.map((r: { msg: string }) => r.msg)).toEqual([
      'Login successful',
      'Wrong password 2 times; 3 more and the account is locked for 10 minutes',
    ]);
    expect((await list('zh-CN')).body.rows.map((r: { msg: string }) => r.msg)).toEqual([
      '登录成功',
      '密码输入错误2次，再错3次账户将被锁定10分钟',
    ]);
    const en = await t.call('GET', '/monitor/logininfor/list?userName=demo_admin&status=0', {
      token: demoAdmin,
      lang: 'en-US',
    });
    expect(en.body.rows[0].msg).toBe('Login successful');
  });

  it('unlocks an account locked by wrong passwords', async () => {
    for (let i = 0; i < 5; i++)
      await t.call('POST', '/adminlogin', { body: { username: 'demo_operator', password: 'wrong-pass' } });
    const locked = await t.call('POST', '/adminlogin', { body: { username: 'demo_operator', password: 'admin123' } });
    expect(locked.body.code).toBe(500);
    const failures = await t.call('GET', '/monitor/logininfor/list?userName=demo_operator&status=1', {
      token: demoAdmin,
    });
    expect(failures.body.total).toBeGreaterThanOrEqual(5);
    const foreign = await t.call('GET', '/monitor/logininfor/unlock/demo_operator', { token: rival.token });
    expect(foreign.body.code).toBe(404);
    const res = await t.call('GET', '/monitor/logininfor/unlock/Demo_Operator', { token: demoAdmin, lang: 'en-US' });
    expect(res.body).toEqual({ code: 200, msg: 'Account Demo_Operator unlocked' });
    await expect(t.login('demo_operator')).resolves.toBeTruthy();
  });

  it('removes and cleans only the own customer rows', async () => {
    const demo = await t.call('GET', '/monitor/logininfor/list', { token: demoAdmin });
    const first = demo.body.rows[0].infoId;
    expect((await t.call('DELETE', `/monitor/logininfor/${first}`, { token: rival.token })).body.code).toBe(404);
    expect((await t.call('DELETE', `/monitor/logininfor/${first}`, { token: demoAdmin })).body.code).toBe(200);
    expect((await t.call('DELETE', '/monitor/logininfor/clean', { token: rival.token })).body.code).toBe(200);
    expect((await t.call('GET', '/monitor/logininfor/list', { token: rival.token })).body.total).toBe(0);
    expect((await t.call('GET', '/monitor/logininfor/list', { token: demoAdmin })).body.total).toBeGreaterThan(0);
  });

  it('clearing the login log is itself an operation-log row; the duty operator may not clear it', async () => {
    const cleared = () =>
      t.deps.database.query<{ oper_name: string; status: number }>(
        "select oper_name, status from sys_oper_log where title = 'login log' and business_type = 9 and client_id = $1",
        [rival.clientId],
      );
    const before = (await cleared()).length;
    expect((await t.call('DELETE', '/monitor/logininfor/clean', { token: rival.token })).body.code).toBe(200);
    const rows = await cleared();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ oper_name: 'rival_admin', status: 0 });
    const operator = await t.login('demo_operator');
    expect((await t.call('DELETE', '/monitor/logininfor/clean', { token: operator })).body.code).toBe(403);
    expect((await t.call('DELETE', '/monitor/operlog/clean', { token: operator })).body.code).toBe(403);
  });

  it('exports with headers in the request language', async () => {
    const file = await download(t, '/monitor/logininfor/export', { token: demoAdmin, lang: 'en-US' });
    const rows = await readSheet(file.data);
    expect(rows[0]!.slice(0, 3)).toEqual(['Log id', 'Account', 'IP']);
    expect(rows.slice(1).every((r) => r[1]!.startsWith('demo_') || r[1] === 'Demo_Operator')).toBe(true);
  });
});

describe('operation logs', () => {
  beforeAll(async () => {
    await t.call('POST', '/system/post', { token: demoAdmin, body: { postCode: 'logged', postName: '留痕岗位' } });
    await t.call('POST', '/system/post', {
      token: admin,
      headers: { clientId: String(rival.clientId) },
      body: { postCode: 'platformpost', postName: '平台代建' },
    });
    await t.call('PUT', '/system/user/profile', { token: rival.token, body: { nickName: '邻市' } });
  });

  it('lists operations with detail, scoped to the customer', async () => {
    const demo = await t.call('GET', '/monitor/operlog/list?title=positions', { token: demoAdmin });
    expect(demo.body.rows.map((r: { operName: string }) => r.operName)).toEqual(['demo_admin']);
    const detail = await t.call('GET', `/monitor/operlog/${demo.body.rows[0].operId}`, { token: demoAdmin });
    expect(detail.body.data).toMatchObject({ requestMethod: 'POST', operUrl: '/system/post', businessType: 1 });
    expect(detail.body.data.operParam).toContain('留痕岗位');
    expect(
      (await t.call('GET', `/monitor/operlog/${demo.body.rows[0].operId}`, { token: rival.token })).body.code,
    ).toBe(404);
    const all = await t.call('GET', '/monitor/operlog/list?title=positions', { token: admin });
    expect(all.body.rows.map((r: { operName: string }) => r.operName).sort()).toEqual(['admin', 'demo_admin']);
    const typed = await t.call('GET', '/monitor/operlog/list?businessType=2', { token: admin });
    expect(typed.body.rows.every((r: { businessType: number }) => r.businessType === 2)).toBe(true);
    const bad = await t.call('GET', '/monitor/operlog/list?orderByColumn=oper_param', { token: admin });
    expect(bad.body.code).toBe(500);
    const sorted = await t.call('GET', '/monitor/operlog/list?orderByColumn=costTime&isAsc=desc', { token: admin });
    const costs = sorted.body.rows.map((r: { costTime: number }) => r.costTime);
    expect(costs).toEqual([...costs].sort((a: number, b: number) => b - a));
  });

  it("shows customer users' operations in the user operation log, each customer its own", async () => {
    const platform = await t.call('GET', '/monitor/userlog/list?pageSize=100', { token: admin });
    const operators = new Set(platform.body.rows.map((r: { operName: string }) => r.operName));
    expect(operators.has('admin')).toBe(false);
    expect(operators.has('demo_admin')).toBe(true);
    expect(operators.has('rival_admin')).toBe(true);
    const rivalLog = await t.call('GET', '/monitor/userlog/list', { token: rival.token });
    expect(new Set(rivalLog.body.rows.map((r: { operName: string }) => r.operName))).toEqual(new Set(['rival_admin']));
    expect(rivalLog.body.rows.map((r: { operUrl: string }) => r.operUrl)).toContain('/system/user/profile');
    const file = await download(t, '/monitor/userlog/export', { token: rival.token });
    const exported = (await readSheet(file.data)).slice(1);
    expect(exported).toHaveLength(rivalLog.body.total);
    expect(new Set(exported.map((r) => r[4]))).toEqual(new Set(['rival_admin']));
    const demoRow = platform.body.rows.find((r: { operName: string }) => r.operName === 'demo_admin');
    expect((await t.call('GET', `/monitor/userlog/${demoRow.operId}`, { token: rival.token })).body.code).toBe(404);
  });

  it('removes and cleans only the own customer rows', async () => {
    const demo = await t.call('GET', '/monitor/operlog/list', { token: demoAdmin });
    expect(
      (await t.call('DELETE', `/monitor/operlog/${demo.body.rows[0].operId}`, { token: rival.token })).body.code,
    ).toBe(404);
    expect((await t.call('DELETE', '/monitor/operlog/clean', { token: rival.token })).body.code).toBe(200);
    const [left] = await t.deps.database.query<{ demo: number; rival: number }>(
      'select count(*) filter (where client_id = $1)::int demo, count(*) filter (where client_id = $2)::int rival from sys_oper_log',
      [ids.client, rival.clientId],
    );
    expect(left!.demo).toBeGreaterThan(0);
    // the clean itself is logged after the rows went
    expect(left!.rival).toBe(1);
  });
});

describe('device operation log', () => {
  beforeAll(async () => {
    const base = {
      operName: 'demo_admin',
      requestIp: '10.0.0.8',
      method: 'lighting/v1/ccu/CCU-1/down',
      headers: '{"qos":1}',
      request: '{"action":"LIGHT_ON"}',
    };
    const first = await recordDeviceCall(t.deps, {
      ...base,
      clientId: ids.client,
      projectId: projects.demo,
      deviceUid: 'RTU-0001',
      deviceName: '妫水北街 1 号灯',
      action: 'LIGHT_ON',
      batchId: 'b-1',
      batchCount: 2,
    });
    await t.deps.database.query(
      'update sys_device_log set status = 0, response = \'{"result":"SUCCESS"}\', consume_time = 84 where log_id = $1',
      [first],
    );
    await recordDeviceCall(t.deps, {
      ...base,
      clientId: ids.client,
      projectId: projects.demo,
      deviceUid: 'RTU-0002',
      action: 'LIGHT_ON',
      batchId: 'b-1',
      batchCount: 2,
    });
    await recordDeviceCall(t.deps, {
      ...base,
      clientId: ids.client,
      projectId: projects.demo2,
      deviceUid: 'RTU-9001',
      action: 'LIGHT_DIMMING',
    });
    await recordDeviceCall(t.deps, {
      ...base,
      operName: 'rival_admin',
      clientId: rival.clientId,
      projectId: projects.rival,
      deviceUid: 'RTU-R001',
      action: 'LIGHT_OFF',
    });
  });

  it('shows operator, IP, method, headers, response, consume time and batch size, scoped by customer and project', async () => {
    const demo = await t.call('GET', '/monitor/devicelog/list', { token: demoAdmin });
    expect(demo.body.rows.map((r: { deviceUid: string }) => r.deviceUid).sort()).toEqual([
      'RTU-0001',
      'RTU-0002',
      'RTU-9001',
    ]);
    const project = await t.call('GET', '/monitor/devicelog/list', {
      token: demoAdmin,
      headers: { projectId: String(projects.demo) },
    });
    expect(project.body.total).toBe(2);
    const done = project.body.rows.find((r: { deviceUid: string }) => r.deviceUid === 'RTU-0001');
    expect(done).toMatchObject({
      operName: 'demo_admin',
      requestIp: '10.0.0.8',
      method: 'lighting/v1/ccu/CCU-1/down',
      headers: '{"qos":1}',
      response: '{"result":"SUCCESS"}',
      consumeTime: 84,
      batchCount: 2,
      status: 0,
    });
    const detail = await t.call('GET', `/monitor/devicelog/${done.logId}`, { token: demoAdmin });
    expect(detail.body.data.deviceName).toBe('妫水北街 1 号灯');
    expect((await t.call('GET', `/monitor/devicelog/${done.logId}`, { token: rival.token })).body.code).toBe(404);
    const otherProject = await t.call('GET', `/monitor/devicelog/${done.logId}`, {
      token: demoAdmin,
      headers: { projectId: String(projects.demo2) },
    });
    expect(otherProject.body.code).toBe(404);
    const rivalList = await t.call('GET', '/monitor/devicelog/list', { token: rival.token });
    expect(rivalList.body.rows.map((r: { deviceUid: string }) => r.deviceUid)).toEqual(['RTU-R001']);
    const all = await t.call('GET', '/monitor/devicelog/list', { token: admin });
    expect(all.body.total).toBe(4);
  });

  it('filters and sorts by whitelisted columns', async () => {
    const batch = await t.call('GET', '/monitor/devicelog/list?batchId=b-1&orderByColumn=deviceUid&isAsc=desc', {
      token: demoAdmin,
    });
    expect(batch.body.rows.map((r: { deviceUid: string }) => r.deviceUid)).toEqual(['RTU-0002', 'RTU-0001']);
    const dimming = await t.call('GET', '/monitor/devicelog/list?action=LIGHT_DIMMING', { token: demoAdmin });
    expect(dimming.body.total).toBe(1);
    const bad = await t.call('GET', '/monitor/devicelog/list?orderByColumn=request', { token: demoAdmin });
    expect(bad.body.code).toBe(500);
    const file = await download(t, '/monitor/devicelog/export', { token: demoAdmin, lang: 'en-US' });
    const rows = await readSheet(file.data);
    expect(rows[0]).toContain('Consume time (ms)');
    expect(rows[0]).toContain('Same-batch count');
    expect(rows).toHaveLength(4);
  });

  it('refuses callers without the permission', async () => {
    await t.deps.database.query(
      "insert into sys_user (user_name, nick_name, password, client_id) select 'log_nobody', 'x', password, client_id from sys_user where user_name = 'demo_operator'",
    );
    const token = await t.login('log_nobody');
    for (const url of [
      '/monitor/devicelog/list',
      '/monitor/operlog/list',
      '/monitor/userlog/list',
      '/monitor/logininfor/list',
    ])
      expect((await t.call('GET', url, { token })).body.code).toBe(403);
  });
});
