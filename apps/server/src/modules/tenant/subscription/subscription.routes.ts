import { parseDateTime, subscriptionCreateBody, subscriptionRow, subscriptionUpdateBody } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateAuthz } from '../../../platform/auth/principal.ts';
import type { Deps } from '../../../platform/context.ts';
import { fail } from '../../../platform/errors.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { resourceRoutes } from '../../../platform/resource-routes.ts';
import { requirePlatform } from '../../../platform/scope.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { forgetClientState } from '../customer/client-state.ts';
import {
  deleteSubscriptions,
  exportSubscriptions,
  findSubscription,
  heldPackage,
  insertSubscription,
  listSubscriptions,
  liveCustomerId,
  SUBSCRIPTION_ORDER,
  SUBSCRIPTION_SORTABLE,
  SUBSCRIPTION_STATES,
  settleCustomer,
  subscriptionToChange,
  updateSubscription,
} from './subscription.repository.ts';
import { endOf, subscribablePackage } from './subscription.service.ts';

const listQuery = pageQuery.extend({
  clientId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  packageId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  state: z.enum([...SUBSCRIPTION_STATES, '']).optional(),
  /** running subscriptions that end within this many days */
  expiringDays: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(3650).optional()),
});

/** Customers' subscriptions: they set the customer's validity and grant its subsystems. */
export function subscriptionRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const now = () => deps.clock.now();

  /** After a change: validity follows the subscriptions, grants follow the running ones. */
  const settle = async (clientIds: number[], by: string) => {
    let changed = false;
    for (const clientId of new Set(clientIds)) {
      changed = (await settleCustomer(db, clientId, by, now())) || changed;
      await forgetClientState(deps, clientId);
    }
    if (changed) await invalidateAuthz(deps.cache);
  };

  return async (app) => {
    resourceRoutes(app, deps, {
      base: '/sysclient/subscription',
      perm: 'sysclient:subscription',
      tags: ['sysclient/subscription'],
      title: 'subscriptions',
      idName: 'subscriptionId',
      idsName: 'subscriptionIds',
      row: subscriptionRow,
      list: {
        query: listQuery,
        sortable: SUBSCRIPTION_SORTABLE,
        order: SUBSCRIPTION_ORDER,
        rows: (scope, q, page) => listSubscriptions(db, scope, now(), q, page),
      },
      get: (scope, id) => findSubscription(db, scope, now(), id),
      add: {
        body: subscriptionCreateBody,
        run: async (scope, body) => {
          requirePlatform(scope);
          const clientId = await liveCustomerId(db, body.clientId);
          const pkg = await subscribablePackage(db, body.packageId);
          if (pkg.status !== '0') throw fail('tenant.package.disabled', { name: pkg.packageName });
          const start = body.startTime ? parseDateTime(body.startTime)! : new Date(now());
          const end = endOf(pkg, start, body.endTime ? parseDateTime(body.endTime, true) : null);
          const subscriptionId = await insertSubscription(db, {
            clientId,
            packageId: pkg.packageId,
            startTime: start,
            endTime: end,
            price: pkg.subscriptionPrice,
            status: body.status ?? '0',
            remark: body.remark ?? '',
            createBy: scope.userName,
            createTime: new Date(now()),
          });
          await settle([clientId], scope.userName);
          return { subscriptionId, endTime: formatDate(end) };
        },
      },
      edit: {
        body: subscriptionUpdateBody,
        run: async (scope, body) => {
          const current = await subscriptionToChange(db, scope, body.subscriptionId);
          requirePlatform(scope);
          const samePackage = body.packageId === current.packageId;
          const pkg = samePackage
            ? await heldPackage(db, current.packageId)
            : await subscribablePackage(db, body.packageId);
          if (!samePackage && pkg.status !== '0') throw fail('tenant.package.disabled', { name: pkg.packageName });
          const start =
            body.startTime === undefined
              ? current.startTime
              : body.startTime === null
                ? new Date(now())
                : parseDateTime(body.startTime)!;
          const periodChanged = !samePackage || start.getTime() !== current.startTime.getTime();
          // a given end wins; a cleared one, or a new package or start, is computed again; otherwise it stays
          let end: Date;
          if (body.endTime) end = endOf(pkg, start, parseDateTime(body.endTime, true));
          else if (body.endTime === null || periodChanged) end = endOf(pkg, start, null);
          else end = endOf(pkg, start, current.endTime);
          await updateSubscription(db, current.subscriptionId, {
            packageId: pkg.packageId,
            startTime: start,
            endTime: end,
            price: samePackage ? undefined : pkg.subscriptionPrice,
            status: body.status,
            remark: body.remark,
            updateBy: scope.userName,
            updateTime: new Date(now()),
          });
          await settle([current.clientId], scope.userName);
        },
      },
      remove: async (scope, ids) => {
        const clientIds = await deleteSubscriptions(db, scope, ids, () => requirePlatform(scope));
        await settle(clientIds, scope.userName);
      },
      export: {
        sheet: ['客户订阅', 'subscriptions'],
        columns: [
          ['subscriptionId', '订阅编号', 'Id', 10],
          ['clientName', '客户名称', 'Customer', 26],
          ['packageName', '套餐', 'Package', 22],
          ['price', '价格（元）', 'Price (yuan)', 14],
          ['startTime', '开始时间', 'Start', 20],
          ['endTime', '结束时间', 'End', 20],
          [
            'state',
            '状态',
            'State',
            10,
            {
              fixed: {
                cancelled: ['已取消', 'Cancelled'],
                pending: ['未开始', 'Not started'],
                active: ['生效中', 'Active'],
                ended: ['已结束', 'Ended'],
              },
            },
          ],
        ],
        rows: (scope, q) => exportSubscriptions(db, scope, now(), q),
      },
    });
  };
}
