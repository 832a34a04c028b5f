import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, Deps } from '../../platform/context.ts';
import { ok, table } from '../../platform/envelope.ts';
import { forbidden } from '../../platform/errors.ts';
import { sendWorkbook } from '../../platform/excel.ts';
import { collectFigures, type FigureScope } from '../../platform/home-figures.ts';
import { pageOf, pageQuery } from '../../platform/paging.ts';
import { formatDate } from '../system/user/user-info.ts';
import { scopedProject } from '../tenant/project/project.service.ts';
import { connectivityByProject, connectivityNow, connectivitySeries } from './connectivity/connectivity.repository.ts';
import { CONNECTIVITY_SAMPLE_MS } from './connectivity/connectivity-sampler.ts';
import { linkTotals, listLinks } from './links/links.repository.ts';
import { serviceStatus } from './status/service-status.ts';
import { scopeCounts } from './status/status.repository.ts';
import { THROUGHPUT_SAMPLE_MS, throughputMeter } from './throughput/throughput.ts';

const tags = ['sys'];
const optionalId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 53 - 1)
  .optional()
  .or(z.literal('').transform(() => undefined));
const connectivityQuery = z.object({
  projectId: optionalId,
  hours: z.coerce.number().int().min(1).max(168).default(24),
});
const linkQuery = pageQuery.extend({
  projectId: optionalId,
  keyword: z.string().trim().max(64).optional(),
  online: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined)),
});

/** A platform-wide view (every customer's traffic, the platform's services): platform users only. */
function platformOnly(ctx: Ctx): void {
  if (!ctx.platform) throw forbidden('operations.platformOnly');
}

/**
 * The operations monitor (subsystem 122, menus sys.*). What is a customer's (its devices'
 * connectivity and links, the overview's figures) is scoped to the caller's customer and project;
 * what is the platform's (message throughput, service status, broker and server counters) is
 * answered to platform users only.
 */
