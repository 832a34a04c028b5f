import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { upTopic } from '@luxgrid/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo, freePort, startTestHub, until } from './helpers.ts';

function connect(url: string, opts: mqtt.IClientOptions): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 3000, ...opts });
    client.once('connect', () => resolve(client));
    client.once('error', (err) => {
      client.end(true);
      reject(err);
    });
    client.once('close', () => reject(new Error('closed before CONNACK')));
  });
}

describe('device connections over TLS (mqtts://) to the embedded broker', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let gw: Awaited<ReturnType<typeof startTestHub>>;
  let dir: string;
  let tlsPort: number;
  let ca: Buffer;
  let secret: string;
  let deviceId: number;

  beforeAll(async () => {
    // a self-signed certificate for 127.0.0.1, made for this test
    dir = mkdtempSync(join(tmpdir(), 'luxgrid-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    ca = readFileSync(join(dir, 'cert.pem'));
    tlsPort = await freePort();
    t = await startTestApp();
    d = await demo(t);
    gw = await startTestHub(t, {
      tls: { port: tlsPort, certFile: join(dir, 'cert.pem'), keyFile: join(dir, 'key.pem') },
    });
    const res = await t.call('POST', '/lighting/device', {
      token: d.token,
      body: { projectId: d.projectId, uid: 'TLS-NB', name: 'lamp over TLS', deviceType: 'RTU', connection: 'DIRECT' },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    ({ deviceId, secret } = res.body.data as { deviceId: number; secret: string });
  });
  afterAll(async () => {
    await gw?.stop();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a device that trusts the certificate connects with its credentials and is heard', async () => {
    const device = await connect(`mqtts://127.0.0.1:${tlsPort}`, {
      username: `${d.projectId}/TLS-NB`,
      password: secret,
      ca,
      rejectUnauthorized: true,
    });
    await device.publishAsync(upTopic(gw.root, d.projectId, 'TLS-NB', 'hello'), JSON.stringify({ firmware: '3.0.0' }), {
      qos: 1,
    });
    await until(
      async () =>
        (await t.deps.database.query("select 1 from lt_device where device_id = $1 and comm_state = 'ON'", [deviceId]))
          .length === 1,
    );
    await device.endAsync(true);
  });

  it('refuses wrong credentials, an untrusted certificate and plain MQTT on the TLS port', async () => {
    await expect(
      connect(`mqtts://127.0.0.1:${tlsPort}`, { username: `${d.projectId}/TLS-NB`, password: 'wrong', ca }),
    ).rejects.toThrow(/Not authorized|Bad username/i);
    await expect(
      connect(`mqtts://127.0.0.1:${tlsPort}`, { username: `${d.projectId}/TLS-NB`, password: secret }),
    ).rejects.toThrow(/self[- ]signed|certificate/i);
    await expect(
      connect(`mqtt://127.0.0.1:${tlsPort}`, { username: `${d.projectId}/TLS-NB`, password: secret }),
    ).rejects.toThrow();
  });

  it('MQTT_TLS_PORT takes the certificate and key files from MQTT_TLS_CERT and MQTT_TLS_KEY', () => {
    expect(
      loadConfig({
        MQTT_TLS_PORT: '8883',
        MQTT_TLS_CERT: '/etc/luxgrid/cert.pem',
        MQTT_TLS_KEY: '/etc/luxgrid/key.pem',
      }).mqttTls,
    ).toEqual({
      port: 8883,
      certFile: '/etc/luxgrid/cert.pem',
      keyFile: '/etc/luxgrid/key.pem',
    });
    expect(loadConfig({}).mqttTls).toBeUndefined();
    expect(() => loadConfig({ MQTT_TLS_PORT: '8883' })).toThrow(/MQTT_TLS_CERT/);
  });
});
