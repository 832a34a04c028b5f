import { and, asc, count, eq, gte, lt, lte } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { collectFigures } from '../../../platform/home-figures.ts';
import { sysLogininfor } from '../../system/log/log.table.ts';
import { sysUser } from '../../system/user/user.table.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { validStateFilter } from '../customer/customer.service.ts';
import { sysClient } from '../customer/customer.table.ts';
import { validState } from '../customer/validity.ts';
import { sysPackage } from '../package/package.table.ts';
import { scopedProject } from '../project/project.service.ts';
import { bizProject } from '../project/project.table.ts';
import { runningAt } from '../subscription/subscription.service.ts';
import { sysClientSubscription } from '../subscription/subscription.table.ts';

const DAY_MS = 86_400_000;
export const EXPIRING_WITHIN_DAYS = 30;
const TREND_DAYS = 7;

/** Local midnight `daysAgo` days before `now`. */
function startOfDay(now: number, daysAgo: number): Date {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - daysAgo);
  return d;
}

/** The figures of the home variants (index, airport-style index, info editor) for the current customer and project. */
export function homeRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  return async (app) => {
    app.get(
      '/sysclient/home/summary',
      { schema: { tags: ['sysclient/home'], summary: 'Home page figures of the current customer and project' } },
      async (req) => {
        const ctx = req.auth();
        const now = deps.clock.now();
        const at = new Date(now);
        const clientId = ctx.clientId;
        const project = ctx.projectId ? await scopedProject(db, ctx, ctx.projectId) : null;
        const ofClient = (column: AnyPgColumn) => (clientId === null ? undefined : eq(column, clientId));

        const expiringWhere = and(
          ofClient(sysClientSubscription.clientId),
          runningAt(at),
          lte(sysClientSubscription.endTime, new Date(now + EXPIRING_WITHIN_DAYS * DAY_MS)),
          eq(sysClient.delFlag, '0'),
        );
        const loginsSince = (from: Date, to?: Date) =>
          db.$count(
            sysLogininfor,
            and(
              ofClient(sysLogininfor.clientId),
              eq(sysLogininfor.status, '0'),
              gte(sysLogininfor.loginTime, from),
              to ? lt(sysLogininfor.loginTime, to) : undefined,
            ),
          );

        const [projects, users, expiringRows, [expiringTotal], recentLogins, trend, sessions, client] =
          await Promise.all([
            db.$count(bizProject, and(eq(bizProject.delFlag, '0'), ofClient(bizProject.clientId))),
            db.$count(sysUser, and(eq(sysUser.delFlag, '0'), ofClient(sysUser.clientId))),
            db
              .select({
                subscriptionId: sysClientSubscription.subscriptionId,
                clientId: sysClientSubscription.clientId,
                clientName: sysClient.name,
                packageName: sysPackage.packageName,
                endTime: sysClientSubscription.endTime,
              })
              .from(sysClientSubscription)
              .innerJoin(sysClient, eq(sysClient.clientId, sysClientSubscription.clientId))
              .innerJoin(sysPackage, eq(sysPackage.packageId, sysClientSubscription.packageId))
              .where(expiringWhere)
              .orderBy(asc(sysClientSubscription.endTime))
              .limit(10),
            db
              .select({ n: count() })
              .from(sysClientSubscription)
              .innerJoin(sysClient, eq(sysClient.clientId, sysClientSubscription.clientId))
              .where(expiringWhere),
            loginsSince(new Date(now - DAY_MS)),
            Promise.all(
              Array.from({ length: TREND_DAYS }, (_, i) => TREND_DAYS - 1 - i).map(async (daysAgo) => {
                const from = startOfDay(now, daysAgo);
                return {
                  date: formatDate(from)!.slice(0, 10),
                  count: await loginsSince(from, startOfDay(now, daysAgo - 1)),
                };
              }),
            ),
            deps.sessions.list(),
            clientId === null
              ? null
              : db
                  .select()
                  .from(sysClient)
                  .where(eq(sysClient.clientId, clientId))
                  .then((r) => r[0] ?? null),
          ]);

        const customers = ctx.platform
          ? await Promise.all(
              (['normal', 'expired', 'not_started'] as const).map((state) =>
                db.$count(sysClient, and(eq(sysClient.delFlag, '0'), validStateFilter(state, now))),
              ),
            ).then(([normal, expired, notStarted]) => ({
              total: normal + expired + notStarted,
              normal,
              expired,
              notStarted,
            }))
          : null;

        const clientState = client ? validState(client.validFrom, client.validTo, now) : null;
        return ok(req.lang, {
          scope: { clientId, projectId: project?.projectId ?? null },
          customer: client
            ? {
                clientId: client.clientId,
                name: client.name,
                shortName: client.shortName,
                platformName: client.platformName,
                logo: client.logo,
                validTo: formatDate(client.validTo),
                validState: clientState,
                expire: clientState !== 'normal',
                daysLeft: client.validTo ? Math.max(0, Math.ceil((client.validTo.getTime() - now) / DAY_MS)) : null,
              }
            : null,
          project: project
            ? {
                projectId: project.projectId,
                projectName: project.name,
                city: project.city,
                address: project.address,
                longitude: project.longitude,
                latitude: project.latitude,
                mapType: project.mapType,
                timeZone: project.timeZone,
                ianaTimeZone: project.ianaTimeZone,
              }
            : null,
          counts: {
            projects,
            users,
            onlineSessions: sessions.filter((s) => clientId === null || s.clientId === clientId).length,
            customers: customers?.total ?? null,
            expiringSubscriptions: expiringTotal?.n ?? 0,
            recentLogins,
          },
          customers,
          expiring: expiringRows.map((r) => ({
            ...r,
            endTime: formatDate(r.endTime),
            daysLeft: Math.max(0, Math.ceil((r.endTime.getTime() - now) / DAY_MS)),
          })),
          expiringWithinDays: EXPIRING_WITHIN_DAYS,
          loginTrend: trend,
          figures: await collectFigures(deps, { clientId, projectId: project?.projectId ?? null }),
        });
      },
    );
  };
}
