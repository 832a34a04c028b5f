import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';
import { fmt, packageForm, projectForm } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('onboarding a customer through the API', () => {
  let admin: string;
  let packageId: number;
  let clientId: number;
  let customerAdmin: string;
  const projects: number[] = [];

  it('creates a package granting the back office and smart lighting', async () => {
    admin = await t.login('admin');
    const res = await t.call('POST', '/sysclient/package', {
      token: admin,
      body: packageForm('Smart Lighting Standard', { systemIds: [100, 101], period: 'year', periodCount: 1 }),
    });
    expect(res.body.code).toBe(200);
    packageId = res.body.data.packageId;
  });

  it('creates the customer with its main account and a subscription to the package', async () => {
    const start = t.clock.now();
    const res = await t.call('POST', '/sysclient/client', {
      token: admin,
      body: {
        code: 'SUZHOU',
        name: '苏州工业园区路灯所',
        shortName: '园区路灯',
        contacts: '陈工',
        phone: '0512-62880000',
        platformName: '园区智慧照明',
        operators: 'SIP Lighting',
        mainAccount: 'sip_admin',
        defaultPassword: 'Sip@2026',
        validFrom: fmt(start),
        packageId,
      },
      lang: 'en-US',
    });
    expect(res.body).toMatchObject({ code: 200 });
    clientId = res.body.data.clientId;
    const detail = (await t.call('GET', `/sysclient/client/${clientId}`, { token: admin })).body.data;
    expect(detail).toMatchObject({
      mainAccount: 'sip_admin',
      packageName: 'Smart Lighting Standard',
      validState: 'normal',
      systemIds: [],
      subscribedSystemIds: [100, 101],
    });
    expect(detail.validFrom).toBe(fmt(start));
    expect(detail.subscriptions).toHaveLength(1);
  });

  it('creates a LoRaWAN project for it, which needs a band standard', async () => {
    const form = projectForm('SIP01', { belongClient: clientId, commType: 4, projectName: '园区主干道' });
    const refused = await t.call('POST', '/sysclient/project', { token: admin, body: form, lang: 'en-US' });
    expect(refused.body).toEqual({ code: 500, msg: 'A band standard is required for LoRaWAN projects' });
    const res = await t.call('POST', '/sysclient/project', { token: admin, body: { ...form, bandStandard: 'CN470' } });
    expect(res.body.code).toBe(200);
    projects.push(res.body.data.projectId);
  });

  it("signs in as the customer's admin, who must change the default password first", async () => {
    const first = await t.call('POST', '/adminlogin', { body: { username: 'sip_admin', password: 'Sip@2026' } });
    customerAdmin = first.body.token;
    const asked = (await t.call('GET', '/getInfo?systemId=100', { token: customerAdmin })).body;
    expect(asked.user).toMatchObject({ userName: 'sip_admin', pwdMustChange: true, clientId });
    expect(asked.isDefaultModifyPwd).toBe(true);
    const refused = await t.call('GET', '/sysclient/project/list', { token: customerAdmin, lang: 'en-US' });
    expect(refused.body).toEqual({ code: 403, msg: 'Please change your initial password first' });
    const res = await t.call('PUT', '/system/user/profile/updatePwd', {
      token: customerAdmin,
      body: { oldPassword: 'Sip@2026', newPassword: 'Sip@2026new', confirmPassword: 'Sip@2026new' },
    });
    expect(res.body.code).toBe(200);
    const info = (await t.call('GET', '/getInfo?systemId=100', { token: customerAdmin })).body;
    expect(info.user.pwdMustChange).toBe(false);
    expect(info.permissions).toContain('sysclient:project:list');
    expect(info.permissions).toContain('lighting:device:list');
    expect(info.permissions).not.toContain('sysclient:customer:list');
    const clients = (await t.call('GET', '/info/getClientsWithExpire', { token: customerAdmin })).body.data;
    expect(clients).toEqual([expect.objectContaining({ id: clientId, validState: 'normal', expire: false })]);
    const routers = (await t.call('GET', '/routers?systemId=100', { token: customerAdmin })).body.data;
    expect(JSON.stringify(routers)).toContain('sysclient/project/index');
  });

  it('lists its projects and adds a second one of its own', async () => {
    const list = await t.call('GET', '/sysclient/project/list', { token: customerAdmin });
    expect(list.body.rows).toEqual([
      expect.objectContaining({
        projectCode: 'SIP01',
        bandStandard: 'CN470',
        commType: '4',
        clientName: '苏州工业园区路灯所',
      }),
    ]);
    const own = await t.call('POST', '/sysclient/project', {
      token: customerAdmin,
      body: projectForm('SIP02', { projectName: '金鸡湖景区', longitude: 120.7, latitude: 31.32 }),
    });
    expect(own.body.code).toBe(200);
    projects.push(own.body.data.projectId);
    const switcher = (await t.call('GET', `/info/${clientId}/projects`, { token: customerAdmin })).body.data;
    expect(switcher.map((p: { code: string }) => p.code).sort()).toEqual(['SIP01', 'SIP02']);
  });

  it('switches between its projects: the home page follows the projectId header', async () => {
    const names = [];
    for (const projectId of projects) {
      const home = await t.call('GET', '/sysclient/home/summary', {
        token: customerAdmin,
        headers: { projectId: String(projectId) },
      });
      names.push(home.body.data.project.projectName);
      expect(home.body.data.counts.projects).toBe(2);
    }
    expect(names).toEqual(['园区主干道', '金鸡湖景区']);
  });

  it('enters what its package grants and is refused the rest', async () => {
    const lighting = await t.call('GET', '/info/enterSystem?systemId=101', { token: customerAdmin });
    expect(lighting.body.data).toMatchObject({ id: 101, encode: 'lighting' });
    const video = await t.call('GET', '/info/enterSystem?systemId=111', { token: customerAdmin, lang: 'en-US' });
    expect(video.body).toEqual({ code: 500, msg: 'Permission restriction, cannot enter this subsystem' });
    const zh = await t.call('GET', '/info/enterSystem?systemId=111', { token: customerAdmin });
    expect(zh.body).toEqual({ code: 500, msg: '权限限制，无法进入该子系统' });
    const systems = (await t.call('GET', '/sysclient/system/list', { token: customerAdmin })).body.rows;
    expect(systems.map((s: { encode: string }) => s.encode)).toEqual(['sysclient', 'lighting']);
    expect((await t.call('GET', '/routers?systemId=111', { token: customerAdmin })).body.data).toEqual([]);
  });

  it('signs in again with the new password', async () => {
    const token = await t.login('sip_admin', 'Sip@2026new');
    expect((await t.call('GET', '/getInfo', { token })).body.user.pwdMustChange).toBe(false);
  });
});
