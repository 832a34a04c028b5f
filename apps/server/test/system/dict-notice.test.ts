import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demoIds, download, readSheet } from './helpers.ts';

let t: TestApp;
let rival: { clientId: number; token: string };
let admin: string;
let demoAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  await demoIds(t);
  rival = await secondCustomer(t);
  for (const key of ['system.notice', 'system.notice.query', 'system.notice.edit', 'system.notice.remove'])
    await grantToRole(t, 'rival_admin', key);
  admin = await t.login('admin');
  demoAdmin = await t.login('demo_admin');
});
afterAll(async () => t?.close());

describe('dictionary types', () => {
  let dictId: number;

  it('adds a type and its data, found by id from the data page', async () => {
    const res = await t.call('POST', '/system/dict/type', {
      token: admin,
      body: { dictName: '灯杆材质', dictNameEn: 'Pole material', dictType: 'pole_material' },
    });
    expect(res.body.code).toBe(200);
    dictId = res.body.data.dictId;
    const got = await t.call('GET', `/system/dict/type/${dictId}`, { token: admin, lang: 'en-US' });
    expect(got.body.data).toMatchObject({ dictType: 'pole_material', dictName: '灯杆材质', title: 'Pole material' });
    for (const [value, label, labelEn] of [
      ['steel', '钢', 'Steel'],
      ['alu', '铝', 'Aluminium'],
    ])
      expect(
        (
          await t.call('POST', '/system/dict/data', {
            token: admin,
            body: { dictType: 'pole_material', dictValue: value, dictLabel: label, dictLabelEn: labelEn },
          })
        ).body.code,
      ).toBe(200);
    const data = await t.call('GET', '/system/dict/data/list?dictType=pole_material&orderByColumn=dictValue', {
      token: admin,
    });
    expect(data.body.rows.map((r: { dictValue: string }) => r.dictValue)).toEqual(['alu', 'steel']);
    const bySort = await t.call('GET', '/system/dict/data/list?orderByColumn=css_class', { token: admin });
    expect(bySort.body.code).toBe(500);
    const lookup = await t.call('GET', '/system/dict/data/type/pole_material', { token: demoAdmin, lang: 'en-US' });
    expect(lookup.body.data.map((d: { dictLabel: string }) => d.dictLabel)).toEqual(['Steel', 'Aluminium']);
  });

  it('names its rules', async () => {
    const format = await t.call('POST', '/system/dict/type', {
      token: admin,
      lang: 'en-US',
      body: { dictName: 'Bad', dictType: 'Bad-Type' },
    });
    expect(format.body.msg).toBe(
      'Dictionary type must start with a lowercase letter and hold only lowercase letters, digits and underscores',
    );
    const dup = await t.call('POST', '/system/dict/type', {
      token: admin,
      body: { dictName: '重复', dictType: 'pole_material' },
    });
    expect(dup.body.msg).toBe("保存字典'重复'失败，字典类型已存在");
    const missing = await t.call('POST', '/system/dict/data', {
      token: admin,
      lang: 'en-US',
      body: { dictType: 'no_such_type', dictValue: 'x', dictLabel: 'x' },
    });
    expect(missing.body.msg).toBe('The dictionary type no_such_type does not exist');
    const value = await t.call('POST', '/system/dict/data', {
      token: admin,
      lang: 'en-US',
      body: { dictType: 'pole_material', dictValue: 'steel', dictLabel: '不锈钢' },
    });
    expect(value.body.msg).toBe("Cannot save dictionary entry '不锈钢': the value steel already exists");
  });

  it('renames a type together with its data, and refreshes the cached lookups', async () => {
    await t.call('GET', '/system/dict/data/type/pole_material', { token: demoAdmin });
    const res = await t.call('PUT', '/system/dict/type', {
      token: admin,
      body: { dictId, dictName: '灯杆材质', dictType: 'pole_materials' },
    });
    expect(res.body.code).toBe(200);
    const renamed = await t.call('GET', '/system/dict/data/type/pole_materials', { token: demoAdmin });
    expect(renamed.body.data).toHaveLength(2);
    expect((await t.call('GET', '/system/dict/data/type/pole_material', { token: demoAdmin })).body.data).toEqual([]);
    await t.deps.database.query("update sys_dict_data set dict_label = '钢材' where dict_value = 'steel'");
    expect((await t.call('DELETE', '/system/dict/type/refreshCache', { token: admin })).body.code).toBe(200);
    const fresh = await t.call('GET', '/system/dict/data/type/pole_materials', { token: demoAdmin });
    expect(fresh.body.data[0].dictLabel).toBe('钢材');
  });

  it('lists, filters, sorts, offers and exports types', async () => {
    const list = await t.call('GET', '/system/dict/type/list?dictType=pole&orderByColumn=dictType', { token: admin });
    expect(list.body.rows.map((r: { dictType: string }) => r.dictType)).toEqual(['pole_materials']);
    const bad = await t.call('GET', '/system/dict/type/list?orderByColumn=remark', { token: admin, lang: 'en-US' });
    expect(bad.body.msg).toBe('Sorting by remark is not supported');
    const options = await t.call('GET', '/system/dict/type/optionselect', { token: admin });
    expect(options.body.data.map((r: { dictType: string }) => r.dictType)).toContain('sys_user_sex');
    const file = await download(t, '/system/dict/type/export', { token: admin, body: { dictType: 'pole' } });
    expect((await readSheet(file.data)).slice(1).map((r) => r[3])).toEqual(['pole_materials']);
  });

  it('deletes a type only once its data is gone', async () => {
    const refused = await t.call('DELETE', `/system/dict/type/${dictId}`, { token: admin, lang: 'en-US' });
    expect(refused.body.msg).toBe('灯杆材质 still has dictionary data and cannot be deleted');
    const data = await t.call('GET', '/system/dict/data/list?dictType=pole_materials', { token: admin });
    const codes = data.body.rows.map((r: { dictCode: number }) => r.dictCode).join(',');
    expect((await t.call('DELETE', `/system/dict/data/${codes}`, { token: admin })).body.code).toBe(200);
    expect((await t.call('DELETE', `/system/dict/type/${dictId}`, { token: admin })).body.code).toBe(200);
  });

  it('is changed by platform users only', async () => {
    await grantToRole(t, 'customer_admin', 'system.dict.add');
    await grantToRole(t, 'customer_admin', 'system.dict.edit');
    const token = await t.login('demo_admin');
    const type = await t.call('POST', '/system/dict/type', {
      token,
      lang: 'en-US',
      body: { dictName: 'Mine', dictType: 'mine' },
    });
    expect(type.body).toEqual({ code: 403, msg: 'Only platform administrators may do this' });
    const data = await t.call('PUT', '/system/dict/data', {
      token,
      body: { dictCode: 1, dictType: 'sys_user_sex', dictValue: '0', dictLabel: '男士' },
    });
    expect(data.body.code).toBe(403);
    expect((await t.call('GET', '/system/dict/type/list', { token: rival.token })).body.code).toBe(403);
  });
});

