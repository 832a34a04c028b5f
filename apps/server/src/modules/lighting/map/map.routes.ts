import { MAP_TYPES } from '@luxgrid/contracts/enums';
import { mapSummaryAnswer, mapViewportAnswer, mapViewportQuery } from '@luxgrid/contracts/map';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { answer } from '../../../platform/resource-routes.ts';
import { baseMapTiles } from '../../gis/basemap.ts';
import { projectInScope } from '../device/device.service.ts';
import { projectMap } from './map.repository.ts';
import { mapLegend, mapViewport } from './map-rollup.ts';

/** The map screen's and the monitor map's readers. */
const perm = { any: ['mapScreen:screen:list', 'lighting:monitorMap:list'] };

/** The map: the devices of a viewport (cells at low zoom) and the legend's figures. */
export function mapRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['lighting/map'];

    app.get(
      '/lighting/map/viewport',
      {
        config: { perm },
        schema: {
          tags,
          summary:
            "The devices of a viewport as columns, or aggregated cells below the point zoom (a large city's from its kept summary)",
          querystring: mapViewportQuery,
          response: { 200: answer(mapViewportAnswer) },
        },
      },
      async (req) => {
        const ctx = req.auth();
        const project = await projectInScope(deps, ctx, req.query.projectId ?? ctx.projectId);
        return ok(req.lang, await mapViewport(deps.database, ctx, project.projectId, req.query, deps.clock.now()));
      },
    );

    app.get(
      '/lighting/map/summary',
      {
        config: { perm },
        schema: {
          tags,
          summary: 'Every lamp of the project by map state, the placed devices, the map type and centre',
          querystring: z.object({ projectId: z.coerce.number().int().positive().optional() }),
          response: { 200: answer(mapSummaryAnswer) },
        },
      },
      async (req) => {
        const ctx = req.auth();
        const project = await projectInScope(deps, ctx, req.query.projectId ?? ctx.projectId);
        const [summary, settings] = await Promise.all([
          mapLegend(deps.database, ctx, project.projectId, deps.clock.now()),
          projectMap(deps.database, project.projectId),
        ]);
        const mapType = (MAP_TYPES as readonly string[]).includes(settings?.map_type ?? '')
          ? (settings!.map_type as (typeof MAP_TYPES)[number])
          : 'gaode';
        return ok(req.lang, {
          ...summary,
          mapType,
          tiles: await baseMapTiles(deps, mapType),
          center: [settings!.longitude, settings!.latitude] as [number, number],
        });
      },
    );
  };
}
