import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';
import { customerForm, DAY, fmt, packageForm, systemsOf } from './helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const post = (url: string, body: unknown, lang: 'zh-CN' | 'en-US' = 'en-US') =>
  t.call('POST', url, { token: admin, body, lang });

/** Moves the clock on; the administrator signs in again (sessions last 30 minutes). */
async function advance(ms: number) {
  t.clock.advance(ms);
  admin = await t.login('admin');
}

describe('package validation', () => {
  it('wants a name of 2 to 40 characters, in both languages', async () => {
    expect((await post('/sysclient/package', packageForm('A'))).body).toEqual({
      code: 500,
      msg: 'Package name must be 2 to 40 characters long',
    });
    expect((await post('/sysclient/package', packageForm('套'.repeat(41)), 'zh-CN')).body).toEqual({
      code: 500,
      msg: '套餐名称长度必须在2到40个字符之间',
    });
  });

  it('wants a price in yuan with at most two decimals', async () => {
    for (const price of [12.345, -1, 100_000_000, 'ten']) {
      const res = await post('/sysclient/package', packageForm('Price', { subscriptionPrice: price }));
      expect({ price, body: res.body }).toEqual({
        price,
        body: {
          code: 500,
          msg:
            price === 'ten'
              ? 'Subscription price has the wrong format'
              : 'Subscription price must be an amount from 0 to 99999999.99 yuan with at most two decimals',
        },
      });
    }
    const zero = await post('/sysclient/package', packageForm('Free trial', { subscriptionPrice: '0' }));
    expect(zero.body.code).toBe(200);
  });

  it('wants a period for time packages, a known mode and period, and at least one subsystem', async () => {
    expect((await post('/sysclient/package', packageForm('NoPeriod', { period: undefined }))).body).toEqual({
      code: 500,
      msg: 'Subscription period cannot be empty',
    });
    expect((await post('/sysclient/package', packageForm('BadMode', { mode: 'forever' }))).body).toEqual({
      code: 500,
      msg: 'Subscription mode is not one of the allowed values',
    });
    expect((await post('/sysclient/package', packageForm('BadPeriod', { period: 'week' }))).body).toEqual({
      code: 500,
      msg: 'Subscription period is not one of the allowed values',
    });
    expect((await post('/sysclient/package', packageForm('NoSystems', { systemIds: [] }))).body).toEqual({
      code: 500,
      msg: 'Select at least one subsystem',
    });
    expect((await post('/sysclient/package', packageForm('Ghost', { systemIds: [100, 9999] }))).body.code).toBe(404);
    // a package sold as a bundle may go without a period
    expect((await post('/sysclient/package', packageForm('Bundle', { mode: 'package', period: '' }))).body.code).toBe(
      200,
    );
  });
});

describe('package management', () => {
  let packageId: number;
  it('creates, lists, shows, edits and refuses a duplicate name', async () => {
    const res = await post('/sysclient/package', packageForm('Lighting Pro', { systemIds: [100, 101, 103] }));
    packageId = res.body.data.packageId;
    const view = (await t.call('GET', `/sysclient/package/${packageId}`, { token: admin })).body.data;
    expect(view).toMatchObject({
      packageName: 'Lighting Pro',
      subscriptionPrice: 1999.99,
      mode: 'time',
      period: 'year',
      periodCount: 1,
      systemIds: [100, 101, 103],
      activeSubscriptions: 0,
    });
    expect((await post('/sysclient/package', packageForm('Lighting Pro'))).body).toEqual({
      code: 500,
      msg: "Package name 'Lighting Pro' already exists",
    });
    const edit = await t.call('PUT', '/sysclient/package', {
      token: admin,
      body: {
        ...packageForm('Lighting Pro', { subscriptionPrice: 2999, period: 'quarter', periodCount: 2 }),
        packageId,
      },
    });
    expect(edit.body.code).toBe(200);
    const list = await t.call('GET', '/sysclient/package/list?packageName=Pro&period=quarter', { token: admin });
    expect(list.body.rows).toHaveLength(1);
    expect(list.body.rows[0]).toMatchObject({ subscriptionPrice: 2999, periodCount: 2, systemIds: [100] });
    const evil = await t.call('GET', '/sysclient/package/list?orderByColumn=del_flag', { token: admin, lang: 'en-US' });
    expect(evil.body).toEqual({ code: 500, msg: 'Sorting by del_flag is not supported' });
  });

  it('copies a package under a new name', async () => {
    const copy = await post('/sysclient/package/copy', { packageId });
    expect(copy.body.data.packageName).toBe('Lighting Pro (copy)');
    const again = await post('/sysclient/package/copy', { packageId }, 'zh-CN');
    expect(again.body.data.packageName).toBe('Lighting Pro-副本');
    const view = (await t.call('GET', `/sysclient/package/${copy.body.data.packageId}`, { token: admin })).body.data;
    expect(view).toMatchObject({ subscriptionPrice: 2999, period: 'quarter', periodCount: 2, systemIds: [100] });
    const named = await post('/sysclient/package/copy', { packageId, packageName: 'Lighting Pro 2027' });
    expect(named.body.data.packageName).toBe('Lighting Pro 2027');
  });

  it('refuses to delete a package with running subscriptions', async () => {
    const customer = await post('/sysclient/client', customerForm('PKGDEL', { packageId }));
    expect(customer.body.code).toBe(200);
    const refused = await t.call('DELETE', `/sysclient/package/${packageId}`, { token: admin, lang: 'en-US' });
    expect(refused.body).toEqual({
      code: 500,
      msg: "Package 'Lighting Pro' still has subscriptions and cannot be deleted",
    });
    const spare = await post('/sysclient/package', packageForm('Spare'));
    expect(
      (await t.call('DELETE', `/sysclient/package/${spare.body.data.packageId}`, { token: admin })).body.code,
    ).toBe(200);
    expect((await t.call('GET', `/sysclient/package/${spare.body.data.packageId}`, { token: admin })).body.code).toBe(
      404,
    );
  });
});