describe('notices', () => {
  const dirty = [
    '<h2 style="color: #409EFF; text-align: center" onclick="steal()">标题</h2>',
    '<p class="ql-align-center">正文<script>alert(1)</script><strong>加粗</strong></p>',
    '<img src="https://cdn.example.com/a.png" onerror="alert(1)">',
    '<img src="/profile/upload/2026/06/01/b.png">',
    '<img src="data:image/png;base64,AAAA">',
    '<img src="javascript:alert(1)">',
    '<a href="javascript:alert(1)">bad link</a>',
    '<a href="https://example.com" target="_blank">good link</a>',
    '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
    '<span style="position: fixed; color: red">red</span>',
  ].join('');

  it('strips scripts, event handlers and javascript:/data: URLs, and keeps the formatting', async () => {
    const res = await t.call('POST', '/system/notice', {
      token: demoAdmin,
      body: { noticeTitle: '停电通知', noticeType: '1', noticeContent: dirty },
    });
    expect(res.body.code).toBe(200);
    const got = await t.call('GET', `/system/notice/${res.body.data.noticeId}`, { token: demoAdmin });
    const html: string = got.body.data.noticeContent;
    for (const banned of ['script', 'onclick', 'onerror', 'javascript:', 'data:', 'iframe', 'style>', 'position'])
      expect(html).not.toContain(banned);
    expect(html).toContain('<h2 style="color:#409EFF;text-align:center">标题</h2>');
    expect(html).toContain('<p class="ql-align-center">正文<strong>加粗</strong></p>');
    expect(html).toContain('<img src="https://cdn.example.com/a.png" />');
    expect(html).toContain('<img src="/profile/upload/2026/06/01/b.png" />');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">good link</a>');
    expect(html).toContain('<span style="color:red">red</span>');
    const edited = await t.call('PUT', '/system/notice', {
      token: demoAdmin,
      body: {
        noticeId: res.body.data.noticeId,
        noticeTitle: '停电通知',
        noticeType: '1',
        noticeContent: '<p onmouseover="x()">again</p>',
      },
    });
    expect(edited.body.code).toBe(200);
    const after = await t.call('GET', `/system/notice/${res.body.data.noticeId}`, { token: demoAdmin });
    expect(after.body.data.noticeContent).toBe('<p>again</p>');
  });

  it('validates title and type', async () => {
    const res = await t.call('POST', '/system/notice', {
      token: demoAdmin,
      lang: 'en-US',
      body: { noticeTitle: '', noticeType: '3' },
    });
    expect(res.body.msg).toContain('Notice title cannot be empty');
    expect(res.body.msg).toContain('Notice type is not one of the allowed values');
    const long = await t.call('POST', '/system/notice', {
      token: demoAdmin,
      body: { noticeTitle: '长'.repeat(51), noticeType: '1' },
    });
    expect(long.body.msg).toBe('公告标题不能超过50个字符');
  });

  it("keeps each customer's notices to itself, sorted by whitelisted columns", async () => {
    const list = await t.call('GET', '/system/notice/list?orderByColumn=noticeTitle', { token: demoAdmin });
    expect(list.body.rows.map((n: { noticeTitle: string }) => n.noticeTitle)).toEqual(['停电通知']);
    const noticeId = list.body.rows[0].noticeId;
    expect((await t.call('GET', '/system/notice/list', { token: rival.token })).body.rows).toEqual([]);
    expect((await t.call('GET', `/system/notice/${noticeId}`, { token: rival.token })).body.code).toBe(404);
    expect((await t.call('DELETE', `/system/notice/${noticeId}`, { token: rival.token })).body.code).toBe(404);
    expect((await t.call('GET', `/system/notice/read/${noticeId}`, { token: rival.token })).body.code).toBe(404);
    const edit = await t.call('PUT', '/system/notice', {
      token: rival.token,
      body: { noticeId, noticeTitle: 'x', noticeType: '1' },
    });
    expect(edit.body.code).toBe(404);
    const bad = await t.call('GET', '/system/notice/list?orderByColumn=notice_content', { token: demoAdmin });
    expect(bad.body.code).toBe(500);
  });

  it('tracks read state per user for the navbar', async () => {
    await t.call('POST', '/system/notice', {
      token: admin,
      body: { noticeTitle: '平台维护', noticeType: '2', noticeContent: '<p>今晚维护</p>' },
    });
    const operator = await t.login('demo_operator');
    const latest = await t.call('GET', '/system/notice/latest', { token: operator });
    expect(latest.body.data.map((n: { noticeTitle: string }) => n.noticeTitle).sort()).toEqual([
      '停电通知',
      '平台维护',
    ]);
    expect(latest.body.unreadCount).toBe(2);
    expect(latest.body.data.every((n: { read: boolean }) => n.read === false)).toBe(true);
    const first = latest.body.data.find((n: { noticeTitle: string }) => n.noticeTitle === '停电通知');
    const opened = await t.call('GET', `/system/notice/read/${first.noticeId}`, { token: operator });
    expect(opened.body.data.noticeContent).toBe('<p>again</p>');
    expect((await t.call('GET', '/system/notice/unreadCount', { token: operator })).body.data).toBe(1);
    expect((await t.call('GET', '/system/notice/unreadCount', { token: demoAdmin })).body.data).toBe(2);
    const rivalFeed = await t.call('GET', '/system/notice/latest', { token: rival.token });
    expect(rivalFeed.body.data.map((n: { noticeTitle: string }) => n.noticeTitle)).toEqual(['平台维护']);
    expect((await t.call('PUT', '/system/notice/readAll', { token: operator })).body.code).toBe(200);
    expect((await t.call('GET', '/system/notice/unreadCount', { token: operator })).body.data).toBe(0);
    const closed = await t.call('GET', '/system/notice/list', { token: admin, headers: { clientId: '' } });
    const platformNotice = closed.body.rows.find((n: { noticeTitle: string }) => n.noticeTitle === '平台维护');
    await t.call('PUT', '/system/notice', {
      token: admin,
      body: { noticeId: platformNotice.noticeId, noticeTitle: '平台维护', noticeType: '2', status: '1' },
    });
    expect((await t.call('GET', '/system/notice/unreadCount', { token: rival.token })).body.data).toBe(0);
  });

  it('deletes notices with their read marks', async () => {
    const list = await t.call('GET', '/system/notice/list', { token: demoAdmin });
    const res = await t.call('DELETE', `/system/notice/${list.body.rows[0].noticeId}`, { token: demoAdmin });
    expect(res.body.code).toBe(200);
    const [marks] = await t.deps.database.query<{ n: number }>(
      'select count(*)::int n from sys_notice_read where notice_id = $1',
      [list.body.rows[0].noticeId],
    );
    expect(marks!.n).toBe(0);
  });
});
