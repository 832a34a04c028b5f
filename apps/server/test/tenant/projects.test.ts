import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';
import { demoClientId, projectForm } from './helpers.ts';

let t: TestApp;
let admin: string;
let demoAdmin: string;
let demo: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  demoAdmin = await t.login('demo_admin');
  demo = await demoClientId(t);
});
afterAll(async () => t?.close());

const create = (
  body: unknown,
  opts: { token?: string; lang?: 'zh-CN' | 'en-US'; headers?: Record<string, string> } = {},
) => t.call('POST', '/sysclient/project', { token: demoAdmin, lang: 'en-US', body, ...opts });

describe('project validation', () => {
  it('asks platform users for a customer first', async () => {
    const res = await create(projectForm('P001'), { token: admin });
    expect(res.body).toEqual({ code: 500, msg: 'A client must be selected before choosing a project' });
    const zh = await create(projectForm('P001'), { token: admin, lang: 'zh-CN' });
    expect(zh.body).toEqual({ code: 500, msg: '选择项目前必须先选择客户' });
  });

  it('requires a band standard for LoRaWAN projects and only LoRaWAN regions', async () => {
    const res = await create(projectForm('LORA1', { commType: 4 }));
    expect(res.body).toEqual({ code: 500, msg: 'A band standard is required for LoRaWAN projects' });
    const zh = await create(projectForm('LORA1', { commType: '4' }), { lang: 'zh-CN' });
    expect(zh.body).toEqual({ code: 500, msg: 'LoRaWAN 项目必须选择频段标准' });
    const region = await create(projectForm('LORA1', { commType: 4, bandStandard: 'XX999' }));
    expect(region.body).toEqual({ code: 500, msg: 'Band standard is not one of the allowed values' });
    for (const band of ['EU868', 'AS923-3', 'RU864']) {
      const ok = await create(projectForm(`LORA${band.replace(/\W/g, '')}`, { commType: 4, bandStandard: band }));
      expect(ok.body.code).toBe(200);
    }
    // other communication types need no band, and keep none
    const plc = await create(projectForm('PLC1', { commType: 1, bandStandard: 'EU868' }));
    const view = await t.call('GET', `/sysclient/project/${plc.body.data.projectId}`, { token: demoAdmin });
    expect(view.body.data).toMatchObject({ commType: '1', bandStandard: '' });
  });

  it('refuses Chinese characters in the operator and wants it under 20 characters', async () => {
    expect((await create(projectForm('OP1', { operate: '张三' }))).body).toEqual({
      code: 500,
      msg: 'Operator cannot contain Chinese characters',
    });
    expect((await create(projectForm('OP1', { operate: 'a'.repeat(20) }))).body).toEqual({
      code: 500,
      msg: 'Operator must be under 20 characters',
    });
    expect((await create(projectForm('OP1', { operate: '操作员' }), { lang: 'zh-CN' })).body).toEqual({
      code: 500,
      msg: '操作员不能包含中文字符',
    });
    expect((await create(projectForm('OP1', { operate: 'a'.repeat(19) }))).body.code).toBe(200);
  });

  it('checks coordinates, phone, map type, language and time zones', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ latitude: 95 }, 'Latitude must be between -90 and 90'],
      [{ longitude: -181 }, 'Longitude must be between -180 and 180'],
      [{ longitude: undefined }, 'Longitude cannot be empty'],
      [{ latitude: 'north' }, 'Latitude has the wrong format'],
      [{ projectContactsPhone: 'x1' }, 'Invalid Phone Number Format'],
      [{ mapType: 'osm' }, 'Map type is not one of the allowed values'],
      [{ language: 'fr-FR' }, 'Default language is not one of the allowed values'],
      [{ timeZone: '+13' }, 'Time zone is not one of the allowed values'],
      [{ ianaTimeZone: 'Mars/Olympus' }, 'IANA time zone is not a valid time zone'],
      [{ projectCode: 'P-1' }, 'Only numbers and letters allowed'],
      [{ projectName: '' }, 'Project name cannot be empty'],
    ];
    for (const [change, msg] of cases) {
      const res = await create(projectForm('CHK1', change));
      expect({ change, body: res.body }).toEqual({ change, body: { code: 500, msg } });
    }
  });

  it('derives an IANA zone from the offset unless one is named', async () => {
    const shanghai = await create(projectForm('TZ8', { timeZone: '+8' }));
    const tokyo = await create(projectForm('TZ9', { timeZone: '+9' }));
    const named = await create(projectForm('TZ1', { timeZone: '+1', ianaTimeZone: 'Europe/Berlin' }));
    const zones = await Promise.all(
      [shanghai, tokyo, named].map(
        async (r) =>
          (await t.call('GET', `/sysclient/project/${r.body.data.projectId}`, { token: demoAdmin })).body.data,
      ),
    );
    expect(zones.map((z) => [z.timeZone, z.ianaTimeZone])).toEqual([
      ['+8', 'Asia/Shanghai'],
      ['+9', 'Asia/Tokyo'],
      ['+1', 'Europe/Berlin'],
    ]);
  });

  it('keeps project codes unique within a customer', async () => {
    const res = await create(projectForm('YQ001'));
    expect(res.body).toEqual({ code: 500, msg: "Project code 'YQ001' already exists" });
  });
});

