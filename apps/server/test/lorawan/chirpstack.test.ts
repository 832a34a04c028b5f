import { randomUUID } from 'node:crypto';
import {
  chirpstackEventTopic,
  commandToken,
  decodeLxlCommand,
  encodeLxlEvent,
  encodeLxlResult,
  encodeLxlStatus,
  FPORT_COMMAND,
  FPORT_EVENT,
  FPORT_RESULT,
  FPORT_STATUS,
  LORAWAN_COMM_TYPE,
} from '@luxgrid/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectorsOf } from '../../src/modules/lorawan/chirpstack/connectors.ts';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo, startTestHub, until } from '../lighting/helpers.ts';
import { startMosquitto } from './mosquitto.ts';

const EUI = '70b3d57ed0001a2b';
const OTHER_EUI = '70B3D57ED0001C3D';

/**
 * LoRaWAN lamp controllers through ChirpStack v4: a plain MQTT client on a Mosquitto of the test's
 * own plays ChirpStack's MQTT integration (events up, downlink commands down); the server's
 * connector takes the project's application into the device hub.
 */
describe('LoRaWAN through ChirpStack v4', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let gw: Awaited<ReturnType<typeof startTestHub>>;
  let broker: Awaited<ReturnType<typeof startMosquitto>>;
  let chirpstack: MqttClient;
  let lampId: number;
  let otherLampId: number;
  const app = randomUUID();
  const otherApp = randomUUID();
  const downlinks: {
    topic: string;
    body: { id: string; devEui: string; confirmed: boolean; fPort: number; data: string };
  }[] = [];

  const put = (body: Record<string, unknown>, lang: 'en-US' | 'zh-CN' = 'en-US', token = d.token) =>
    t.call('PUT', '/lorawan/settings', { token, body, lang });
  const settings = async (projectId = d.projectId) =>
    (await t.call('GET', `/lorawan/settings/${projectId}`, { token: d.token })).body;
  const deviceInfo = (devEui: string, applicationId = app) => ({
    tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
    applicationId,
    applicationName: 'street lights',
    deviceProfileName: 'Luxgrid LXL-1',
    deviceName: `lamp ${devEui}`,
    devEui,
  });
  const publish = (event: string, devEui: string, body: Record<string, unknown>, applicationId = app) =>
    chirpstack.publishAsync(
      chirpstackEventTopic(applicationId, devEui, event as 'up'),
      JSON.stringify({ deviceInfo: deviceInfo(devEui, applicationId), ...body }),
      { qos: 1 },
    );
  const up = (devEui: string, fPort: number, bytes: Uint8Array, applicationId = app) =>
    publish(
      'up',
      devEui,
      {
        deduplicationId: randomUUID(),
        time: new Date(t.clock.now()).toISOString(),
        devAddr: '01e2f3a4',
        fCnt: 7,
        fPort,
        data: Buffer.from(bytes).toString('base64'),
        rxInfo: [{ gatewayId: '0016c001ff10a235', rssi: -97, snr: 6.5 }],
      },
      applicationId,
    );
  const connector = () => connectorsOf(t.deps).connector(d.projectId)!;
  const stateOf = async (deviceId: number) =>
    (
      await t.deps.database.query<{ comm_state: string }>('select comm_state from lt_device where device_id = $1', [
        deviceId,
      ])
    )[0]?.comm_state;
  const commandStatus = async (id: string) =>
    (
      await t.deps.database.query<{ status: string; error: string; result: unknown }>(
        'select status, error, result from lt_command where command_id = $1',
        [id],
      )
    )[0];
  const nextDownlink = async (count: number) => {
    await until(() => downlinks.length >= count);
    return downlinks[count - 1]!;
  };

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    gw = await startTestHub(t, { heartbeatTimeoutMs: 60_000 });
    broker = await startMosquitto();
    // both demo projects communicate over LoRaWAN
    await t.deps.database.query(
      "update biz_project set comm_type = $1, band_standard = 'CN470' where project_id = any($2::bigint[])",
      [LORAWAN_COMM_TYPE, [d.projectId, d.otherProjectId]],
    );
    const add = async (projectId: number, uid: string) => {
      const res = await t.call('POST', '/lighting/device', {
        token: d.token,
        body: { projectId, uid, name: `LoRaWAN lamp ${uid}`, deviceType: 'RTU', connection: 'DIRECT' },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.data.deviceId as number;
    };
    // registered in capitals: the devEUI matches without regard to case
    lampId = await add(d.projectId, EUI.toUpperCase());
    otherLampId = await add(d.otherProjectId, OTHER_EUI);
    chirpstack = await mqtt.connectAsync(broker.url, { clientId: `chirpstack-${randomUUID()}`, reconnectPeriod: 0 });
    await chirpstack.subscribeAsync(`application/+/device/+/command/down`, { qos: 1 });
    chirpstack.on('message', (topic, payload) => downlinks.push({ topic, body: JSON.parse(payload.toString()) }));
  });
  afterAll(async () => {
    await chirpstack?.endAsync(true);
    await t?.close();
    await gw?.stop();
    await broker?.stop();
  });

  describe('settings', () => {
    it('refuses what cannot be a ChirpStack connection, in the caller’s language', async () => {
      const good = { projectId: d.projectId, brokerUrl: broker.url, applicationId: app, bandStandard: 'CN470' };
      const cases: [Record<string, unknown>, string, string][] = [
        [
          { ...good, brokerUrl: 'http://chirpstack.local' },
          'ChirpStack MQTT broker URL must start with mqtt://, mqtts://, ws:// or wss:// and name a host',
          'ChirpStack MQTT 地址须以 mqtt://、mqtts://、ws:// 或 wss:// 开头，并写明主机',
        ],
        [
          { ...good, applicationId: 'street-lights' },
          'ChirpStack application id must be the UUID of the ChirpStack application',
          'ChirpStack 应用 ID须为 ChirpStack 应用的 UUID',
        ],
        [
          { ...good, bandStandard: '' },
          'A band standard is required for LoRaWAN projects',
          'LoRaWAN 项目必须选择频段标准',
        ],
        [
          { ...good, bandStandard: 'XX999' },
          'Band standard is not one of the allowed values',
          '频段标准的取值不在允许范围内',
        ],
        [{ ...good, mqttPassword: 'secret-1' }, 'A password needs a user name', '填写密码时必须同时填写用户名'],
      ];
      for (const [body, en, zh] of cases) {
        const enRes = await put(body);
        expect(enRes.body.code, JSON.stringify(body)).toBe(500);
        expect(enRes.body.msg).toContain(en);
        expect((await put(body, 'zh-CN')).body.msg).toContain(zh);
      }
      // a project that does not speak LoRaWAN has no ChirpStack connection
      await t.deps.database.query("update biz_project set comm_type = '3' where project_id = $1", [d.projectId]);
      const nb = await put(good);
      expect(nb.body.msg).toMatch(/does not communicate over LoRaWAN/);
      await t.deps.database.query('update biz_project set comm_type = $1 where project_id = $2', [
        LORAWAN_COMM_TYPE,
        d.projectId,
      ]);
      expect((await settings()).data).toBeNull();
    });

    it('saves the connection, never answers the password, and starts the connector', async () => {
      const res = await put({
        projectId: d.projectId,
        brokerUrl: broker.url,
        applicationId: app.toUpperCase(),
        bandStandard: 'EU868',
        mqttUsername: '',
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      await until(async () => (await settings()).data?.connector?.state === 'connected');
      const row = (await settings()).data;
      expect(row).toMatchObject({ applicationId: app, bandStandard: 'EU868', hasMqttPassword: false, enabled: true });
      expect(JSON.stringify(row)).not.toMatch(/mqttPassword"/);
      const [project] = await t.deps.database.query<{ band_standard: string }>(
        'select band_standard from biz_project where project_id = $1',
        [d.projectId],
      );
      expect(project!.band_standard).toBe('EU868');
      // the other project on its own application
      expect(
        (
          await put({
            projectId: d.otherProjectId,
            brokerUrl: broker.url,
            applicationId: otherApp,
            bandStandard: 'CN470',
          })
        ).body.code,
      ).toBe(200);
      // one application, one project
      const clash = await put({
        projectId: d.otherProjectId,
        brokerUrl: broker.url,
        applicationId: app,
        bandStandard: 'CN470',
      });
      expect(clash.body.msg).toMatch(/already used by project/);
    });

    it('masks the broker password in the operation log and keeps it when the form leaves it blank', async () => {
      const body = {
        projectId: d.otherProjectId,
        brokerUrl: broker.url,
        applicationId: otherApp,
        bandStandard: 'CN470',
      };
      expect((await put({ ...body, mqttUsername: 'luxgrid', mqttPassword: 'very-secret-9' })).body.code).toBe(200);
      expect((await put({ ...body, mqttUsername: 'luxgrid' })).body.code).toBe(200);
      const [stored] = await t.deps.database.query<{ mqtt_password: string }>(
        'select mqtt_password from lw_settings where project_id = $1',
        [d.otherProjectId],
      );
      expect(stored!.mqtt_password).toBe('very-secret-9');
      expect((await settings(d.otherProjectId)).data.hasMqttPassword).toBe(true);
      const logs = await t.deps.database.query<{ oper_param: string }>(
        "select oper_param from sys_oper_log where oper_url = '/lorawan/settings'",
      );
      expect(logs.length).toBeGreaterThan(0);
      expect(logs.map((l) => l.oper_param).join('\n')).not.toContain('very-secret-9');
      // anonymous again: the broker of the test takes no user names
      expect((await put({ ...body, removeMqttPassword: true })).body.code).toBe(200);
    });

    it('is changed only with the project edit permission', async () => {
      const operator = await t.login('demo_operator');
      const body = {
        projectId: d.projectId,
        brokerUrl: broker.url,
        applicationId: randomUUID(),
        bandStandard: 'CN470',
      };
      expect((await put(body, 'en-US', operator)).body.code).toBe(403);
      expect((await t.call('DELETE', `/lorawan/settings/${d.projectId}`, { token: operator })).body.code).toBe(403);
      expect((await settings()).data.applicationId).toBe(app);
    });

    it('is another customer’s business only when the project is theirs', async () => {
      const rival = await secondCustomer(t);
      // the rival's administrator may read and edit projects: its own
      for (const action of ['project', 'project.query', 'project.edit'])
        await grantToRole(t, 'rival_admin', `sysclient.${action}`);
      const read = await t.call('GET', `/lorawan/settings/${d.projectId}`, { token: rival.token });
      expect(read.body.code).toBe(404);
      const write = await put(
        { projectId: d.projectId, brokerUrl: broker.url, applicationId: randomUUID(), bandStandard: 'CN470' },
        'en-US',
        rival.token,
      );
      expect(write.body.code).toBe(404);
      expect((await t.call('DELETE', `/lorawan/settings/${d.projectId}`, { token: rival.token })).body.code).toBe(404);
      expect((await settings()).data.applicationId).toBe(app);
    });
  });

  describe('uplinks', () => {
    it('stores a status report of our codec and brings the lamp online', async () => {
      expect(await stateOf(lampId)).not.toBe('ON');
      await up(
        EUI,
        FPORT_STATUS,
        encodeLxlStatus({
          lampState: 'ON',
          dimLevel: 80,
          voltage: 229.8,
          current: 0.412,
          power: 92.1,
          energy: 1234.5,
          temperature: 31,
        }),
      );
      await until(async () => (await stateOf(lampId)) === 'ON');
      await until(async () => {
        await gw.deviceHub.flush();
        return (await t.deps.database.query('select 1 from lt_telemetry where device_id = $1', [lampId])).length === 1;
      });
      const [row] = await t.deps.database.query<{ data: Record<string, unknown>; ts: Date }>(
        'select data, ts from lt_telemetry where device_id = $1',
        [lampId],
      );
      expect(row!.data).toEqual({
        lampState: 'ON',
        dimLevel: 80,
        voltage: 229.8,
        current: 0.412,
        power: 92.1,
        energy: 1234.5,
        temperature: 31,
      });
      expect(row!.ts.getTime()).toBe(Math.floor(t.clock.now()));
      const events = await t.deps.database.query<{ event_type: string }>(
        'select event_type from lt_device_event where device_id = $1',
        [lampId],
      );
      expect(events.map((e) => e.event_type)).toContain('ONLINE');
    });

    it('counts what cannot be read: an undecodable frame, values out of range, a payload that is not ChirpStack’s', async () => {
      const before = { ...connector().stats };
      const hubBefore = gw.deviceHub.health();
      await up(EUI, FPORT_STATUS, Uint8Array.of(1, 2, 3));
      await up(EUI, 99, Uint8Array.of(1, 2, 3));
      await chirpstack.publishAsync(chirpstackEventTopic(app, EUI, 'up'), 'not json', { qos: 1 });
      await until(() => connector().stats.undecodable === before.undecodable + 3);
      expect(gw.deviceHub.health().rejected.malformed).toBe(hubBefore.rejected.malformed + 3);
      // dimming 150 and 25.5 °C over the controller's range: the valid voltage is kept, the rest counted
      t.clock.advance(1000);
      await up(EUI, FPORT_STATUS, encodeLxlStatus({ dimLevel: 150, voltage: 231 }));
      await until(() => gw.deviceHub.health().refusedValues.outOfRange === hubBefore.refusedValues.outOfRange + 1);
      await until(async () => {
        await gw.deviceHub.flush();
        return (await t.deps.database.query('select 1 from lt_telemetry where device_id = $1', [lampId])).length === 2;
      });
      const [last] = await t.deps.database.query<{ data: Record<string, unknown> }>(
        'select data from lt_telemetry where device_id = $1 order by ts desc limit 1',
        [lampId],
      );
      expect(last!.data).toEqual({ voltage: 231 });
    });

    it('takes readings ChirpStack’s own codec decoded (`object`), and alarms of our codec with their grade', async () => {
      t.clock.advance(1000);
      await publish('up', EUI, {
        time: new Date(t.clock.now()).toISOString(),
        fPort: 10,
        data: 'AQ==',
        object: { lampState: 'OFF', dimLevel: 0, voltage: 230.4 },
      });
      t.clock.advance(1000);
      await up(EUI, FPORT_EVENT, encodeLxlEvent('RtuRelayFault'));
      await until(async () => {
        await gw.deviceHub.flush();
        return (
          (
            await t.deps.database.query(
              "select 1 from lt_device_event where device_id = $1 and event_type = 'RtuRelayFault'",
              [lampId],
            )
          ).length === 1
        );
      });
      const [reading] = await t.deps.database.query<{ data: Record<string, unknown> }>(
        'select data from lt_telemetry where device_id = $1 order by ts desc limit 1',
        [lampId],
      );
      expect(reading!.data).toEqual({ lampState: 'OFF', dimLevel: 0, voltage: 230.4 });
      const [alarm] = await t.deps.database.query<{ level: string }>(
        "select level from lt_device_event where device_id = $1 and event_type = 'RtuRelayFault'",
        [lampId],
      );
      expect(alarm!.level).toBe('serious');
    });

    it('records a status report: battery and link margin', async () => {
      await publish('status', EUI, { margin: 12, externalPowerSource: true, batteryLevelUnavailable: true });
      await until(async () => {
        await gw.deviceHub.flush();
        return (
          (
            await t.deps.database.query(
              "select 1 from lt_device_event where device_id = $1 and event_type = 'LORAWAN_STATUS'",
              [lampId],
            )
          ).length === 1
        );
      });
      const [row] = await t.deps.database.query<{ data: unknown }>(
        "select data from lt_device_event where device_id = $1 and event_type = 'LORAWAN_STATUS'",
        [lampId],
      );
      expect(row!.data).toEqual({ margin: 12, externalPowerSource: true });
    });

    it('keeps projects apart: another application’s events and another project’s devices are not this project’s', async () => {
      const before = { ...connector().stats };
      const otherBefore = { ...connectorsOf(t.deps).connector(d.otherProjectId)!.stats };
      // our lamp's devEUI on the other project's application: that project has no such device
      await up(EUI, FPORT_STATUS, encodeLxlStatus({ voltage: 100 }), otherApp);
      // the other project's lamp on our application
      await up(OTHER_EUI, FPORT_STATUS, encodeLxlStatus({ voltage: 101 }));
      // an application nobody configured
      await up(EUI, FPORT_STATUS, encodeLxlStatus({ voltage: 102 }), randomUUID());
      await until(() => connector().stats.unknownDevice === before.unknownDevice + 1);
      await until(
        () => connectorsOf(t.deps).connector(d.otherProjectId)!.stats.unknownDevice === otherBefore.unknownDevice + 1,
      );
      await gw.deviceHub.flush();
      const stored = await t.deps.database.query<{ v: number }>(
        "select (data->>'voltage')::float8 as v from lt_telemetry where device_id = any($1::bigint[]) and (data->>'voltage')::float8 between 100 and 102",
        [[lampId, otherLampId]],
      );
      expect(stored).toEqual([]);
      expect(connector().stats.received).toBe(before.received + 1);
      expect(await stateOf(otherLampId)).not.toBe('ON');
    });
  });

  describe('commands', () => {
    const control = async (body: Record<string, unknown>) => {
      const res = await t.call('POST', '/lighting/device/control', {
        token: d.token,
        body: { deviceIds: [lampId], ...body },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { total: number; sent: number };
    };

    it('sends a command as a confirmed downlink on fPort 20; the ack delivers it and the result uplink completes it', async () => {
      const sent = downlinks.length;
      expect(await control({ action: 'LIGHT_DIMMING', value: 40 })).toMatchObject({ total: 1, sent: 1 });
      const down = await nextDownlink(sent + 1);
      expect(down.topic).toBe(`application/${app}/device/${EUI}/command/down`);
      expect(down.body).toMatchObject({ devEui: EUI, confirmed: true, fPort: FPORT_COMMAND });
      const bytes = new Uint8Array(Buffer.from(down.body.data, 'base64'));
      expect([...bytes]).toEqual([commandToken(down.body.id), 0x03, 40]);
      expect(decodeLxlCommand(bytes)).toEqual({
        token: commandToken(down.body.id),
        action: 'LIGHT_DIMMING',
        value: 40,
      });
      expect((await commandStatus(down.body.id))!.status).toBe('SENT');
      await publish('txack', EUI, { queueItemId: down.body.id, fCntDown: 3, gatewayId: '0016c001ff10a235' });
      await publish('ack', EUI, { queueItemId: down.body.id, acknowledged: true, fCntDown: 3 });
      await until(async () => (await commandStatus(down.body.id))!.status === 'DELIVERED');
      await up(EUI, FPORT_RESULT, encodeLxlResult(commandToken(down.body.id), { status: 'SUCCESS' }));
      await until(async () => (await commandStatus(down.body.id))!.status === 'SUCCESS');
    });

    it('fails a command whose downlink the lamp never acknowledged, and one the lamp refused, with their reasons', async () => {
      const sent = downlinks.length;
      await control({ action: 'LIGHT_ON' });
      const down = await nextDownlink(sent + 1);
      expect([...Buffer.from(down.body.data, 'base64')]).toEqual([commandToken(down.body.id), 0x01]);
      await publish('ack', EUI, { queueItemId: down.body.id, fCntDown: 4 });
      await until(async () => (await commandStatus(down.body.id))!.status === 'FAILED');
      expect((await commandStatus(down.body.id))!.error).toMatch(/^NO_RESPONSE: /);

      await control({ action: 'LIGHT_OFF' });
      const off = await nextDownlink(sent + 2);
      await up(
        EUI,
        FPORT_RESULT,
        encodeLxlResult(commandToken(off.body.id), { status: 'FAILED', error: 'MANUAL_OVERRIDE' }),
      );
      await until(async () => (await commandStatus(off.body.id))!.status === 'FAILED');
      expect((await commandStatus(off.body.id))!.error).toBe('MANUAL_OVERRIDE');
    });

    it('reads the lamp back (calling): the answer becomes its latest readings', async () => {
      const sent = downlinks.length;
      await control({ action: 'calling' });
      const down = await nextDownlink(sent + 1);
      expect([...Buffer.from(down.body.data, 'base64')]).toEqual([commandToken(down.body.id), 0x10]);
      t.clock.advance(1000);
      await up(
        EUI,
        FPORT_RESULT,
        encodeLxlResult(commandToken(down.body.id), {
          status: 'SUCCESS',
          readings: { lampState: 'ON', dimLevel: 55, voltage: 228 },
        }),
      );
      await until(async () => (await commandStatus(down.body.id))!.status === 'SUCCESS');
      expect((await commandStatus(down.body.id))!.result).toEqual({ lampState: 'ON', dimLevel: 55, voltage: 228 });
    });
  });

  describe('presence and connector life', () => {
    it('takes a lamp that falls silent offline; a command waits for it, and goes down when it is heard again', async () => {
      t.clock.advance(61_000);
      await gw.deviceHub.sweep();
      expect(await stateOf(lampId)).toBe('OFF');
      const offline = await t.deps.database.query<{ event_type: string }>(
        "select event_type from lt_device_event where device_id = $1 and event_type = 'OFFLINE'",
        [lampId],
      );
      expect(offline).toHaveLength(1);
      const sent = downlinks.length;
      const res = await t.call('POST', '/lighting/device/control', {
        token: d.token,
        body: { action: 'restart', deviceIds: [lampId] },
      });
      expect(res.body.data).toMatchObject({ total: 1, sent: 0 });
      const joins = connector().stats.joins;
      await publish('join', EUI, { devAddr: '01e2f3a5' });
      await until(() => connector().stats.joins === joins + 1);
      await until(async () => (await stateOf(lampId)) === 'ON');
      const down = await nextDownlink(sent + 1);
      expect([...Buffer.from(down.body.data, 'base64')]).toEqual([commandToken(down.body.id), 0x11]);
      expect((await commandStatus(down.body.id))!.status).toBe('SENT');
    });

    it('moves to another broker when the settings name one, and leaves the old one', async () => {
      const second = await startMosquitto();
      try {
        const body = { projectId: d.projectId, brokerUrl: second.url, applicationId: app, bandStandard: 'EU868' };
        expect((await put(body)).body.code).toBe(200);
        await until(() => connector()?.config.brokerUrl === second.url && connector().state === 'connected');
        const before = connector().stats.received;
        // the old broker is no longer listened to
        await up(EUI, FPORT_STATUS, encodeLxlStatus({ voltage: 225 }));
        const other = await mqtt.connectAsync(second.url, { reconnectPeriod: 0 });
        await other.publishAsync(
          chirpstackEventTopic(app, EUI, 'up'),
          JSON.stringify({
            deviceInfo: deviceInfo(EUI),
            fPort: FPORT_STATUS,
            data: Buffer.from(encodeLxlStatus({ voltage: 226 })).toString('base64'),
          }),
          { qos: 1 },
        );
        const voltages = async () => {
          await gw.deviceHub.flush();
          const rows = await t.deps.database.query<{ v: number }>(
            "select (data->>'voltage')::float8 as v from lt_telemetry where device_id = $1 and (data->>'voltage')::float8 in (225, 226)",
            [lampId],
          );
          return rows.map((r) => r.v);
        };
        await until(async () => (await voltages()).includes(226));
        expect(await voltages()).toEqual([226]);
        expect(connector().stats.received).toBe(before + 1);
        await other.endAsync(true);
        expect((await put({ ...body, brokerUrl: broker.url })).body.code).toBe(200);
        await until(() => connector()?.config.brokerUrl === broker.url && connector().state === 'connected');
      } finally {
        await second.stop();
      }
    });

    it('stops the connector when the project’s connection is disabled or removed', async () => {
      const body = {
        projectId: d.projectId,
        brokerUrl: broker.url,
        applicationId: app,
        bandStandard: 'EU868',
        enabled: false,
      };
      expect((await put(body)).body.code).toBe(200);
      expect(connectorsOf(t.deps).connector(d.projectId)).toBeUndefined();
      expect((await settings()).data).toMatchObject({ enabled: false, connector: null });
      expect((await put({ ...body, enabled: true })).body.code).toBe(200);
      await until(() => connectorsOf(t.deps).connector(d.projectId)?.state === 'connected');
      expect((await t.call('DELETE', `/lorawan/settings/${d.otherProjectId}`, { token: d.token })).body.code).toBe(200);
      expect(connectorsOf(t.deps).connector(d.otherProjectId)).toBeUndefined();
      expect((await settings(d.otherProjectId)).data).toBeNull();
    });
  });
});
