import {
  FEEDBACK_STATES,
  FEEDBACK_TYPES,
  feedbackHandleBody,
  feedbackRow,
  feedbackSubmitBody,
} from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/context.ts';
import { ok, table } from '../../platform/envelope.ts';
import { pageOf, pageQuery } from '../../platform/paging.ts';
import { resourceRoutes } from '../../platform/resource-routes.ts';
import { mobileRepository } from './mobile.repository.ts';

const listQuery = pageQuery.extend({
  userName: z.string().max(50).optional(),
  feedbackType: z.enum(FEEDBACK_TYPES).optional(),
  state: z.enum(FEEDBACK_STATES).optional(),
});

/** Feedback (app/feedback): crews report from the app; the office answers it or removes it. */
export function feedbackRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { feedback } = mobileRepository(deps.database);
  const now = () => deps.clock.now();
  const tags = ['app/feedback'];

  return async (app) => {
    resourceRoutes(app, deps, {
      base: '/app/feedback',
      perm: 'app:feedback',
      tags,
      title: 'feedback',
      idName: 'feedbackId',
      idsName: 'feedbackIds',
      row: feedbackRow,
      list: { query: listQuery, sortable: feedback.sortable, order: feedback.order, rows: feedback.list },
      get: feedback.find,
      remove: feedback.remove,
    });

    app.put(
      '/app/feedback/handle',
      {
        config: { perm: 'app:feedback:handle', operLog: { title: 'feedback', businessType: 2 } },
        schema: { tags, summary: 'Answer a feedback; it is then handled', body: feedbackHandleBody },
      },
      async (req) => {
        await feedback.handle(req.auth(), now(), req.body);
        return ok(req.lang);
      },
    );

    app.post(
      '/app/feedback/submit',
      {
        config: { operLog: { title: 'feedback', businessType: 1 } },
        schema: {
          tags,
          summary: 'A signed-in crew member reports a problem or a suggestion',
          body: feedbackSubmitBody,
        },
      },
      async (req) => ok(req.lang, await feedback.submit(req.auth(), now(), req.body)),
    );

    app.get(
      '/app/feedback/mine',
      { schema: { tags, summary: "The signed-in user's own feedback with the answers", querystring: pageQuery } },
      async (req) => {
        const { rows, total } = await feedback.mine(req.auth(), { ...pageOf(req.query), orderBy: [] });
        return table(req.lang, rows, total);
      },
    );
  };
}
