import {
  addDays,
  compileVirtualDimming,
  dateRangeQuery,
  daysBetween,
  litMinutes,
  type StrategyBody,
  strategyBody,
  strategyRow,
  type VirtualDimmingBody,
  virtualDimmingBody,
  virtualDimmingRow,
} from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { resourceRoutes } from '../../../platform/resource-routes.ts';
import { PLAN_ORDER, STRATEGY_ORDER, strategyRepository } from './strategy.repository.ts';
import { previewStrategy, strategyWarnings } from './strategy.service.ts';
import type { ltStrategy, ltVirtualDimming } from './strategy.table.ts';
import { checkRange, projectPlace, sunAnswer, sunOf } from './sun.service.ts';

const listQuery = pageQuery.extend({
  projectId: z.coerce.number().int().positive().optional(),
  name: z.string().max(40).optional(),
  issueState: z.enum(['UN_PUSH', 'PUSHED']).optional(),
  status: z.enum(['0', '1']).optional(),
});
const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

function idOf(id: number | undefined, field: string): number {
  if (!id) throw fail('valid.required', { field });
  return id;
}

/** A stored row as the body it was saved from (jsonb columns hold the parsed payload). */
const asStrategy = (row: typeof ltStrategy.$inferSelect) => row as unknown as StrategyBody;
const asPlan = (row: typeof ltVirtualDimming.$inferSelect) => row as unknown as VirtualDimmingBody;

