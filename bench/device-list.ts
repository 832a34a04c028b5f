/**
 * Device list (filter + count) latency at 100,000 and 1,000,000 devices on PostgreSQL
 * (127.0.0.1:5432, a fresh database dropped afterwards). Devices come from one INSERT … SELECT
 * generate_series. Prints p50/p99 per query shape.   npx tsx bench/device-list.ts [--max 1000000]
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { listDevices } from '../apps/server/src/modules/lighting/device/device-query.ts';
import type { Ctx, Deps } from '../apps/server/src/platform/context.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';

const admin = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const maxAt = process.argv.indexOf('--max');
const max = maxAt > 0 ? Number(process.argv[maxAt + 1]) : 1_000_000;
const name = `luxgrid_bench_${randomBytes(3).toString('hex')}`;
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`create database ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString() });
const deps = { database } as unknown as Deps;
const ctx = { clientId: 1, projectId: null } as unknown as Ctx;
try {
  for (const size of [100_000, 1_000_000].filter((n) => n <= max)) {
    const have = (await database.query<{ n: number }>('select count(*)::int as n from lt_device'))[0]!.n;
    const t0 = performance.now();
    // 10 projects per customer; every 40th device a concentrator, the rest terminals and heads
    await database.query(
      `insert into lt_device (client_id, project_id, uid, name, device_type, connection, comm_state, longitude, latitude)
       select 1, 1 + (i % 10), 'DEV-' || i, 'lamp ' || i,
         case when i % 40 = 0 then 'CCU' when i % 3 = 0 then 'LIGHT' else 'RTU' end,
         case when i % 40 = 0 or i % 3 = 0 then null else 'NON_DIRECT' end,
         case when i % 7 = 0 then 'OFF' when i % 11 = 0 then 'INIT' else 'ON' end,
         116 + (i % 1000) / 10000.0, 40 + (i / 1000) / 10000.0
       from generate_series($1::int + 1, $2::int) as i`,
      [have, size],
    );
    await database.query('vacuum analyze lt_device');
    console.log(`${size.toLocaleString()} devices ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const shapes: Record<string, object> = {
      'project page 1': { projectId: 3 },
      'project + type + online': { projectId: 3, deviceType: 'RTU', commState: 'ON' },
      'keyword prefix': { projectId: 3, keyword: 'DEV-12345' },
      'all projects, offline': { commState: 'OFF' },
      'project, page 200': { projectId: 3, pageNum: 200 },
    };
    for (const [label, q] of Object.entries(shapes)) {
      const times: number[] = [];
      let total = 0;
      let exact = true;
      for (let i = 0; i < 60; i++) {
        const s = performance.now();
        const res = await listDevices(deps, ctx, { pageSize: 20, ...q } as never);
        times.push(performance.now() - s);
        total = res.total;
        exact = res.exact;
      }
      times.sort((a, b) => a - b);
      const p = (x: number) => times[Math.min(times.length - 1, Math.floor(times.length * x))]!.toFixed(1);
      console.log(
        `  ${label.padEnd(28)} total ${total}${exact ? '' : ' (estimate)'}  p50 ${p(0.5)} ms  p99 ${p(0.99)} ms`,
      );
    }
  }
} finally {
  await database.close();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}
