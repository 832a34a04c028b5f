/**
 * Database chores from the command line, on the same configuration as the server
 * (DATABASE_URL or PGlite in DATA_DIR):
 *   npm run db:migrate   apply pending migrations
 *   npm run db:seed      migrate, then insert the seed data that is missing
 *   npm run db:reset     drop every table of the embedded database or the PostgreSQL schema, then migrate and seed
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { systemClock } from '../platform/clock.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db.ts';
import { seed } from './seed/index.ts';

const command = process.argv[2];
if (!['migrate', 'seed', 'reset'].includes(command ?? '')) {
  console.error('usage: cli.ts migrate | seed | reset');
  process.exit(2);
}

const config = loadConfig();
const where = config.databaseUrl
  ? config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@')
  : resolve(config.dataDir, 'pgdata');

if (command === 'reset') {
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    await client.query(
      'drop schema if exists public cascade; create schema public; drop schema if exists drizzle cascade',
    );
    await client.end();
  } else {
    rmSync(resolve(config.dataDir, 'pgdata'), { recursive: true, force: true });
  }
  console.log(`emptied ${where}`);
}

const started = performance.now();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
console.log(`migrated ${where} in ${Math.round(performance.now() - started)} ms`);
if (command !== 'migrate') {
  await seed(database.db, systemClock, { demo: config.demo });
  console.log(`seeded${config.demo ? ' with the demo customer' : ''}`);
}
await database.close();
