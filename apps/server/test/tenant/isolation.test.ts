import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { customerForm, demoClientId, idOf, packageForm, projectForm } from './helpers.ts';

/**
 * The second customer's administrator is given every permission of the tenant area, then tries
 * every tenant endpoint on the demo customer's rows: it never sees or changes them.
 */
let t: TestApp;
let rival: { clientId: number; token: string };
let admin: string;
let demo: number;
let demoProject: number;
let demoSubscription: number;
let packageId: number;
beforeAll(async () => {
  t = await startTestApp();
  rival = await secondCustomer(t);
  const keys = await t.deps.database.query<{ menu_key: string }>(
    "select menu_key from sys_menu where menu_key like 'sysclient%'",
  );
  for (const { menu_key } of keys) await grantToRole(t, 'rival_admin', menu_key);
  admin = await t.login('admin');
  demo = await demoClientId(t);
  demoProject = await idOf(t, "select project_id as id from biz_project where code = 'YQ001'");
  demoSubscription = await idOf(t, 'select subscription_id as id from sys_client_subscription where client_id = $1', [
    demo,
  ]);
  packageId = await idOf(t, 'select package_id as id from sys_client_subscription where client_id = $1', [demo]);
  // the operation password of the demo project
  await t.call('PUT', '/sysclient/project', {
    token: await t.login('demo_admin'),
    body: { ...projectForm('YQ001'), projectId: demoProject, operatePwd: 'Secret@1' },
  });
});
afterAll(async () => t?.close());

const as = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.call(method, url, { token: rival.token, body, headers: { clientId: String(demo), ...headers } });

const xlsxRows = async (url: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { access_token: rival.token, clientId: String(demo) },
    payload: {},
  });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[] = [];
  book.worksheets[0]!.eachRow((row) => {
    rows.push(JSON.stringify(row.values));
  });
  return rows;
};

