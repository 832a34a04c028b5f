/**
 * Telemetry ingest into PostgreSQL (127.0.0.1:5432, fresh database, dropped afterwards) through
 * the real path: devices over MQTT → broker (embedded aedes, or Mosquitto at 127.0.0.1:1883 with
 * --mosquitto) → device hub → COPY into lt_telemetry, latest state upserted into
 * lt_device_state at most once a second. The load runs in its own process (bench/telemetry-load.ts):
 * sessions of the simulator's concentrator shape, --batch readings of 3 values per message
 * (--batch 1: one device's reading per message). After a warm-up it offers the --rates (readings/s)
 * one step of --seconds each, until one is not kept up with; the sustained rate is the highest kept
 * up with. CPU of the server side, of the load and of PostgreSQL per step. Baseline in the same
 * run: the same number of rows by a raw batched COPY.
 *   npx tsx bench/telemetry-ingest.ts [--seconds 10] [--warmup 5] [--concentrators 200] [--batch 50]
 *     [--rates 20000,30000,…] [--mosquitto [mqtt://host:port]]
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';
import { MemoryCache } from '../apps/server/src/platform/cache.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import type { Deps } from '../apps/server/src/platform/context.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { DeviceEvents } from '../apps/server/src/platform/devices/events.ts';
import { DeviceHub } from '../apps/server/src/platform/devices/hub.ts';
import { hashSecret } from '../apps/server/src/platform/devices/sessions.ts';
import { startMqtt } from '../apps/server/src/platform/mqtt.ts';
import { WsHub } from '../apps/server/src/platform/ws.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const seconds = arg('seconds', 10);
const concentrators = arg('concentrators', 200);
const perMessage = arg('batch', 50);
const warmup = arg('warmup', 5);
const at = process.argv.indexOf('--rates');
// offered readings per second, one step each, until one is not kept up with
const rates = (at > 0 ? (process.argv[at + 1] ?? '') : '20000,30000,40000,50000,60000,80000,100000')
  .split(',')
  .map(Number);
// --mosquitto: the broker at 127.0.0.1:1883, or the one at the URL that follows
const broker = process.argv.indexOf('--mosquitto');
const external =
  broker > 0
    ? process.argv[broker + 1]?.startsWith('mqtt://')
      ? process.argv[broker + 1]
      : 'mqtt://127.0.0.1:1883'
    : undefined;

/** CPU seconds used so far by the processes of this name (Linux /proc; 0 elsewhere). */
function cpuSeconds(who: string): number {
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        if (!stat.slice(stat.indexOf('(') + 1, close).startsWith(who)) continue;
        const fields = stat.slice(close + 2).split(' ');
        // own time, plus the time of exited children it reaped (backends and workers that ended)
        ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return 0;
  }
  return ticks / 100;
}
const admin = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `luxgrid_bench_${randomBytes(3).toString('hex')}`;
const topicRoot = `bench${randomBytes(3).toString('hex')}`;
const root = new pg.Client({ connectionString: admin });
await root.connect();
await root.query(`create database ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString() });
const port = await new Promise<number>((done) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = (s.address() as { port: number }).port;
    s.close(() => done(p));
  });
});
const hub = await startMqtt({ mqttUrl: external, mqttPort: port, host: '127.0.0.1' });
const cache = new MemoryCache(systemClock);
const ws = new WsHub(cache);
const silent = { warn() {}, error() {}, info() {} } as unknown as Deps['log'];
const devices = new DeviceEvents(cache, silent);
const deps = { database, cache, clock: systemClock, ws, log: silent, devices } as unknown as Deps;
// the server's flush settings: every 500 ms or 5,000 rows, latest state once a second
const deviceHub = new DeviceHub(deps, hub, { topicRoot });
await deviceHub.start();

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
  await database.query('update lt_device set secret_hash = $1 where device_type = $2', [
    hashSecret('bench-secret'),
    'CCU',
  ]);

  const load = fork(
    resolve(import.meta.dirname, 'telemetry-load.ts'),
    [
      external ?? `mqtt://127.0.0.1:${port}`,
      topicRoot,
      '1',
      String(concentrators),
      String(perMessage),
      external ? '' : 'bench-secret',
    ],
    { execArgv: ['--import', 'tsx'] },
  );
  const sent = { readings: 0, messages: 0, cpu: 0 };
  const finished = new Promise<void>((done) => load.once('exit', () => done()));
  await new Promise<void>((ready, fail) => {
    load.on('message', (m: { ready?: boolean; readings?: number; messages?: number; cpu?: number }) => {
      if (m.ready) ready();
      if (m.readings !== undefined) Object.assign(sent, m);
    });
    load.once('exit', (code) => fail(new Error(`the load process ended (${code})`)));
  });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const sample = () => ({
    t: performance.now(),
    written: deviceHub.stats.rowsWritten,
    server: process.cpuUsage(),
    load: sent.cpu,
    pg: cpuSeconds('postgres'),
  });
  /**
   * Offers `rate` readings/s for `secs`. Kept up: the gateway wrote at least 97 % of the offered
   * rate in the window, dropped nothing, and what it had received was written within 2 s of the end.
   */
  const step = async (rate: number, secs: number) => {
    const dropped0 = deviceHub.stats.dropped;
    const sent0 = sent.readings;
    const received0 = deviceHub.stats.readings;
    load.send({ rate });
    await sleep(500); // settle at the new rate
    const start = sample();
    let worstLag = 0;
    for (let t = 0; t < secs * 10; t++) {
      await sleep(100);
      worstLag = Math.max(worstLag, deviceHub.stats.readings - deviceHub.stats.rowsWritten);
    }
    const end = sample();
    load.send({ rate: 0 });
    await sleep(300); // the last messages arrive
    const caughtUp = () => deviceHub.stats.rowsWritten + deviceHub.stats.dropped >= deviceHub.stats.readings;
    const grace = performance.now() + 2_000;
    while (!caughtUp() && performance.now() < grace) await sleep(20);
    const elapsed = (end.t - start.t) / 1000;
    const written = (end.written - start.written) / elapsed;
    const keptUp = deviceHub.stats.dropped === dropped0 && caughtUp() && written >= 0.97 * rate;
    // drain before the next step
    const drained = performance.now() + 60_000;
    while (!caughtUp() && performance.now() < drained) await sleep(50);
    const server = process.cpuUsage(start.server);
    return {
      rate,
      written,
      worstLag,
      keptUp,
      // readings the broker acknowledged to the devices but never delivered (queue limits)
      lost: sent.readings - sent0 - (deviceHub.stats.readings - received0) - (deviceHub.stats.dropped - dropped0),
      serverCores: (server.user + server.system) / 1e6 / elapsed,
      pgCores: (end.pg - start.pg) / elapsed,
      loadCores: (end.load - start.load) / elapsed,
    };
  };

  console.log(
    `gateway path over ${external ? 'Mosquitto' : 'the embedded broker'}: ${concentrators} sessions carrying ${concentrators * perMessage} devices, ${perMessage} reading(s) of 3 values per MQTT message`,
  );
  await step(Math.min(rates[0] ?? 10_000, 10_000), warmup); // warm-up: connections settled, code optimised
  let best: Awaited<ReturnType<typeof step>> | undefined;
  for (const rate of rates) {
    const r = await step(rate, seconds);
    console.log(
      `  offered ${rate} readings/s (${(rate / perMessage).toFixed(0)} messages/s): written ${r.written.toFixed(0)}/s, worst lag ${r.worstLag} readings${r.lost > 0 ? `, ${r.lost} lost in the broker` : ''}, ${r.keptUp ? 'kept up' : 'FELL BEHIND'}; cores of 2: server ${r.serverCores.toFixed(2)}${external ? '' : ' (broker + gateway)'}, PostgreSQL ${r.pgCores.toFixed(2)}, load ${r.loadCores.toFixed(2)}${external ? ', Mosquitto not counted' : ''}`,
    );
    if (!r.keptUp) break;
    best = r;
  }
  load.send({ stop: true });
  await finished;
  const written = Math.min(deviceHub.stats.rowsWritten, 1_000_000);
  const rate = best?.written ?? 0;
  console.log(
    `sustained: ${rate.toFixed(0)} readings/s = ${(rate / perMessage).toFixed(0)} MQTT messages/s (the highest offered rate kept up with)`,
  );

  // baseline: the same number of rows as raw batched COPY, 10,000 rows per statement
  const b0 = performance.now();
  const bpg0 = cpuSeconds('postgres');
  // history is unique per (device, ts): each pass over the devices gets its own millisecond
  const t0 = Date.now() + 3_600_000;
  const stamps: string[] = [];
  const stamp = (row: number) => {
    const pass = Math.floor(row / children);
    stamps[pass] ??= new Date(t0 + pass).toISOString();
    return stamps[pass];
  };
  for (let done = 0; done < written; done += 10_000) {
    const n = Math.min(10_000, written - done);
    let text = '';
    for (let i = 0; i < n; i++)
      text += `${1 + ((done + i) % children)}\t1\t1\t${stamp(done + i)}\t{"voltage":221,"current":0.4,"power":91}\n`;
    await database.copyIn('lt_telemetry', ['device_id', 'client_id', 'project_id', 'ts', 'data'], text);
  }
  const be = (performance.now() - b0) / 1000;
  const baseline = written / be;
  console.log(
    `raw batched COPY of the same ${written} rows: ${baseline.toFixed(0)} rows/s; PostgreSQL ${((cpuSeconds('postgres') - bpg0) / be).toFixed(2)} cores`,
  );
  console.log(
    `ratio gateway / raw COPY: ${(rate / baseline).toFixed(2)}; rejected ${JSON.stringify(deviceHub.stats.rejected)}, dropped ${deviceHub.stats.dropped}`,
  );
} finally {
  await deviceHub.stop();
  await hub.close();
  await database.close();
  await root.query(`drop database if exists ${name} with (force)`);
  await root.end();
}
