import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from '../lighting/helpers.ts';
import { multipart } from '../system/helpers.ts';

const APP_MENUS = [
  'app',
  'app.version',
  'app.version.query',
  'app.version.add',
  'app.version.edit',
  'app.version.remove',
  'app.terminal',
  'app.terminal.query',
  'app.terminal.edit',
  'app.terminal.remove',
  'app.terminal.export',
  'app.push',
  'app.push.query',
  'app.push.add',
  'app.push.edit',
  'app.push.remove',
  'app.feedback',
  'app.feedback.query',
  'app.feedback.handle',
  'app.feedback.remove',
];

/**
 * The crews' mobile app: releases and the newest one per platform, terminals recorded at sign-in
 * and revoked (their sessions end), push messages to users or departments (received over the
 * inbox and live), feedback submitted and answered; permissions and customer isolation.
 */
describe('mobile app', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let crew: string;
  const call = (method: string, url: string, body?: unknown, token = d.token, headers?: Record<string, string>) =>
    t.call(method, url, { token, body, lang: 'en-US', headers }).then((r) => r.body);

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    for (const key of APP_MENUS) await grantToRole(t, 'customer_admin', key);
    d.token = await t.login('demo_admin');
    crew = await t.login('demo_operator');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('publishes releases and answers the newest per platform, forcing an update when a newer one asks', async () => {
    const add = (versionCode: number, forceUpdate = '0', status = '0') =>
      call('POST', '/app/version', {
        platform: 'WEB',
        versionCode,
        versionName: `1.${versionCode}`,
        url: 'https://lights.example.org/crew/',
        releaseNotes: `release ${versionCode}`,
        forceUpdate,
        status,
      });
    expect((await add(1)).code).toBe(200);
    expect((await add(2, '1')).code).toBe(200);
    expect((await add(3)).code).toBe(200);
    expect((await add(4, '0', '1')).code).toBe(200); // disabled: never offered
    expect((await add(3)).msg).toBe('Version code 3 of WEB already exists');
    const latest = await call('GET', '/app/version/latest?platform=WEB&versionCode=1', undefined, crew);
    expect(latest.data).toMatchObject({ versionCode: 3, updateAvailable: true, forceUpdate: true });
    expect(latest.data.downloadUrl).toBe('https://lights.example.org/crew/');
    const current = await call('GET', '/app/version/latest?platform=WEB&versionCode=2', undefined, crew);
    expect(current.data).toMatchObject({ versionCode: 3, updateAvailable: true, forceUpdate: false });
    expect(
      (await call('GET', '/app/version/latest?platform=WEB&versionCode=3', undefined, crew)).data.updateAvailable,
    ).toBe(false);
    expect((await call('GET', '/app/version/latest?platform=IOS', undefined, crew)).msg).toBe(
      'No version is published yet',
    );
    expect((await call('POST', '/app/version', { platform: 'ANDROID', versionCode: 1, versionName: '1' })).code).toBe(
      500,
    );
  });

  it('uploads an installable package and serves it to a crew member', async () => {
    const apk = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]);
    const form = multipart('crew.apk', apk);
    const up = await t.app.inject({
      method: 'POST',
      url: '/app/version/upload',
      headers: { access_token: d.token, ...form.headers },
      payload: form.body,
    });
    expect(up.json().code, up.body).toBe(200);
    const fileName = up.json().data.fileName as string;
    const notZip = multipart('crew.apk', Buffer.from('hello'));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/app/version/upload',
      headers: { access_token: d.token, 'accept-language': 'en-US', ...notZip.headers },
      payload: notZip.body,
    });
    expect(refused.json().msg).toBe('The package must be an apk, ipa or hap file');
    const v = await call('POST', '/app/version', { platform: 'ANDROID', versionCode: 7, versionName: '2.0', fileName });
    expect(v.code, JSON.stringify(v)).toBe(200);
    const latest = await call('GET', '/app/version/latest?platform=ANDROID', undefined, crew);
    expect(latest.data.downloadUrl).toBe(`/app/version/${v.data.versionId}/package`);
    const pkg = await t.app.inject({ method: 'GET', url: latest.data.downloadUrl, headers: { access_token: crew } });
    expect(pkg.statusCode).toBe(200);
    expect(pkg.rawPayload.equals(apk)).toBe(true);
    expect((await call('GET', `/app/version/${v.data.versionId}`)).data.fileSize).toBe(apk.length);
  });

  it('records the terminal a crew member signs in from, and revoking it ends the session', async () => {
    const phone = await t.login('demo_operator');
    const reg = await call(
      'POST',
      '/app/terminal/register',
      { terminalCode: 'PHONE-0001', platform: 'ANDROID', deviceModel: 'Pixel 8', appVersion: '1.3' },
      phone,
      { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile', 'x-terminal-code': 'PHONE-0001' },
    );
    expect(reg.code, JSON.stringify(reg)).toBe(200);
    const list = await call('GET', '/app/terminal/list');
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({
      terminalCode: 'PHONE-0001',
      userName: 'demo_operator',
      deviceModel: 'Pixel 8',
      online: true,
      status: '0',
    });
    expect(list.rows[0].userAgent).toContain('Android 14');
    expect(list.rows[0]).not.toHaveProperty('tokenIds');
    expect((await call('GET', '/getInfo', undefined, phone)).code).toBe(200);

    const revoked = await call('PUT', `/app/terminal/revoke/${list.rows[0].terminalId}`);
    expect(revoked.code).toBe(200);
    expect((await call('GET', '/getInfo', undefined, phone)).code).toBe(401);
    expect((await call('GET', '/app/terminal/list')).rows[0]).toMatchObject({ online: false, status: '1' });
    // the other session of the same user (another device) goes on
    expect((await call('GET', '/getInfo', undefined, crew)).code).toBe(200);
    // signing in again from the revoked phone is refused and signed out
    const again = await t.login('demo_operator');
    const refused = await call(
      'POST',
      '/app/terminal/register',
      { terminalCode: 'PHONE-0001', platform: 'ANDROID' },
      again,
    );
    expect(refused.msg).toBe('This mobile terminal has been revoked, please contact the administrator');
    expect((await call('GET', '/getInfo', undefined, again)).code).toBe(401);
  });

  it('sends a push message to a department, which its members find in their inbox', async () => {
    const [dept] = await t.deps.database.query<{ dept_id: number }>(
      "select dept_id from sys_dept where dept_name = '运维中心'",
    );
    const draft = await call('POST', '/app/push', {
      title: 'Storm tonight',
      content: 'Crews on standby from 20:00',
      target: 'DEPT',
      targetIds: [dept!.dept_id],
    });
    expect(draft.code, JSON.stringify(draft)).toBe(200);
    const published: unknown[] = [];
    const original = t.deps.ws.publish.bind(t.deps.ws);
    t.deps.ws.publish = async (scope, message) => {
      published.push({ scope, message });
      return original(scope, message);
    };
    const sent = await call('PUT', `/app/push/send/${draft.data.pushId}`);
    t.deps.ws.publish = original;
    expect(sent.data.recipients).toBe(1);
    const [operator] = await t.deps.database.query<{ user_id: number }>(
      "select user_id from sys_user where user_name = 'demo_operator'",
    );
    expect(published).toEqual([
      {
        scope: { clientId: d.clientId, projectId: null, userIds: [operator!.user_id] },
        message: expect.objectContaining({ type: 'app.push', title: 'Storm tonight', projectId: null }),
      },
    ]);
    const inbox = await call('GET', '/app/push/mine', undefined, crew);
    expect(inbox).toMatchObject({ total: 1, unread: 1 });
    expect(inbox.rows[0]).toMatchObject({ title: 'Storm tonight', read: false, sender: 'demo_admin' });
    expect((await call('GET', '/app/push/mine')).total).toBe(0);
    await call('PUT', `/app/push/mine/read/${draft.data.pushId}`, undefined, crew);
    expect((await call('GET', '/app/push/mine', undefined, crew)).unread).toBe(0);
    const row = (await call('GET', `/app/push/${draft.data.pushId}`)).data;
    expect(row).toMatchObject({ state: 'SENT', recipients: 1, readCount: 1, targetNames: '运维中心' });
    expect((await call('PUT', '/app/push', { pushId: row.pushId, title: 'x', content: 'y', target: 'ALL' })).msg).toBe(
      'The message has been sent and cannot be changed',
    );
    // sent at once to everyone
    const all = await call('POST', '/app/push', { title: 'Hello', content: 'All hands', target: 'ALL', send: true });
    expect(all.data.recipients).toBeGreaterThanOrEqual(2);
  });

  it('takes feedback from a crew member and answers it once', async () => {
    const sent = await call(
      'POST',
      '/app/feedback/submit',
      { feedbackType: 'BUG', content: 'The map is blank offline', contact: '13800138002', appVersion: '1.3' },
      crew,
    );
    expect(sent.code, JSON.stringify(sent)).toBe(200);
    const list = await call('GET', '/app/feedback/list?state=PENDING');
    expect(list.rows[0]).toMatchObject({ userName: 'demo_operator', feedbackType: 'BUG', state: 'PENDING' });
    const handle = { feedbackId: sent.data.feedbackId, reply: 'Fixed in 1.4' };
    expect((await call('PUT', '/app/feedback/handle', handle)).code).toBe(200);
    expect((await call('PUT', '/app/feedback/handle', handle)).msg).toBe('This feedback has already been handled');
    const mine = await call('GET', '/app/feedback/mine', undefined, crew);
    expect(mine.rows[0]).toMatchObject({ state: 'HANDLED', reply: 'Fixed in 1.4', handleBy: 'demo_admin' });
  });

  it('keeps the screens from a crew member without the menus, and other customers out', async () => {
    expect((await call('GET', '/app/terminal/list', undefined, crew)).code).toBe(403);
    expect((await call('PUT', '/app/feedback/handle', { feedbackId: 1, reply: 'x' }, crew)).code).toBe(403);
    const rival = await secondCustomer(t);
    await t.deps.database.query(
      "insert into sys_client_menu (client_id, menu_id) select $1, menu_id from sys_menu where menu_key like 'app%' on conflict do nothing",
      [rival.clientId],
    );
    await t.deps.database.query(
      "insert into sys_role_menu (role_id, menu_id) select r.role_id, m.menu_id from sys_role r, sys_menu m where r.role_key = 'rival_admin' and m.menu_key like 'app%' on conflict do nothing",
    );
    const { invalidateAuthz } = await import('../../src/platform/auth/principal.ts');
    await invalidateAuthz(t.deps.cache);
    for (const url of ['/app/version/list', '/app/terminal/list', '/app/push/list', '/app/feedback/list']) {
      const res = await call('GET', url, undefined, rival.token);
      expect({ url, code: res.code, total: res.total }).toEqual({ url, code: 200, total: 0 });
    }
    const [terminal] = await t.deps.database.query<{ terminal_id: number }>('select terminal_id from app_terminal');
    expect((await call('PUT', `/app/terminal/revoke/${terminal!.terminal_id}`, undefined, rival.token)).code).toBe(404);
    expect((await call('DELETE', '/app/feedback/1', undefined, rival.token)).code).toBe(404);
    const [operator] = await t.deps.database.query<{ user_id: number }>(
      "select user_id from sys_user where user_name = 'demo_operator'",
    );
    const poach = await call(
      'POST',
      '/app/push',
      { title: 't', content: 'c', target: 'USER', targetIds: [operator!.user_id] },
      rival.token,
    );
    expect(poach.code).toBe(404);
  });
});
