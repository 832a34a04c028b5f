/**
 * Telemetry ingest into PostgreSQL (127.0.0.1:5432, fresh database, dropped afterwards) through
 * the real path: MQTT (embedded aedes) → device gateway → batched INSERT into lt_telemetry and
 * upsert of lt_device_state. Load: concentrators of the simulator's shape, each message carrying
 * readings of 3 values for its children. Baseline in the same run: the same rows written by a raw
 * batched multi-row INSERT. Bounded: --seconds (default 20).   npx tsx bench/telemetry-ingest.ts
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import mqtt from 'mqtt';
import pg from 'pg';
import { DeviceGateway } from '../apps/server/src/modules/lighting/gateway/gateway.ts';
import { MemoryCache } from '../apps/server/src/platform/cache.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import type { Deps } from '../apps/server/src/platform/context.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { startMqtt } from '../apps/server/src/platform/mqtt.ts';
import { WsHub } from '../apps/server/src/platform/ws.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const seconds = arg('seconds', 20);
const concentrators = arg('concentrators', 200);
const perMessage = arg('batch', 50);
const admin = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `luxgrid_bench_${randomBytes(3).toString('hex')}`;
const root = new pg.Client({ connectionString: admin });
await root.connect();
await root.query(`create database ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString() });
const port = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = (s.address() as { port: number }).port;
    s.close(() => resolve(p));
  });
});
const hub = await startMqtt({ mqttPort: port, host: '127.0.0.1' });
const cache = new MemoryCache(systemClock);
const ws = new WsHub(cache);
const silent = { warn() {}, error() {}, info() {} } as unknown as Deps['log'];
const deps = { database, cache, clock: systemClock, ws, log: silent } as unknown as Deps;
const gateway = new DeviceGateway(deps, hub, {
  topicRoot: 'bench',
  flushMs: 250,
  flushRows: 10_000,
  maxBufferedRows: 2_000_000,
});
await gateway.start();

try {
  // one project of concentrators with perMessage terminals each; secrets for the concentrators
  const children = concentrators * perMessage;
  await database.query(
    `insert into lt_device (client_id, project_id, uid, name, device_type, connection)
     select 1, 1, 'C' || i, 'c' || i, 'CCU', null from generate_series(1, $1::int) i`,
    [concentrators],
  );
  await database.query('update lt_device set gateway_id = device_id');
  await database.query(
    `insert into lt_device (client_id, project_id, uid, name, device_type, connection, parent_id, gateway_id)
     select 1, 1, 'R' || i, 'r' || i, 'RTU', 'NON_DIRECT', c.device_id, c.device_id
     from generate_series(1, $1::int) i join lt_device c on c.uid = 'C' || (1 + (i - 1) / $2)`,
    [children, perMessage],
  );
  const { hashSecret } = await import('../apps/server/src/modules/lighting/gateway/gateway.ts');
  await database.query('update lt_device set secret_hash = $1 where device_type = $2', [
    hashSecret('bench-secret'),
    'CCU',
  ]);

  const clients = await Promise.all(
    Array.from({ length: concentrators }, (_, i) =>
      mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: `1/C${i + 1}`, password: 'bench-secret' }),
    ),
  );
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let published = 0;
  let readings = 0;
  const deadline = t0 + seconds * 1000;
  // bounded in flight: each publisher waits for its QoS 1 acknowledgement before the next message
  await Promise.all(
    // each concentrator publishes for its own children only: the broker confines it to its topics
    clients.map(async (client, c) => {
      while (performance.now() < deadline) {
        const uid = `C${c + 1}`;
        const first = c * perMessage;
        const items = Array.from({ length: perMessage }, (_, j) => ({
          uid: `R${first + j + 1}`,
          values: { voltage: 220 + (j % 10), current: 0.4, power: 90 + (j % 7) },
        }));
        await client.publishAsync(`bench/v1/1/${uid}/up/telemetry`, JSON.stringify({ items }), { qos: 1 });
        published++;
        readings += perMessage;
      }
    }),
  );
  const deadlineDrain = performance.now() + 60_000;
  while (gateway.stats.rowsWritten < gateway.stats.readings && performance.now() < deadlineDrain) await gateway.flush();
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const written = gateway.stats.rowsWritten;
  console.log(
    `gateway path: ${published} MQTT messages, ${readings} readings (3 values each), ${written} rows written in ${elapsed.toFixed(1)} s`,
  );
  console.log(
    `  ${(written / elapsed).toFixed(0)} readings/s sustained; ${((cpuSeconds / written) * 10_000).toFixed(2)} CPU s per 10k readings (this process: broker, publishers and gateway; PostgreSQL not counted)`,
  );

  // baseline: the same number of rows through one raw multi-row INSERT per 10,000 rows
  const b0 = performance.now();
  const bc0 = process.cpuUsage();
  for (let done = 0; done < written; done += 10_000) {
    const n = Math.min(10_000, written - done);
    const rows = Array.from({ length: n }, (_, i) => ({
      d: 1 + ((done + i) % children),
      c: 1,
      p: 1,
      t: Date.now(),
      v: { voltage: 221, current: 0.4, power: 91 },
    }));
    await database.query(
      `insert into lt_telemetry (device_id, client_id, project_id, ts, data)
       select d, c, p, to_timestamp(t / 1000.0), v from json_to_recordset($1::json) as x(d bigint, c bigint, p bigint, t float8, v jsonb)`,
      [JSON.stringify(rows)],
    );
  }
  const be = (performance.now() - b0) / 1000;
  const bcpu = process.cpuUsage(bc0);
  console.log(
    `raw batched INSERT of the same ${written} rows: ${(written / be).toFixed(0)} rows/s; ${(((bcpu.user + bcpu.system) / 1e6 / written) * 10_000).toFixed(2)} CPU s per 10k rows (client side)`,
  );
  console.log(
    `ratio gateway / raw insert: ${(written / elapsed / (written / be)).toFixed(2)}; rejected ${JSON.stringify(gateway.stats.rejected)}, dropped ${gateway.stats.dropped}`,
  );
  await Promise.all(clients.map((c) => c.endAsync(true)));
} finally {
  await gateway.stop();
  await hub.close();
  await database.close();
  await root.query(`drop database if exists ${name} with (force)`);
  await root.end();
}
