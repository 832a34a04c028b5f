import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { DeviceHub } from '../../src/platform/devices/hub.ts';
import type { DeviceHubOptions } from '../../src/platform/devices/options.ts';
import { type MqttHub, startMqtt } from '../../src/platform/mqtt.ts';
import type { TestApp } from '../harness.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The demo customer's projects (seeded), and a token of its administrator. */
export async function demo(t: TestApp) {
  const [client] = await t.deps.database.query<{ client_id: number }>(
    "select client_id from sys_client where code = 'DEMO'",
  );
  const projects = await t.deps.database.query<{ project_id: number }>(
    'select project_id from biz_project where client_id = $1 order by project_id',
    [client!.client_id],
  );
  return {
    clientId: client!.client_id,
    projectId: projects[0]!.project_id,
    otherProjectId: projects[1]!.project_id,
    token: await t.login('demo_admin'),
  };
}

/**
 * Starts a device hub for a test app: on an embedded broker of its own (a free port), or on
 * the external broker at `url` with a topic root no other test shares.
 */
export async function startTestHub(
  t: TestApp,
  opts: { url?: string; tls?: { port: number; certFile: string; keyFile: string } } & DeviceHubOptions = {},
): Promise<{ deviceHub: DeviceHub; mqtt: MqttHub; url: string; root: string; stop(): Promise<void> }> {
  const port = opts.url ? 0 : await freePort();
  const mqtt = await startMqtt(
    opts.url ? { mqttUrl: opts.url, mqttPort: 0 } : { mqttPort: port, host: '127.0.0.1', tls: opts.tls },
  );
  const root = opts.topicRoot ?? `lxt${randomBytes(4).toString('hex')}`;
  const { url: _url, tls: _tls, ...hubOptions } = opts;
  const deviceHub = new DeviceHub(t.deps, mqtt, { timers: false, ...hubOptions, topicRoot: root });
  await deviceHub.start();
  t.deps.deviceHub = deviceHub;
  return {
    deviceHub,
    mqtt,
    root,
    url: opts.url ?? `mqtt://127.0.0.1:${port}`,
    async stop() {
      await deviceHub.stop();
      t.deps.deviceHub = null;
      await mqtt.close();
    },
  };
}

export const until = async (check: () => Promise<boolean> | boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met in time');
};
