import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { collectFigures } from '../../../platform/home-figures.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { validState } from '../customer/validity.ts';
import { scopedProject } from '../project/project.service.ts';
import { EXPIRING_WITHIN_DAYS, homeFigures } from './home.repository.ts';

const DAY_MS = 86_400_000;

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
        const clientId = ctx.clientId;
        const project = ctx.projectId ? await scopedProject(db, ctx, ctx.projectId) : null;
        const [figures, sessions] = await Promise.all([homeFigures(db, ctx, now), deps.sessions.list()]);
        const { projects, users, expiringRows, expiringTotal, recentLogins, trend, client, customers } = figures;

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
            expiringSubscriptions: expiringTotal,
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
