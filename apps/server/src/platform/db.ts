import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema.ts';
import { type DatabaseStats, StatementTimings, timeQueries } from './db-stats.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL with positional parameters; the bulk paths (imports, telemetry) use it. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Bulk-loads rows with COPY, PostgreSQL's fastest write: `text` holds one line per row, fields
   * separated by tabs, each field escaped with copyField. Telemetry history uses it.
   */
  copyIn(table: string, columns: readonly string[], text: string): Promise<void>;
  ping(): Promise<boolean>;
  /** Connection pool counters (PostgreSQL) and this process's slowest statements. */
  stats(): DatabaseStats;
  close(): Promise<void>;
}

export const migrationsFolder = resolve(import.meta.dirname, '../db/migrations');

/** Opens PostgreSQL when a URL is given, otherwise PGlite in `<dataDir>/pgdata`; applies migrations. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  pgliteDataDir?: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts);
}

/** One text field of a COPY text-format line: backslash, tab, newline and carriage return escaped. */
export function copyField(value: string): string {
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c] as string) : value;
}
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function copyStatement(table: string, columns: readonly string[], source: string) {
  const names = [table, ...columns];
  if (!names.every((n) => /^[a-z_][a-z0-9_]*$/.test(n))) throw new Error(`copy into ${table}: bad identifier`);
  return `copy ${table} (${columns.join(', ')}) from ${source}`;
}

/** Any number for the advisory lock that serialises migrations (and the seed) across server processes. */
export const MIGRATION_LOCK = 7_412_019;

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { from: copyFrom } = await import('pg-copy-streams');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // bigint ids and counts come back as numbers, as PGlite gives them (all ids stay below 2^53)
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === 20
        ? (value: string) => Number(value)
        : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
  };
  const poolMax = Number(process.env.DATABASE_POOL_SIZE || 10);
  const pool = new pg.Pool({ connectionString: url, max: poolMax, types });
  pool.on('error', () => {
    /* idle client errors surface on the next query; keep the process alive */
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lockClient.release();
  }
  const timings = new StatementTimings();
  timeQueries(pool, timings);
  return {
    db,
    kind: 'postgres',
    async query(text, params) {
      const result = await pool.query(text, params as unknown[]);
      return result.rows;
    },
    async copyIn(table, columns, text) {
      const client = await pool.connect();
      try {
        await pipeline(Readable.from([text]), client.query(copyFrom(copyStatement(table, columns, 'stdin'))));
        client.release();
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
    },
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    stats: () => ({
      pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolMax },
      slowStatements: timings.top(),
    }),
    close: () => pool.end(),
  };
}

async function openPglite(opts: { dataDir?: string; pgliteDataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let dataDir: string | undefined = opts.pgliteDataDir;
  if (dataDir === undefined && opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    dataDir = resolve(opts.dataDir, 'pgdata');
  }
  const client = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, { loadDataDir: opts.loadDataDir });
  const db = drizzle(client, { schema }) as unknown as Db;
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(drizzle(client, { schema }), { migrationsFolder });
  const timings = new StatementTimings();
  timeQueries(client, timings);
  return {
    db,
    kind: 'pglite',
    async query(text, params) {
      const result = await client.query(text, params as unknown[]);
      return result.rows as never[];
    },
    async copyIn(table, columns, text) {
      await client.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob([text]) });
    },
    async ping() {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    stats: () => ({ pool: null, slowStatements: timings.top() }),
    close: () => client.close(),
  };
}
