import { idNumber, rule, SCHEDULE_ISSUE_STATES, type ScheduleKind } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { notFound } from '../../../platform/errors.ts';
import { issueRepository } from './issue.repository.ts';
import { issuePlan, lampCaps } from './issue.service.ts';
import { strategyRepository } from './strategy.repository.ts';

const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const issueBody = z.object({
  /** ALL: every controller of the targets; FAILED: those that did not take it; DRIFT: those holding another version */
  which: z.enum(['ALL', 'FAILED', 'DRIFT'], { error: rule('valid.enum') }).default('ALL'),
  /** or exactly these controllers (re-issue from the failure or drift list) */
  deviceIds: z
    .array(idNumber(), { error: rule('valid.type') })
    .max(10_000)
    .optional(),
});

const issueListQuery = z.object({
  state: z.enum(SCHEDULE_ISSUE_STATES, { error: rule('valid.enum') }).optional(),
  drift: z
    .enum(['true', 'false'], { error: rule('valid.enum') })
    .optional()
    .transform((v) => v === 'true'),
});

/**
 * Issuing strategies and virtual dimming plans to their controllers, each controller's copy
 * (UN_PUSH → PUSHED | FAILED, held version), the drift view, and the caps on a lamp.
 */
export function issueRoutes(deps: Deps): FastifyPluginAsyncZod {
  const issues = issueRepository(deps.database);
  const repo = strategyRepository(deps.database);

  const kinds: { kind: ScheduleKind; base: string; perm: string; idName: 'strategyId' | 'planId'; tag: string }[] = [
    {
      kind: 'STRATEGY',
      base: '/lighting/strategy',
      perm: 'lighting:strategy',
      idName: 'strategyId',
      tag: 'lighting/strategy',
    },
    {
      kind: 'DIMMING',
      base: '/lighting/virtual-dimming',
      perm: 'lighting:virtualDimming',
      idName: 'planId',
      tag: 'lighting/virtual-dimming',
    },
  ];

  return async (app) => {
    for (const { kind, base, perm, idName, tag } of kinds) {
      const params = z.object({ [idName]: positiveId }) as z.ZodObject<Record<string, typeof positiveId>>;
      const found = async (scope: Parameters<typeof repo.strategies.find>[0], id: number) => {
        const row = kind === 'STRATEGY' ? await repo.strategies.find(scope, id) : await repo.plans.find(scope, id);
        if (!row) throw notFound();
      };

      app.post(
        `${base}/:${idName}/issue`,
        {
          config: {
            perm: `${perm}:issue`,
            operLog: { title: kind === 'STRATEGY' ? 'strategies' : 'virtual dimming plans', businessType: 0 },
          },
          schema: {
            tags: [tag],
            summary:
              'Issues the schedule to every controller of the targets (or the failed, drifted or named ones), with a time sync; controllers that cannot hold one are run by the platform',
            params,
            body: issueBody,
          },
        },
        async (req) => {
          const id = req.params[idName]!;
          const which = req.body.deviceIds?.length ? req.body.deviceIds : req.body.which;
          return ok(req.lang, await issuePlan(deps, req.auth(), kind, id, which));
        },
      );

      app.get(
        `${base}/:${idName}/issues`,
        {
          config: { perm: `${perm}:query` },
          schema: {
            tags: [tag],
            summary: "Each controller's copy: issue state, reason, times, the version expected and the one it holds",
            params,
            querystring: issueListQuery,
          },
        },
        async (req) => {
          const scope = req.auth();
          const id = req.params[idName]!;
          await found(scope, id);
          return ok(req.lang, {
            counts: await issues.counts(kind, id),
            rows: await issues.list(scope, kind, id, req.query),
          });
        },
      );
    }

    app.get(
      '/lighting/strategy/drift',
      {
        config: { perm: { any: ['lighting:strategy:query', 'lighting:virtualDimming:query'] } },
        schema: {
          tags: ['lighting/strategy'],
          summary:
            'Controllers whose held schedule differs from the one the platform expects (strategies and virtual dimming plans)',
          querystring: z.object({ projectId: positiveId.optional() }),
        },
      },
      async (req) => ok(req.lang, await issues.drift(req.auth(), req.query.projectId)),
    );

    app.get(
      '/lighting/virtual-dimming/lamp/:deviceId',
      {
        config: { perm: 'lighting:device:query' },
        schema: {
          tags: ['lighting/virtual-dimming'],
          summary: 'The virtual dimming plans issued for a lamp: their bands and the power cap in force now',
          params: z.object({ deviceId: positiveId }),
        },
      },
      async (req) => {
        if (!(await issues.lampInScope(req.auth(), req.params.deviceId))) throw notFound();
        return ok(req.lang, await lampCaps(deps, req.params.deviceId, deps.clock.now()));
      },
    );
  };
}
