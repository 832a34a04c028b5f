import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { sysOperLog } from '../../system/log/log.table.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { platformOnly } from '../platform-only.ts';

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const round = (v: unknown) => Math.round(num(v) * 100) / 100;

/** Reads what the database lets us read; a view we may not see is reported as unavailable, not as an error. */
async function attempt<T>(work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; reason: string }> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    return { ok: false, reason: (err as { code?: string }).code ?? 'unavailable' };
  }
}

/** Database monitor, the 'druid' screen: server, pool, connections, table sizes, slow statements and requests. */
export function druidRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { database } = deps;
  return async (app) => {
    platformOnly(app);
    app.get(
      '/monitor/druid',
      { config: { perm: 'monitor:druid:list' }, schema: { tags: ['monitor/druid'] } },
      async (req) => {
        const [server] = await database.query<Row>(
          'select version() as version, current_database() as name, current_schema() as schema, pg_database_size(current_database()) as size',
        );
        const maxConnections = await attempt(async () => {
          const [row] = await database.query<Row>('show max_connections');
          return num(row?.max_connections);
        });
        const activity = await attempt(() =>
          database.query<Row>(
            `select pid, usename as user_name, application_name, client_addr::text as client_addr, state,
                    backend_type, wait_event_type, left(query, 300) as query,
                    round((extract(epoch from (now() - coalesce(query_start, backend_start))) * 1000)::numeric, 1) as duration_ms
               from pg_stat_activity
              where datname = current_database()
              order by query_start nulls last
              limit 100`,
          ),
        );
        const tables = await database.query<Row>(
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
        const statements = await attempt(async () => {
          const [ext] = await database.query<Row>(
            "select count(*)::int as n from pg_extension where extname = 'pg_stat_statements'",
          );
          if (!num(ext?.n)) throw Object.assign(new Error('not installed'), { code: 'not_installed' });
          return database.query<Row>(
            `select left(query, 1000) as statement, calls, total_exec_time as total_ms, mean_exec_time as mean_ms,
                    max_exec_time as max_ms, rows
               from pg_stat_statements
              where dbid = (select oid from pg_database where datname = current_database())
              order by mean_exec_time desc
              limit 20`,
          );
        });
        const stats = database.stats();
        const slowRequests = await database.db
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

        const sessions = activity.ok ? activity.value : [];
        const byState: Record<string, number> = {};
        for (const s of sessions) {
          const state = String(s.state ?? 'background');
          byState[state] = (byState[state] ?? 0) + 1;
        }
        return ok(req.lang, {
          database: {
            kind: database.kind,
            version: String(server?.version ?? ''),
            name: String(server?.name ?? ''),
            schema: String(server?.schema ?? ''),
            sizeBytes: num(server?.size),
            maxConnections: maxConnections.ok ? maxConnections.value : null,
          },
          pool: stats.pool,
          connections: activity.ok
            ? {
                available: true,
                total: sessions.length,
                active: byState.active ?? 0,
                idle: byState.idle ?? 0,
                byState,
                rows: sessions.map((s) => ({
                  pid: num(s.pid),
                  userName: s.user_name ?? '',
                  applicationName: s.application_name ?? '',
                  clientAddr: s.client_addr ?? '',
                  state: s.state ?? '',
                  backendType: s.backend_type ?? '',
                  waitEventType: s.wait_event_type ?? '',
                  durationMs: round(s.duration_ms),
                  query: s.query ?? '',
                })),
              }
            : { available: false, reason: activity.reason },
          tables: tables.map((t) => ({
            tableName: String(t.table_name),
            totalBytes: num(t.total_bytes),
            tableBytes: num(t.table_bytes),
            indexBytes: num(t.index_bytes),
            rowEstimate: num(t.row_estimate),
          })),
          slowStatements: statements.ok
            ? {
                source: 'pg_stat_statements',
                rows: statements.value.map((s) => ({
                  statement: String(s.statement),
                  calls: num(s.calls),
                  totalMs: round(s.total_ms),
                  meanMs: round(s.mean_ms),
                  maxMs: round(s.max_ms),
                })),
              }
            : { source: 'process', rows: stats.slowStatements },
          processStatements: stats.slowStatements,
          slowRequests: slowRequests.map((r) => ({ ...r, operTime: formatDate(r.operTime) })),
        });
      },
    );
  };
}
