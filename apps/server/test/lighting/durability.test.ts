import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/platform/devices/sessions.ts';
import { createTestDatabase } from '../harness.ts';
import { reachable, requireService } from '../reachable.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';
import { freePort, until } from './helpers.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const mosquittoThere = adminUrl
  ? requireService('the mosquitto program', spawnSync('mosquitto', ['-h']).error === undefined)
  : false;

/** A Mosquitto of the test's own, configured as the README tells operators (no in-flight window, no queue limit). */
async function startMosquitto(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'luxgrid-mosquitto-'));
  const conf = join(dir, 'mosquitto.conf');
  const settings = [
    `listener ${port} 127.0.0.1`,
    'allow_anonymous true',
    'max_inflight_messages 0',
    'max_queued_messages 0',
  ];
  writeFileSync(conf, `${settings.join('\n')}\n`);
  const child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  await until(() => reachable('127.0.0.1', port), 10_000);
  return {
    url: `mqtt://127.0.0.1:${port}`,
    stop() {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A device publishes numbered QoS 1 readings at a steady rate to a real server process on
 * PostgreSQL, which is stopped (kill -9, or SIGTERM) and started again several times under the
 * traffic. Every reading the device saw acknowledged must be in the history exactly once. On the
 * embedded broker the device's acknowledgement comes from the server; through Mosquitto it comes
 * from a Mosquitto of the test's own, configured as the README says, which must keep what the
 * server has not acknowledged while the server is away.
 */
for (const broker of ['embedded', 'mosquitto'] as const)
  describe.runIf(adminUrl && (broker === 'embedded' || mosquittoThere))(
    `acknowledged readings survive the server (${broker})`,
    () => {
      const root = broker === 'embedded' ? 'luxgrid' : `lxd${randomBytes(4).toString('hex')}`;
      const clientId = `luxgrid-durability-${randomBytes(4).toString('hex')}`;
      const perTick = broker === 'embedded' ? 8 : 4;
      let mosquitto: { url: string; stop(): void } | undefined;
      let database: { url: string; drop(): Promise<void> };
      let db: pg.Client;
      let ports: { port: number; mqttPort: number };
      let server: ServerProcess | undefined;
      const start = async () => {
        server = await startServerProcess(
          {
            DATABASE_URL: database.url,
            ...(broker === 'mosquitto'
              ? { MQTT_URL: mosquitto!.url, MQTT_CLIENT_ID: clientId, MQTT_TOPIC_ROOT: root }
              : {}),
          },
          ports,
        );
        await server.healthy(60_000);
      };

      beforeAll(async () => {
        database = await createTestDatabase(adminUrl!);
        if (broker === 'mosquitto') mosquitto = await startMosquitto();
        ports = { port: await freePort(), mqttPort: await freePort() };
        await start(); // migrates and seeds
        db = new pg.Client({ connectionString: database.url });
        await db.connect();
      }, 90_000);
      afterAll(async () => {
        await server?.stop('SIGKILL');
        await db?.end();
        await database?.drop();
        mosquitto?.stop();
      });

      /** One directly connected lamp controller with its secret, straight into the registry; its numbered readings (the switch count), one per message. */
      async function run(uid: string, signal: NodeJS.Signals, restarts: number) {
        await db.query(
          `insert into lt_device (client_id, project_id, uid, name, device_type, connection, secret_hash)
       values (1, 1, $1, $1, 'RTU', 'DIRECT', $2)`,
          [uid, hashSecret('durable-secret')],
        );
        await db.query('update lt_device set gateway_id = device_id where uid = $1', [uid]);
        const topic = `${root}/v1/1/${uid}/up/telemetry`;
        const base = Date.now();
        const acknowledged = new Set<number>();
        /** readings sent (or waiting to be) and not yet acknowledged: sent again on every new connection */
        const unacknowledged = new Map<number, string>();
        let sent = 0;
        let device: MqttClient | null = null;
        let done = false;
        const send = (client: MqttClient, seq: number, body: string) =>
          client.publish(topic, body, { qos: 1 }, (err) => {
            if (err) return;
            acknowledged.add(seq);
            unacknowledged.delete(seq);
          });
        // the device reconnects by itself and sends again what was not acknowledged, as field devices do
        const connect = () => {
          const client = mqtt.connect(mosquitto?.url ?? server!.mqttUrl, {
            ...(broker === 'embedded' ? { username: `1/${uid}`, password: 'durable-secret' } : {}),
            reconnectPeriod: 0,
            connectTimeout: 3_000,
          });
          client.on('error', () => undefined);
          client.once('connect', () => {
            device = client;
            for (const [seq, body] of unacknowledged) send(client, seq, body);
          });
          client.once('close', () => {
            if (device === client) device = null;
            client.end(true);
            if (!done) setTimeout(connect, 250);
          });
        };
        connect();
        await until(() => device !== null, 10_000);
        // about 800 (Mosquitto: 400) readings per second, one message each; while the server is down
        // they wait in the device (embedded) or in the broker
        const pump = setInterval(() => {
          for (let i = 0; i < perTick; i++) {
            const seq = ++sent;
            const body = JSON.stringify({ ts: base + seq, values: { switchCount: seq } });
            unacknowledged.set(seq, body);
            if (device) send(device, seq, body);
          }
        }, 10);
        const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
        try {
          for (let round = 0; round < restarts; round++) {
            await sleep(1_500);
            await server!.stop(signal);
            await start();
          }
          await sleep(1_000);
        } finally {
          clearInterval(pump);
        }
        // the last readings are acknowledged once their write commits
        await until(() => unacknowledged.size === 0, 20_000).catch(() => undefined);
        done = true;
        (device as MqttClient | null)?.end(true);
        const read = async () =>
          (
            await db.query<{ seq: number; copies: number }>(
              `select (t.data->>'switchCount')::int as seq, count(*)::int as copies from lt_telemetry t join lt_device d using (device_id)
           where d.uid = $1 group by 1`,
              [uid],
            )
          ).rows;
        // through Mosquitto the broker acknowledged: the server may still be taking its queue
        if (broker === 'mosquitto')
          await until(async () => (await read()).length >= acknowledged.size, 20_000).catch(() => undefined);
        const rows = await read();
        const stored = new Map(rows.map((r) => [r.seq, r.copies]));
        const lost = [...acknowledged].filter((seq) => !stored.has(seq));
        const twice = rows.filter((r) => r.copies > 1).map((r) => r.seq);
        expect(acknowledged.size).toBeGreaterThan(perTick * 100);
        expect({ lost: lost.length, storedTwice: twice.length }).toEqual({ lost: 0, storedTwice: 0 });
        return { sent, acknowledged: acknowledged.size, stored: rows.length };
      }

      it('kill -9 three times under steady traffic', async () => {
        const r = await run('CCU-KILL', 'SIGKILL', 3);
        expect(r.stored).toBeGreaterThanOrEqual(r.acknowledged);
      }, 90_000);

      it('SIGTERM twice under steady traffic', async () => {
        const r = await run('CCU-TERM', 'SIGTERM', 2);
        expect(r.stored).toBeGreaterThanOrEqual(r.acknowledged);
      }, 90_000);
    },
  );
