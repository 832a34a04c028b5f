import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demoIds, download, multipart, readSheet, workbook } from './helpers.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
let demoAdmin: string;
let rival: { clientId: number; token: string };

const HEADERS_ZH = ['部门编号', '登录名称', '用户名称', '用户邮箱', '手机号码', '用户性别', '帐号状态'];

beforeAll(async () => {
  t = await startTestApp();
  ids = await demoIds(t);
  demoAdmin = await t.login('demo_admin');
  rival = await secondCustomer(t);
  await grantToRole(t, 'rival_admin', 'system.user.import');
});
afterAll(async () => t?.close());

async function upload(token: string, name: string, data: Buffer, query = '', lang: 'zh-CN' | 'en-US' = 'zh-CN') {
  const { body, headers } = multipart(name, data);
  return t.call('POST', `/system/user/importData${query}`, { token, lang, body, headers });
}

/** 200 users of the ops centre; rows 51, 102 and 153 of the data are broken (sheet rows 52, 103, 154). */
function twoHundred(prefix: string) {
  return Array.from({ length: 200 }, (_, i) => {
    const n = String(i).padStart(3, '0');
    const row: unknown[] = [
      ids.ops,
      `${prefix}_${n}`,
      `导入用户${n}`,
      `${prefix}${n}@demo.cn`,
      `139${prefix === 'imp' ? '1' : '2'}000${n.padStart(4, '0')}`,
      i % 2 ? '女' : 'Male',
      '正常',
    ];
    if (i === 50) row[1] = 'x';
    if (i === 101) row[4] = '12345';
    if (i === 152) row[0] = 999_999;
    return row;
  });
}

