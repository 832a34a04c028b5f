import { deptAddBody, deptEditBody, deptSortBody, sortPairs } from '@luxgrid/contracts';
import { and, asc, eq, ilike, not, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { orderOf } from '../../../platform/paging.ts';
import { containing, flagFilter, idParam, optionalFilter } from '../../../platform/params.ts';
import {
  createDept,
  deleteDept,
  deptView,
  deptVisible,
  findVisibleDept,
  inSubtree,
  sortDepts,
  updateDept,
} from './dept.service.ts';
import { sysDept } from './dept.table.ts';

const listQuery = z.object({
  deptName: optionalFilter(30),
  deptCode: optionalFilter(30),
  status: flagFilter(),
  orderByColumn: z.string().max(64).optional(),
  isAsc: z.enum(['asc', 'desc', 'ascending', 'descending']).optional(),
});

/** Siblings are ordered by the chosen column; the tree itself always groups by parent. */
const SORTABLE = {
  orderNum: sysDept.orderNum,
  deptName: sysDept.deptName,
  deptId: sysDept.deptId,
  createTime: sysDept.createTime,
};

/** Departments: a tree (flat rows with parentId and ancestors) per customer, under the callers' data scopes. */
export function deptRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const list = (ctx: Ctx, q: z.infer<typeof listQuery>, extra?: SQL) =>
    db
      .select()
      .from(sysDept)
      .where(
        and(
          deptVisible(ctx),
          q.deptName ? ilike(sysDept.deptName, containing(q.deptName)) : undefined,
          q.deptCode ? ilike(sysDept.deptCode, containing(q.deptCode)) : undefined,
          q.status ? eq(sysDept.status, q.status) : undefined,
          extra,
        ),
      )
      .orderBy(asc(sysDept.parentId), ...orderOf(q, SORTABLE, [asc(sysDept.orderNum), asc(sysDept.deptId)]))
      .limit(10_000);

  return async (app) => {
    const tags = ['system/dept'];
    app.get(
      '/system/dept/list',
      { config: { perm: 'system:dept:list' }, schema: { tags, querystring: listQuery } },
      async (req) => ok(req.lang, (await list(req.auth(), req.query)).map(deptView)),
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
      async (req) => ok(req.lang, (await list(req.auth(), {}, not(inSubtree(req.params.deptId)))).map(deptView)),
    );

    app.get(
      '/system/dept/:deptId',
      { config: { perm: 'system:dept:query' }, schema: { tags, params: idParam('deptId') } },
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
