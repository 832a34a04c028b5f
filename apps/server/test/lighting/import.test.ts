import { liveMessage } from '@luxgrid/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { WsHub } from '../../src/platform/ws.ts';
import { secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo, until } from './helpers.ts';

let t: TestApp;
let d: Awaited<ReturnType<typeof demo>>;

async function xlsx(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('devices');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function multipart(file: Buffer, name = 'devices.xlsx') {
  const boundary = '----luxgrid-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(type: string, file: Buffer, token = d.token, projectId = d.projectId) {
  const { body, headers } = multipart(file);
  const res = await t.app.inject({
    method: 'POST',
    url: `/lighting/import/${type}?projectId=${projectId}`,
    headers: { ...headers, access_token: token, 'accept-language': 'en-US' },
    payload: body,
  });
  return JSON.parse(res.body);
}

async function finished(recordId: number) {
  let record: { status: string; successCount: number; failCount: number; total: number } | undefined;
  await until(async () => {
    const res = await t.call('GET', `/lighting/import/progress/${recordId}`, { token: d.token });
    record = res.body.data;
    return record?.status === 'DONE';
  }, 60_000);
  return record!;
}

/** records (and still delivers) every message pushed to browsers */
let publishes: MockInstance<WsHub['publish']>;

beforeAll(async () => {
  t = await startTestApp();
  d = await demo(t);
  publishes = vi.spyOn(t.deps.ws, 'publish');
});
afterAll(async () => t?.close());

describe('batch import', () => {
  it('serves a template per device type in the request language, with dictionary lists', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/lighting/import/template?deviceType=RTU',
      headers: { access_token: d.token, 'accept-language': 'en-US' },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as string[]).filter(Boolean);
    expect(headers).toEqual([
      '*UID',
      '*Name',
      'Model name',
      'Parent UID',
      'Connection',
      'Longitude',
      'Latitude',
      'Channel',
      'PANID',
      'Pole UID',
      'Tags',
      'Remark',
    ]);
    expect(sheet.getCell('E2').dataValidation).toMatchObject({ type: 'list' });
    const zh = await t.app.inject({
      method: 'GET',
      url: '/lighting/import/template?deviceType=BOX',
      headers: { access_token: d.token },
    });
    const zhBook = new ExcelJS.Workbook();
    await zhBook.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
    expect(zhBook.worksheets[0]!.getCell('B1').value).toBe('*名称');
  });

  it('imports good rows and reports each bad row with its number and the message', async () => {
    const boxes = await upload(
      'BOX',
      await xlsx(['UID', 'Name', 'Longitude', 'Latitude'], [['IB-1', 'Import box', 115.9, 40.4]]),
    );
    expect((await finished(boxes.data.recordId)).successCount).toBe(1);
    const ccu = await upload('CCU_IN_BOX', await xlsx(['UID', 'Name', 'Parent UID'], [['IC-1', 'Import CCU', 'IB-1']]));
    expect((await finished(ccu.data.recordId)).successCount).toBe(1);
    const rows = [
      ['IR-1', 'lamp 1', 'IC-1', '', 115.9, 40.4, 15, 100],
      ['IR-2', 'lamp 2', 'IC-1', 'NON_DIRECT', '', '', 30, ''],
      ['IR-3', '', 'IC-1', '', '', '', '', ''],
      ['IR-1', 'dup', 'IC-1', '', '', '', '', ''],
      ['IR-4', 'lamp 4', 'NOPE-9', '', '', '', '', ''],
      ['IR-5', 'lamp 5', 'IB-1', '', '', '', '', ''],
      ['IR-6', 'lamp 6', 'IC-1', '', '', '', '', 70000],
      ['IR-7', 'direct', '', '直连终端', 116, 40, '', ''],
    ];
    const res = await upload(
      'RTU',
      await xlsx(['UID', 'Name', 'Parent UID', 'Connection', 'Longitude', 'Latitude', 'Channel', 'PANID'], rows),
    );
    expect(res).toMatchObject({ code: 200, data: { total: 8 } });
    const record = await finished(res.data.recordId);
    expect(record).toMatchObject({ total: 8, successCount: 2, failCount: 6 });
    const details = await t.call(
      'GET',
      `/lighting/import/importRecordDetail/page?recordId=${res.data.recordId}&result=FAIL`,
      { token: d.token, lang: 'en-US' },
    );
    expect(details.body.rows.map((r: { message: string }) => r.message)).toEqual([
      'Row 3: not within the range of 11-27, please re-enter',
      'Row 4: Name cannot be empty',
      "Row 5: UID 'IR-1' appears more than once in the file",
      "Row 6: The parent device 'NOPE-9' does not exist",
      'Row 7: A RTU cannot be placed under a BOX',
      'Row 8: PANID must be between 1 and 65534',
    ]);
    const devices = await t.deps.database.query<{
      uid: string;
      connection: string;
      gateway: string;
      config_state: string | null;
    }>(
      `select d.uid, d.connection, g.uid as gateway, d.config_state from lt_device d left join lt_device g on g.device_id = d.gateway_id
       where d.uid like 'IR-%' order by d.uid`,
    );
    expect(devices).toEqual([
      { uid: 'IR-1', connection: 'NON_DIRECT', gateway: 'IC-1', config_state: 'UNCONFIGURED' },
      { uid: 'IR-7', connection: 'DIRECT', gateway: 'IR-7', config_state: null },
    ]);
    const again = await upload('RTU', await xlsx(['UID', 'Name', 'Parent UID'], [['IR-1', 'again', 'IC-1']]));
    const second = await t.call('GET', `/lighting/import/importRecordDetail/page?recordId=${again.data.recordId}`, {
      token: d.token,
      lang: 'en-US',
    });
    await finished(again.data.recordId);
    const detail = await t.call('GET', `/lighting/import/importRecordDetail/page?recordId=${again.data.recordId}`, {
      token: d.token,
      lang: 'en-US',
    });
    expect(second.body.code).toBe(200);
    expect(detail.body.rows[0].message).toBe("Row 2: UID 'IR-1' already exists");
    const list = await t.call('GET', `/lighting/import/importRecord?projectId=${d.projectId}`, { token: d.token });
    expect(list.body.total).toBe(4);
    const exported = await t.app.inject({
      method: 'GET',
      url: `/lighting/import/importRecordDetail/export?recordId=${res.data.recordId}`,
      headers: { access_token: d.token, 'accept-language': 'en-US' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(9);
  });

  it('refuses files without the required columns, empty files and other formats', async () => {
    expect((await upload('RTU', await xlsx(['Name'], [['x']]))).msg).toBe('Wrong template, missing columns: UID');
    expect((await upload('RTU', await xlsx(['UID', 'Name'], []))).msg).toBe('The file has no data rows');
    const { body, headers } = multipart(Buffer.from('a,b'), 'devices.csv');
    const res = await t.app.inject({
      method: 'POST',
      url: `/lighting/import/RTU?projectId=${d.projectId}`,
      headers: { ...headers, access_token: d.token, 'accept-language': 'en-US' },
      payload: body,
    });
    expect(JSON.parse(res.body).msg).toBe('Incorrect file format');
  });

  it("keeps customers apart: another customer cannot import into or read this customer's records", async () => {
    const rival = await secondCustomer(t);
    await t.deps.database.query(
      "insert into sys_role_menu (role_id, menu_id) select r.role_id, m.menu_id from sys_role r, sys_menu m where r.role_key = 'rival_admin' and m.menu_key like 'lighting%' on conflict do nothing",
    );
    await t.deps.database.query(
      "insert into sys_client_menu (client_id, menu_id) select $1, menu_id from sys_menu where menu_key like 'lighting%' on conflict do nothing",
      [rival.clientId],
    );
    const { invalidateAuthz } = await import('../../src/platform/auth/principal.ts');
    await invalidateAuthz(t.deps.cache);
    const res = await upload('BOX', await xlsx(['UID', 'Name'], [['X-1', 'x']]), rival.token);
    expect(res.code).toBe(404);
    const [record] = await t.deps.database.query<{ record_id: number }>(
      'select record_id from lt_import_record limit 1',
    );
    expect(
      (await t.call('GET', `/lighting/import/progress/${record!.record_id}`, { token: rival.token })).body.code,
    ).toBe(404);
    expect(
      (
        await t.call('GET', `/lighting/import/importRecordDetail/page?recordId=${record!.record_id}`, {
          token: rival.token,
        })
      ).body.code,
    ).toBe(404);
    expect((await t.call('GET', '/lighting/import/importRecord', { token: rival.token })).body.total).toBe(0);
  });

  it('imports 10,000 devices in one go with bulk SQL', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      `BULK-${i}`,
      `lamp ${i}`,
      'IC-1',
      116 + i / 1e5,
      40 + i / 1e5,
    ]);
    const file = await xlsx(['UID', 'Name', 'Parent UID', 'Longitude', 'Latitude'], rows);
    const started = performance.now();
    const res = await upload('RTU', file);
    const record = await finished(res.data.recordId);
    const seconds = (performance.now() - started) / 1000;
    console.log(`import of 10,000 RTUs on ${t.deps.database.kind}: ${seconds.toFixed(2)} s`);
    expect(record).toMatchObject({ total: 10_000, successCount: 10_000, failCount: 0 });
    const [{ n }] = (await t.deps.database.query<{ n: number }>(
      "select count(*)::int as n from lt_device where uid like 'BULK-%'",
    )) as [{ n: number }];
    expect(n).toBe(10_000);
  }, 120_000);

  it('pushes the progress of every import to the viewers of its project as LiveMessages', () => {
    const progress = publishes.mock.calls.map(([scope, message]) => {
      const parsed = liveMessage.parse(JSON.parse(JSON.stringify(message)));
      expect(parsed).toEqual(message);
      if (parsed.type !== 'import.progress') throw new Error(`unexpected ${parsed.type}`);
      expect(scope).toEqual({ clientId: d.clientId, projectId: d.projectId });
      return parsed;
    });
    const records = new Set(progress.map((m) => m.recordId));
    expect(records.size).toBeGreaterThanOrEqual(4);
    for (const recordId of records) {
      const last = progress.filter((m) => m.recordId === recordId).at(-1)!;
      expect(last).toMatchObject({ status: 'DONE', processed: last.total });
      expect(last.successCount + last.failCount).toBe(last.total);
    }
    const bulk = progress.filter((m) => m.total === 10_000);
    expect(bulk.filter((m) => m.status === 'RUNNING').length).toBeGreaterThan(1);
    expect(bulk.at(-1)).toMatchObject({ status: 'DONE', successCount: 10_000, failCount: 0 });
  });
});
