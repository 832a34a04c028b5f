import {
  crewPartBody,
  crewStepBody,
  dataOf,
  photoBody,
  positionBody,
  resolveBody,
  tableOf,
  workOrderDetail,
  workOrderRow,
} from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { notFound } from '../../../platform/errors.ts';
import { pageOf } from '../../../platform/paging.ts';
import { requireCustomer, type Scope } from '../../../platform/scope.ts';
import { findOrder, listOrders, orderDetail, savePosition } from '../work-order/work-order.repository.ts';
import { filterOf, orderBy, orderListQuery } from '../work-order/work-order.routes.ts';
import { acceptOrder, addPart, addPhoto, arriveOrder, resolveOrder } from '../work-order/work-order.service.ts';

const orderParams = z.object({ orderId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * The crew's own work orders (`ops/my-order`, also the mobile app's screen): those assigned to
 * them or to a team they belong to, open ones first by their resolve clock; accept, arrive,
 * photos, parts, resolve. Every step carries a client-generated `opId`: the phone's offline queue
 * may send it again and it is applied once.
 */
export function myOrderRoutes(deps: Deps): FastifyPluginAsyncZod {
  const db = deps.database;
  const tags = ['ops/my-order'];
  const now = () => deps.clock.now();
  const log = { title: 'my work orders', businessType: 2 };
  const edit = { perm: 'ops:myOrder:edit', operLog: log };

  return async (app) => {
    app.get(
      '/ops/my-order/list',
      {
        config: { perm: 'ops:myOrder:list' },
        schema: { tags, querystring: orderListQuery, response: { 200: tableOf(workOrderRow) } },
      },
      async (req) => {
        const scope = req.auth();
        const { rows, total } = await listOrders(
          db,
          { clientId: scope.clientId, projectId: null },
          filterOf(req.query),
          orderBy(req.query, "(o.state = 'CLOSED'), o.resolve_due"),
          pageOf(req.query),
          now(),
          scope.userId,
        );
        return table(req.lang, rows, total);
      },
    );

    app.get(
      '/ops/my-order/:orderId',
      {
        config: { perm: 'ops:myOrder:query' },
        schema: { tags, params: orderParams, response: { 200: dataOf(workOrderDetail) } },
      },
      async (req) => {
        const scope = req.auth();
        const order = await findOrder(db, scope, req.params.orderId, now(), scope.userId);
        if (!order) throw notFound();
        return ok(req.lang, { ...order, ...(await orderDetail(db, order.orderId)) });
      },
    );

    const crew = <B extends z.ZodType>(
      path: string,
      body: B,
      summary: string,
      run: (scope: Scope, orderId: number, b: z.infer<B>) => Promise<void>,
    ) =>
      app.post(
        `/ops/my-order/:orderId/${path}`,
        { config: edit, schema: { tags, summary, params: orderParams, body } },
        async (req) => {
          await run(req.auth(), req.params.orderId, req.body as z.infer<B>);
          return ok(req.lang);
        },
      );

    crew('accept', crewStepBody, 'Accepts an order dispatched to me or my team', (s, id, b) =>
      acceptOrder(deps, s, id, b),
    );
    crew('arrive', crewStepBody, 'Arrives on site (with the position)', (s, id, b) => arriveOrder(deps, s, id, b));
    crew('resolve', resolveBody, 'Resolves the order: resolution and parts used', (s, id, b) =>
      resolveOrder(deps, s, id, b),
    );
    crew('part', crewPartBody, 'Records a part used', (s, id, b) => addPart(deps, s, id, b));
    crew(
      'photo',
      photoBody,
      'Attaches a photo (uploaded through /common/upload) with its time and position',
      (s, id, b) => addPhoto(deps, s, id, b),
    );

    app.post(
      '/ops/my-order/position',
      {
        config: edit,
        schema: {
          tags,
          summary: "The crew app's position while an order is in progress (the dispatch map's last known positions)",
          body: positionBody.extend({ orderId: orderParams.shape.orderId.optional() }),
        },
      },
      async (req) => {
        const scope = req.auth();
        await savePosition(db, {
          userId: scope.userId,
          clientId: requireCustomer(scope),
          orderId: req.body.orderId ?? null,
          longitude: req.body.longitude,
          latitude: req.body.latitude,
          at: now(),
        });
        return ok(req.lang);
      },
    );
  };
}
