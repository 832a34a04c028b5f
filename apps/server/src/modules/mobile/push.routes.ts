import { PUSH_STATES, pushBody, pushRow } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/context.ts';
import { ok, table } from '../../platform/envelope.ts';
import { fail } from '../../platform/errors.ts';
import { pageOf, pageQuery } from '../../platform/paging.ts';
import { parseIdList, resourceRoutes } from '../../platform/resource-routes.ts';
import { requireCustomer, type Scope } from '../../platform/scope.ts';
import { mobileRepository } from './mobile.repository.ts';

const listQuery = pageQuery.extend({
  title: z.string().max(60).optional(),
  state: z.enum(PUSH_STATES).optional(),
});
const idsParam = z.object({
  pushIds: z
    .string()
    .max(8000)
    .regex(/^\d{1,15}(,\d{1,15})*$/),
});

/**
 * Push messages (app/push): written as drafts, sent once to everyone, chosen users or chosen
 * departments (teams); each recipient's open screens get it over /ws at once, and it waits in
 * their inbox (`/app/push/mine`) with its read state.
 */
export function pushRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { pushes } = mobileRepository(deps.database);
  const now = () => deps.clock.now();
  const tags = ['app/push'];
  const send = async (scope: Scope, pushId: number) => {
    const { push, userIds } = await pushes.send(scope, now(), pushId);
    await deps.ws.publish(
      { clientId: push.clientId, projectId: null, userIds },
      {
        type: 'app.push',
        clientId: push.clientId,
        projectId: null,
        pushId: push.pushId,
        title: push.title,
        content: push.content,
        sender: scope.userName,
        ts: now(),
      },
    );
    return userIds.length;
  };

  return async (app) => {
    resourceRoutes(app, deps, {
      base: '/app/push',
      perm: 'app:push',
      tags,
      title: 'push messages',
      idName: 'pushId',
      idsName: 'pushIds',
      row: pushRow,
      list: { query: listQuery, sortable: pushes.sortable, order: pushes.order, rows: pushes.list },
      get: pushes.find,
      add: {
        body: pushBody,
        run: async (scope, body) => {
          const row = await pushes.insert(scope, now(), requireCustomer(scope), body);
          const recipients = body.send ? await send(scope, row.pushId) : 0;
          return { pushId: row.pushId, recipients };
        },
      },
      edit: {
        body: pushBody,
        run: async (scope, body) => {
          if (!body.pushId) throw fail('valid.required', { field: 'pushId' });
          await pushes.update(scope, now(), body.pushId, body);
          if (body.send) await send(scope, body.pushId);
        },
      },
      remove: pushes.remove,
    });

    app.put(
      '/app/push/send/:pushId',
      {
        config: { perm: 'app:push:edit', operLog: { title: 'push messages', businessType: 0 } },
        schema: {
          tags,
          summary: 'Send a draft to its recipients',
          params: z.object({ pushId: z.coerce.number().int().positive() }),
        },
      },
      async (req) => ok(req.lang, { recipients: await send(req.auth(), req.params.pushId) }),
    );

    app.get(
      '/app/push/recipients',
      {
        config: { perm: { any: ['app:push:add', 'app:push:edit', 'app:terminal:add', 'app:terminal:edit'] } },
        schema: { tags, summary: "The customer's users and departments a message may be sent to" },
      },
      async (req) => ok(req.lang, await pushes.recipients(requireCustomer(req.auth()))),
    );

    app.get(
      '/app/push/mine',
      {
        schema: {
          tags,
          summary: "The signed-in user's messages, newest first, with the unread count",
          querystring: pageQuery,
        },
      },
      async (req) => {
        const { rows, total, unread } = await pushes.inbox(req.auth(), { ...pageOf(req.query), orderBy: [] });
        return { ...table(req.lang, rows, total), unread };
      },
    );

    app.put(
      '/app/push/mine/read/:pushIds',
      {
        config: { operLog: { title: 'push messages', businessType: 0 } },
        schema: { tags, summary: 'Mark messages of the signed-in user read', params: idsParam },
      },
      async (req) => {
        await pushes.markRead(req.auth(), now(), parseIdList(req.params.pushIds));
        return ok(req.lang);
      },
    );
  };
}
