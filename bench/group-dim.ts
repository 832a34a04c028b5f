/**
 * A group dim of 100,000 lamps behind 2,000 concentrators, on PostgreSQL (a fresh database on
 * 127.0.0.1:5432, dropped afterwards) and Mosquitto (127.0.0.1:1883): the server as the tests build
 * it with its device hub on the broker; the concentrators are plain mqtt.js clients in a process of
 * their own (bench/group-dim-devices.ts) answering every command message with one result per lamp.
 * Measures, from POST /lighting/task until every per-lamp result is recorded (SUCCESS in
 * lt_command): the wall time, the time the API call itself took, and the server process's CPU
 * (process.cpuUsage, user + system; the broker and the devices run elsewhere).
 *   npx tsx bench/group-dim.ts [--concentrators 2000] [--lamps 50]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp } from '../apps/server/test/harness.ts';
import { demo, startTestHub } from '../apps/server/test/lighting/helpers.ts';
import { removeDir, root, table } from './lib.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const CONCENTRATORS = arg('concentrators', 2_000);
const LAMPS_EACH = arg('lamps', 50);
const LAMPS = CONCENTRATORS * LAMPS_EACH;
const BROKER = process.env.BENCH_MQTT_URL || 'mqtt://127.0.0.1:1883';

process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const t = await startTestApp();
const dir = mkdtempSync(join(tmpdir(), 'luxgrid-group-dim-'));
let devices: ReturnType<typeof spawn> | null = null;
const gw = await startTestHub(t, { url: BROKER, heartbeatTimeoutMs: 3600_000, resultTimeoutMs: 600_000 });
try {
  const d = await demo(t);
  const db = t.deps.database;
  const seeded = performance.now();
  await db.query(
    `insert into lt_device (client_id, project_id, uid, name, device_type)
     select $1, $2, 'GD-CCU-' || g, 'concentrator ' || g, 'CCU' from generate_series(1, $3) g`,
    [d.clientId, d.projectId, CONCENTRATORS],
  );
  await db.query(`update lt_device set gateway_id = device_id where uid like 'GD-CCU-%' and client_id = $1`, [
    d.clientId,
  ]);
  await db.query(
    `insert into lt_device (client_id, project_id, uid, name, device_type, parent_id, gateway_id)
     select $1, $2, c.uid || '-L' || g, 'lamp ' || g, 'RTU', c.device_id, c.device_id
       from lt_device c cross join generate_series(1, $3) g
      where c.uid like 'GD-CCU-%' and c.client_id = $1`,
    [d.clientId, d.projectId, LAMPS_EACH],
  );
  const [group] = await db.query<{ group_id: number }>(
    `insert into lt_group (client_id, project_id, name) values ($1, $2, 'whole city') returning group_id`,
    [d.clientId, d.projectId],
  );
  await db.query(
    `insert into lt_group_member (group_id, device_id, client_id)
     select $1, device_id, $2 from lt_device where client_id = $2 and uid like 'GD-CCU-%-L%'`,
    [group!.group_id, d.clientId],
  );
  await db.query('analyze');
  const sessions = Array.from({ length: CONCENTRATORS }, (_, i) => ({
    uid: `GD-CCU-${i + 1}`,
    children: Array.from({ length: LAMPS_EACH }, (_, j) => `GD-CCU-${i + 1}-L${j + 1}`),
  }));
  const file = join(dir, 'sessions.json');
  writeFileSync(file, JSON.stringify(sessions));
  const seedMs = performance.now() - seeded;

  // the concentrators connect and say hello; the hub marks them online
  const connected = performance.now();
  devices = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/group-dim-devices.ts'), BROKER, gw.root, String(d.projectId), file],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  devices.stdout!.on('data', (chunk) => {
    out += chunk;
  });
  const waitFor = async (check: () => Promise<boolean> | boolean, what: string, ms = 300_000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${what} not reached in ${ms} ms`);
  };
  await waitFor(() => out.includes('ready'), 'devices connected');
  await waitFor(async () => {
    await gw.deviceHub.flush();
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from lt_device where client_id = $1 and uid like 'GD-CCU-%' and device_type = 'CCU' and comm_state = 'ON'`,
      [d.clientId],
    );
    return row!.n === CONCENTRATORS;
  }, 'concentrators online');
  const onlineMs = performance.now() - connected;

  // --profile: time spent per SQL statement during the dim (the statement's first words)
  const spent = new Map<string, { ms: number; n: number }>();
  if (process.argv.includes('--profile')) {
    const query = db.query.bind(db);
    db.query = (async (sql: string, params?: unknown[]) => {
      const began = performance.now();
      try {
        return await query(sql, params as never);
      } finally {
        const key = sql.replace(/\s+/g, ' ').trim().slice(0, 70);
        const entry = spent.get(key) ?? { ms: 0, n: 0 };
        entry.ms += performance.now() - began;
        entry.n++;
        spent.set(key, entry);
      }
    }) as typeof db.query;
  }

  // the group dim
  const cpu = process.cpuUsage();
  const started = performance.now();
  const res = await t.call('POST', '/lighting/task', {
    token: d.token,
    body: {
      projectId: d.projectId,
      targetKind: 'GROUP',
      targetIds: [group!.group_id],
      action: 'LIGHT_DIMMING',
      value: 50,
    },
  });
  const apiMs = performance.now() - started;
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  const batchId = res.body.data.batchId as string;
  let last = 0;
  await waitFor(
    async () => {
      const [row] = await db.query<{ n: number }>(
        "select count(*)::int as n from lt_command where batch_id = $1 and status = 'SUCCESS'",
        [batchId],
      );
      last = row!.n;
      return last === LAMPS;
    },
    `every result of ${LAMPS}`,
    120_000,
  );
  const totalMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  // what the dim wrote, whatever the machine's load: row versions (heap-only ones need no index entry) and sizes
  await new Promise((r) => setTimeout(r, 1500));
  const written = await db.query<{ relname: string; ins: number; upd: number; hot: number; heap: number; idx: number }>(
    `select relname, n_tup_ins::int as ins, n_tup_upd::int as upd, n_tup_hot_upd::int as hot,
       pg_relation_size(relid)::float8 as heap, pg_indexes_size(relid)::float8 as idx
     from pg_stat_user_tables where relname in ('lt_command', 'sys_device_log') order by relname`,
  );
  const cpuMs = (used.user + used.system) / 1000;
  console.log(
    table([
      ['measure', 'value'],
      ['lamps / concentrators', `${LAMPS} / ${CONCENTRATORS}`],
      ['seed (SQL) ms', Math.round(seedMs)],
      ['concentrators online ms', Math.round(onlineMs)],
      ['POST /lighting/task ms (records + sends)', Math.round(apiMs)],
      ['until every result recorded ms', Math.round(totalMs)],
      ['server CPU ms (user+system)', Math.round(cpuMs)],
      ['server CPU / wall', (cpuMs / totalMs).toFixed(2)],
      ['results recorded', last],
      ['command messages sent', gw.deviceHub.stats.commandsSent],
      ...written.flatMap((w) => [
        [`${w.relname}: rows inserted / updated / of them heap-only`, `${w.ins} / ${w.upd} / ${w.hot}`],
        [`${w.relname}: table / indexes MB`, `${(w.heap / 2 ** 20).toFixed(1)} / ${(w.idx / 2 ** 20).toFixed(1)}`],
      ]),
    ]),
  );
  if (spent.size)
    console.log(
      table([
        ['statement', 'calls', 'ms'],
        ...[...spent]
          .sort((a, b) => b[1].ms - a[1].ms)
          .slice(0, 12)
          .map(([sql, e]) => [sql, e.n, Math.round(e.ms)]),
      ]),
    );
} finally {
  if (devices) {
    devices.kill('SIGTERM');
    await new Promise((r) => devices!.once('exit', r));
  }
  await gw.stop();
  await t.close();
  removeDir(dir);
}
