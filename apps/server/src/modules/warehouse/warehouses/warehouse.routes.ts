import { warehouseBody, warehouseRow } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { fail } from '../../../platform/errors.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { resourceRoutes } from '../../../platform/resource-routes.ts';
import { requireCustomer, type Scope } from '../../../platform/scope.ts';
import { projectInScope } from '../../lighting/device/device.service.ts';
import { warehouseRepository } from './warehouse.repository.ts';

const listQuery = pageQuery.extend({
  projectId: z.coerce.number().int().positive().optional(),
  name: z.string().max(64).optional(),
  status: z.enum(['0', '1']).optional(),
});

/** Warehouses (ops/warehouse): a customer's stores of spare parts, each for a project or for all. */
export function warehouseRoutes(deps: Deps): FastifyPluginAsyncZod {
  const repo = warehouseRepository(deps.database);
  const now = () => deps.clock.now();
  /** the customer a warehouse belongs to: its project's, else the caller's */
  const owner = async (scope: Scope, projectId: number | null | undefined) =>
    projectId ? (await projectInScope(deps, scope, projectId)).clientId : requireCustomer(scope);

  return async (app) => {
    resourceRoutes(app, deps, {
      base: '/ops/warehouse',
      perm: 'ops:warehouse',
      tags: ['ops/warehouse'],
      title: 'warehouses',
      idName: 'warehouseId',
      idsName: 'warehouseIds',
      row: warehouseRow,
      list: { query: listQuery, sortable: repo.sortable, order: repo.order, rows: repo.list },
      get: repo.find,
      add: {
        body: warehouseBody,
        run: async (scope, body) => repo.insert(scope, now(), await owner(scope, body.projectId), body),
      },
      edit: {
        body: warehouseBody,
        run: async (scope, body) => {
          if (!body.warehouseId) throw fail('valid.required', { field: 'warehouseId' });
          const projectClientId = body.projectId ? await owner(scope, body.projectId) : undefined;
          await repo.update(scope, now(), { ...body, warehouseId: body.warehouseId }, projectClientId);
        },
      },
      remove: repo.remove,
    });
  };
}
