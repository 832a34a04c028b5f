import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

describe('parameters', () => {
  it('adds, finds, edits and deletes a parameter', async () => {
    const add = await t.call('POST', '/system/config', {
      token: admin,
      body: { configName: '路灯巡检周期', configKey: 'lighting.inspection.days', configValue: '7' },
    });
    expect(add.body.code).toBe(200);
    const list = await t.call('GET', '/system/config/list?configKey=inspection', { token: admin });
    expect(list.body.total).toBe(1);
    const row = list.body.rows[0];
    expect(row).toMatchObject({ configValue: '7', configType: 'N' });
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(
      (await t.call('PUT', '/system/config', { token: admin, body: { ...row, configValue: '14' } })).body.code,
    ).toBe(200);
    expect((await t.call('GET', '/system/config/configKey/lighting.inspection.days', { token: admin })).body.msg).toBe(
      '14',
    );
    expect((await t.call('DELETE', `/system/config/${row.configId}`, { token: admin })).body.code).toBe(200);
    expect((await t.call('GET', `/system/config/${row.configId}`, { token: admin })).body.code).toBe(404);
  });

  it('refuses a duplicate key and protects built-in parameters', async () => {
    const dup = await t.call('POST', '/system/config', {
      token: admin,
      lang: 'en-US',
      body: { configName: 'x', configKey: 'sys.user.initPassword', configValue: 'y' },
    });
    expect(dup.body.msg).toBe("Cannot add parameter 'x': the key already exists");
    const builtIn = (await t.call('GET', '/system/config/list?configKey=sys.user.initPassword', { token: admin })).body
      .rows[0];
    const del = await t.call('DELETE', `/system/config/${builtIn.configId}`, { token: admin, lang: 'en-US' });
    expect(del.body.msg).toBe('Built-in parameter [sys.user.initPassword] cannot be deleted');
  });

  it('names empty fields in both languages', async () => {
    const zh = await t.call('POST', '/system/config', {
      token: admin,
      body: { configName: '', configKey: 'k', configValue: 'v' },
    });
    expect(zh.body.msg).toBe('参数名称不能为空');
    const en = await t.call('POST', '/system/config', {
      token: admin,
      lang: 'en-US',
      body: { configKey: 'k', configValue: 'v' },
    });
    expect(en.body.msg).toBe('Parameter name cannot be empty');
  });

  it('sorts only by whitelisted columns', async () => {
    const ok = await t.call('GET', '/system/config/list?orderByColumn=configKey&isAsc=desc', { token: admin });
    const keys = ok.body.rows.map((r: { configKey: string }) => r.configKey);
    expect(keys).toEqual([...keys].sort().reverse());
    expect((await t.call('GET', '/system/config/list?orderByColumn=configValue', { token: admin })).body.code).toBe(
      500,
    );
  });

  it('exports an Excel workbook named in the download-filename header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/system/config/export',
      headers: { access_token: admin, 'accept-language': 'en-US' },
      payload: {},
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['download-filename']))).toMatch(/^parameters_\d+\.xlsx$/);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('exports only the rows of the date range, given flat or nested', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const rowsOf = async (payload: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/system/config/export',
        headers: { access_token: admin },
        payload,
      });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return book.worksheets[0]!.rowCount - 1;
    };
    const all = await rowsOf({});
    expect(all).toBeGreaterThan(5);
    expect(await rowsOf({ params: { beginTime: '2000-01-01', endTime: '2000-01-02' } })).toBe(0);
    expect(await rowsOf({ 'params[beginTime]': '2000-01-01', 'params[endTime]': '2000-01-02' })).toBe(0);
    expect(await rowsOf({ params: { beginTime: '2000-01-01' } })).toBe(all);
  });

  it('reads only sign-in parameters without a session', async () => {
    expect((await t.call('GET', '/system/config/configKey/sys.account.registerUser')).body.msg).toBe('false');
    expect((await t.call('GET', '/system/config/configKey/sys.user.initPassword')).body.code).toBe(404);
  });
});

describe('self-registration', () => {
  it('is refused while sys.account.registerUser is false', async () => {
    const res = await t.call('POST', '/register', {
      lang: 'en-US',
      body: { username: 'newbie', password: 'secret12', confirmPassword: 'secret12' },
    });
    expect(res.body).toEqual({ code: 500, msg: 'Registration is not enabled on this system' });
  });

  it('registers a user without roles when switched on, and checks the confirmation', async () => {
    const row = (await t.call('GET', '/system/config/list?configKey=sys.account.registerUser', { token: admin })).body
      .rows[0];
    await t.call('PUT', '/system/config', { token: admin, body: { ...row, configValue: 'true' } });
    const mismatch = await t.call('POST', '/register', {
      lang: 'en-US',
      body: { username: 'newbie', password: 'secret12', confirmPassword: 'secret13' },
    });
    expect(mismatch.body.msg).toContain('the two entered passwords do not match');
    expect(
      (
        await t.call('POST', '/register', {
          body: { username: 'newbie', password: 'secret12', confirmPassword: 'secret12' },
        })
      ).body.code,
    ).toBe(200);
    const again = await t.call('POST', '/register', {
      lang: 'en-US',
      body: { username: 'newbie', password: 'secret12', confirmPassword: 'secret12' },
    });
    expect(again.body.msg).toBe("Cannot save user 'newbie': the account already exists");
    const token = await t.login('newbie', 'secret12');
    const info = await t.call('GET', '/getInfo', { token });
    expect(info.body.permissions).toEqual([]);
    expect((await t.call('GET', '/routers', { token })).body.data).toEqual([]);
  });
});