describe('user import', () => {
  it('offers a template with headers in the request language', async () => {
    const zh = await download(t, '/system/user/importTemplate', { token: demoAdmin });
    expect((await readSheet(zh.data))[0]).toEqual(HEADERS_ZH);
    const en = await download(t, '/system/user/importTemplate', { token: demoAdmin, lang: 'en-US' });
    expect((await readSheet(en.data))[0]).toEqual([
      'Department id',
      'Account',
      'Nickname',
      'Email',
      'Mobile',
      'Gender',
      'Status',
    ]);
  });

  it('imports 200 users in well under 2 s and reports each bad row by number', async () => {
    const file = await workbook(HEADERS_ZH, twoHundred('imp'));
    const started = performance.now();
    const res = await upload(demoAdmin, 'users.xlsx', file, '', 'en-US');
    const elapsed = performance.now() - started;
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ total: 200, successCount: 197, insertCount: 197, failCount: 3 });
    expect(res.body.msg).toBe('Import finished: 197 succeeded (197 added, 0 updated), 3 failed');
    expect(res.body.data.errors).toEqual([
      { row: 52, userName: 'x', msg: 'Row 52: User name must be 2 to 20 characters long' },
      { row: 103, userName: 'imp_101', msg: 'Row 103: Invalid Phone Number Format' },
      {
        row: 154,
        userName: 'imp_152',
        msg: 'Row 154: The department does not exist or is outside your data scope',
      },
    ]);
    expect(elapsed).toBeLessThan(2000);
    console.info(`import of 200 users: ${Math.round(elapsed)} ms`);

    const [count] = await t.deps.database.query<{ n: number }>(
      "select count(*)::int n from sys_user where user_name like 'imp\\_%' and client_id = $1 and dept_id = $2 and pwd_must_change",
      [ids.client, ids.ops],
    );
    expect(count!.n).toBe(197);
    const [female] = await t.deps.database.query<{ sex: string }>(
      "select sex from sys_user where user_name = 'imp_001'",
    );
    expect(female!.sex).toBe('1');

    // every added user has its own drawn password, answered once to the importer
    const passwords = res.body.data.passwords as { userName: string; nickName: string; password: string }[];
    expect(passwords).toHaveLength(197);
    expect(passwords[0]).toMatchObject({ userName: 'imp_000', nickName: '导入用户000' });
    expect(new Set(passwords.map((p) => p.password)).size).toBe(197);
    for (const { password } of passwords) expect(password).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{12}$/);
    const first = passwords[0]!.password;
    const signIn = await t.call('POST', '/adminlogin', { body: { username: 'imp_000', password: first } });
    expect(signIn.body.code).toBe(200);
    expect((await t.call('GET', '/getInfo', { token: signIn.body.token })).body.isDefaultModifyPwd).toBe(true);
    expect((await t.call('POST', '/adminlogin', { body: { username: 'imp_001', password: first } })).body.code).toBe(
      500,
    );
    // the platform's old initial password opens nothing
    expect(
      (await t.call('POST', '/adminlogin', { body: { username: 'imp_002', password: 'Lux@2026' } })).body.code,
    ).toBe(500);
    await expect(t.login('imp_003', passwords[3]!.password)).resolves.toBeTruthy();
    // kept nowhere: neither in the import record nor in the operation log
    const records = await t.deps.database.query<{ errors: unknown }>('select errors from sys_user_import');
    expect(JSON.stringify(records)).not.toContain(first);
    const importLogs = () =>
      t.deps.database.query<{ json_result: string }>(
        "select json_result from sys_oper_log where oper_url = '/system/user/importData'",
      );
    await expect.poll(async () => (await importLogs()).length).toBeGreaterThan(0);
    const logs = await importLogs();
    for (const log of logs) expect(log.json_result).not.toContain(first);
  });

  it('keeps an import record whose row errors are read back in the reader language', async () => {
    const list = await t.call('GET', '/system/user/importRecord/list', { token: demoAdmin });
    expect(list.body.total).toBe(1);
    expect(list.body.rows[0]).toMatchObject({
      fileName: 'users.xlsx',
      operName: 'demo_admin',
      total: 200,
      successCount: 197,
      failCount: 3,
      updateSupport: false,
    });
    expect(list.body.rows[0]).not.toHaveProperty('errors');
    const detail = await t.call('GET', `/system/user/importRecord/${list.body.rows[0].importId}`, { token: demoAdmin });
    expect(detail.body.data.errors.map((e: { msg: string }) => e.msg)).toEqual([
      '第 52 行：用户名称长度必须在2到20个字符之间',
      '第 103 行：手机号码格式不正确',
      '第 154 行：部门不存在或没有权限访问该部门',
    ]);
  });

  it('refuses existing accounts unless asked to update them', async () => {
    const rows = [
      [ids.ops, 'imp_000', '改过的名字', 'imp000@demo.cn', '', '女', '停用'],
      [ids.ops, 'demo_admin', '不该改', '', '', '', ''],
      [ids.crew, 'fresh_one', '新人', '', '', '', ''],
    ];
    const file = await workbook(HEADERS_ZH, rows);
    const refused = await upload(demoAdmin, 'again.xlsx', file, '?updateSupport=false', 'en-US');
    expect(refused.body.data).toMatchObject({ successCount: 1, insertCount: 1, failCount: 2 });
    expect(refused.body.data.errors[0].msg).toBe('Row 2: Account imp_000 already exists');
    const fresh = await workbook(HEADERS_ZH, rows.slice(0, 2));
    // the option as a form field, as the import dialog sends it
    const { body, headers } = multipart('update.xlsx', fresh, 'file', { updateSupport: 'true' });
    const updated = await t.call('POST', '/system/user/importData', { token: demoAdmin, body, headers });
    expect(updated.body.data).toMatchObject({ successCount: 2, updateCount: 2, failCount: 0 });
    const [row] = await t.deps.database.query<{ nick_name: string; status: string; sex: string }>(
      "select nick_name, status, sex from sys_user where user_name = 'imp_000'",
    );
    expect(row).toEqual({ nick_name: '改过的名字', status: '1', sex: '1' });
  });

  it("never updates another customer's account", async () => {
    const file = await workbook(HEADERS_ZH, [['', 'imp_000', 'hijack', '', '', '', '']]);
    const res = await upload(rival.token, 'hijack.xlsx', file, '?updateSupport=true', 'en-US');
    expect(res.body.data.failCount).toBe(1);
    expect(res.body.data.errors[0].msg).toBe('Row 2: Account imp_000 is taken and cannot be updated');
    const [row] = await t.deps.database.query<{ nick_name: string }>(
      "select nick_name from sys_user where user_name = 'imp_000'",
    );
    expect(row!.nick_name).toBe('改过的名字');
    const list = await t.call('GET', '/system/user/importRecord/list', { token: rival.token });
    expect(list.body.rows.map((r: { fileName: string }) => r.fileName)).toEqual(['hijack.xlsx']);
    const demoRecord = await t.call('GET', '/system/user/importRecord/list', { token: demoAdmin });
    const foreign = await t.call('GET', `/system/user/importRecord/${demoRecord.body.rows[0].importId}`, {
      token: rival.token,
    });
    expect(foreign.body.code).toBe(404);
  });

  it('reads xls and xlsx only', async () => {
    const csv = await upload(demoAdmin, 'users.csv', Buffer.from('userName\nabc\n'), '', 'en-US');
    expect(csv.body).toEqual({ code: 500, msg: 'Incorrect file format' });
    const fake = await upload(demoAdmin, 'users.xlsx', Buffer.from('not a workbook'), '', 'en-US');
    expect(fake.body.msg).toBe('Incorrect file format');
    const legacy = await upload(
      demoAdmin,
      'users.xls',
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
      '',
      'en-US',
    );
    expect(legacy.body.msg).toBe('Legacy .xls files cannot be read; save the file as .xlsx and import it again');
    const renamed = await upload(
      demoAdmin,
      'renamed.xls',
      await workbook(['Account', 'Nickname', 'Department id'], [['from_xls', 'X', ids.ops]]),
    );
    expect(renamed.body.data).toMatchObject({ successCount: 1 });
    const empty = await upload(demoAdmin, 'empty.xlsx', await workbook(HEADERS_ZH, []), '', 'en-US');
    expect(empty.body.msg).toBe('The file contains no users');
  });

  it('refuses callers without the import permission', async () => {
    const operator = await t.login('demo_operator');
    const file = await workbook(HEADERS_ZH, []);
    expect((await upload(operator, 'x.xlsx', file)).body.code).toBe(403);
    expect((await t.call('GET', '/system/user/importRecord/list', { token: operator })).body.code).toBe(403);
  });
});