describe('project lifecycle', () => {
  let projectId: number;
  it('creates, shows under both names, edits and never returns the operation password', async () => {
    const res = await create(projectForm('NJ100', { operatePwd: 'Op@12345', commType: 4, bandStandard: 'CN470' }));
    projectId = res.body.data.projectId;
    const view = (await t.call('GET', `/sysclient/project/${projectId}`, { token: demoAdmin })).body.data;
    expect(view).toMatchObject({
      projectId,
      belongClient: demo,
      clientName: '演示城市照明',
      projectCode: 'NJ100',
      code: 'NJ100',
      projectName: 'NJ100 城区',
      projectContactsPhone: '13700137000',
      hasOperatePwd: true,
      bandStandard: 'CN470',
    });
    expect(view).not.toHaveProperty('operatePwd');
    const [stored] = await t.deps.database.query<{ operate_pwd: string }>(
      'select operate_pwd from biz_project where project_id = $1',
      [projectId],
    );
    expect(stored!.operate_pwd).toMatch(/^\$argon2id\$/);

    const edit = await t.call('PUT', '/sysclient/project', {
      token: demoAdmin,
      body: { ...projectForm('NJ100', { projectName: '南京新区', commType: 4, bandStandard: 'EU868' }), projectId },
    });
    expect(edit.body.code).toBe(200);
    const after = (await t.call('GET', `/sysclient/project/${projectId}`, { token: demoAdmin })).body.data;
    expect(after).toMatchObject({ projectName: '南京新区', bandStandard: 'EU868', hasOperatePwd: true });
    const list = await t.call('GET', '/sysclient/project/list?projectName=南京新区', { token: demoAdmin });
    expect(list.body.rows.map((r: { projectId: number }) => r.projectId)).toEqual([projectId]);
    expect(JSON.stringify(list.body)).not.toContain('argon2');
  });

  it('checks the operation password and locks after five wrong answers', async () => {
    const operator = await t.login('demo_operator');
    const check = (pwd: string, lang: 'zh-CN' | 'en-US' = 'en-US') =>
      t.call('POST', '/sysclient/project/checkOperatePwd', {
        token: operator,
        lang,
        headers: { projectId: String(projectId) },
        body: { operatePwd: pwd },
      });
    expect((await check('Op@12345')).body).toMatchObject({ code: 200, data: { required: true } });
    expect((await check('wrong')).body).toEqual({ code: 500, msg: 'Wrong operation password, 4 attempts left' });
    expect((await check('wrong', 'zh-CN')).body).toEqual({ code: 500, msg: '操作密码错误，还可尝试3次' });
    await check('wrong');
    await check('wrong');
    expect((await check('wrong')).body).toEqual({
      code: 500,
      msg: 'Too many wrong operation passwords, please try again in 10 minutes',
    });
    expect((await check('Op@12345')).body.code).toBe(500);
    t.clock.advance(11 * 60_000);
    const fresh = await t.login('demo_operator');
    const ok = await t.call('POST', '/sysclient/project/checkOperatePwd', {
      token: fresh,
      body: { projectId, operatePwd: 'Op@12345' },
    });
    expect(ok.body).toMatchObject({ code: 200, data: { required: true } });
    // the password can be removed; a project without one asks for none
    await t.call('PUT', '/sysclient/project', {
      token: demoAdmin,
      body: { ...projectForm('NJ100', { commType: 4, bandStandard: 'EU868' }), projectId, removeOperatePwd: true },
    });
    const none = await t.call('POST', '/sysclient/project/checkOperatePwd', {
      token: fresh,
      body: { projectId, operatePwd: 'anything' },
    });
    expect(none.body).toMatchObject({ code: 200, data: { required: false } });
  });

  it('lists what the caller may see, pages and sorts by whitelisted columns', async () => {
    const mine = await t.call('GET', '/sysclient/project/list?pageSize=100&orderByColumn=projectCode&isAsc=asc', {
      token: demoAdmin,
    });
    const codes = mine.body.rows.map((r: { projectCode: string }) => r.projectCode);
    expect(codes).toEqual([...codes].sort());
    expect(mine.body.rows.every((r: { belongClient: number }) => r.belongClient === demo)).toBe(true);
    const evil = await t.call('GET', '/sysclient/project/list?orderByColumn=operate_pwd', {
      token: demoAdmin,
      lang: 'en-US',
    });
    expect(evil.body).toEqual({ code: 500, msg: 'Sorting by operate_pwd is not supported' });
    const paged = await t.call('GET', '/sysclient/project/list?pageNum=2&pageSize=2', { token: demoAdmin });
    expect(paged.body.rows).toHaveLength(2);
    expect(paged.body.total).toBe(mine.body.total);
  });

  it('lets platform users act for the customer in the header or the form', async () => {
    const viaHeader = await create(projectForm('HDR1'), { token: admin, headers: { clientId: String(demo) } });
    expect(viaHeader.body.code).toBe(200);
    const viaForm = await create(projectForm('FRM1', { belongClient: demo }), { token: admin });
    expect(viaForm.body.code).toBe(200);
    const all = await t.call('GET', '/sysclient/project/list?pageSize=100', { token: admin });
    const scoped = await t.call('GET', '/sysclient/project/list?pageSize=100', {
      token: admin,
      headers: { clientId: String(demo) },
    });
    expect(scoped.body.total).toBe(all.body.total);
    const none = await t.call('GET', '/sysclient/project/list', { token: admin, headers: { clientId: '999999' } });
    expect(none.body.total).toBe(0);
    const wrongClient = await create(projectForm('NOC1', { belongClient: 999999 }), { token: admin });
    expect(wrongClient.body.code).toBe(404);
  });

  it('deletes projects in scope and frees their codes', async () => {
    const res = await create(projectForm('DEL1'));
    const id = res.body.data.projectId;
    expect((await t.call('DELETE', `/sysclient/project/${id}`, { token: demoAdmin })).body.code).toBe(200);
    expect((await t.call('GET', `/sysclient/project/${id}`, { token: demoAdmin })).body.code).toBe(404);
    expect((await create(projectForm('DEL1'))).body.code).toBe(200);
    expect((await t.call('DELETE', '/sysclient/project/999999', { token: demoAdmin })).body.code).toBe(404);
  });

  it('exports the projects', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sysclient/project/export',
      headers: { access_token: demoAdmin },
      payload: { projectCode: 'YQ001' },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
  });
});