describe('a customer administrator with every tenant permission', () => {
  it('holds the permissions, so that refusals come from the tenant scope', async () => {
    const perms = (await t.call('GET', '/getInfo', { token: rival.token })).body.permissions as string[];
    expect(perms).toContain('sysclient:customer:edit');
    expect(perms).toContain('sysclient:subscription:list');
    expect(perms).toContain('sysclient:system:remove');
  });

  it('sees only its own customer', async () => {
    const list = await as('GET', '/sysclient/client/list');
    expect(list.body.rows.map((r: { clientId: number }) => r.clientId)).toEqual([rival.clientId]);
    expect((await as('GET', `/sysclient/client/${demo}`)).body.code).toBe(404);
    expect((await as('GET', `/sysclient/client/${rival.clientId}`)).body.data.clientId).toBe(rival.clientId);
    const rows = await xlsxRows('/sysclient/client/export');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('RIVAL');
  });

  it('cannot change any customer: foreign ids are not found, its own record is the platform’s', async () => {
    const form = customerForm('DEMO', { name: '被改了' });
    expect((await as('PUT', '/sysclient/client', { ...form, clientId: demo })).body.code).toBe(404);
    expect(
      (await as('PUT', '/sysclient/client', { ...customerForm('RIVAL'), clientId: rival.clientId })).body.code,
    ).toBe(403);
    expect((await as('PUT', '/sysclient/client/changeStatus', { clientId: demo, status: '1' })).body.code).toBe(404);
    expect((await as('DELETE', `/sysclient/client/${demo}`)).body.code).toBe(404);
    expect((await as('DELETE', `/sysclient/client/${rival.clientId},${demo}`)).body.code).toBe(404);
    expect((await as('POST', '/sysclient/client', customerForm('RIVAL2'))).body.code).toBe(403);
    expect((await as('GET', '/sysclient/client/menuTree?systemIds=100')).body.code).toBe(403);
    const [row] = await t.deps.database.query<{ name: string; status: string; del_flag: string }>(
      'select name, status, del_flag from sys_client where client_id = $1',
      [demo],
    );
    expect(row).toEqual({ name: '演示城市照明', status: '0', del_flag: '0' });
  });

  it('reads and edits only its own configuration and information, whatever the header says', async () => {
    const config = await as('GET', '/sysclient/customerConfig');
    expect(config.body.data.clientId).toBe(rival.clientId);
    expect((await as('PUT', '/sysclient/customerConfig', { platformName: '邻市平台' })).body.code).toBe(200);
    const [demoRow] = await t.deps.database.query<{ platform_name: string }>(
      'select platform_name from sys_client where client_id = $1',
      [demo],
    );
    expect(demoRow!.platform_name).toBe('演示城市智慧照明');
    const info = await as('GET', '/sysclient/customerInfo');
    expect(info.body.data).toMatchObject({ clientId: rival.clientId, platformName: '邻市平台' });
    expect(info.body.data.counts.projects).toBe(1);
  });

  it("never reaches the demo customer's projects", async () => {
    const list = await as('GET', '/sysclient/project/list?pageSize=100');
    expect(list.body.rows.map((r: { belongClient: number }) => r.belongClient)).toEqual([rival.clientId]);
    const byFilter = await as('GET', `/sysclient/project/list?belongClient=${demo}`);
    expect(byFilter.body.total).toBe(0);
    expect((await as('GET', `/sysclient/project/${demoProject}`)).body.code).toBe(404);
    expect((await as('PUT', '/sysclient/project', { ...projectForm('YQ001'), projectId: demoProject })).body.code).toBe(
      404,
    );
    expect((await as('DELETE', `/sysclient/project/${demoProject}`)).body.code).toBe(404);
    expect(
      (await as('POST', '/sysclient/project/checkOperatePwd', { projectId: demoProject, operatePwd: 'Secret@1' })).body
        .code,
    ).toBe(404);
    expect(
      (
        await as(
          'POST',
          '/sysclient/project/checkOperatePwd',
          { operatePwd: 'Secret@1' },
          {
            projectId: String(demoProject),
          },
        )
      ).body.code,
    ).toBe(404);
    // a project created with the demo customer named lands in its own customer
    const created = await as('POST', '/sysclient/project', projectForm('R02', { belongClient: demo }));
    const [owner] = await t.deps.database.query<{ client_id: number }>(
      'select client_id from biz_project where project_id = $1',
      [created.body.data.projectId],
    );
    expect(owner!.client_id).toBe(rival.clientId);
    const rows = await xlsxRows('/sysclient/project/export');
    expect(rows.slice(1).every((r) => !r.includes('延庆'))).toBe(true);
    const [still] = await t.deps.database.query<{ name: string; del_flag: string }>(
      'select name, del_flag from biz_project where project_id = $1',
      [demoProject],
    );
    expect(still).toEqual({ name: 'YQ001 城区', del_flag: '0' });
  });

  it('cannot read or manage packages', async () => {
    expect((await as('GET', '/sysclient/package/list')).body.code).toBe(403);
    expect((await as('GET', `/sysclient/package/${packageId}`)).body.code).toBe(403);
    expect((await as('POST', '/sysclient/package', packageForm('Rival pkg'))).body.code).toBe(403);
    expect((await as('PUT', '/sysclient/package', { ...packageForm('X1'), packageId })).body.code).toBe(403);
    expect((await as('POST', '/sysclient/package/copy', { packageId })).body.code).toBe(403);
    expect((await as('DELETE', `/sysclient/package/${packageId}`)).body.code).toBe(403);
  });

  it("never sees or changes the demo customer's subscriptions", async () => {
    const list = await as('GET', '/sysclient/subscription/list');
    expect(list.body.total).toBe(0);
    expect((await as('GET', `/sysclient/subscription/list?clientId=${demo}`)).body.total).toBe(0);
    expect((await as('GET', `/sysclient/subscription/${demoSubscription}`)).body.code).toBe(404);
    expect(
      (
        await as('PUT', '/sysclient/subscription', {
          subscriptionId: demoSubscription,
          clientId: demo,
          packageId,
          status: '1',
        })
      ).body.code,
    ).toBe(404);
    expect((await as('DELETE', `/sysclient/subscription/${demoSubscription}`)).body.code).toBe(404);
    expect((await as('POST', '/sysclient/subscription', { clientId: rival.clientId, packageId })).body.code).toBe(403);
    const rows = await xlsxRows('/sysclient/subscription/export');
    expect(rows).toHaveLength(1);
    const [sub] = await t.deps.database.query<{ status: string }>(
      'select status from sys_client_subscription where subscription_id = $1',
      [demoSubscription],
    );
    expect(sub!.status).toBe('0');
  });

  it('sees only its own subsystems and cannot administer any', async () => {
    const list = await as('GET', '/sysclient/system/list');
    expect(list.body.rows.map((s: { id: number }) => s.id).sort()).toEqual([100, 101]);
    expect((await as('GET', '/sysclient/system/111')).body.code).toBe(404);
    expect((await as('GET', '/sysclient/system/101')).body.code).toBe(200);
    expect((await as('POST', '/sysclient/system', { encode: 'rivalx', name: '外链' })).body.code).toBe(403);
    expect((await as('PUT', '/sysclient/system', { systemId: 101, encode: 'lighting', name: '改名' })).body.code).toBe(
      403,
    );
    expect((await as('PUT', '/sysclient/system/changeStatus', { systemId: 101, status: '1' })).body.code).toBe(403);
    expect((await as('DELETE', '/sysclient/system/120')).body.code).toBe(403);
  });

  it("counts only its own figures on the home page and refuses the demo customer's project", async () => {
    const home = await as('GET', '/sysclient/home/summary');
    expect(home.body.data.scope.clientId).toBe(rival.clientId);
    expect(home.body.data.counts.projects).toBe(2);
    expect(home.body.data.counts.users).toBe(1);
    expect(home.body.data.customers).toBeNull();
    expect((await as('GET', '/sysclient/home/summary', undefined, { projectId: String(demoProject) })).body.code).toBe(
      404,
    );
  });

  it('leaves the platform administrator unrestricted', async () => {
    const all = await t.call('GET', '/sysclient/client/list', { token: admin });
    expect(all.body.total).toBe(2);
    expect((await t.call('GET', `/sysclient/project/${demoProject}`, { token: admin })).body.code).toBe(200);
  });
});
