import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/platform/auth/password.ts';
import { secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from './helpers.ts';

let t: TestApp;
let d: Awaited<ReturnType<typeof demo>>;
let rival: { clientId: number; token: string };
const en = 'en-US' as const;

const post = (url: string, body: unknown, token = d.token) => t.call('POST', url, { token, body, lang: en });
const put = (url: string, body: unknown, token = d.token) => t.call('PUT', url, { token, body, lang: en });
const get = (url: string, token = d.token) => t.call('GET', url, { token, lang: en });

async function model(body: Record<string, unknown>): Promise<number> {
  const res = await post('/lighting/model', body);
  expect(res.body).toMatchObject({ code: 200 });
  return res.body.data.modelId;
}
async function device(body: Record<string, unknown>) {
  return post('/lighting/device', { projectId: d.projectId, ...body });
}
async function deviceId(body: Record<string, unknown>): Promise<number> {
  const res = await device(body);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data.deviceId;
}

let ids: Record<string, number> = {};
beforeAll(async () => {
  t = await startTestApp();
  d = await demo(t);
  rival = await secondCustomer(t);
  ids = {
    rtuModel: await model({
      name: 'RTU dual',
      deviceType: 'RTU',
      commType: 6,
      lampHeadLimit: 2,
      directiveScheme: 'RTU_IOT',
    }),
    plcModel: await model({ name: 'RTU PLC', deviceType: 'RTU', commType: 1, lampHeadLimit: 1 }),
    meter4: await model({ name: 'Meter 4ch', deviceType: 'METER', commType: 8, channelCount: 4 }),
    dido: await model({ name: '8DIDO', deviceType: 'SWITCH_MODULE', commType: 8, channelCount: 8 }),
  };
  ids.box = await deviceId({
    uid: 'BOX-1',
    name: 'Cabinet North',
    deviceType: 'BOX',
    createLocation: true,
    longitude: 115.97,
    latitude: 40.46,
  });
  ids.ccu = await deviceId({ uid: 'CCU-1', name: 'CCU north', deviceType: 'CCU_IN_BOX', parentId: ids.box });
  ids.module = await deviceId({
    uid: 'DIDO-1',
    name: 'Module 1',
    deviceType: 'SWITCH_MODULE',
    modelId: ids.dido,
    parentId: ids.box,
  });
  ids.branch = await deviceId({
    uid: 'BR-1',
    name: 'Branch 1',
    deviceType: 'BRANCH',
    parentId: ids.ccu,
    phase: 'A',
    currentRatio: 100,
    switchModuleId: ids.module,
    doIndex: 1,
  });
  ids.rtu = await deviceId({
    uid: 'RTU-1',
    name: 'Lamp 1',
    deviceType: 'RTU',
    modelId: ids.rtuModel,
    parentId: ids.branch,
    channel: 15,
    panid: 100,
  });
});
afterAll(async () => t?.close());

describe('device models', () => {
  it('validates and lists', async () => {
    const bad = await post('/lighting/model', { name: 'x', deviceType: 'NOPE', commType: 11 });
    expect(bad.body.code).toBe(500);
    expect(bad.body.msg).toContain('Name must be 2 to 40 characters long');
    expect(bad.body.msg).toContain('Device type is not one of the allowed values');
    expect(bad.body.msg).toContain('Communication type is not one of the allowed values');
    const dup = await post('/lighting/model', { name: 'RTU dual', deviceType: 'RTU', commType: 6 });
    expect(dup.body).toEqual({ code: 500, msg: "The name 'RTU dual' already exists" });
    const list = await get('/lighting/model/list?deviceType=RTU');
    expect(list.body.rows.map((r: { name: string }) => r.name).sort()).toEqual(['RTU PLC', 'RTU dual']);
    expect((await get('/lighting/model/list?orderByColumn=drop', d.token)).body.code).toBe(500);
    const inUse = await t.call('DELETE', `/lighting/model/${ids.rtuModel}`, { token: d.token, lang: en });
    expect(inUse.body).toEqual({ code: 500, msg: 'The model is used by 1 devices and cannot be deleted' });
  });
});

describe('registry rules answer with the spec messages', () => {
  it('a same-name distribution cabinet location exists', async () => {
    const res = await device({ uid: 'BOX-2', name: 'Cabinet North', deviceType: 'BOX', createLocation: true });
    expect(res.body).toEqual({
      code: 500,
      msg: 'a same-name distribution cabinet location exists (associate or rename)',
    });
    const loc = await post('/lighting/location', { projectId: d.projectId, name: 'Cabinet North', kind: 'CABINET' });
    expect(loc.body.msg).toBe('a same-name distribution cabinet location exists (associate or rename)');
  });

  it('channel 11-27 and PANID 1-65534', async () => {
    const ch = await device({ uid: 'RTU-X', name: 'x', deviceType: 'RTU', parentId: ids.ccu, channel: 30 });
    expect(ch.body).toEqual({ code: 500, msg: 'not within the range of 11-27, please re-enter' });
    const ch2 = await device({ uid: 'RTU-X', name: 'x', deviceType: 'RTU', parentId: ids.ccu, channel: 10 });
    expect(ch2.body.msg).toBe('not within the range of 11-27, please re-enter');
    const pan = await device({ uid: 'RTU-X', name: 'x', deviceType: 'RTU', parentId: ids.ccu, panid: 65535 });
    expect(pan.body).toEqual({ code: 500, msg: 'PANID must be between 1 and 65534' });
    const mesh = await device({
      uid: 'RTU-X',
      name: 'x',
      deviceType: 'RTU',
      modelId: ids.plcModel,
      parentId: ids.ccu,
      channel: 11,
    });
    expect(mesh.body.msg).toBe('Only mesh terminals (ZigBee) have a channel and a PANID');
  });

  it('lamp head count reached limit', async () => {
    await deviceId({ uid: 'L-1', name: 'head 1', deviceType: 'LIGHT', parentId: ids.rtu });
    await deviceId({ uid: 'L-2', name: 'head 2', deviceType: 'LIGHT', parentId: ids.rtu });
    const third = await device({ uid: 'L-3', name: 'head 3', deviceType: 'LIGHT', parentId: ids.rtu });
    expect(third.body).toEqual({ code: 500, msg: 'lamp head count reached limit' });
    const orphan = await device({ uid: 'L-4', name: 'head', deviceType: 'LIGHT' });
    expect(orphan.body.msg).toBe('A LIGHT must be placed under a parent device');
    const wrong = await device({ uid: 'L-4', name: 'head', deviceType: 'LIGHT', parentId: ids.box });
    expect(wrong.body.msg).toBe('A LIGHT cannot be placed under a BOX');
  });

  it('a phase is required when a branch has a current ratio; DO for the circuit; DO in use', async () => {
    const noPhase = await device({
      uid: 'BR-2',
      name: 'b2',
      deviceType: 'BRANCH',
      parentId: ids.box,
      currentRatio: 50,
    });
    expect(noPhase.body).toEqual({ code: 500, msg: 'a phase is required when a branch has a current ratio' });
    const noDo = await device({
      uid: 'BR-2',
      name: 'b2',
      deviceType: 'BRANCH',
      parentId: ids.box,
      switchModuleId: ids.module,
    });
    expect(noDo.body.msg).toBe('please select the control output (DO) for the circuit first');
    const taken = await device({
      uid: 'BR-2',
      name: 'b2',
      deviceType: 'BRANCH',
      parentId: ids.box,
      switchModuleId: ids.module,
      doIndex: 1,
    });
    expect(taken.body.msg).toBe('DO 1 of the switch module is already used by another circuit');
    const badDo = await device({
      uid: 'BR-2',
      name: 'b2',
      deviceType: 'BRANCH',
      parentId: ids.box,
      switchModuleId: ids.module,
      doIndex: 9,
    });
    expect(badDo.body.msg).toBe('Control output (DO) must be between 1 and 8');
  });

  it('a module in use cannot be deleted', async () => {
    const res = await t.call('DELETE', `/lighting/device/${ids.module}`, { token: d.token, lang: en });
    expect(res.body).toEqual({ code: 500, msg: 'a module in use cannot be deleted' });
  });

  it('meters: 4 channels give 4 meters; addresses must be available', async () => {
    const res = await device({
      uid: 'MTR-A',
      name: 'meter',
      deviceType: 'METER',
      modelId: ids.meter4,
      parentId: ids.box,
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data.uids).toEqual(['MTR-A-1', 'MTR-A-2', 'MTR-A-3', 'MTR-A-4']);
    const rows = await t.deps.database.query<{ address: number }>(
      "select address from lt_device where uid like 'MTR-A-%' order by address",
    );
    expect(rows.map((r) => r.address)).toEqual([1, 2, 3, 4]);
    const clash = await device({ uid: 'MTR-B', name: 'meter', deviceType: 'METER', parentId: ids.box, address: 2 });
    expect(clash.body.msg).toBe('meter address 2 is not available');
    for (let i = 0; i < 7; i++)
      await deviceId({ uid: `SM-${i}`, name: `module ${i}`, deviceType: 'SWITCH_MODULE', parentId: ids.box });
    const full = await device({ uid: 'SM-9', name: 'module', deviceType: 'SWITCH_MODULE', parentId: ids.box });
    expect(full.body.msg).toBe('no available switch module addresses');
  });

  it('tag limit: non-direct terminals at most two, direct unlimited', async () => {
    const tagIds: number[] = [];
    for (const name of ['north', 'main road', 'led']) {
      const res = await post('/lighting/tag', { projectId: d.projectId, name });
      tagIds.push(res.body.data.tagId);
    }
    const limited = await put('/lighting/device/tags', { deviceId: ids.rtu, tagIds });
    expect(limited.body).toEqual({ code: 500, msg: 'tag limit' });
    expect((await put('/lighting/device/tags', { deviceId: ids.rtu, tagIds: tagIds.slice(0, 2) })).body.code).toBe(200);
    const direct = await device({ uid: 'NB-1', name: 'nb lamp', deviceType: 'RTU', connection: 'DIRECT', tagIds });
    expect(direct.body.code).toBe(200);
    expect(direct.body.data.secret).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const list = await get(`/lighting/device/list?projectId=${d.projectId}&tagId=${tagIds[2]}`);
    expect(list.body.rows.map((r: { uid: string }) => r.uid)).toEqual(['NB-1']);
    // each tag in the list carries how many devices wear it
    const tags = (await get(`/lighting/tag/list?projectId=${d.projectId}&pageSize=50`)).body.rows as {
      tagId: number;
      deviceCount: number;
    }[];
    expect(tagIds.map((id) => tags.find((tag) => tag.tagId === id)?.deviceCount)).toEqual([2, 2, 1]);
  });

  it('groups count their members; servers: own ones are changed, shared ones only by platform administrators', async () => {
    const group = (await post('/lighting/group', { projectId: d.projectId, name: 'two lamps' })).body.data.groupId;
    expect((await post(`/lighting/group/${group}/members`, { deviceIds: [ids.rtu, ids.box] })).body.code).toBe(200);
    const groups = (await get(`/lighting/group/list?projectId=${d.projectId}&pageSize=50`)).body.rows as {
      groupId: number;
      memberCount: number;
    }[];
    expect(groups.find((g) => g.groupId === group)?.memberCount).toBe(2);

    const own = (await post('/lighting/server', { name: 'edge', host: 'mqtt.example.org', port: 1883 })).body.data
      .serverId;
    const [shared] = await t.deps.database.query<{ server_id: number }>(
      "insert into lt_server (client_id, name, host, port) values (null, 'platform', 'mqtt.luxgrid.example', 8883) returning server_id",
    );
    const sharedId = shared!.server_id;
    const listed = (await get('/lighting/server/list?pageSize=50')).body.rows.map(
      (r: { serverId: number }) => r.serverId,
    );
    expect(listed).toEqual(expect.arrayContaining([own, sharedId]));
    const change = { name: 'renamed', host: 'mqtt.example.org', port: 1884 };
    const refusal = { code: 500, msg: 'Only platform administrators may change a shared server' };
    expect((await put('/lighting/server', { ...change, serverId: sharedId })).body).toEqual(refusal);
    expect((await t.call('DELETE', `/lighting/server/${own},${sharedId}`, { token: d.token, lang: en })).body).toEqual(
      refusal,
    );
    expect((await put('/lighting/server', { ...change, serverId: own })).body.code).toBe(200);
    expect((await put('/lighting/server', { ...change, serverId: 999_999 })).body.code).toBe(404);
    expect((await t.call('DELETE', `/lighting/server/${own}`, { token: d.token, lang: en })).body.code).toBe(200);
    expect((await t.call('DELETE', `/lighting/server/${own}`, { token: d.token, lang: en })).body.code).toBe(404);
  });

  it('changing device model clears configuration, only after confirmation', async () => {
    await t.deps.database.query(
      "update lt_device set config_state = 'CONFIGURED', config = '{\"channel\":15}' where device_id = $1",
      [ids.rtu],
    );
    const body = {
      deviceId: ids.rtu,
      projectId: d.projectId,
      uid: 'RTU-1',
      name: 'Lamp 1',
      deviceType: 'RTU',
      modelId: ids.plcModel,
      parentId: ids.branch,
    };
    const warn = await put('/lighting/device', body);
    expect(warn.body).toEqual({ code: 601, msg: 'changing device model clears configuration' });
    const done = await put('/lighting/device', { ...body, confirmModelChange: true });
    expect(done.body.code).toBe(200);
    const [row] = await t.deps.database.query<{ config_state: string; config: unknown; model_id: number }>(
      'select config_state, config, model_id from lt_device where device_id = $1',
      [ids.rtu],
    );
    expect(row).toEqual({ config_state: 'UNCONFIGURED', config: null, model_id: ids.plcModel });
  });

  it('device config state only for non-direct terminals; uid unique per customer', async () => {
    const rows = await t.deps.database.query<{ uid: string; config_state: string | null }>(
      "select uid, config_state from lt_device where uid in ('RTU-1', 'NB-1', 'BOX-1') order by uid",
    );
    expect(rows).toEqual([
      { uid: 'BOX-1', config_state: null },
      { uid: 'NB-1', config_state: null },
      { uid: 'RTU-1', config_state: 'UNCONFIGURED' },
    ]);
    const dup = await device({ uid: 'BOX-1', name: 'again', deviceType: 'BOX' });
    expect(dup.body.msg).toBe("UID 'BOX-1' already exists");
  });
});

describe('lists, tree and detail', () => {
  it('filters the device list and carries live values', async () => {
    await t.deps.database.query(
      `insert into lt_device_state (device_id, client_id, project_id, online, last_seen, data) values ($1, $2, $3, true, now(), '{"voltage":231.5}')`,
      [ids.rtu, d.clientId, d.projectId],
    );
    const res = await get(`/lighting/device/list?projectId=${d.projectId}&deviceType=RTU&keyword=RTU`);
    expect(res.body.total).toBe(1);
    expect(res.body.rows[0]).toMatchObject({
      uid: 'RTU-1',
      deviceType: 'RTU',
      commState: 'INIT',
      live: { voltage: 231.5 },
    });
    const byParent = await get(`/lighting/device/list?parentId=${ids.box}&deviceType=SWITCH_MODULE&pageSize=3`);
    expect(byParent.body.total).toBe(8);
    expect(byParent.body.rows).toHaveLength(3);
    const next = await get(
      `/lighting/device/list?parentId=${ids.box}&deviceType=SWITCH_MODULE&pageSize=3&afterId=${byParent.body.rows[2].deviceId}`,
    );
    expect(next.body.rows[0].deviceId).toBeLessThan(byParent.body.rows[2].deviceId);
    expect((await get('/lighting/device/list?orderByColumn=secret_hash')).body.msg).toBe(
      'Sorting by secret_hash is not supported',
    );
    const sorted = await get(`/lighting/device/list?projectId=${d.projectId}&orderByColumn=uid&isAsc=asc&pageSize=2`);
    expect(sorted.body.rows.map((r: { uid: string }) => r.uid)).toEqual(['BOX-1', 'BR-1']);
  });

  it('walks the tree lazily: box → controller → branch → terminal → lamp heads', async () => {
    const top = await get(`/lighting/device/tree?projectId=${d.projectId}`);
    const box = top.body.data.nodes.find((n: { uid: string }) => n.uid === 'BOX-1');
    expect(box.childCount).toBeGreaterThan(1);
    const walk = async (parentId: number, uid: string) => {
      const res = await get(`/lighting/device/tree?projectId=${d.projectId}&parentId=${parentId}`);
      return res.body.data.nodes.find((n: { uid: string }) => n.uid === uid);
    };
    const ccu = await walk(box.deviceId, 'CCU-1');
    const branch = await walk(ccu.deviceId, 'BR-1');
    const rtu = await walk(branch.deviceId, 'RTU-1');
    const head = await walk(rtu.deviceId, 'L-1');
    expect(head).toMatchObject({ deviceType: 'LIGHT', isLeaf: true });
  });

  it('shows a device with its live state, tags and session', async () => {
    const res = await get(`/lighting/device/${ids.rtu}`);
    expect(res.body.data).toMatchObject({
      uid: 'RTU-1',
      session: { uid: 'CCU-1' },
      parent: { uid: 'BR-1' },
      live: { online: true, values: { voltage: 231.5 } },
      childCount: 2,
    });
    expect(res.body.data.tags).toHaveLength(2);
    expect(res.body.data).not.toHaveProperty('secretHash');
  });
});

describe('sessions', () => {
  it('a box with a controller inside talks through it; without the controller the box carries itself', async () => {
    const gatewayOf = async (id: number) =>
      (
        await t.deps.database.query<{ g: number }>('select gateway_id as g from lt_device where device_id = $1', [id])
      )[0]!.g;
    const box = await deviceId({ uid: 'BOX-S', name: 'Cabinet South', deviceType: 'BOX' });
    const sensor = await deviceId({ uid: 'LUX-S', name: 'Luxometer south', deviceType: 'LUXOMETER', parentId: box });
    expect(await gatewayOf(sensor)).toBe(box);
    const ccu = await deviceId({ uid: 'CCU-S', name: 'CCU south', deviceType: 'CCU_IN_BOX', parentId: box });
    expect([await gatewayOf(box), await gatewayOf(sensor), await gatewayOf(ccu)]).toEqual([ccu, ccu, ccu]);
    const later = await deviceId({ uid: 'LUX-S2', name: 'Luxometer south 2', deviceType: 'LUXOMETER', parentId: box });
    expect(await gatewayOf(later)).toBe(ccu);
    expect((await t.call('DELETE', `/lighting/device/${ccu}`, { token: d.token })).body.code).toBe(200);
    expect([await gatewayOf(box), await gatewayOf(sensor), await gatewayOf(later)]).toEqual([box, box, box]);
  });
});

describe('control', () => {
  it('no controllable devices in the group; operation password', async () => {
    const group = await post('/lighting/group', { projectId: d.projectId, name: 'empty' });
    const empty = await post('/lighting/device/control', { action: 'LIGHT_ON', groupId: group.body.data.groupId });
    expect(empty.body).toEqual({ code: 500, msg: 'no controllable devices in the group' });
    expect((await post('/lighting/device/control', { action: 'LIGHT_DIMMING', deviceIds: [ids.rtu] })).body.msg).toBe(
      'Dim level cannot be empty',
    );
    expect(
      (await post('/lighting/device/control', { action: 'LIGHT_DIMMING', value: 101, deviceIds: [ids.rtu] })).body.msg,
    ).toBe('Dim level must be between 0 and 100');
    expect((await post('/lighting/device/control', { action: 'BREAKER_ON', deviceIds: [ids.rtu] })).body.msg).toBe(
      'The selected devices do not support this action',
    );
    const lonely = await deviceId({ uid: 'BOX-9', name: 'empty box', deviceType: 'BOX' });
    expect((await post('/lighting/device/control', { action: 'BREAKER_ON', deviceIds: [lonely] })).body.msg).toBe(
      'no circuit configuration, cannot operate',
    );
    expect((await post('/lighting/device/control', { action: 'LIGHT_ON', deviceIds: [lonely] })).body.msg).toBe(
      'no terminals under the device',
    );
    await t.deps.database.query('update biz_project set operate_pwd = $2 where project_id = $1', [
      d.projectId,
      await hashPassword('op-1234'),
    ]);
    const need = await post('/lighting/device/control', { action: 'LIGHT_ON', deviceIds: [ids.rtu] });
    expect(need.body.msg).toBe('This project has an operation password: please enter it');
    const wrong = await post('/lighting/device/control', {
      action: 'LIGHT_ON',
      deviceIds: [ids.rtu],
      operatePwd: 'nope',
    });
    expect(wrong.body.msg).toBe('The operation password is wrong');
    const good = await post('/lighting/device/control', {
      action: 'LIGHT_ON',
      deviceIds: [ids.rtu],
      operatePwd: 'op-1234',
    });
    expect(good.body).toMatchObject({ code: 200, data: { total: 1, sent: 0 } });
    const commands = await get(`/lighting/command/list?batchId=${good.body.data.batchId}`);
    expect(commands.body.rows[0]).toMatchObject({ uid: 'RTU-1', action: 'LIGHT_ON', status: 'PENDING' });
    const [log] = await t.deps.database.query<{ status: number; batch_id: string; oper_name: string }>(
      'select status, batch_id, oper_name from sys_device_log where device_id = $1',
      [ids.rtu],
    );
    expect(log).toEqual({ status: 2, batch_id: good.body.data.batchId, oper_name: 'demo_admin' });
    await t.deps.database.query("update biz_project set operate_pwd = '' where project_id = $1", [d.projectId]);
  });

  it('cancels an unfinished command, and only that', async () => {
    const res = await post('/lighting/device/control', { action: 'calling', deviceIds: [ids.rtu] });
    const list = await get(`/lighting/command/list?batchId=${res.body.data.batchId}`);
    const id = list.body.rows[0].commandId;
    expect((await put(`/lighting/command/cancel/${id}`, {})).body.code).toBe(200);
    expect((await put(`/lighting/command/cancel/${id}`, {})).body.msg).toBe('Only unfinished commands can be canceled');
  });
});

describe('tenancy and permissions', () => {
  it("another customer's devices are not found, and lists stay empty", async () => {
    expect((await get(`/lighting/device/${ids.rtu}`, rival.token)).body.code).toBe(403);
    // the rival admin gets the lighting permissions: still nothing of the demo customer is visible
    await t.deps.database.query(
      "insert into sys_role_menu (role_id, menu_id) select r.role_id, m.menu_id from sys_role r, sys_menu m where r.role_key = 'rival_admin' and m.menu_key like 'lighting%' on conflict do nothing",
    );
    await t.deps.database.query(
      "insert into sys_client_menu (client_id, menu_id) select $1, menu_id from sys_menu where menu_key like 'lighting%' on conflict do nothing",
      [rival.clientId],
    );
    const { invalidateAuthz } = await import('../../src/platform/auth/principal.ts');
    await invalidateAuthz(t.deps.cache);
    const headers = { clientId: String(d.clientId) };
    const tok = rival.token;
    expect((await t.call('GET', `/lighting/device/${ids.rtu}`, { token: tok, headers })).body.code).toBe(404);
    expect((await t.call('GET', '/lighting/device/list', { token: tok, headers })).body.total).toBe(0);
    expect((await t.call('GET', `/lighting/device/list?projectId=${d.projectId}`, { token: tok })).body.total).toBe(0);
    expect((await t.call('GET', `/lighting/device/tree?projectId=${d.projectId}`, { token: tok })).body.code).toBe(404);
    expect((await t.call('DELETE', `/lighting/device/${ids.rtu}`, { token: tok })).body.code).toBe(404);
    expect(
      (
        await t.call('POST', '/lighting/device/control', {
          token: tok,
          body: { action: 'LIGHT_ON', deviceIds: [ids.rtu] },
        })
      ).body.code,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/lighting/device', {
          token: tok,
          body: { projectId: d.projectId, uid: 'X', name: 'x', deviceType: 'BOX' },
        })
      ).body.code,
    ).toBe(404);
    expect((await t.call('GET', '/lighting/model/list', { token: tok })).body.total).toBe(0);
    expect((await t.call('GET', `/lighting/model/${ids.rtuModel}`, { token: tok })).body.code).toBe(404);
    expect((await t.call('GET', '/lighting/tag/list', { token: tok })).body.total).toBe(0);
    const [tag] = await t.deps.database.query<{ tag_id: number }>('select tag_id from lt_tag where client_id = $1', [
      d.clientId,
    ]);
    expect((await t.call('DELETE', `/lighting/tag/${tag!.tag_id}`, { token: tok })).body.code).toBe(404);
    expect(
      (
        await t.call('PUT', '/lighting/tag', {
          token: tok,
          body: { tagId: tag!.tag_id, projectId: d.projectId, name: 'taken over' },
        })
      ).body.code,
    ).toBe(404);
    expect((await t.call('GET', '/lighting/location/list', { token: tok })).body.total).toBe(0);
    expect((await t.call('GET', '/lighting/command/list', { token: tok })).body.total).toBe(0);
    expect(
      (
        await t.call('GET', `/lighting/runtime/data?deviceId=${ids.rtu}&beginTime=2026-01-01&endTime=2026-01-02`, {
          token: tok,
        })
      ).body.code,
    ).toBe(404);
    // the same uid is free in another customer
    const [rp] = await t.deps.database.query<{ project_id: number }>(
      'select project_id from biz_project where client_id = $1',
      [rival.clientId],
    );
    const own = await t.call('POST', '/lighting/device', {
      token: tok,
      body: { projectId: rp!.project_id, uid: 'BOX-1', name: 'rival box', deviceType: 'BOX' },
    });
    expect(own.body.code).toBe(200);
  });
});