export function operationsRoutes(deps: Deps): FastifyPluginAsyncZod {
  const db = deps.database;

  const scopeOf = async (ctx: Ctx, projectId?: number): Promise<FigureScope> => {
    const chosen = projectId ?? ctx.projectId;
    const project = chosen ? await scopedProject(db.db, ctx, chosen) : null;
    return { clientId: ctx.clientId, projectId: project?.projectId ?? null };
  };

  return async (app) => {
    app.get(
      '/sys/overview',
      {
        config: { perm: 'sys:overview:list' },
        schema: { tags, summary: 'Platform overview: figures of the scope; services and traffic for platform users' },
      },
      async (req) => {
        const ctx = req.auth();
        const scope = await scopeOf(ctx);
        const counts = await scopeCounts(db, scope);
        const [figures, links, sessions] = await Promise.all([
          collectFigures(deps, scope),
          linkTotals(db, scope),
          deps.sessions.list(),
        ]);
        const platform = ctx.platform
          ? {
              services: await serviceStatus(deps),
              gateway: deps.deviceHub?.health() ?? null,
              throughput: throughputMeter(deps).points.slice(-60),
              browsers: deps.ws.size,
              uptimeSeconds: Math.round(process.uptime()),
            }
          : null;
        return ok(req.lang, {
          scope,
          counts: {
            customers: counts.customers,
            projects: counts.projects,
            onlineUsers: sessions.filter((s) => scope.clientId === null || s.clientId === scope.clientId).length,
          },
          figures,
          links,
          platform,
        });
      },
    );

    const connectivity = async (ctx: Ctx, q: z.infer<typeof connectivityQuery>) => {
      const scope = await scopeOf(ctx, q.projectId);
      const from = new Date(deps.clock.now() - q.hours * 3_600_000);
      const [now, series, byProject] = await Promise.all([
        connectivityNow(db, scope),
        connectivitySeries(db, scope, from),
        connectivityByProject(db, scope, from),
      ]);
      return { scope, hours: q.hours, sampleMinutes: CONNECTIVITY_SAMPLE_MS / 60_000, now, series, byProject };
    };

    app.get(
      '/sys/device-online',
      {
        config: { perm: { any: ['sys:deviceOnline:list', 'sys:deviceOnline:query'] } },
        schema: {
          tags,
          summary: 'Devices online now and over time, by project and connection type',
          querystring: connectivityQuery,
        },
      },
      async (req) => ok(req.lang, await connectivity(req.auth(), req.query)),
    );

    app.post(
      '/sys/device-online/export',
      {
        config: { perm: 'sys:deviceOnline:export', operLog: { title: 'device connectivity', businessType: 5 } },
        schema: { tags, body: connectivityQuery },
      },
      async (req, reply) => {
        const en = req.lang === 'en-US';
        const { now } = await connectivity(req.auth(), req.body);
        return sendWorkbook(
          reply,
          en ? 'device connectivity' : '设备在线监控',
          [
            { header: en ? 'Project' : '项目', key: 'projectName', width: 28 },
            { header: en ? 'Connection' : '接入方式', key: 'connection', width: 14 },
            { header: en ? 'Devices' : '设备数', key: 'devices', width: 10 },
            { header: en ? 'Online' : '在线数', key: 'online', width: 10 },
            { header: en ? 'Never connected' : '从未上线', key: 'neverConnected', width: 14 },
            { header: en ? 'Online rate (%)' : '在线率(%)', key: 'rate', width: 14 },
          ],
          now.map((r) => ({ ...r, rate: r.devices ? Math.round((r.online / r.devices) * 1000) / 10 : null })),
        );
      },
    );

    app.get(
      '/sys/link',
      {
        config: { perm: { any: ['sys:link:list', 'sys:link:query'] } },
        schema: {
          tags,
          summary: 'Broker sessions: concentrators and direct devices, their children, last message',
          querystring: linkQuery,
        },
      },
      async (req) => {
        const ctx = req.auth();
        const scope = await scopeOf(ctx, req.query.projectId);
        const { rows, total } = await listLinks(db, scope, req.query, pageOf(req.query));
        return table(req.lang, rows, total);
      },
    );

    app.get(
      '/sys/link/summary',
      {
        config: { perm: { any: ['sys:link:list', 'sys:link:query'] } },
        schema: { tags, querystring: connectivityQuery.pick({ projectId: true }) },
      },
      async (req) => {
        const ctx = req.auth();
        const scope = await scopeOf(ctx, req.query.projectId);
        return ok(req.lang, {
          ...(await linkTotals(db, scope)),
          // the broker's own clients span every customer: platform users only
          broker: ctx.platform ? (deps.mqtt?.health() ?? null) : null,
        });
      },
    );

    app.get(
      '/sys/message',
      {
        config: { perm: { any: ['sys:message:list', 'sys:message:query'] } },
        schema: { tags, summary: 'Device messages per second in and out, rejected by reason (this server process)' },
      },
      async (req) => {
        platformOnly(req.auth());
        const meter = throughputMeter(deps);
        const health = deps.deviceHub?.health() ?? null;
        return ok(req.lang, {
          sampleSeconds: THROUGHPUT_SAMPLE_MS / 1000,
          points: meter.points,
          totals: health && {
            received: health.received,
            accepted: health.accepted,
            readings: health.readings,
            rejectedTotal: health.rejectedTotal,
            commandsSent: health.commandsSent,
            acks: health.acks,
            results: health.results,
            refusedEvents: health.refusedEvents,
            dropped: health.dropped,
            unacknowledged: health.unacknowledged,
          },
          rejected: health?.rejected ?? null,
          refusedValues: health?.refusedValues ?? null,
          pushed: deps.ws.sent,
        });
      },
    );

    app.get(
      '/sys/service',
      {
        config: { perm: { any: ['sys:service:list', 'sys:service:query'] } },
        schema: { tags, summary: 'Status of the database, broker, cache, scheduler and disk' },
      },
      async (req) => {
        platformOnly(req.auth());
        return ok(req.lang, { checkedAt: formatDate(new Date(deps.clock.now())), services: await serviceStatus(deps) });
      },
    );
  };
}
