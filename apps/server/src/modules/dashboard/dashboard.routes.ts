import { dashboardSettingsBody } from '@luxgrid/contracts/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx, Deps } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { collectFigures, type FigureScope } from '../../platform/home-figures.ts';
import { scopeTimeZone } from '../../platform/scope.ts';
import { formatDate } from '../system/user/user-info.ts';
import { scopedProject } from '../tenant/project/project.service.ts';
import { energyTrend, latestAlarms, mapPoints } from './screen/dashboard.repository.ts';
import { loadSettings, portalCustomer, saveSettings } from './settings/dashboard-settings.repository.ts';

const VIEW = ['dashboard:overview:list', 'dashboard:lighting:list', 'dashboard:alarm:list'];

/**
 * The wall-screen dashboards (overview, lighting, alarm), their settings and the portal. The
 * figures are the home page's (`collectFigures`, the same providers and queries) for the
 * caller's customer and chosen project; the latest alarms, energy trend and small map are added.
 */
export function dashboardRoutes(deps: Deps): FastifyPluginAsyncZod {
  const db = deps.database;

  /** The home page's scope: the caller's customer (all for a platform user who chose none) and chosen project. */
  const scopeOf = async (ctx: Ctx): Promise<FigureScope & { projectName: string | null }> => {
    const project = ctx.projectId ? await scopedProject(db.db, ctx, ctx.projectId) : null;
    return { clientId: ctx.clientId, projectId: project?.projectId ?? null, projectName: project?.name ?? null };
  };

  return async (app) => {
    app.get(
      '/dashboard/data',
      {
        config: { perm: { any: VIEW } },
        schema: { tags: ['dashboard'], summary: 'Figures, latest alarms, energy trend and map of the dashboards' },
      },
      async (req) => {
        const ctx = req.auth();
        const { projectName, ...scope } = await scopeOf(ctx);
        const now = deps.clock.now();
        const zone = await scopeTimeZone(db, scope);
        const [settings, figures, alarms, energy, map] = await Promise.all([
          loadSettings(db, ctx.clientId),
          collectFigures(deps, scope),
          latestAlarms(db, scope),
          energyTrend(db, scope, zone, now),
          mapPoints(db, scope),
        ]);
        return ok(req.lang, {
          scope: { ...scope, projectName },
          generatedAt: formatDate(new Date(now)),
          settings: { ...settings, updateTime: formatDate(settings.updateTime) },
          figures,
          latestAlarms: alarms,
          energy,
          map,
        });
      },
    );

    app.get(
      '/dashboard/config',
      {
        config: {
          perm: { any: [...VIEW, 'dashboard:portal:list', 'dashboard:config:list', 'dashboard:config:query'] },
        },
        schema: { tags: ['dashboard'], summary: "The customer's dashboard settings (defaults until saved)" },
      },
      async (req) => {
        const settings = await loadSettings(db, req.auth().clientId);
        return ok(req.lang, { ...settings, updateTime: formatDate(settings.updateTime) });
      },
    );

    app.put(
      '/dashboard/config',
      {
        config: { perm: 'dashboard:config:edit', operLog: { title: 'dashboard settings', businessType: 2 } },
        schema: { tags: ['dashboard'], body: dashboardSettingsBody },
      },
      async (req) => {
        const ctx = req.auth();
        await saveSettings(db, ctx.clientId, req.body, ctx.userName, deps.clock.now());
        return ok(req.lang);
      },
    );

    app.get(
      '/dashboard/portal',
      {
        config: { perm: 'dashboard:portal:list' },
        schema: { tags: ['dashboard'], summary: "The portal's customer: name, logo and dashboard title" },
      },
      async (req) => {
        const ctx = req.auth();
        const settings = await loadSettings(db, ctx.clientId);
        const client = ctx.clientId === null ? undefined : await portalCustomer(db, ctx.clientId);
        return ok(req.lang, {
          clientId: ctx.clientId,
          name: client?.name ?? null,
          shortName: client?.short_name ?? null,
          platformName: client?.platform_name ?? null,
          logo: settings.logo || client?.logo || '',
          title: settings.title,
        });
      },
    );
  };
}
