import { desc } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { sysOperLog } from '../../system/log/log.table.ts';

/**
 * What the database tells about itself (server, connections, table sizes, statements) and the
 * slowest requests of the operation log. Reading a system view may be refused; callers decide.
 */

export type Row = Record<string, unknown>;

export async function serverInfo(database: Database): Promise<Row | undefined> {
  const [server] = await database.query<Row>(
    'select version() as version, current_database() as name, current_schema() as schema, pg_database_size(current_database()) as size',
  );
  return server;
}

export async function maxConnections(database: Database): Promise<unknown> {
  const [row] = await database.query<Row>('show max_connections');
  return row?.max_connections;
}

/** The sessions of this database, oldest query first (at most 100). */
export function activity(database: Database): Promise<Row[]> {
  return database.query<Row>(
    `select pid, usename as user_name, application_name, client_addr::text as client_addr, state,
            backend_type, wait_event_type, left(query, 300) as query,
            round((extract(epoch from (now() - coalesce(query_start, backend_start))) * 1000)::numeric, 1) as duration_ms
       from pg_stat_activity
      where datname = current_database()
      order by query_start nulls last
      limit 100`,
  );
}

/** The largest tables of the schema (at most 100). */
export function tableSizes(database: Database): Promise<Row[]> {
  return database.query<Row>(
    `select c.relname as table_name,
            pg_total_relation_size(c.oid) as total_bytes,
            pg_relation_size(c.oid) as table_bytes,
            pg_indexes_size(c.oid) as index_bytes,
            (case when c.reltuples < 0 then coalesce(s.n_live_tup, 0) else c.reltuples end)::bigint as row_estimate
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       left join pg_stat_user_tables s on s.relid = c.oid
      where n.nspname = current_schema() and c.relkind in ('r', 'p')
      order by pg_total_relation_size(c.oid) desc, c.relname
      limit 100`,
  );
}

/** The slowest statements by mean time, from pg_stat_statements; throws `not_installed` without it. */
export async function slowestStatements(database: Database): Promise<Row[]> {
  const [ext] = await database.query<Row>(
    "select count(*)::int as n from pg_extension where extname = 'pg_stat_statements'",
  );
  if (!Number(ext?.n ?? 0)) throw Object.assign(new Error('not installed'), { code: 'not_installed' });
  return database.query<Row>(
    `select left(query, 1000) as statement, calls, total_exec_time as total_ms, mean_exec_time as mean_ms,
            max_exec_time as max_ms, rows
       from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database())
      order by mean_exec_time desc
      limit 20`,
  );
}

/** The 20 slowest requests of the operation log. */
export function slowRequests(database: Database) {
  return database.db
    .select({
      operId: sysOperLog.operId,
      title: sysOperLog.title,
      requestMethod: sysOperLog.requestMethod,
      operUrl: sysOperLog.operUrl,
      operName: sysOperLog.operName,
      status: sysOperLog.status,
      costTime: sysOperLog.costTime,
      operTime: sysOperLog.operTime,
    })
    .from(sysOperLog)
    .orderBy(desc(sysOperLog.costTime), desc(sysOperLog.operId))
    .limit(20);
}
