import { type CommandMessage, downTopic, upTopic } from '@luxgrid/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { hashPassword } from '../../src/platform/auth/password.ts';
import { invalidateAuthz } from '../../src/platform/auth/principal.ts';
import type { WsHub } from '../../src/platform/ws.ts';
import { grantToRole } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo, startTestHub, until } from './helpers.ts';

/** A concentrator played by a plain MQTT client: it records what comes down and, when told to, answers. */
class Concentrator {
  readonly received: CommandMessage[] = [];
  answer: 'SUCCESS' | 'FAILED' | 'ack' | 'silent' = 'SUCCESS';
  constructor(
    readonly uid: string,
    readonly client: MqttClient,
    private readonly up: (kind: 'hello' | 'ack' | 'result') => string,
  ) {
    client.on('message', (_topic, payload) => {
      const body = JSON.parse(payload.toString()) as CommandMessage;
      if (body.action === ('cancel' as never)) {
        const items = body.commands.map((c) => ({ id: c.id, status: 'CANCELED' }));
        void client.publishAsync(this.up('result'), JSON.stringify({ items }), { qos: 1 }).catch(() => undefined); // an answer in flight when the test ends
        return;
      }
      this.received.push(body);
      if (this.answer === 'silent') return;
      const ids = body.commands.map((c) => ({ id: c.id }));
      void client.publishAsync(this.up('ack'), JSON.stringify({ items: ids }), { qos: 1 }).catch(() => undefined); // an answer in flight when the test ends
      if (this.answer === 'ack') return;
      const status = this.answer;
      const items = body.commands.map((c) => ({
        id: c.id,
        status,
        ...(status === 'FAILED' ? { error: 'LAMP_FAULT' } : {}),
      }));
      void client.publishAsync(this.up('result'), JSON.stringify({ items }), { qos: 1 }).catch(() => undefined); // an answer in flight when the test ends
    });
  }
  hello(children: string[]) {
    return this.client.publishAsync(this.up('hello'), JSON.stringify({ children }), { qos: 1 });
  }
}

