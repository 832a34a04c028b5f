import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from '../lighting/helpers.ts';
import { multipart } from '../system/helpers.ts';

/**
 * The O&M warehouse end to end: warehouses and consumables, stock in, stock out against a work
 * order (approved before the parts leave), levels that never go negative even when two
 * approvals race, low-stock alerts, movements traceable to a work order or a person, Excel
 * import and export, permissions and customer isolation.
 */
describe('warehouse', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let operator: string;
  let warehouseId: number;
  let lampId: number;
  let fuseId: number;
  const call = (method: string, url: string, body?: unknown, token = d.token) =>
    t.call(method, url, { token, body, lang: 'en-US' }).then((r) => r.body);

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    operator = await t.login('demo_operator');
    const w = await call('POST', '/ops/warehouse', {
      code: 'WH-01',
      name: 'Central store',
      projectId: d.projectId,
      keeper: 'Li Ming',
      address: '1 Depot Rd',
    });
    expect(w.code, JSON.stringify(w)).toBe(200);
    warehouseId = w.data.warehouseId;
    const lamp = await call('POST', '/ops/consumable', {
      code: 'LH-100',
      name: '100 W LED lamp head',
      category: 'LAMP_HEAD',
      model: 'GL-100',
      unit: 'pcs',
      minStock: 5,
      unitPrice: 320,
    });
    expect(lamp.code, JSON.stringify(lamp)).toBe(200);
    lampId = lamp.data.consumableId;
    const fuse = await call('POST', '/ops/consumable', {
      code: 'FU-10',
      name: '10 A fuse',
      category: 'FUSE',
      unit: 'pcs',
      minStock: 0,
    });
    fuseId = fuse.data.consumableId;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a second warehouse or consumable with the same code', async () => {
    expect((await call('POST', '/ops/warehouse', { code: 'WH-01', name: 'Other' })).msg).toBe(
      'Warehouse code "WH-01" already exists',
    );
    expect(
      (await call('POST', '/ops/consumable', { code: 'LH-100', name: 'x', category: 'LAMP_HEAD', unit: 'pcs' })).msg,
    ).toBe('Consumable code "LH-100" already exists');
  });

  it('flags a consumable below its minimum stock, in the list and on the low-stock notice', async () => {
    const list = await call('GET', '/ops/consumable/list?low=1');
    expect(list.rows.map((r: { code: string }) => r.code)).toEqual(['LH-100']);
    expect(list.rows[0]).toMatchObject({ quantity: 0, minStock: 5, low: true });
    const low = await call('GET', '/ops/stock/low');
    expect(low.data.count).toBe(1);
    expect(low.data.items[0]).toMatchObject({ code: 'LH-100', quantity: 0, minStock: 5 });
  });

  it('stocks a purchase in: the level rises and a movement names the person', async () => {
    const res = await call('POST', '/ops/stockIn', {
      warehouseId,
      inType: 'PURCHASE',
      supplier: 'Guangming Lighting',
      person: 'Zhao Gang',
      lines: [
        { consumableId: lampId, quantity: 10, unitPrice: 300 },
        { consumableId: fuseId, quantity: 50 },
      ],
    });
    expect(res.code, JSON.stringify(res)).toBe(200);
    expect(res.data.inNo).toMatch(/^RK\d{8}-\d{4}$/);
    const doc = await call('GET', `/ops/stockIn/${res.data.stockInId}`);
    expect(doc.data).toMatchObject({ totalQuantity: 60, totalAmount: 3000, warehouseName: 'Central store' });
    expect(doc.data.lines).toHaveLength(2);
    const levels = await call('GET', `/ops/stock/list?warehouseId=${warehouseId}`);
    expect(
      levels.rows.map((r: { consumableCode: string; quantity: number }) => [r.consumableCode, r.quantity]),
    ).toEqual([
      ['FU-10', 50],
      ['LH-100', 10],
    ]);
    expect((await call('GET', '/ops/stock/low')).data.count).toBe(0);
    const moves = await call('GET', `/ops/stock/movement/list?consumableId=${lampId}`);
    expect(moves.rows[0]).toMatchObject({
      direction: 'IN',
      reason: 'PURCHASE',
      quantity: 10,
      balance: 10,
      person: 'Zhao Gang',
    });
  });

  it('takes parts out for a work order only once approved, and traces the movement to the order', async () => {
    const out = await call(
      'POST',
      '/ops/stockOut',
      { warehouseId, purpose: 'WORK_ORDER', workOrderId: 4711, lines: [{ consumableId: lampId, quantity: 3 }] },
      operator,
    );
    expect(out.code, JSON.stringify(out)).toBe(200);
    let levels = await call('GET', `/ops/stock/list?consumableId=${lampId}`);
    expect(levels.rows[0].quantity).toBe(10);
    const approved = await call('PUT', '/ops/stockOut/approve', { stockOutId: out.data.stockOutId, approved: true });
    expect(approved.code, JSON.stringify(approved)).toBe(200);
    levels = await call('GET', `/ops/stock/list?consumableId=${lampId}`);
    expect(levels.rows[0].quantity).toBe(7);
    const doc = await call('GET', `/ops/stockOut/${out.data.stockOutId}`);
    expect(doc.data).toMatchObject({
      state: 'APPROVED',
      approveBy: 'demo_admin',
      workOrderId: 4711,
      createBy: 'demo_operator',
    });
    const moves = await call('GET', '/ops/stock/movement/list?workOrderId=4711');
    expect(moves.rows).toHaveLength(1);
    expect(moves.rows[0]).toMatchObject({
      direction: 'OUT',
      reason: 'WORK_ORDER',
      quantity: 3,
      balance: 7,
      operator: 'demo_admin',
    });
    // decided once
    expect(
      (await call('PUT', '/ops/stockOut/approve', { stockOutId: out.data.stockOutId, approved: true })).msg,
    ).toMatch(/already been decided/);
  });

  it('names the recipient of a stock-out to a team or person, and refuses one that names nobody', async () => {
    const nobody = await call('POST', '/ops/stockOut', {
      warehouseId,
      purpose: 'TEAM',
      lines: [{ consumableId: fuseId, quantity: 1 }],
    });
    expect(nobody.code).toBe(500);
    const team = await call('POST', '/ops/stockOut', {
      warehouseId,
      purpose: 'TEAM',
      recipient: 'Yanqing repair team',
      lines: [{ consumableId: fuseId, quantity: 5 }],
    });
    await call('PUT', '/ops/stockOut/approve', { stockOutId: team.data.stockOutId, approved: true });
    const moves = await call('GET', `/ops/stock/movement/list?consumableId=${fuseId}&direction=OUT`);
    expect(moves.rows[0]).toMatchObject({ person: 'Yanqing repair team', workOrderId: null, balance: 45 });
    // every movement is traceable to a work order or a person
    const [untraceable] = await t.deps.database.query<{ n: number }>(
      "select count(*)::int as n from ops_stock_movement where work_order_id is null and person = ''",
    );
    expect(untraceable!.n).toBe(0);
  });

  it('refuses to take more than is on the shelf, and a rejection moves nothing', async () => {
    const tooMany = await call('POST', '/ops/stockOut', {
      warehouseId,
      purpose: 'PERSON',
      recipient: 'Wang',
      lines: [{ consumableId: lampId, quantity: 8 }],
    });
    expect(tooMany.msg).toBe('Not enough "100 W LED lamp head" in stock: 7 pcs on hand, 8 pcs requested');
    const out = await call('POST', '/ops/stockOut', {
      warehouseId,
      purpose: 'PERSON',
      recipient: 'Wang',
      lines: [{ consumableId: lampId, quantity: 2 }],
    });
    await call('PUT', '/ops/stockOut/approve', {
      stockOutId: out.data.stockOutId,
      approved: false,
      comment: 'not needed',
    });
    expect((await call('GET', `/ops/stock/list?consumableId=${lampId}`)).rows[0].quantity).toBe(7);
  });

  it('never lets two concurrent approvals take the same last parts', async () => {
    const request = () =>
      call('POST', '/ops/stockOut', {
        warehouseId,
        purpose: 'WORK_ORDER',
        workOrderId: 9001,
        lines: [{ consumableId: lampId, quantity: 5 }],
      });
    const [a, b] = [await request(), await request()];
    const results = await Promise.all([
      call('PUT', '/ops/stockOut/approve', { stockOutId: a.data.stockOutId, approved: true }),
      call('PUT', '/ops/stockOut/approve', { stockOutId: b.data.stockOutId, approved: true }),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 500]);
    expect(results.find((r) => r.code === 500).msg).toBe(
      'Not enough "100 W LED lamp head" in stock: 2 pcs on hand, 5 pcs requested',
    );
    const [level] = await t.deps.database.query<{ quantity: number }>(
      'select quantity from ops_stock where consumable_id = $1',
      [lampId],
    );
    expect(level!.quantity).toBe(2);
    // the refused one is still pending, and nothing of it moved
    const states = await call('GET', '/ops/stockOut/list?workOrderId=9001');
    expect(states.rows.map((r: { state: string }) => r.state).sort()).toEqual(['APPROVED', 'PENDING']);
    // the database itself refuses a negative level
    await expect(
      t.deps.database.query('update ops_stock set quantity = quantity - 3 where consumable_id = $1', [lampId]),
    ).rejects.toThrow(/ops_stock_quantity_ck/);
    // the lamp head is low again
    expect((await call('GET', '/ops/stock/low')).data.items.map((i: { code: string }) => i.code)).toEqual(['LH-100']);
  });

  it('lets exactly as many of eight racing approvals through as there are parts on the shelf', async () => {
    const requests = [];
    for (let i = 0; i < 8; i++)
      requests.push(
        await call('POST', '/ops/stockOut', {
          warehouseId,
          purpose: 'PERSON',
          recipient: `crew ${i}`,
          lines: [{ consumableId: lampId, quantity: 1 }],
        }),
      );
    const results = await Promise.all(
      requests.map((r) => call('PUT', '/ops/stockOut/approve', { stockOutId: r.data.stockOutId, approved: true })),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(2);
    const [level] = await t.deps.database.query<{ quantity: number }>(
      'select quantity from ops_stock where consumable_id = $1',
      [lampId],
    );
    expect(level!.quantity).toBe(0);
    const [moved] = await t.deps.database.query<{ n: number }>(
      "select count(*)::int as n from ops_stock_movement where consumable_id = $1 and person like 'crew %'",
      [lampId],
    );
    expect(moved!.n).toBe(2);
    // and back to 2 for what follows
    await call('POST', '/ops/stockIn', {
      warehouseId,
      inType: 'RETURN',
      workOrderId: 4711,
      person: 'Zhao Gang',
      lines: [{ consumableId: lampId, quantity: 2 }],
    });
  });

  it('keeps a warehouse or consumable with stock from being deleted', async () => {
    expect((await call('DELETE', `/ops/warehouse/${warehouseId}`)).msg).toMatch(/cannot be deleted/);
    expect((await call('DELETE', `/ops/consumable/${lampId}`)).msg).toMatch(/cannot be deleted/);
  });

  it('imports consumables from the template and exports them with labels', async () => {
    const template = await t.app.inject({
      method: 'POST',
      url: '/ops/consumable/importTemplate',
      headers: { access_token: d.token, 'accept-language': 'en-US' },
    });
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    sheet.addRow(['CT-01', 'Single-lamp controller', 'Controller', 'SLC-1', 'pcs', '10', '85', '']);
    sheet.addRow(['CT-01', 'Duplicate', 'CONTROLLER', '', 'pcs', '', '', '']);
    sheet.addRow(['CB-01', 'Cable', 'nonsense', '', 'm', '', '', '']);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const form = multipart('consumables.xlsx', data, 'file', { updateSupport: 'false' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/consumable/importData',
      headers: { access_token: d.token, 'accept-language': 'en-US', ...form.headers },
      payload: form.body,
    });
    const body = res.json();
    expect(body.code, JSON.stringify(body)).toBe(200);
    expect(body.data.added).toBe(2); // the template's example row and CT-01
    expect(body.data.failures.map((f: { row: number }) => f.row)).toEqual([4, 5]);
    const list = await call('GET', '/ops/consumable/list?name=CT-01');
    expect(list.rows[0]).toMatchObject({ category: 'CONTROLLER', minStock: 10, unitPrice: 85, low: true });

    const exported = await t.app.inject({
      method: 'POST',
      url: '/ops/consumable/export',
      headers: { access_token: d.token, 'accept-language': 'en-US' },
      payload: {},
    });
    const out = new ExcelJS.Workbook();
    await out.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    out.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]?.slice(0, 3)).toEqual(['Code', 'Name', 'Category']);
    expect(rows.find((r) => r[0] === 'CT-01')?.[2]).toBe('Controller');
    const movements = await t.app.inject({
      method: 'POST',
      url: '/ops/stock/movement/export',
      headers: { access_token: d.token, 'accept-language': 'en-US' },
      payload: { workOrderId: 4711 },
    });
    expect(movements.statusCode).toBe(200);
    expect(movements.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('keeps the duty operator from deleting and from importing', async () => {
    expect((await call('DELETE', `/ops/warehouse/${warehouseId}`, undefined, operator)).code).toBe(403);
    expect((await call('DELETE', `/ops/consumable/${fuseId}`, undefined, operator)).code).toBe(403);
    expect((await call('POST', '/ops/consumable/importTemplate', {}, operator)).code).toBe(403);
    expect((await call('GET', '/ops/stock/list', undefined, operator)).code).toBe(200);
  });

  it('shows another customer none of it, and refuses its ids', async () => {
    const rival = await secondCustomer(t);
    await t.deps.database.query(
      "insert into sys_client_menu (client_id, menu_id) select $1, menu_id from sys_menu where menu_key like 'ops.%' or menu_key = 'warehouse' on conflict do nothing",
      [rival.clientId],
    );
    await t.deps.database.query(
      "insert into sys_role_menu (role_id, menu_id) select r.role_id, m.menu_id from sys_role r, sys_menu m where r.role_key = 'rival_admin' and (m.menu_key like 'ops.%' or m.menu_key = 'warehouse') on conflict do nothing",
    );
    const { invalidateAuthz } = await import('../../src/platform/auth/principal.ts');
    await invalidateAuthz(t.deps.cache);
    for (const url of [
      '/ops/warehouse/list',
      '/ops/consumable/list',
      '/ops/stock/list',
      '/ops/stock/movement/list',
      '/ops/stockIn/list',
      '/ops/stockOut/list',
    ]) {
      const res = await call('GET', url, undefined, rival.token);
      expect({ url, code: res.code, total: res.total }).toEqual({ url, code: 200, total: 0 });
    }
    expect((await call('GET', `/ops/warehouse/${warehouseId}`, undefined, rival.token)).code).toBe(404);
    expect((await call('GET', '/ops/stock/low', undefined, rival.token)).data.count).toBe(0);
    // its own warehouse cannot take the demo customer's consumables
    const own = await call('POST', '/ops/warehouse', { code: 'R-1', name: 'Rival store' }, rival.token);
    expect(own.code, JSON.stringify(own)).toBe(200);
    const stolen = await call(
      'POST',
      '/ops/stockIn',
      { warehouseId: own.data.warehouseId, inType: 'PURCHASE', lines: [{ consumableId: lampId, quantity: 1 }] },
      rival.token,
    );
    expect(stolen.code).toBe(404);
    const foreign = await call(
      'POST',
      '/ops/stockOut',
      { warehouseId, purpose: 'PERSON', recipient: 'x', lines: [{ consumableId: lampId, quantity: 1 }] },
      rival.token,
    );
    expect(foreign.code).toBe(404);
    expect((await call('PUT', '/ops/stockOut/approve', { stockOutId: 1, approved: true }, rival.token)).code).toBe(404);
  });
});
