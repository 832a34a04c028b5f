/**
 * Lighting statistics at 100,000 lamps on PostgreSQL (127.0.0.1:5432, a fresh database dropped
 * afterwards): the dusk and dawn writes of the lit-period rollup (every lamp switching on, then
 * off: periods split into local days), the duration reports over 30 days of rollup (3,000,000
 * rows, its per-project and per-lamp month rollups) and one 10-minute sample. Baseline: the same 100,000 rows inserted into a bare table.
 *   npx tsx bench/lighting-stats.ts [--lamps 100000]
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  countSample,
  durationByLamp,
  durationReport,
  writeLit,
} from '../apps/server/src/modules/lighting/statistics/lighting-stats.repository.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { table } from './lib.ts';

const admin = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const at = process.argv.indexOf('--lamps');
const lamps = at > 0 ? Number(process.argv[at + 1]) : 100_000;
const name = `luxgrid_bench_${randomBytes(3).toString('hex')}`;
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`create database ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
const db = await openDatabase({ databaseUrl: url.toString() });
const median = async (run: () => Promise<unknown>, times = 5) => {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const s = performance.now();
    await run();
    ms.push(performance.now() - s);
  }
  return ms.sort((a, b) => a - b)[Math.floor(times / 2)]!;
};
try {
  const [project] = await db.query<{ project_id: number }>(
    `insert into biz_project (client_id, code, name, longitude, latitude, iana_time_zone)
     values (1, 'B01', 'bench city', 116.4, 39.9, 'Asia/Shanghai') returning project_id`,
  );
  const p = Number(project!.project_id);
  await db.query(
    `insert into lt_device (client_id, project_id, uid, name, device_type, connection, comm_state)
     select 1, $1, 'L-' || i, 'lamp ' || i, 'RTU', 'NON_DIRECT', 'ON' from generate_series(1, $2::int) i`,
    [p, lamps],
  );
  const ids = (await db.query<{ device_id: number }>('select device_id from lt_device order by 1')).map((r) =>
    Number(r.device_id),
  );
  const [group] = await db.query<{ group_id: number }>(
    "insert into lt_group (client_id, project_id, name) values (1, $1, 'street') returning group_id",
    [p],
  );
  await db.query('insert into lt_group_member (group_id, client_id, device_id) select $1, 1, unnest($2::bigint[])', [
    group!.group_id,
    ids.slice(0, 1000),
  ]);
  const dusk = Date.parse('2026-06-01T11:30:00Z');
  const dawn = Date.parse('2026-06-01T21:00:00Z');
  const duskMs = await median(
    () =>
      writeLit(
        db,
        ids.map((d) => ({ d, c: 1, p, since: dusk })),
        [],
      ),
    1,
  );
  const dawnMs = await median(
    () =>
      writeLit(
        db,
        ids.map((d) => ({ d, c: 1, p, since: null })),
        ids.map((d) => ({ d, c: 1, p, s: dusk, u: dawn })),
      ),
    1,
  );
  // the dawn above writes each lamp's period as two local days (19:30–24:00, 00:00–05:00): the
  // same 200,000 lamp-day rows into a table with the rollup's keys is what it can come near
  await db.query(
    'create table bench_keyed (device_id bigint, day date, project_id bigint, secs int, primary key (device_id, day))',
  );
  await db.query('create index bench_keyed_project_idx on bench_keyed (project_id, day)');
  const keyedMs = await median(
    () =>
      db.query(
        `insert into bench_keyed select d, day::date, 1, 3600 from json_to_recordset($1::json) as r(d bigint)
           cross join generate_series('2026-06-01'::date, '2026-06-02'::date, interval '1 day') day`,
        [JSON.stringify(ids.map((d) => ({ d })))],
      ),
    1,
  );
  await db.query('create table bench_plain (device_id bigint, day date, secs int)');
  const plainMs = await median(
    () =>
      db.query(`insert into bench_plain select d, '2026-06-01', 3600 from json_to_recordset($1::json) as r(d bigint)`, [
        JSON.stringify(ids.map((d) => ({ d }))),
      ]),
    1,
  );
  // 30 days of rollup for every lamp
  await db.query(
    `insert into lt_lighting_day (device_id, day, client_id, project_id, lit_seconds)
     select d.device_id, g::date, 1, $1, 36000 + (d.device_id % 600)
       from lt_device d cross join generate_series('2026-05-02'::date, '2026-05-31'::date, interval '1 day') g
     on conflict do nothing`,
    [p],
  );
  await db.query(
    `insert into lt_lighting_project_day (project_id, day, client_id, lit_seconds, lamps)
     select project_id, day, 1, sum(lit_seconds), count(*) from lt_lighting_day group by 1, 2
     on conflict (project_id, day) do update set lit_seconds = excluded.lit_seconds, lamps = excluded.lamps`,
  );
  await db.query(
    `insert into lt_lighting_lamp_month (device_id, month, client_id, project_id, lit_seconds, days)
     select device_id, date_trunc('month', day)::date, 1, $1, sum(lit_seconds), count(*) from lt_lighting_day group by 1, 2
     on conflict (device_id, month) do update set lit_seconds = excluded.lit_seconds, days = excluded.days`,
    [p],
  );
  // as autovacuum leaves them after loads of this size
  await db.query('vacuum analyze lt_device');
  await db.query('vacuum analyze lt_lighting_lamp_month');
  await db.query('vacuum analyze lt_lighting_day');
  await db.query('vacuum analyze lt_lighting_project_day');
  await db.query('vacuum analyze lt_lamp_lit');
  const scope = {
    clientId: 1,
    projectId: p,
    groupId: null,
    from: '2026-05-02',
    to: '2026-06-01',
    period: 'day' as const,
  };
  const now = Date.parse('2026-06-01T12:00:00Z');
  const report = await median(() => durationReport(db, scope, now));
  const month = await median(() => durationReport(db, { ...scope, period: 'month' }, now));
  const grouped = await median(() => durationReport(db, { ...scope, groupId: Number(group!.group_id) }, now));
  const byLamp = await median(() => durationByLamp(db, scope, now, { limit: 20, offset: 0 }));
  const sample = await median(() => countSample(db, p, ids.slice(0, lamps / 2)));
  console.log(`${lamps.toLocaleString()} lamps, 30 days of rollup`);
  console.log(
    table([
      ['measure', 'ms'],
      ['dusk: every lamp lit (open periods)', duskMs.toFixed(0)],
      ['dawn: every lamp off (periods split into days, rolled up)', dawnMs.toFixed(0)],
      ['baseline: the same rows into a bare table', plainMs.toFixed(0)],
      ['baseline: the 200,000 lamp-day rows into a table with the same keys', keyedMs.toFixed(0)],
      ['duration report, project, 30 days by day', report.toFixed(0)],
      ['duration report, by month', month.toFixed(0)],
      ['duration report, one group of 1,000 lamps', grouped.toFixed(0)],
      ['duration by lamp, page 1 (most hours first)', byLamp.toFixed(0)],
      ['one 10-minute sample (half the lamps expected lit)', sample.toFixed(0)],
    ]),
  );
} finally {
  await db.close();
  await client.query(`drop database ${name} with (force)`);
  await client.end();
}
