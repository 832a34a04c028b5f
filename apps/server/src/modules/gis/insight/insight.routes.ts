import { AGE_BUCKETS, dataOf, gisMap, gisStatistics, isMapType, MAP_TYPE_CRS } from '@luxgrid/contracts';
import type { MAP_TYPES } from '@luxgrid/contracts/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { answer } from '../../../platform/resource-routes.ts';
import { projectInScope } from '../../lighting/device/device.service.ts';
import { assetRepository } from '../asset/asset.repository.ts';
import { baseMapTiles } from '../basemap.ts';
import { roadRepository } from '../road/road.repository.ts';
import { assetStatistics, projectMapSettings } from './insight.repository.ts';

/** Beijing, the platform's default centre (spec §9). */
const DEFAULT_CENTRE: [number, number] = [115.97, 40.46];

/** The asset map (assets and roads over the project's base map) and the asset statistics. */
export function insightRoutes(deps: Deps): FastifyPluginAsyncZod {
  const assets = assetRepository(deps.database);
  const roads = roadRepository(deps.database);
  const project = z.object({ projectId: z.coerce.number().int().positive().optional() });

  return async (app) => {
    app.get(
      '/gis/map',
      {
        config: { perm: { any: ['gis:map:list', 'gis:road:list', 'gis:asset:list'] } },
        schema: {
          tags: ['gis/map'],
          summary: "The project's base map (map type, its coordinate system, tile URLs), its placed assets and roads",
          querystring: project,
          response: { 200: answer(dataOf(gisMap)) },
        },
      },
      async (req) => {
        const ctx = req.auth();
        const { projectId } = await projectInScope(deps, ctx, req.query.projectId ?? ctx.projectId);
        const [settings, placed, lines] = await Promise.all([
          projectMapSettings(deps.database, projectId),
          assets.placed(ctx, projectId),
          roads.lines(ctx, projectId),
        ]);
        const mapType: MAP_TYPES = isMapType(settings?.map_type) ? settings.map_type : 'gaode';
        const centre: [number, number] =
          settings && Number.isFinite(settings.longitude) && Number.isFinite(settings.latitude)
            ? [settings.longitude, settings.latitude]
            : DEFAULT_CENTRE;
        return ok(req.lang, {
          mapType,
          crs: MAP_TYPE_CRS[mapType],
          tiles: await baseMapTiles(deps, mapType),
          center: centre,
          assets: placed,
          roads: lines,
        });
      },
    );

    app.get(
      '/gis/statistics',
      {
        config: { perm: 'gis:statistics:list' },
        schema: {
          tags: ['gis/statistics'],
          summary: 'Assets by category, type and age, warranties ending within N days, roads by lighting class',
          querystring: project.extend({ days: z.coerce.number().int().min(1).max(3650).default(90) }),
          response: { 200: answer(dataOf(gisStatistics)) },
        },
      },
      async (req) => {
        const ctx = req.auth();
        const { projectId } = await projectInScope(deps, ctx, req.query.projectId ?? ctx.projectId);
        const today = new Date(deps.clock.now()).toISOString().slice(0, 10);
        const s = await assetStatistics(deps.database, ctx, projectId, today, req.query.days);
        const ages = new Map(s.byAge.map((a) => [a.bucket, a.count]));
        return ok(req.lang, {
          total: s.warranty.total,
          byCategory: s.byCategory,
          byKind: s.byKind,
          byAge: AGE_BUCKETS.map((bucket) => ({ bucket, count: ages.get(bucket) ?? 0 })),
          warranty: {
            days: req.query.days,
            expired: s.warranty.expired,
            expiring: s.warranty.expiring,
            list: s.expiring,
          },
          roads: s.roads,
        });
      },
    );
  };
}
