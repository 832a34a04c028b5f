import { mqttUserName, parseMqttUserName, upTopic } from '@luxgrid/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionTopicGuard } from '../../src/platform/devices/sessions.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo, startTestHub, until } from './helpers.ts';

function connect(url: string, username: string, password: string): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { username, password, reconnectPeriod: 0, connectTimeout: 3000 });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

describe('device MQTT user names', () => {
  it('are one topic level, {projectId}-{uid}, read back unambiguously', () => {
    for (const uid of ['CCU-0001', 'a.b:c_d-e', 'X']) {
      const name = mqttUserName(42, uid);
      expect(name).toBe(`42-${uid}`);
      expect(name).not.toMatch(/[/+#@]/);
      expect(parseMqttUserName(name)).toEqual({ projectId: 42, uid });
    }
    for (const bad of [
      '42/CCU-1',
      'CCU-1',
      '0-A',
      '042-A',
      '42-',
      '-A',
      '42-a/b',
      '42-a+b',
      '42-a#',
      '42-@x',
      '42- A',
      '',
    ])
      expect(parseMqttUserName(bad), bad).toBeNull();
    // the former form, during the transition, on the embedded broker only
    expect(parseMqttUserName('42/CCU-1', true)).toEqual({ projectId: 42, uid: 'CCU-1' });
    expect(parseMqttUserName('42/a/b', true)).toBeNull();
  });

  it("confine a session to its own device's up/ and down/ topics, in either form", () => {
    const may = sessionTopicGuard('luxgrid');
    for (const name of ['7-CCU-A', '7/CCU-A']) {
      expect(may(name, 'luxgrid/v1/7/CCU-A/up/telemetry', 'publish')).toBe(true);
      expect(may(name, 'luxgrid/v1/7/CCU-A/down/command', 'subscribe')).toBe(true);
      expect(may(name, 'luxgrid/v1/7/CCU-B/up/telemetry', 'publish')).toBe(false);
      expect(may(name, 'luxgrid/v1/7/CCU-A-2/up/telemetry', 'publish')).toBe(false);
      expect(may(name, 'luxgrid/v1/8/CCU-A/up/telemetry', 'publish')).toBe(false);
      expect(may(name, 'luxgrid/v1/7/CCU-A/down/command', 'publish')).toBe(false);
      expect(may(name, 'luxgrid/v1/+/+/down/#', 'subscribe')).toBe(false);
    }
  });

  describe('on the embedded broker', () => {
    let t: TestApp;
    let d: Awaited<ReturnType<typeof demo>>;
    let gw: Awaited<ReturnType<typeof startTestHub>>;
    const open: MqttClient[] = [];
    let ccu: { deviceId: number; secret: string; mqttUserName: string };

    beforeAll(async () => {
      t = await startTestApp();
      d = await demo(t);
      gw = await startTestHub(t);
      const res = await t.call('POST', '/lighting/device', {
        token: d.token,
        body: { projectId: d.projectId, uid: 'CCU-N', name: 'north', deviceType: 'CCU' },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      ccu = res.body.data;
    });
    afterAll(async () => {
      for (const client of open) await client.endAsync(true).catch(() => undefined);
      await gw?.stop();
      await t?.close();
    });

    it('the answer names the new form, which connects and reports', async () => {
      expect(ccu.mqttUserName).toBe(`${d.projectId}-CCU-N`);
      const client = await connect(gw.url, ccu.mqttUserName, ccu.secret);
      open.push(client);
      await client.publishAsync(
        upTopic(gw.root, d.projectId, 'CCU-N', 'hello'),
        JSON.stringify({ firmware: '3.0.0' }),
        {
          qos: 1,
        },
      );
      await until(async () => {
        const [state] = await t.deps.database.query<{ online: boolean }>(
          'select online from lt_device_state where device_id = $1',
          [ccu.deviceId],
        );
        return state?.online === true;
      });
      await expect(connect(gw.url, ccu.mqttUserName, 'wrong')).rejects.toThrow(/Not authorized|Bad username/i);
    });

    it('the former {projectId}/{uid} form still connects during the transition', async () => {
      const client = await connect(gw.url, `${d.projectId}/CCU-N`, ccu.secret);
      open.push(client);
      expect(client.connected).toBe(true);
      await expect(connect(gw.url, `${d.projectId}/CCU-N`, 'wrong')).rejects.toThrow(/Not authorized|Bad username/i);
    });
  });
});