/** Strategies, virtual dimming plans, their previews, and the astronomical clock of a project. */
export function strategyRoutes(deps: Deps): FastifyPluginAsyncZod {
  const repo = strategyRepository(deps.database);
  const now = () => deps.clock.now();
  const tags = ['lighting/strategy'];

  return async (app) => {
    // every signed-in user's top bar shows the project's sunrise and sunset: no permission beyond the project's scope
    app.get(
      '/lighting/strategy/sun',
      {
        schema: {
          tags,
          summary: "Sunrise and sunset per local day at the project's coordinates, in its time zone (at most 366 days)",
          querystring: dateRangeQuery.extend({
            projectId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
          }),
        },
      },
      async (req) => {
        const place = await projectPlace(deps, req.auth(), req.query.projectId);
        return ok(req.lang, sunAnswer(sunOf(place, req.query.from, req.query.to)));
      },
    );

    app.post(
      '/lighting/strategy/check',
      {
        config: { perm: { any: ['lighting:strategy:add', 'lighting:strategy:edit'] } },
        schema: {
          tags,
          summary: 'Validates a strategy and answers its warnings, without saving it',
          body: strategyBody,
        },
      },
      async (req) => {
        const scope = req.auth();
        const place = await projectPlace(deps, scope, req.body.projectId);
        return ok(req.lang, { warnings: await strategyWarnings(deps, req.lang, place, req.body, req.body.strategyId) });
      },
    );

    resourceRoutes(app, deps, {
      base: '/lighting/strategy',
      perm: 'lighting:strategy',
      tags,
      title: 'strategies',
      idName: 'strategyId',
      idsName: 'strategyIds',
      row: strategyRow,
      list: {
        query: listQuery,
        sortable: repo.strategies.sortable,
        order: STRATEGY_ORDER,
        rows: repo.strategies.list,
      },
      get: async (scope, id) => {
        const row = await repo.strategies.find(scope, id);
        if (!row) return undefined;
        const place = await projectPlace(deps, scope, row.projectId);
        return { ...row, warnings: await strategyWarnings(deps, scope.lang, place, asStrategy(row), row.strategyId) };
      },
      add: {
        body: strategyBody,
        run: async (scope, body) => {
          const place = await projectPlace(deps, scope, body.projectId);
          const { strategyId } = await repo.strategies.insert(scope, now(), place, body);
          return { strategyId, warnings: await strategyWarnings(deps, scope.lang, place, body, strategyId) };
        },
      },
      edit: {
        body: strategyBody,
        run: async (scope, body) => {
          await repo.strategies.update(scope, now(), idOf(body.strategyId, 'strategyId'), body);
        },
      },
      remove: repo.strategies.remove,
      export: {
        sheet: ['策略', 'strategies'],
        columns: [
          ['strategyId', '策略编号', 'Strategy id', 10],
          ['name', '策略名称', 'Strategy name', 24],
          ['startDate', '开始日期', 'Start date', 12],
          ['endDate', '结束日期', 'End date', 12],
          ['priority', '优先级', 'Priority', 8],
          ['issueState', '下发状态', 'Issue state', 12, { dict: 'task_issue_state' }],
          ['status', '状态', 'Status', 10, { dict: 'sys_normal_disable' }],
          ['createTime', '创建时间', 'Created', 20],
        ],
        rows: repo.strategies.exportRows,
      },
    });

    app.post(
      '/lighting/strategy/:strategyId/copy',
      {
        config: { perm: 'lighting:strategy:copy', operLog: { title: 'strategies', businessType: 1 } },
        schema: {
          tags,
          summary: 'Copies a strategy under a new name, not issued',
          params: z.object({ strategyId: positiveId }),
        },
      },
      async (req) => ok(req.lang, await repo.strategies.copy(req.auth(), now(), req.params.strategyId)),
    );

    app.get(
      '/lighting/strategy/:strategyId/preview',
      {
        config: { perm: 'lighting:strategy:query' },
        schema: {
          tags,
          summary:
            'The switching steps the strategy produces on each day from..to (at most 366 days), with lit minutes',
          params: z.object({ strategyId: positiveId }),
          querystring: dateRangeQuery,
        },
      },
      async (req) => {
        const scope = req.auth();
        const row = await repo.strategies.find(scope, req.params.strategyId);
        if (!row) throw notFound();
        checkRange(req.query.from, req.query.to);
        const place = await projectPlace(deps, scope, row.projectId);
        // the day before sets the level the first night carries in
        const days = previewStrategy(place, asStrategy(row), addDays(req.query.from, -1), req.query.to);
        let carried = days[0]!.steps.at(-1)?.level ?? 0;
        const answer = days.slice(1).map((day) => {
          const lit = litMinutes(day.steps, carried);
          carried = lit.last;
          return { ...day, litMinutes: lit.minutes };
        });
        return ok(req.lang, answer);
      },
    );

    resourceRoutes(app, deps, {
      base: '/lighting/virtual-dimming',
      perm: 'lighting:virtualDimming',
      tags: ['lighting/virtual-dimming'],
      title: 'virtual dimming plans',
      idName: 'planId',
      idsName: 'planIds',
      row: virtualDimmingRow,
      list: {
        query: listQuery,
        sortable: repo.plans.sortable,
        order: PLAN_ORDER,
        rows: repo.plans.list,
      },
      get: repo.plans.find,
      add: {
        body: virtualDimmingBody,
        run: async (scope, body) =>
          repo.plans.insert(scope, now(), await projectPlace(deps, scope, body.projectId), body),
      },
      edit: {
        body: virtualDimmingBody,
        run: (scope, body) => repo.plans.update(scope, now(), idOf(body.planId, 'planId'), body),
      },
      remove: repo.plans.remove,
    });

    app.get(
      '/lighting/virtual-dimming/:planId/preview',
      {
        config: { perm: 'lighting:virtualDimming:query' },
        schema: {
          tags: ['lighting/virtual-dimming'],
          summary: 'The power caps in force on each day from..to (at most 366 days)',
          params: z.object({ planId: positiveId }),
          querystring: dateRangeQuery,
        },
      },
      async (req) => {
        const row = await repo.plans.find(req.auth(), req.params.planId);
        if (!row) throw notFound();
        checkRange(req.query.from, req.query.to);
        const dates = Array.from({ length: daysBetween(req.query.from, req.query.to) + 1 }, (_, i) =>
          addDays(req.query.from, i),
        );
        return ok(req.lang, compileVirtualDimming(asPlan(row), dates));
      },
    );
  };
}
