import { dataOf, deptAddBody, deptEditBody, deptRow, deptSortBody, sortPairs } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { flagFilter, idParam, optionalFilter } from '../../../platform/params.ts';
import { answer } from '../../../platform/resource-routes.ts';
import { listDepts } from './dept.repository.ts';
import { createDept, deleteDept, deptView, findVisibleDept, sortDepts, updateDept } from './dept.service.ts';

const listQuery = z.object({
  deptName: optionalFilter(30),
  deptCode: optionalFilter(30),
  status: flagFilter(),
  orderByColumn: z.string().max(64).optional(),
  isAsc: z.enum(['asc', 'desc', 'ascending', 'descending']).optional(),
});

/** Departments: a tree (flat rows with parentId and ancestors) per customer, under the callers' data scopes. */
export function deptRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  return async (app) => {
    const tags = ['system/dept'];
    app.get(
      '/system/dept/list',
      {
        config: { perm: 'system:dept:list' },
        schema: { tags, querystring: listQuery, response: { 200: answer(dataOf(z.array(deptRow))) } },
      },
      async (req) => ok(req.lang, (await listDepts(db, req.auth(), req.query)).map(deptView)),
    );

    app.get(
      '/system/dept/list/exclude/:deptId',
      {
        config: { perm: 'system:dept:list' },
        schema: {
          tags,
          summary: 'Parent choices: every department but this one and those below it',
          params: idParam('deptId'),
        },
      },
      async (req) => ok(req.lang, (await listDepts(db, req.auth(), {}, req.params.deptId)).map(deptView)),
    );

    app.get(
      '/system/dept/:deptId',
      {
        config: { perm: 'system:dept:query' },
        schema: { tags, params: idParam('deptId'), response: { 200: answer(dataOf(deptRow)) } },
      },
      async (req) => ok(req.lang, deptView(await findVisibleDept(db, req.auth(), req.params.deptId))),
    );

    app.post(
      '/system/dept',
      {
        config: { perm: 'system:dept:add', operLog: { title: 'departments', businessType: 1 } },
        schema: { tags, body: deptAddBody },
      },
      async (req) => ok(req.lang, { deptId: await createDept(deps, req.auth(), req.body) }),
    );

    app.put(
      '/system/dept',
      {
        config: { perm: 'system:dept:edit', operLog: { title: 'departments', businessType: 2 } },
        schema: { tags, body: deptEditBody },
      },
      async (req) => {
        await updateDept(deps, req.auth(), req.body);
        return ok(req.lang);
      },
    );

    app.put(
      '/system/dept/updateSort',
      {
        config: { perm: 'system:dept:edit', operLog: { title: 'departments', businessType: 2 } },
        schema: { tags, summary: 'Save the display order of departments after dragging them', body: deptSortBody },
      },
      async (req) => {
        await sortDepts(deps, req.auth(), sortPairs(req.body.deptIds, req.body.orderNums));
        return ok(req.lang);
      },
    );

    app.delete(
      '/system/dept/:deptId',
      {
        config: { perm: 'system:dept:remove', operLog: { title: 'departments', businessType: 3 } },
        schema: { tags, params: idParam('deptId') },
      },
      async (req) => {
        await deleteDept(deps, req.auth(), req.params.deptId);
        return ok(req.lang);
      },
    );
  };
}
