import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { platformOnly } from '../platform-only.ts';
import {
  activity,
  maxConnections,
  serverInfo,
  slowestStatements,
  slowRequests,
  tableSizes,
} from './druid.repository.ts';

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
        const server = await serverInfo(database);
        const connections = await attempt(async () => num(await maxConnections(database)));
        const sessionsRead = await attempt(() => activity(database));
        const tables = await tableSizes(database);
        const statements = await attempt(() => slowestStatements(database));
        const stats = database.stats();
        const slow = await slowRequests(database);

        const sessions = sessionsRead.ok ? sessionsRead.value : [];
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
            maxConnections: connections.ok ? connections.value : null,
          },
          pool: stats.pool,
          connections: sessionsRead.ok
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
            : { available: false, reason: sessionsRead.reason },
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
          slowRequests: slow.map((r) => ({ ...r, operTime: formatDate(r.operTime) })),
        });
      },
    );
  };
}
