import { commandMessage, downTopic, upTopic } from '@luxgrid/contracts';
import ExcelJS from 'exceljs';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo, startTestHub, until } from '../lighting/helpers.ts';
import { multipart } from '../system/helpers.ts';

/**
 * A manhole cover end to end: registered through the API, it connects with its own secret as an
 * NB-IoT sensor would, reports, opens, and the list, drawer, chart, alarms and statistics say so;
 * a command reaches it and its answer is stored; covers are imported and exported; another
 * customer sees none of it.
 */
describe('smart manhole covers', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let gw: Awaited<ReturnType<typeof startTestHub>>;
  let cover: MqttClient;
  let coverId: number;
  const headers = () => ({ projectId: String(d.projectId) });
  const get = async (url: string, lang: 'zh-CN' | 'en-US' = 'en-US') =>
    (await t.call('GET', url, { token: d.token, headers: headers(), lang })).body;
  const send = (kind: 'hello' | 'telemetry' | 'event' | 'ack' | 'result', body: unknown) =>
    cover.publishAsync(upTopic(gw.root, d.projectId, 'MH-T1', kind), JSON.stringify(body), { qos: 1 });
  const settle = async (check: () => Promise<boolean>) =>
    until(async () => {
      await gw.deviceHub.flush();
      return check();
    });
  const workbook = async (raw: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    return rows;
  };

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    gw = await startTestHub(t, { heartbeatTimeoutMs: 60_000 });
    const res = await t.call('POST', '/manhole/device', {
      token: d.token,
      headers: headers(),
      body: { uid: 'MH-T1', name: 'Zhongshan Rd cover 1', longitude: 116.4, latitude: 39.9 },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    coverId = res.body.data.deviceId;
    expect(res.body.data.mqttUserName).toBe(`${d.projectId}-MH-T1`);
    cover = await new Promise<MqttClient>((resolve, reject) => {
      const client = mqtt.connect(gw.url, {
        username: res.body.data.mqttUserName,
        password: res.body.data.secret,
        reconnectPeriod: 0,
      });
      client.once('connect', () => resolve(client));
      client.once('error', reject);
    });
    await cover.subscribeAsync(downTopic(gw.root, d.projectId, 'MH-T1'), { qos: 1 });
    await send('hello', { firmware: 'mh-1.0', config: { reportInterval: 3600 } });
  });
  afterAll(async () => {
    await cover?.endAsync(true);
    await gw?.stop();
    await t?.close();
  });

  it('registers a cover as a device of its own session, with a secret shown once', async () => {
    const [row] = await t.deps.database.query<{ device_type: string; gateway_id: number; parent_id: number | null }>(
      'select device_type, gateway_id, parent_id from lt_device where device_id = $1',
      [coverId],
    );
    expect(row).toEqual({ device_type: 'MANHOLE_COVER', gateway_id: coverId, parent_id: null });
    const detail = await get(`/manhole/device/${coverId}`);
    expect(detail.data).not.toHaveProperty('secret');
    expect(detail.data.hasSecret).toBe(true);
    // lighting's device list and tree show lighting's devices only
    const lighting = await get(`/lighting/device/list?projectId=${d.projectId}`);
    expect(lighting.rows.map((r: { uid: string }) => r.uid)).not.toContain('MH-T1');
    const tree = await get(`/lighting/device/tree?projectId=${d.projectId}`);
    expect(tree.data.nodes.map((n: { uid: string }) => n.uid)).not.toContain('MH-T1');
    const clash = await t.call('POST', '/manhole/device', {
      token: d.token,
      headers: headers(),
      body: { uid: 'MH-T1', name: 'again' },
    });
    expect(clash.body.code).toBe(500);
  });

  it('shows what the cover reports: online, live values, history for the chart', async () => {
    // the platform's clock stands still in tests: readings are stamped before it
    const now = t.deps.clock.now();
    await send('telemetry', {
      ts: now - 60_000,
      values: { coverState: 'CLOSED', tilt: 1.5, waterLevel: 40, battery: 88, signal: -95, temperature: 12.5 },
    });
    await send('telemetry', { ts: now - 1_000, values: { tilt: 2, waterLevel: 42, battery: 87 } });
    await settle(async () => (await get(`/manhole/device/${coverId}`)).data.values.waterLevel === 42);
    const detail = (await get(`/manhole/device/${coverId}`)).data;
    expect(detail).toMatchObject({
      uid: 'MH-T1',
      online: true,
      firmware: 'mh-1.0',
      values: { coverState: 'CLOSED', tilt: 2, waterLevel: 42, battery: 87, signal: -95 },
      alarms: [],
    });
    const list = await get('/manhole/device/list?online=online&keyword=zhongshan');
    expect(list.rows.map((r: { uid: string }) => r.uid)).toEqual(['MH-T1']);
    expect((await get('/manhole/device/list?online=offline')).rows).toEqual([]);
    const history = (await get(`/manhole/device/${coverId}/history?field=waterLevel`)).data;
    expect(history.points.map((p: [number, number]) => p[1])).toEqual([40, 42]);
    expect((await get(`/manhole/device/${coverId}/history?field=secretHash`)).code).toBe(500);
  });

  it('an opened cover raises an urgent alarm; closing it recovers it', async () => {
    const opened = t.deps.clock.now() - 30_000;
    await send('event', { ts: opened, type: 'COVER_OPENED', level: 'urgent', data: { tilt: 35 } });
    await send('telemetry', { ts: opened, values: { coverState: 'OPEN', tilt: 35 } });
    await send('event', { ts: opened + 10, type: 'LOW_BATTERY', level: 'ordinary' });
    await settle(async () => (await get(`/manhole/device/${coverId}`)).data.alarms.length === 2);
    expect((await get(`/manhole/device/${coverId}`)).data.alarms).toEqual(['COVER_OPENED', 'LOW_BATTERY']);
    // the fault flag is written by lighting's fault listener, at most once a second
    const faulty = async () =>
      (
        await t.deps.database.query<{ fault: boolean }>('select fault from lt_device_state where device_id = $1', [
          coverId,
        ])
      )[0]?.fault;
    await until(async () => (await faulty()) === true);
    // an open cover is the covers' alarm, not a lighting fault
    const home = await get('/sysclient/home/summary');
    expect(home.data.figures.devices.faults).toBe(0);

    const openList = await get('/manhole/device/list?alarm=COVER_OPENED');
    expect(openList.rows.map((r: { uid: string }) => r.uid)).toEqual(['MH-T1']);
    expect((await get('/manhole/device/list?alarm=TILTED')).rows).toEqual([]);

    // the covers' alarms are alarms of the alarm area: one per cover and kind, with the grade of the model
    const alarms = await get('/manhole/alarm/list?state=NEW&orderByColumn=alarmConfigType&isAsc=asc');
    expect(alarms.rows).toHaveLength(2);
    expect(alarms.rows[0]).toMatchObject({
      alarmConfigType: 'COVER_OPENED',
      alarmType: 'MANHOLE',
      grade: 'urgent',
      uid: 'MH-T1',
      deviceName: 'Zhongshan Rd cover 1',
      state: 'NEW',
      count: 1,
      acknowledged: false,
    });
    expect(
      (await get('/manhole/alarm/list?grade=urgent')).rows.map((r: { alarmConfigType: string }) => r.alarmConfigType),
    ).toEqual(['COVER_OPENED']);
    // and in the alarm list of the operator, with the other alarms
    expect(
      (await get(`/lighting/alarm/list?projectId=${d.projectId}&keyword=MH-T1`)).rows.map(
        (r: { alarmConfigType: string }) => r.alarmConfigType,
      ),
    ).toEqual(expect.arrayContaining(['COVER_OPENED', 'LOW_BATTERY']));

    let stats = (await get('/manhole/statistics')).data;
    expect(stats.states).toMatchObject({ total: 1, online: 1, offline: 0, open: 1, tilted: 0, lowBattery: 1 });
    expect(stats.days).toHaveLength(30);
    const openedSeries = stats.series.find((s: { eventType: string }) => s.eventType === 'COVER_OPENED');
    expect(openedSeries.counts.at(-1)).toBe(1);
    expect(stats.battery.counts).toEqual([0, 0, 0, 0, 1]);

    await send('event', { ts: opened + 5_000, type: 'COVER_CLOSED' });
    await send('telemetry', { ts: opened + 5_000, values: { coverState: 'CLOSED', tilt: 1 } });
    await settle(async () => (await get(`/manhole/device/${coverId}`)).data.alarms.length === 1);
    await until(async () => (await faulty()) === false);
    const recovered = await get('/manhole/alarm/list?state=RECOVERED');
    expect(recovered.rows).toHaveLength(1);
    expect(recovered.rows[0]).toMatchObject({ alarmConfigType: 'COVER_OPENED', state: 'RECOVERED' });
    expect(recovered.rows[0].recoveredTime).toEqual(expect.any(String));
    const history = (await get(`/manhole/alarm/${recovered.rows[0].alarmId}`)).data.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['RAISED', 'RECOVERED']);
    expect(history[1].detail).toEqual({ cause: 'COVER_CLOSED' });
    stats = (await get('/manhole/statistics')).data;
    expect(stats.states).toMatchObject({ open: 0, lowBattery: 1 });

    const exported = await t.app.inject({
      method: 'POST',
      url: '/manhole/alarm/export',
      headers: { access_token: d.token, projectid: String(d.projectId), 'accept-language': 'zh-CN' },
      payload: {},
    });
    const sheet = await workbook(exported.rawPayload);
    expect(sheet[0]).toContain('告警等级');
    expect(sheet.some((row) => row.includes('井盖开启') && row.includes('紧急') && row.includes('已恢复'))).toBe(true);
  });

  it('sends commands the cover receives and answers, and refuses parameters out of the model’s range', async () => {
    const next = () =>
      new Promise<ReturnType<typeof commandMessage.parse>>((resolve) =>
        cover.once('message', (_topic, payload) => resolve(commandMessage.parse(JSON.parse(payload.toString())))),
      );
    const command = (body: unknown) =>
      t.call('POST', `/manhole/device/${coverId}/command`, { token: d.token, headers: headers(), lang: 'en-US', body });

    // read now: the cover answers with its readings, which become its latest values
    let received = next();
    let res = await command({ command: 'calling' });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ total: 1, sent: 1 });
    const calling = await received;
    expect(calling.action).toBe('calling');
    await send('result', { id: calling.commands[0]!.id, status: 'SUCCESS', data: { waterLevel: 55, battery: 86 } });
    await settle(async () => {
      const detail = (await get(`/manhole/device/${coverId}`)).data;
      return detail.commands[0]?.status === 'SUCCESS' && detail.values.waterLevel === 55;
    });

    // thresholds travel as configuration with the parameters the model declares
    received = next();
    res = await command({ command: 'setThresholds', params: { tiltThreshold: 20, waterThreshold: 150 } });
    expect(res.body.data).toMatchObject({ total: 1, sent: 1 });
    const thresholds = await received;
    expect(thresholds).toMatchObject({ action: 'config', params: { tiltThreshold: 20, waterThreshold: 150 } });
    await send('ack', { id: thresholds.commands[0]!.id });
    await settle(async () => (await get(`/manhole/device/${coverId}`)).data.commands[0]?.status === 'DELIVERED');
    // the cover's answer to a configuration completes it (and the session stays connected)
    await send('result', { id: thresholds.commands[0]!.id, status: 'SUCCESS' });
    await settle(async () => (await get(`/manhole/device/${coverId}`)).data.commands[0]?.status === 'SUCCESS');
    expect(cover.connected).toBe(true);

    const bad = await command({ command: 'setReportInterval', params: { reportInterval: 10 } });
    expect(bad.body).toEqual({ code: 500, msg: 'Report interval must be between 60 and 86400' });
    const missing = await command({ command: 'setThresholds', params: { tiltThreshold: 20 } });
    expect(missing.body).toEqual({ code: 500, msg: 'Water level threshold is required' });
  });

  it('imports covers from the template and exports them with their readings', async () => {
    const template = await t.app.inject({
      method: 'GET',
      url: '/manhole/device/import/template',
      headers: { access_token: d.token, 'accept-language': 'en-US' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['*UID', '*Name', 'Longitude', 'Latitude']);
    sheet.spliceRows(2, 1);
    sheet.addRow(['MH-I1', 'Imported 1', 116.41, 39.91]);
    sheet.addRow(['MH-I2', 'Imported 2', '', '']);
    sheet.addRow(['MH-T1', 'Taken', '', '']);
    sheet.addRow(['MH-I3', '', '', '']);
    const { body, headers: form } = multipart('covers.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    const res = await t.app.inject({
      method: 'POST',
      url: `/manhole/device/import?projectId=${d.projectId}`,
      headers: { ...form, access_token: d.token, 'accept-language': 'en-US' },
      payload: body,
    });
    const answer = res.json();
    expect(answer.code, res.body).toBe(200);
    expect(answer.data).toMatchObject({ total: 4, created: 2 });
    expect(answer.data.failures.map((f: { row: number }) => f.row)).toEqual([4, 5]);
    expect(answer.data.credentials.map((c: { uid: string }) => c.uid)).toEqual(['MH-I1', 'MH-I2']);

    const exported = await t.app.inject({
      method: 'POST',
      url: '/manhole/device/export',
      headers: { access_token: d.token, projectid: String(d.projectId), 'accept-language': 'en-US' },
      payload: { keyword: 'MH-' },
    });
    const rows = await workbook(exported.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['UID', 'Water level (cm)', 'Battery (%)', 'Open alarms']));
    expect(
      rows
        .map((r) => r[0])
        .slice(1)
        .sort(),
    ).toEqual(['MH-I1', 'MH-I2', 'MH-T1']);
    expect(rows.find((r) => r[0] === 'MH-T1')).toEqual(
      expect.arrayContaining(['Online', 'Closed', '55', 'Low battery']),
    );
  });

  it("keeps a customer's covers from another customer", async () => {
    const rival = await secondCustomer(t);
    // the rival subscribes to covers too, so that its refusals are "not found", not "no permission"
    const menus = await t.deps.database.query<{ menu_key: string }>(
      "select menu_key from sys_menu where menu_key like 'manhole%'",
    );
    for (const m of menus) await grantToRole(t, 'rival_admin', m.menu_key);
    const asRival = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
      t.call(method, url, { token: rival.token, body });
    expect((await asRival('GET', `/manhole/device/${coverId}`)).body.code).toBe(404);
    expect((await asRival('GET', `/manhole/device/${coverId}/history?field=tilt`)).body.code).toBe(404);
    expect((await asRival('POST', `/manhole/device/${coverId}/command`, { command: 'calling' })).body.code).toBe(404);
    expect((await asRival('DELETE', `/manhole/device/${coverId}`)).body.code).toBe(404);
    for (const url of ['/manhole/device/list', '/manhole/alarm/list', '/manhole/map/list'])
      expect((await asRival('GET', url)).body.total, url).toBe(0);
    expect((await asRival('GET', '/manhole/statistics')).body.data.states.total).toBe(0);
    expect((await get('/manhole/device/list')).total).toBe(3);
  });

  it('removes a cover', async () => {
    const res = await t.call('DELETE', `/manhole/device/${coverId}`, { token: d.token, headers: headers() });
    expect(res.body.code).toBe(200);
    expect((await get(`/manhole/device/${coverId}`)).code).toBe(404);
  });
});
