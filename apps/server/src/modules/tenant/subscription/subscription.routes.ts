import { parseDateTime, subscriptionCreateBody, subscriptionUpdateBody } from '@luxgrid/contracts';
import { and, count, desc, eq, gt, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateAuthz } from '../../../platform/auth/principal.ts';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { idParam, idsParam, parseIds } from '../../../platform/params.ts';
import { customerWhere, requirePlatform } from '../../../platform/scope.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { forgetClientState } from '../customer/client-state.ts';
import { sysClient } from '../customer/customer.table.ts';
import { applyEntitlements } from '../customer/entitlements.ts';
import { sysPackage } from '../package/package.table.ts';
import {
  endOf,
  followSubscriptions,
  type SubscriptionState,
  subscribablePackage,
  subscriptionState,
} from './subscription.service.ts';
import { sysClientSubscription } from './subscription.table.ts';

const STATES = ['cancelled', 'pending', 'active', 'ended'] as const satisfies readonly SubscriptionState[];

const listQuery = pageQuery.extend({
  clientId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  packageId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  state: z.enum([...STATES, '']).optional(),
  /** running subscriptions that end within this many days */
  expiringDays: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(3650).optional()),
});
type ListQuery = z.infer<typeof listQuery>;

const SORTABLE = {
  subscriptionId: sysClientSubscription.subscriptionId,
  clientId: sysClientSubscription.clientId,
  startTime: sysClientSubscription.startTime,
  endTime: sysClientSubscription.endTime,
  createTime: sysClientSubscription.createTime,
};

const DAY_MS = 86_400_000;

