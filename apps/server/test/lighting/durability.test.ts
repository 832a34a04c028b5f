import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/modules/lighting/gateway/gateway.ts';
import { createTestDatabase } from '../harness.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';
import { freePort, until } from './helpers.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * A device publishes numbered QoS 1 readings at a steady rate to a real server process on
 * PostgreSQL, which is stopped (kill -9, or SIGTERM) and started again several times under the
 * traffic. Every reading the device saw acknowledged must be in the history exactly once.
 */
describe.runIf(adminUrl)('acknowledged readings survive the server', () => {
  let database: { url: string; drop(): Promise<void> };
  let db: pg.Client;
  let ports: { port: number; mqttPort: number };
  let server: ServerProcess | undefined;
  const start = async () => {
    server = await startServerProcess({ DATABASE_URL: database.url }, ports);
    await server.healthy(60_000);
  };

  beforeAll(async () => {
    database = await createTestDatabase(adminUrl!);
    ports = { port: await freePort(), mqttPort: await freePort() };
    await start(); // migrates and seeds
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  }, 90_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await db?.end();
    await database?.drop();
  });

  /** One concentrator with its secret, straight into the registry; its numbered readings, one per message. */
  async function run(uid: string, signal: NodeJS.Signals, restarts: number) {
    await db.query(
      `insert into lt_device (client_id, project_id, uid, name, device_type, connection, secret_hash)
       values (1, 1, $1, $1, 'CCU', null, $2)`,
      [uid, hashSecret('durable-secret')],
    );
    await db.query('update lt_device set gateway_id = device_id where uid = $1', [uid]);
    const topic = `luxgrid/v1/1/${uid}/up/telemetry`;
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
      const client = mqtt.connect(server!.mqttUrl, {
        username: `1/${uid}`,
        password: 'durable-secret',
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
    // about 800 readings per second, 8 every 10 ms; while the server is down they wait in the device
    const pump = setInterval(() => {
      for (let i = 0; i < 8; i++) {
        const seq = ++sent;
        const body = JSON.stringify({ ts: base + seq, values: { seq } });
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
    const { rows } = await db.query<{ seq: number; copies: number }>(
      `select (t.data->>'seq')::int as seq, count(*)::int as copies from lt_telemetry t join lt_device d using (device_id)
       where d.uid = $1 group by 1`,
      [uid],
    );
    const stored = new Map(rows.map((r) => [r.seq, r.copies]));
    const lost = [...acknowledged].filter((seq) => !stored.has(seq));
    const twice = rows.filter((r) => r.copies > 1).map((r) => r.seq);
    expect(acknowledged.size).toBeGreaterThan(1_000);
    expect({ lost: lost.length, storedTwice: twice.length }).toEqual({ lost: 0, storedTwice: 0 });
    return { sent, acknowledged: acknowledged.size, stored: rows.length };
  }

  it('kill -9 three times under 800 readings/s', async () => {
    const r = await run('CCU-KILL', 'SIGKILL', 3);
    expect(r.stored).toBeGreaterThanOrEqual(r.acknowledged);
  }, 90_000);

  it('SIGTERM twice under 800 readings/s', async () => {
    const r = await run('CCU-TERM', 'SIGTERM', 2);
    expect(r.stored).toBeGreaterThanOrEqual(r.acknowledged);
  }, 90_000);
});