describe('exports', () => {
  /** the workbook an export answers, as rows of cell texts (header first) */
  async function exported(url: string, body: Record<string, unknown>, lang: 'zh-CN' | 'en-US', token = d.token) {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { access_token: token, 'accept-language': lang, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) => {
      rows.push(Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).text));
    });
    return rows;
  }

  it('writes models, groups and location points as the lists filter them, in the caller’s language', async () => {
    const models = await exported('/lighting/model/export', { deviceType: 'RTU' }, en);
    expect(models[0]!.slice(0, 4)).toEqual(['Model id', 'Model name', 'Device type', 'Communication']);
    expect(
      models
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['RTU PLC', 'RTU dual']);
    const dual = models.find((r) => r[1] === 'RTU dual')!;
    expect(dual[2]).toBe('Lamp Controller');
    expect(dual[7]).toBe('2');
    const zhModels = await exported('/lighting/model/export', { name: 'Meter' }, 'zh-CN');
    expect(zhModels[0]![1]).toBe('型号名称');
    expect(zhModels.slice(1).map((r) => [r[1], r[2], r[8]])).toEqual([['Meter 4ch', '电表', '4']]);

    const group = (await post('/lighting/group', { projectId: d.projectId, name: 'export east' })).body.data.groupId;
    await post(`/lighting/group/${group}/members`, { deviceIds: [ids.rtu] });
    const groups = await exported('/lighting/group/export', { projectId: d.projectId, name: 'export' }, en);
    expect(groups).toEqual([
      ['Group id', 'Group name', 'Group number', 'Members', 'Remark', 'Created'],
      [String(group), 'export east', '', '1', '', expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)],
    ]);

    await post('/lighting/location', { projectId: d.projectId, name: 'Export pole site', kind: 'POLE' });
    const places = await exported('/lighting/location/export', { projectId: d.projectId }, 'zh-CN');
    expect(places[0]).toEqual(['位置点名称', '类型', '经度', '纬度', '定位状态', '地址', '备注', '创建时间']);
    expect(places.find((r) => r[0] === 'Cabinet North')?.slice(1, 5)).toEqual(['配电柜', '115.97', '40.46', '已定位']);
    expect(places.find((r) => r[0] === 'Export pole site')?.slice(1, 5)).toEqual(['灯杆位', '', '', '未定位']);
    const cabinets = await exported('/lighting/location/export', { projectId: d.projectId, kind: 'CABINET' }, en);
    expect(cabinets.slice(1).map((r) => r[1])).toEqual(cabinets.slice(1).map(() => 'Distribution cabinet'));
  });

  it('another customer (given the lighting buttons above) exports nothing of ours', async () => {
    for (const url of ['/lighting/model/export', '/lighting/group/export', '/lighting/location/export']) {
      const rows = await exported(url, { projectId: d.projectId }, en, rival.token);
      expect(rows.length, url).toBe(1);
    }
  });
});