/** Customers' subscriptions: they set the customer's validity and grant its subsystems. */
export function subscriptionRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  const filters = (ctx: Ctx, q: ListQuery): SQL | undefined => {
    const now = new Date(deps.clock.now());
    const s = sysClientSubscription;
    const byState: Record<(typeof STATES)[number], SQL | undefined> = {
      cancelled: eq(s.status, '1'),
      pending: and(eq(s.status, '0'), gt(s.startTime, now)),
      active: and(eq(s.status, '0'), lte(s.startTime, now), gte(s.endTime, now)),
      ended: and(eq(s.status, '0'), lt(s.endTime, now)),
    };
    return and(
      customerWhere(ctx, s.clientId),
      eq(sysClient.delFlag, '0'),
      q.clientId ? eq(s.clientId, q.clientId) : undefined,
      q.packageId ? eq(s.packageId, q.packageId) : undefined,
      q.state ? byState[q.state] : undefined,
      q.expiringDays !== undefined
        ? and(byState.active, lte(s.endTime, new Date(now.getTime() + q.expiringDays * DAY_MS)))
        : undefined,
    );
  };

  const select = () =>
    db
      .select({ subscription: sysClientSubscription, clientName: sysClient.name, packageName: sysPackage.packageName })
      .from(sysClientSubscription)
      .innerJoin(sysClient, eq(sysClient.clientId, sysClientSubscription.clientId))
      .innerJoin(sysPackage, eq(sysPackage.packageId, sysClientSubscription.packageId));

  const view = (r: {
    subscription: typeof sysClientSubscription.$inferSelect;
    clientName: string;
    packageName: string;
  }) => {
    const now = deps.clock.now();
    const s = r.subscription;
    return {
      ...s,
      clientName: r.clientName,
      packageName: r.packageName,
      price: Number(s.price),
      startTime: formatDate(s.startTime),
      endTime: formatDate(s.endTime),
      state: subscriptionState(s, now),
      daysLeft: Math.max(0, Math.ceil((s.endTime.getTime() - now) / DAY_MS)),
      createTime: formatDate(s.createTime),
      updateTime: formatDate(s.updateTime),
    };
  };

  const scoped = async (ctx: Ctx, subscriptionId: number) => {
    const [row] = await select().where(
      and(eq(sysClientSubscription.subscriptionId, subscriptionId), customerWhere(ctx, sysClientSubscription.clientId)),
    );
    if (!row) throw notFound();
    return row;
  };

  /** After a change: validity follows the subscriptions, grants follow the running ones. */
  const settle = async (clientIds: number[], by: string) => {
    const now = deps.clock.now();
    let changed = false;
    for (const clientId of new Set(clientIds)) {
      changed =
        (await db.transaction(async (tx) => {
          await followSubscriptions(tx, clientId, by, now);
          return applyEntitlements(tx, clientId, now);
        })) || changed;
      await forgetClientState(deps, clientId);
    }
    if (changed) await invalidateAuthz(deps.cache);
  };

  return async (app) => {
    const tags = ['sysclient/subscription'];

    app.get(
      '/sysclient/subscription/list',
      { config: { perm: 'sysclient:subscription:list' }, schema: { tags, querystring: listQuery } },
      async (req) => {
        const where = filters(req.auth(), req.query);
        const { limit, offset } = pageOf(req.query);
        const [rows, [total]] = await Promise.all([
          select()
            .where(where)
            .orderBy(...orderOf(req.query, SORTABLE, [desc(sysClientSubscription.subscriptionId)]))
            .limit(limit)
            .offset(offset),
          db
            .select({ n: count() })
            .from(sysClientSubscription)
            .innerJoin(sysClient, eq(sysClient.clientId, sysClientSubscription.clientId))
            .where(where),
        ]);
        return table(req.lang, rows.map(view), total?.n ?? 0);
      },
    );

    app.post(
      '/sysclient/subscription/export',
      {
        config: { perm: 'sysclient:subscription:export', operLog: { title: 'subscriptions', businessType: 5 } },
        schema: { tags, body: listQuery.partial().optional() },
      },
      async (req, reply) => {
        const q = listQuery.parse(req.body ?? {});
        const rows = await select()
          .where(filters(req.auth(), q))
          .orderBy(sysClientSubscription.subscriptionId)
          .limit(100_000);
        const en = req.lang === 'en-US';
        const stateLabel: Record<SubscriptionState, [string, string]> = {
          cancelled: ['已取消', 'Cancelled'],
          pending: ['未开始', 'Not started'],
          active: ['生效中', 'Active'],
          ended: ['已结束', 'Ended'],
        };
        return sendWorkbook(
          reply,
          en ? 'subscriptions' : '客户订阅',
          [
            { header: en ? 'Id' : '订阅编号', key: 'subscriptionId', width: 10 },
            { header: en ? 'Customer' : '客户名称', key: 'clientName', width: 26 },
            { header: en ? 'Package' : '套餐', key: 'packageName', width: 22 },
            { header: en ? 'Price (yuan)' : '价格（元）', key: 'price', width: 14 },
            { header: en ? 'Start' : '开始时间', key: 'startTime', width: 20 },
            { header: en ? 'End' : '结束时间', key: 'endTime', width: 20 },
            { header: en ? 'State' : '状态', key: 'stateLabel', width: 10 },
          ],
          rows.map((r) => {
            const v = view(r);
            return { ...v, stateLabel: stateLabel[v.state][en ? 1 : 0] };
          }),
        );
      },
    );

    app.get(
      '/sysclient/subscription/:subscriptionId',
      { config: { perm: 'sysclient:subscription:query' }, schema: { tags, params: idParam('subscriptionId') } },
      async (req) => ok(req.lang, view(await scoped(req.auth(), req.params.subscriptionId))),
    );

    app.post(
      '/sysclient/subscription',
      {
        config: { perm: 'sysclient:subscription:add', operLog: { title: 'subscriptions', businessType: 1 } },
        schema: { tags, body: subscriptionCreateBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx);
        const [client] = await db
          .select({ id: sysClient.clientId })
          .from(sysClient)
          .where(and(eq(sysClient.clientId, req.body.clientId), eq(sysClient.delFlag, '0')));
        if (!client) throw notFound();
        const pkg = await subscribablePackage(db, req.body.packageId);
        if (pkg.status !== '0') throw fail('tenant.package.disabled', { name: pkg.packageName });
        const start = req.body.startTime ? parseDateTime(req.body.startTime)! : new Date(deps.clock.now());
        const end = endOf(pkg, start, req.body.endTime ? parseDateTime(req.body.endTime, true) : null);
        const [row] = await db
          .insert(sysClientSubscription)
          .values({
            clientId: client.id,
            packageId: pkg.packageId,
            startTime: start,
            endTime: end,
            price: pkg.subscriptionPrice,
            status: req.body.status ?? '0',
            remark: req.body.remark ?? '',
            createBy: ctx.principal.userName,
            createTime: new Date(deps.clock.now()),
          })
          .returning({ id: sysClientSubscription.subscriptionId });
        await settle([client.id], ctx.principal.userName);
        return ok(req.lang, { subscriptionId: row!.id, endTime: formatDate(end) });
      },
    );

    app.put(
      '/sysclient/subscription',
      {
        config: { perm: 'sysclient:subscription:edit', operLog: { title: 'subscriptions', businessType: 2 } },
        schema: { tags, body: subscriptionUpdateBody },
      },
      async (req) => {
        const ctx = req.auth();
        const current = (await scoped(ctx, req.body.subscriptionId)).subscription;
        requirePlatform(ctx);
        const pkg =
          req.body.packageId === current.packageId
            ? await db
                .select()
                .from(sysPackage)
                .where(eq(sysPackage.packageId, current.packageId))
                .then((r) => r[0]!)
            : await subscribablePackage(db, req.body.packageId);
        if (req.body.packageId !== current.packageId && pkg.status !== '0')
          throw fail('tenant.package.disabled', { name: pkg.packageName });
        const start =
          req.body.startTime === undefined
            ? current.startTime
            : req.body.startTime === null
              ? new Date(deps.clock.now())
              : parseDateTime(req.body.startTime)!;
        const periodChanged =
          req.body.packageId !== current.packageId || start.getTime() !== current.startTime.getTime();
        // a given end wins; a cleared one, or a new package or start, is computed again; otherwise it stays
        let end: Date;
        if (req.body.endTime) end = endOf(pkg, start, parseDateTime(req.body.endTime, true));
        else if (req.body.endTime === null || periodChanged) end = endOf(pkg, start, null);
        else end = endOf(pkg, start, current.endTime);
        await db
          .update(sysClientSubscription)
          .set({
            packageId: pkg.packageId,
            startTime: start,
            endTime: end,
            price: req.body.packageId === current.packageId ? undefined : pkg.subscriptionPrice,
            status: req.body.status,
            remark: req.body.remark,
            updateBy: ctx.principal.userName,
            updateTime: new Date(deps.clock.now()),
          })
          .where(eq(sysClientSubscription.subscriptionId, current.subscriptionId));
        await settle([current.clientId], ctx.principal.userName);
        return ok(req.lang);
      },
    );

    app.delete(
      '/sysclient/subscription/:subscriptionIds',
      {
        config: { perm: 'sysclient:subscription:remove', operLog: { title: 'subscriptions', businessType: 3 } },
        schema: { tags, params: idsParam('subscriptionIds') },
      },
      async (req) => {
        const ctx = req.auth();
        const ids = parseIds(req.params.subscriptionIds);
        const rows = await db
          .select({ id: sysClientSubscription.subscriptionId, clientId: sysClientSubscription.clientId })
          .from(sysClientSubscription)
          .where(
            and(inArray(sysClientSubscription.subscriptionId, ids), customerWhere(ctx, sysClientSubscription.clientId)),
          );
        if (rows.length !== ids.length) throw notFound();
        requirePlatform(ctx);
        await db.delete(sysClientSubscription).where(inArray(sysClientSubscription.subscriptionId, ids));
        await settle(
          rows.map((r) => r.clientId),
          ctx.principal.userName,
        );
        return ok(req.lang);
      },
    );
  };
}
