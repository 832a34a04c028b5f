import { ASSET_KINDS, assetCategoryBody, assetCategoryRow, tableOf } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { table } from '../../../platform/envelope.ts';
import { resourceRoutes } from '../../../platform/resource-routes.ts';
import { categoryRepository } from './category.repository.ts';

/** Asset categories: a small tree per customer, listed whole. */
export function categoryRoutes(deps: Deps): FastifyPluginAsyncZod {
  const repo = categoryRepository(deps.database.db);
  const now = () => deps.clock.now();
  const tags = ['gis/category'];

  return async (app) => {
    app.get(
      '/gis/category/list',
      {
        config: { perm: 'gis:category:list' },
        schema: {
          tags,
          summary: 'Every asset category of the customer, for the tree',
          querystring: z.object({
            name: z.string().trim().max(40).optional(),
            assetKind: z.enum(ASSET_KINDS).or(z.literal('')).optional(),
          }),
          response: { 200: tableOf(assetCategoryRow) },
        },
      },
      async (req) => {
        const rows = await repo.list(req.auth(), { ...req.query, assetKind: req.query.assetKind || undefined });
        return table(req.lang, rows, rows.length);
      },
    );

    resourceRoutes(app, deps, {
      base: '/gis/category',
      perm: 'gis:category',
      tags,
      title: 'asset categories',
      idName: 'categoryId',
      idsName: 'categoryIds',
      row: assetCategoryRow,
      get: repo.find,
      add: { body: assetCategoryBody, run: (scope, body) => repo.insert(scope, now(), body) },
      edit: { body: assetCategoryBody, run: (scope, body) => repo.update(scope, now(), body) },
      remove: repo.remove,
    });
  };
}