describe('subscriptions', () => {
  let clientId: number;
  let basic: number;
  let gis: number;
  beforeAll(async () => {
    basic = (await post('/sysclient/package', packageForm('Basic', { systemIds: [100], period: 'year' }))).body.data
      .packageId;
    gis = (await post('/sysclient/package', packageForm('GIS add-on', { systemIds: [103], period: 'month' }))).body.data
      .packageId;
    const res = await post('/sysclient/client', customerForm('SUB01', { systemIds: [] }));
    clientId = res.body.data.clientId;
  });

  it("says 'Package cannot be empty', in both languages", async () => {
    expect((await post('/sysclient/subscription', { clientId })).body).toEqual({
      code: 500,
      msg: 'Package cannot be empty',
    });
    expect((await post('/sysclient/subscription', { clientId, packageId: '' }, 'zh-CN')).body).toEqual({
      code: 500,
      msg: '套餐不能为空',
    });
    expect((await post('/sysclient/subscription', { packageId: basic })).body).toEqual({
      code: 500,
      msg: 'Customer cannot be empty',
    });
    const start = t.clock.now();
    expect(
      (
        await post('/sysclient/subscription', {
          clientId,
          packageId: basic,
          startTime: fmt(start),
          endTime: fmt(start - DAY),
        })
      ).body,
    ).toEqual({ code: 500, msg: 'The end time cannot be before the start time' });
  });

  it('computes the end from the period, and the customer validity follows', async () => {
    const res = await post('/sysclient/subscription', {
      clientId,
      packageId: basic,
      startTime: '2026-01-31 08:00:00',
    });
    expect(res.body.data.endTime).toBe('2027-01-31 07:59:59');
    const detail = (await t.call('GET', `/sysclient/client/${clientId}`, { token: admin })).body.data;
    expect(detail).toMatchObject({ validFrom: '2026-01-31 08:00:00', validTo: '2027-01-31 07:59:59' });
    const monthly = await post('/sysclient/subscription', { clientId, packageId: gis, startTime: '2027-01-31' });
    // a month from 31 January runs to the day before 28 February
    expect(monthly.body.data.endTime).toBe('2027-02-27 23:59:59');
    const detail2 = (await t.call('GET', `/sysclient/client/${clientId}`, { token: admin })).body.data;
    expect(detail2.validTo).toBe('2027-02-27 23:59:59');
    await t.call('DELETE', `/sysclient/subscription/${monthly.body.data.subscriptionId}`, { token: admin });
    const detail3 = (await t.call('GET', `/sysclient/client/${clientId}`, { token: admin })).body.data;
    expect(detail3.validTo).toBe('2027-01-31 07:59:59');
    await t.call('DELETE', `/sysclient/subscription/${res.body.data.subscriptionId}`, { token: admin });
  });

  it("limits a customer's menus to its subsystems and its running packages", async () => {
    const now = t.clock.now();
    await post('/sysclient/subscription', { clientId, packageId: basic, startTime: fmt(now - DAY) });
    expect(await systemsOf(t, clientId)).toEqual([100]);
    const user = await t.login('sub01_admin', 'Init@2026');
    const before = (await t.call('GET', '/getInfo', { token: user })).body.permissions as string[];
    expect(before.some((p) => p.startsWith('gis:'))).toBe(false);
    expect((await t.call('GET', '/info/enterSystem?systemId=103', { token: user, lang: 'en-US' })).body).toEqual({
      code: 500,
      msg: 'Permission restriction, cannot enter this subsystem',
    });

    // a month of the GIS add-on, starting tomorrow
    const addOn = await post('/sysclient/subscription', { clientId, packageId: gis, startTime: fmt(now + DAY) });
    expect(addOn.body.code).toBe(200);
    expect(await systemsOf(t, clientId)).toEqual([100]);
    await advance(DAY + 60_000);
    const user2 = await t.login('sub01_admin', 'Init@2026');
    // the first request after the start brings the grants in step
    await t.call('GET', '/getInfo', { token: user2 });
    expect(await systemsOf(t, clientId)).toEqual([100, 103]);
    const during = (await t.call('GET', '/getInfo', { token: user2 })).body.permissions as string[];
    expect(during.some((p) => p.startsWith('gis:'))).toBe(true);
    expect((await t.call('GET', '/info/enterSystem?systemId=103', { token: user2 })).body.code).toBe(200);
    // GIS has no screen built yet, so /routers offers none of its menus; the customer holds them all the same
    expect((await t.call('GET', '/routers?systemId=103', { token: user2 })).body.code).toBe(200);
    const [{ n: gisMenus }] = await t.deps.database.query<{ n: number }>(
      'select count(*)::int as n from sys_client_menu cm join sys_menu m on m.menu_id = cm.menu_id where cm.client_id = $1 and m.system_id = 103',
      [clientId],
    );
    expect(gisMenus).toBeGreaterThan(0);

    // another role of the customer takes a GIS menu; it loses it when the add-on ends
    await t.deps.database.query(
      "insert into sys_role (client_id, role_name, role_key, data_scope) values ($1, '巡检员', 'inspector', '1')",
      [clientId],
    );
    await t.deps.database.query(
      "insert into sys_role_menu (role_id, menu_id) select r.role_id, m.menu_id from sys_role r, sys_menu m where r.role_key = 'inspector' and r.client_id = $1 and m.system_id in (100, 103) and m.menu_type = 'C'",
      [clientId],
    );
    const inspectorMenus = async () =>
      (
        await t.deps.database.query<{ system_id: number }>(
          "select distinct m.system_id from sys_role_menu rm join sys_role r on r.role_id = rm.role_id join sys_menu m on m.menu_id = rm.menu_id where r.role_key = 'inspector' and r.client_id = $1 order by 1",
          [clientId],
        )
      ).map((r) => Number(r.system_id));
    expect(await inspectorMenus()).toEqual([100, 103]);

    await advance(31 * DAY);
    const user3 = await t.login('sub01_admin', 'Init@2026');
    await t.call('GET', '/getInfo', { token: user3 });
    expect(await systemsOf(t, clientId)).toEqual([100]);
    expect(await inspectorMenus()).toEqual([100]);
    const after = (await t.call('GET', '/getInfo', { token: user3 })).body.permissions as string[];
    expect(after.some((p) => p.startsWith('gis:'))).toBe(false);
    expect(after).toContain('sysclient:project:list');
    expect((await t.call('GET', '/info/enterSystem?systemId=103', { token: user3, lang: 'en-US' })).body.msg).toBe(
      'Permission restriction, cannot enter this subsystem',
    );
    // still within the basic package: the customer works on
    expect((await t.call('GET', '/sysclient/project/list', { token: user3 })).body.code).toBe(200);
  });

  it('lists subscriptions with their state and finds the ones about to end', async () => {
    const list = await t.call('GET', `/sysclient/subscription/list?clientId=${clientId}`, { token: admin });
    const states = list.body.rows.map((r: { packageName: string; state: string }) => [r.packageName, r.state]).sort();
    expect(states).toEqual([
      ['Basic', 'active'],
      ['GIS add-on', 'ended'],
    ]);
    const expiring = await t.call('GET', `/sysclient/subscription/list?clientId=${clientId}&expiringDays=400`, {
      token: admin,
    });
    expect(expiring.body.rows.map((r: { packageName: string }) => r.packageName)).toEqual(['Basic']);
    const soon = await t.call('GET', `/sysclient/subscription/list?clientId=${clientId}&expiringDays=30`, {
      token: admin,
    });
    expect(soon.body.total).toBe(0);
  });

  it('cancels a subscription: its package stops granting at once', async () => {
    const list = await t.call('GET', `/sysclient/subscription/list?clientId=${clientId}&state=active`, {
      token: admin,
    });
    const running = list.body.rows[0];
    const upgraded = await t.call('PUT', '/sysclient/subscription', {
      token: admin,
      body: {
        subscriptionId: running.subscriptionId,
        clientId,
        packageId: gis,
        endTime: fmt(t.clock.now() + 100 * DAY),
      },
    });
    expect(upgraded.body.code).toBe(200);
    expect(await systemsOf(t, clientId)).toEqual([103]);
    const cancelled = await t.call('PUT', '/sysclient/subscription', {
      token: admin,
      body: { subscriptionId: running.subscriptionId, clientId, packageId: gis, status: '1' },
    });
    expect(cancelled.body.code).toBe(200);
    expect(await systemsOf(t, clientId)).toEqual([]);
  });

  it('refuses a disabled package for new subscriptions', async () => {
    const off = await post('/sysclient/package', packageForm('Retired', { status: '1' }));
    const res = await post('/sysclient/subscription', { clientId, packageId: off.body.data.packageId });
    expect(res.body).toEqual({ code: 500, msg: "Package 'Retired' is disabled" });
  });
});
