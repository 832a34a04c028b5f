import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondCustomer } from './fixtures.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let rival: { clientId: number; token: string };
let demoClientId: number;
beforeAll(async () => {
  t = await startTestApp();
  rival = await secondCustomer(t);
  const [row] = await t.deps.database.query<{ client_id: number }>(
    "select client_id from sys_client where code = 'DEMO'",
  );
  demoClientId = row!.client_id;
});
afterAll(async () => t?.close());

describe('customers never see each other', () => {
  it('lists only the own customer', async () => {
    const res = await t.call('GET', '/info/clients', { token: rival.token });
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([rival.clientId]);
    const all = await t.call('GET', '/info/getClientsWithExpire', { token: await t.login('admin') });
    expect(all.body.data.length).toBe(2);
    expect(all.body.data[0]).toHaveProperty('validState', 'normal');
  });

  it("treats another customer's projects and systems as not found", async () => {
    for (const url of [`/info/${demoClientId}/projects`, `/info/${demoClientId}/systems`, '/info/-1/projects']) {
      expect((await t.call('GET', url, { token: rival.token })).body.code).toBe(404);
    }
    expect((await t.call('GET', `/info/${rival.clientId}/projects`, { token: rival.token })).body.data).toHaveLength(1);
  });

  it('ignores a clientId header that names another customer', async () => {
    const res = await t.call('GET', '/sysclient/system/list', {
      token: rival.token,
      headers: { clientId: String(demoClientId) },
    });
    expect(res.body.rows.map((s: { id: number }) => s.id).sort()).toEqual([100, 101]);
  });

  it("cannot see or end another customer's sessions", async () => {
    const demoToken = await t.login('demo_admin');
    const list = await t.call('GET', '/monitor/online/list', { token: rival.token });
    expect(list.body.rows.every((r: { userName: string }) => r.userName === 'rival_admin')).toBe(true);
    const admin = await t.login('admin');
    const everyone = await t.call('GET', '/monitor/online/list', { token: admin });
    const demoSession = everyone.body.rows.find((r: { userName: string }) => r.userName === 'demo_admin');
    expect((await t.call('DELETE', `/monitor/online/${demoSession.tokenId}`, { token: rival.token })).body.code).toBe(
      404,
    );
    expect((await t.call('GET', '/getInfo', { token: demoToken })).body.code).toBe(200);
  });

  it('lets a platform admin force a session out, which then answers 401', async () => {
    const demoToken = await t.login('demo_admin');
    const admin = await t.login('admin');
    const rows = (await t.call('GET', '/monitor/online/list?userName=demo_admin', { token: admin })).body.rows;
    for (const row of rows)
      expect((await t.call('DELETE', `/monitor/online/${row.tokenId}`, { token: admin })).body.code).toBe(200);
    expect((await t.call('GET', '/getInfo', { token: demoToken })).body.code).toBe(401);
  });

  it('gives platform users all projects with -1', async () => {
    const res = await t.call('GET', '/info/-1/projects', { token: await t.login('admin') });
    expect(res.body.data.length).toBe(3);
    expect(res.body.data[0]).not.toHaveProperty('operatePwd');
  });
});

describe('entering a subsystem', () => {
  it('enters the configured system', async () => {
    const res = await t.call('GET', '/info/enterSystem', { token: rival.token });
    expect(res.body.data).toMatchObject({ id: 100, encode: 'sysclient' });
  });

  it('refuses a subsystem outside the subscription', async () => {
    const res = await t.call('GET', '/info/enterSystem?systemId=111', { token: rival.token, lang: 'en-US' });
    expect(res.body).toEqual({ code: 500, msg: 'Permission restriction, cannot enter this subsystem' });
  });

  it('refuses a disabled system', async () => {
    await t.deps.database.query("update sys_system set status = '1' where system_id = 101");
    const res = await t.call('GET', '/info/enterSystem?systemId=101', { token: rival.token, lang: 'en-US' });
    expect(res.body.msg).toBe('System has been disabled');
    await t.deps.database.query("update sys_system set status = '0' where system_id = 101");
  });

  it('refuses an expired customer', async () => {
    await t.deps.database.query("update sys_client set valid_to = now() - interval '1 day' where code = 'RIVAL'");
    const res = await t.call('GET', '/info/enterSystem', { token: rival.token, lang: 'en-US' });
    expect(res.body.msg).toBe('customer expired, choose another');
    const clients = await t.call('GET', '/info/getClientsWithExpire', { token: rival.token });
    expect(clients.body.data[0]).toMatchObject({ validState: 'expired', expire: true });
    await t.deps.database.query("update sys_client set valid_to = null where code = 'RIVAL'");
  });
});