describe('control tasks', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let gw: Awaited<ReturnType<typeof startTestHub>>;
  let publishes: MockInstance<WsHub['publish']>;
  const ccus: Record<string, { id: number; secret: string; lamps: number[]; uids: string[] }> = {};
  const online: Record<string, Concentrator> = {};
  let groupId: number;
  let tagId: number;

  const post = (url: string, body: unknown) => t.call('POST', url, { token: d.token, body, lang: 'en-US' });
  const get = (url: string) => t.call('GET', url, { token: d.token, lang: 'en-US' });
  const apply = (body: Record<string, unknown>) => post('/lighting/task', { projectId: d.projectId, ...body });
  const statuses = async (batchId: string) =>
    (
      await t.deps.database.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from lt_command where batch_id = $1 group by status order by status',
        [batchId],
      )
    ).reduce<Record<string, number>>((acc, r) => Object.assign(acc, { [r.status]: r.n }), {});
  const add = async (body: Record<string, unknown>) => {
    const res = await post('/lighting/device', { projectId: d.projectId, ...body });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { deviceId: number; secret: string };
  };

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    publishes = vi.spyOn(t.deps.ws, 'publish');
    gw = await startTestHub(t, { heartbeatTimeoutMs: 3600_000, resultTimeoutMs: 60_000 });
    const model = async (name: string, rtuProtocol: string) => {
      const res = await post('/lighting/model', { name, deviceType: 'CCU', commType: 1, rtuProtocol });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.data.modelId as number;
    };
    const groupcast = await model('CCU groupcast', 'GROUPCAST');
    const multicast = await model('CCU multicast', 'MULTICAST');
    for (const [uid, modelId] of [
      ['CCU-G', groupcast],
      ['CCU-M', multicast],
      ['CCU-OFF', undefined],
    ] as const) {
      const c = await add({ uid, name: uid, deviceType: 'CCU', ...(modelId ? { modelId } : {}) });
      const lamps: number[] = [];
      const uids: string[] = [];
      for (let i = 1; i <= 3; i++) {
        const lamp = `${uid}-L${i}`;
        lamps.push((await add({ uid: lamp, name: lamp, deviceType: 'RTU', parentId: c.deviceId })).deviceId);
        uids.push(lamp);
      }
      ccus[uid] = { id: c.deviceId, secret: c.secret, lamps, uids };
    }
    // short addresses of the MULTICAST concentrator's lamps
    await t.deps.database.query('update lt_device set address = device_id % 1000 where device_id = any($1::bigint[])', [
      ccus['CCU-M']!.lamps,
    ]);
    const group = await post('/lighting/group', { projectId: d.projectId, name: 'Main street', groupNo: 7 });
    groupId = group.body.data.groupId;
    const members = Object.values(ccus).flatMap((c) => c.lamps);
    expect((await post(`/lighting/group/${groupId}/members`, { deviceIds: members })).body.code).toBe(200);
    const tag = await post('/lighting/tag', { projectId: d.projectId, name: 'school zone' });
    tagId = tag.body.data.tagId;
    await t.deps.database.query(
      'insert into lt_device_tag (tag_id, device_id, client_id) select $1, unnest($2::bigint[]), $3',
      [tagId, ccus['CCU-G']!.lamps.slice(0, 2), d.clientId],
    );
    for (const uid of ['CCU-G', 'CCU-M']) {
      const c = ccus[uid]!;
      const client = await mqtt.connectAsync(gw.url, {
        username: `${d.projectId}/${uid}`,
        password: c.secret,
        reconnectPeriod: 0,
      });
      await client.subscribeAsync(downTopic(gw.root, d.projectId, uid), { qos: 1 });
      online[uid] = new Concentrator(uid, client, (kind) => upTopic(gw.root, d.projectId, uid, kind));
      await online[uid].hello(c.uids);
    }
    await until(
      async () =>
        (await t.deps.database.query("select 1 from lt_device where uid in ('CCU-G', 'CCU-M') and comm_state = 'ON'"))
          .length === 2,
    );
  });
  afterAll(async () => {
    for (const c of Object.values(online)) await c.client.endAsync(true);
    await gw?.stop();
    await t?.close();
  });

  it('dims a group with one message per concentrator: GROUPCAST by number, MULTICAST by address, a result per lamp', async () => {
    const res = await apply({
      targetKind: 'GROUP',
      targetIds: [groupId],
      action: 'LIGHT_DIMMING',
      value: 40,
      ttlMinutes: 5,
    });
    expect(res.body).toMatchObject({ code: 200, data: { total: 9, sent: 6 } });
    const batchId = res.body.data.batchId as string;
    await until(async () => (await statuses(batchId)).SUCCESS === 6);
    const g = online['CCU-G']!.received.at(-1)!;
    const m = online['CCU-M']!.received.at(-1)!;
    expect(g).toMatchObject({ action: 'LIGHT_DIMMING', value: 40, cast: { mode: 'GROUPCAST', group: 7 } });
    expect(g.commands.map((c) => c.uid).sort()).toEqual(ccus['CCU-G']!.uids);
    expect(m.cast).toEqual({
      mode: 'MULTICAST',
      addresses: ccus['CCU-M']!.lamps.map((id) => id % 1000).sort((a, b) => a - b),
    });
    expect(m.commands).toHaveLength(3);
    // the offline concentrator's lamps wait
    expect(await statuses(batchId)).toEqual({ PENDING: 3, SUCCESS: 6 });
    const progress = await get(`/lighting/task/${batchId}`);
    expect(progress.body.data).toMatchObject({
      total: 9,
      targetKind: 'GROUP',
      groupId,
      done: false,
      counts: { SUCCESS: 6, PENDING: 3, FAILED: 0 },
    });
    // the browser is told, throttled, to the task's customer and project
    await gw.deviceHub.progress.flush();
    await until(() =>
      publishes.mock.calls.some(
        ([scope, msg]) =>
          msg.type === 'task.progress' &&
          msg.batchId === batchId &&
          msg.counts.SUCCESS === 6 &&
          scope.clientId === d.clientId &&
          scope.projectId === d.projectId,
      ),
    );
    const pushes = publishes.mock.calls.filter(([, msg]) => msg.type === 'task.progress' && msg.batchId === batchId);
    expect(pushes.length).toBeLessThanOrEqual(6);

    // the offline lamps expire when their time is up; then the task is done
    t.clock.advance(6 * 60_000);
    await gw.deviceHub.expireCommands(t.clock.now());
    expect(await statuses(batchId)).toEqual({ EXPIRED: 3, SUCCESS: 6 });
    expect((await get(`/lighting/task/${batchId}`)).body.data.done).toBe(true);

    // retry the failed: a new task, linked to this one, holding only the expired lamps; it reaches them once they are back
    const retry = await post(`/lighting/task/${batchId}/retry`, {});
    expect(retry.body).toMatchObject({ code: 200, data: { total: 3, sent: 0 } });
    const again = (await get(`/lighting/task/${retry.body.data.batchId}`)).body.data;
    expect(again).toMatchObject({ parentBatchId: batchId, action: 'LIGHT_DIMMING', value: 40, total: 3 });
    const c = ccus['CCU-OFF']!;
    const late = await mqtt.connectAsync(gw.url, {
      username: `${d.projectId}/CCU-OFF`,
      password: c.secret,
      reconnectPeriod: 0,
    });
    await late.subscribeAsync(downTopic(gw.root, d.projectId, 'CCU-OFF'), { qos: 1 });
    online['CCU-OFF'] = new Concentrator('CCU-OFF', late, (kind) => upTopic(gw.root, d.projectId, 'CCU-OFF', kind));
    await online['CCU-OFF'].hello(c.uids);
    await until(async () => (await statuses(retry.body.data.batchId)).SUCCESS === 3);
    // a plain concentrator (no group protocol in its model) gets every lamp by uid
    expect(online['CCU-OFF']!.received[0]!.cast).toBeUndefined();
    expect((await post(`/lighting/task/${retry.body.data.batchId}/retry`, {})).body.msg).toBe(
      'the task has no failed, timed-out or expired devices to retry',
    );
  });

  it('times out lamps whose concentrator took the command but never answered, and retries the failed and timed out', async () => {
    online['CCU-G']!.answer = 'ack';
    online['CCU-M']!.answer = 'FAILED';
    const res = await apply({
      targetKind: 'DEVICE',
      targetIds: [...ccus['CCU-G']!.lamps, ...ccus['CCU-M']!.lamps],
      action: 'LIGHT_OFF',
    });
    const batchId = res.body.data.batchId as string;
    await until(async () => {
      const s = await statuses(batchId);
      return s.DELIVERED === 3 && s.FAILED === 3;
    });
    t.clock.advance(61_000);
    await gw.deviceHub.expireCommands(t.clock.now());
    expect(await statuses(batchId)).toEqual({ FAILED: 3, TIMEOUT: 3 });
    const rows = (await get(`/lighting/command/list?batchId=${batchId}&status=FAILED`)).body.rows;
    expect(rows[0]).toMatchObject({ status: 'FAILED', error: 'LAMP_FAULT' });
    online['CCU-G']!.answer = 'SUCCESS';
    online['CCU-M']!.answer = 'SUCCESS';
    const retry = await post(`/lighting/task/${batchId}/retry`, {});
    expect(retry.body.data).toMatchObject({ total: 6, sent: 6 });
    await until(async () => (await statuses(retry.body.data.batchId)).SUCCESS === 6);
  });

  it('cancels a task: waiting lamps at once, taken ones by a cancel message the concentrator confirms', async () => {
    online['CCU-G']!.answer = 'ack';
    const res = await apply({ targetKind: 'TAG', targetIds: [tagId], action: 'LIGHT_ON' });
    expect(res.body.data).toMatchObject({ total: 2, sent: 2 });
    const batchId = res.body.data.batchId as string;
    await until(async () => (await statuses(batchId)).DELIVERED === 2);
    const cancel = await t.call('PUT', `/lighting/task/${batchId}/cancel`, { token: d.token, lang: 'en-US' });
    expect(cancel.body).toMatchObject({ code: 200, data: { canceled: 2 } });
    expect(await statuses(batchId)).toEqual({ CANCELED: 2 });
    await until(
      async () =>
        (
          await t.deps.database.query("select 1 from lt_command where batch_id = $1 and cancel_state = 'CONFIRMED'", [
            batchId,
          ])
        ).length === 2,
    );
    expect((await t.call('PUT', `/lighting/task/${batchId}/cancel`, { token: d.token, lang: 'en-US' })).body.msg).toBe(
      'the task has finished and cannot be canceled',
    );
    online['CCU-G']!.answer = 'SUCCESS';
  });

  it('reaches a whole project, and lists tasks with their counts', async () => {
    const res = await apply({ targetKind: 'PROJECT', action: 'LIGHT_ON' });
    expect(res.body.code).toBe(200);
    expect(res.body.data.total).toBeGreaterThanOrEqual(9);
    await until(async () => (await statuses(res.body.data.batchId)).SUCCESS === 9);
    const list = await get(`/lighting/task/list?projectId=${d.projectId}&action=LIGHT_ON&source=CONTROL`);
    const row = list.body.rows.find((r: { batchId: string }) => r.batchId === res.body.data.batchId);
    expect(row).toMatchObject({ targetKind: 'PROJECT', counts: { SUCCESS: 9 }, operName: 'demo_admin' });
  });

  it('says every §5 and §8 message verbatim, in both languages', async () => {
    const empty = await post('/lighting/group', { projectId: d.projectId, name: 'nothing here' });
    expect(
      (await apply({ targetKind: 'GROUP', targetIds: [empty.body.data.groupId], action: 'LIGHT_ON' })).body,
    ).toEqual({ code: 500, msg: 'no controllable devices in the group' });
    const zh = await t.call('POST', '/lighting/task', {
      token: d.token,
      lang: 'zh-CN',
      body: { projectId: d.projectId, targetKind: 'GROUP', targetIds: [empty.body.data.groupId], action: 'LIGHT_ON' },
    });
    expect(zh.body.msg).toBe('分组内没有可控制的设备');
    expect((await apply({ targetKind: 'GROUP', targetIds: [], action: 'LIGHT_ON' })).body.msg).toBe(
      'object count not 0 or empty',
    );
    const zhCount = await t.call('POST', '/lighting/task', {
      token: d.token,
      lang: 'zh-CN',
      body: { projectId: d.projectId, targetKind: 'DEVICE', action: 'LIGHT_ON' },
    });
    expect(zhCount.body.msg).toBe('对象数量不能为0或为空');
    const box = await add({ uid: 'BOX-T', name: 'cabinet', deviceType: 'BOX' });
    expect((await apply({ targetKind: 'BOX', targetIds: [box.deviceId], action: 'BREAKER_OFF' })).body.msg).toBe(
      'no circuit configuration, cannot operate',
    );
    const ccu = await add({ uid: 'CCU-T', name: 'box controller', deviceType: 'CCU_IN_BOX', parentId: box.deviceId });
    await add({ uid: 'BR-T', name: 'branch', deviceType: 'BRANCH', parentId: ccu.deviceId, phase: 'A' });
    expect((await apply({ targetKind: 'BOX', targetIds: [box.deviceId], action: 'BREAKER_OFF' })).body.msg).toBe(
      'please select the control output (DO) for the circuit first',
    );
    const zhDo = await t.call('POST', '/lighting/task', {
      token: d.token,
      lang: 'zh-CN',
      body: { projectId: d.projectId, targetKind: 'BOX', targetIds: [box.deviceId], action: 'BREAKER_OFF' },
    });
    expect(zhDo.body.msg).toBe('请先为回路选择控制输出（DO）');
    expect((await apply({ targetKind: 'GROUP', targetIds: [groupId], action: 'LIGHT_DIMMING' })).body.msg).toBe(
      'Dim level cannot be empty',
    );
  });

  it('asks for the operation password when the project has one', async () => {
    await t.deps.database.query('update biz_project set operate_pwd = $2 where project_id = $1', [
      d.projectId,
      await hashPassword('op-1234'),
    ]);
    const body = { targetKind: 'GROUP', targetIds: [groupId], action: 'LIGHT_OFF' };
    expect((await apply(body)).body.msg).toBe('This project has an operation password: please enter it');
    expect((await apply({ ...body, operatePwd: 'nope' })).body.msg).toBe('The operation password is wrong');
    const good = await apply({ ...body, operatePwd: 'op-1234' });
    expect(good.body).toMatchObject({ code: 200, data: { total: 9 } });
    await t.deps.database.query("update biz_project set operate_pwd = '' where project_id = $1", [d.projectId]);
  });

  it('checks the §6 control permission of each action', async () => {
    const revoke = async (menuKey: string) => {
      await t.deps.database.query(
        `delete from sys_role_menu where role_id = (select role_id from sys_role where role_key = 'customer_admin')
           and menu_id = (select menu_id from sys_menu where menu_key = $1)`,
        [menuKey],
      );
      await invalidateAuthz(t.deps.cache);
    };
    await revoke('lighting.groupApply.off');
    const token = await t.login('demo_admin');
    const call = (action: string, targetIds: number[]) =>
      t.call('POST', '/lighting/task', {
        token,
        lang: 'en-US',
        body: { projectId: d.projectId, targetKind: 'DEVICE', targetIds, action },
      });
    const lamps = ccus['CCU-G']!.lamps;
    expect((await call('LIGHT_OFF', lamps)).body.code).toBe(403);
    expect((await call('LIGHT_ON', lamps)).body.code).toBe(200);
    // one device: the single apply screen's permission is enough
    expect((await call('LIGHT_OFF', [lamps[0]!])).body.code).toBe(200);
    await revoke('lighting.singleApply.off');
    const fresh = await t.login('demo_admin');
    const single = await t.call('POST', '/lighting/task', {
      token: fresh,
      body: { projectId: d.projectId, targetKind: 'DEVICE', targetIds: [lamps[0]], action: 'LIGHT_OFF' },
    });
    expect(single.body.code).toBe(403);
    await grantToRole(t, 'customer_admin', 'lighting.groupApply.off');
    await grantToRole(t, 'customer_admin', 'lighting.singleApply.off');
  });
});
