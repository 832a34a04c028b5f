import {
  message,
  type PackageCreateBody,
  packageCopyBody,
  packageCreateBody,
  packageUpdateBody,
} from '@luxgrid/contracts';
import { PACKAGE_MODES, PACKAGE_PERIODS } from '@luxgrid/contracts/enums';
import { and, count, desc, eq, gte, ilike, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateAuthz } from '../../../platform/auth/principal.ts';
import type { Deps } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { dateRange, orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { flagFilter, idParam, idsParam, parseIds, textFilter } from '../../../platform/params.ts';
import { requirePlatform } from '../../../platform/scope.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { forgetClientState } from '../customer/client-state.ts';
import { applyEntitlements } from '../customer/entitlements.ts';
import { runningAt } from '../subscription/subscription.service.ts';
import { sysClientSubscription } from '../subscription/subscription.table.ts';
import { sysSystem } from '../subsystem/subsystem.table.ts';
import { sysPackage, sysPackageSystem } from './package.table.ts';

const listQuery = pageQuery.extend({
  packageName: textFilter(40),
  mode: z.enum([...PACKAGE_MODES, '']).optional(),
  period: z.enum([...PACKAGE_PERIODS, '']).optional(),
  status: flagFilter(),
});
type ListQuery = z.infer<typeof listQuery>;

const SORTABLE = {
  packageId: sysPackage.packageId,
  packageName: sysPackage.packageName,
  subscriptionPrice: sysPackage.subscriptionPrice,
  createTime: sysPackage.createTime,
};

type PackageRow = typeof sysPackage.$inferSelect;

/** Subscription packages: price, mode, period and the subsystems they grant (platform users). */
export function packageRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  const filters = (q: ListQuery): SQL | undefined => {
    const { begin, end } = dateRange(q);
    return and(
      eq(sysPackage.delFlag, '0'),
      q.packageName ? ilike(sysPackage.packageName, `%${q.packageName}%`) : undefined,
      q.mode ? eq(sysPackage.mode, q.mode) : undefined,
      q.period ? eq(sysPackage.period, q.period) : undefined,
      q.status ? eq(sysPackage.status, q.status) : undefined,
      begin ? gte(sysPackage.createTime, begin) : undefined,
      end ? lte(sysPackage.createTime, end) : undefined,
    );
  };

  /** The page's packages with their subsystems and running subscriptions. */
  const views = async (rows: PackageRow[]) => {
    const ids = rows.map((r) => r.packageId);
    if (!ids.length) return [];
    const [systems, running] = await Promise.all([
      db
        .select({ packageId: sysPackageSystem.packageId, systemId: sysSystem.systemId, name: sysSystem.name })
        .from(sysPackageSystem)
        .innerJoin(sysSystem, eq(sysSystem.systemId, sysPackageSystem.systemId))
        .where(inArray(sysPackageSystem.packageId, ids))
        .orderBy(sysSystem.orderNum),
      db
        .select({ packageId: sysClientSubscription.packageId, n: count() })
        .from(sysClientSubscription)
        .where(and(inArray(sysClientSubscription.packageId, ids), runningAt(new Date(deps.clock.now()))))
        .groupBy(sysClientSubscription.packageId),
    ]);
    return rows.map(({ delFlag: _deleted, ...row }) => {
      const own = systems.filter((s) => s.packageId === row.packageId);
      return {
        ...row,
        subscriptionPrice: Number(row.subscriptionPrice),
        systemIds: own.map((s) => s.systemId),
        systemNames: own.map((s) => s.name),
        activeSubscriptions: running.find((r) => r.packageId === row.packageId)?.n ?? 0,
        createTime: formatDate(row.createTime),
        updateTime: formatDate(row.updateTime),
      };
    });
  };

  const findPackage = async (packageId: number) => {
    const [row] = await db
      .select()
      .from(sysPackage)
      .where(and(eq(sysPackage.packageId, packageId), eq(sysPackage.delFlag, '0')));
    if (!row) throw notFound();
    return row;
  };

  const ensureNameFree = async (name: string, selfId?: number) => {
    const [clash] = await db
      .select({ id: sysPackage.packageId })
      .from(sysPackage)
      .where(
        and(
          eq(sysPackage.packageName, name),
          eq(sysPackage.delFlag, '0'),
          selfId ? ne(sysPackage.packageId, selfId) : undefined,
        ),
      );
    if (clash) throw fail('tenant.package.nameExists', { name });
  };

  const knownSystems = async (ids: number[]) => {
    const rows = await db.select({ id: sysSystem.systemId }).from(sysSystem).where(inArray(sysSystem.systemId, ids));
    if (rows.length !== new Set(ids).size) throw notFound();
    return [...new Set(ids)];
  };

  const insertPackage = async (tx: Db, body: PackageCreateBody, by: string) => {
    const [row] = await tx
      .insert(sysPackage)
      .values({
        packageName: body.packageName,
        subscriptionPrice: body.subscriptionPrice.toFixed(2),
        mode: body.mode,
        period: body.period ?? null,
        periodCount: body.periodCount ?? 1,
        status: body.status,
        remark: body.remark ?? '',
        createBy: by,
        createTime: new Date(deps.clock.now()),
      })
      .returning({ id: sysPackage.packageId });
    await tx.insert(sysPackageSystem).values(body.systemIds.map((systemId) => ({ packageId: row!.id, systemId })));
    return row!.id;
  };

  /** Customers running a subscription on the package get its new subsystems at once. */
  const resyncSubscribers = async (packageId: number) => {
    const now = deps.clock.now();
    const clients = await db
      .selectDistinct({ id: sysClientSubscription.clientId })
      .from(sysClientSubscription)
      .where(and(eq(sysClientSubscription.packageId, packageId), eq(sysClientSubscription.status, '0')));
    let changed = false;
    for (const client of clients) {
      changed = (await db.transaction((tx) => applyEntitlements(tx, client.id, now))) || changed;
      await forgetClientState(deps, client.id);
    }
    if (changed) await invalidateAuthz(deps.cache);
  };

  return async (app) => {
    const tags = ['sysclient/package'];

    app.get(
      '/sysclient/package/list',
      { config: { perm: 'sysclient:package:list' }, schema: { tags, querystring: listQuery } },
      async (req) => {
        requirePlatform(req.auth());
        const where = filters(req.query);
        const { limit, offset } = pageOf(req.query);
        const [rows, total] = await Promise.all([
          db
            .select()
            .from(sysPackage)
            .where(where)
            .orderBy(...orderOf(req.query, SORTABLE, [desc(sysPackage.packageId)]))
            .limit(limit)
            .offset(offset),
          db.$count(sysPackage, where),
        ]);
        return table(req.lang, await views(rows), total);
      },
    );

    app.get(
      '/sysclient/package/:packageId',
      { config: { perm: 'sysclient:package:query' }, schema: { tags, params: idParam('packageId') } },
      async (req) => {
        requirePlatform(req.auth());
        const [view] = await views([await findPackage(req.params.packageId)]);
        return ok(req.lang, view);
      },
    );

    app.post(
      '/sysclient/package',
      {
        config: { perm: 'sysclient:package:add', operLog: { title: 'packages', businessType: 1 } },
        schema: { tags, body: packageCreateBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx);
        await ensureNameFree(req.body.packageName);
        const systemIds = await knownSystems(req.body.systemIds);
        const packageId = await db.transaction((tx) =>
          insertPackage(tx, { ...req.body, systemIds }, ctx.principal.userName),
        );
        return ok(req.lang, { packageId });
      },
    );

    app.post(
      '/sysclient/package/copy',
      {
        config: { perm: 'sysclient:package:copy', operLog: { title: 'packages', businessType: 1 } },
        schema: { tags, body: packageCopyBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx);
        const source = await findPackage(req.body.packageId);
        let name = req.body.packageName;
        if (name) await ensureNameFree(name);
        else {
          const base = message('tenant.package.copyName', req.lang, { name: source.packageName });
          for (let n = 1; !name; n++) {
            const candidate = (n === 1 ? base : `${base}${n}`).slice(0, 40);
            const [clash] = await db
              .select({ id: sysPackage.packageId })
              .from(sysPackage)
              .where(and(eq(sysPackage.packageName, candidate), eq(sysPackage.delFlag, '0')));
            if (!clash) name = candidate;
          }
        }
        const systems = await db
          .select({ id: sysPackageSystem.systemId })
          .from(sysPackageSystem)
          .where(eq(sysPackageSystem.packageId, source.packageId));
        const packageId = await db.transaction((tx) =>
          insertPackage(
            tx,
            {
              packageName: name,
              subscriptionPrice: Number(source.subscriptionPrice),
              mode: source.mode as PackageCreateBody['mode'],
              period: (source.period ?? undefined) as PackageCreateBody['period'],
              periodCount: source.periodCount,
              status: source.status as '0' | '1',
              systemIds: systems.map((s) => s.id),
              remark: source.remark,
            },
            ctx.principal.userName,
          ),
        );
        return ok(req.lang, { packageId, packageName: name });
      },
    );

    app.put(
      '/sysclient/package',
      {
        config: { perm: 'sysclient:package:edit', operLog: { title: 'packages', businessType: 2 } },
        schema: { tags, body: packageUpdateBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx);
        const current = await findPackage(req.body.packageId);
        if (req.body.packageName !== current.packageName) await ensureNameFree(req.body.packageName, current.packageId);
        const systemIds = await knownSystems(req.body.systemIds);
        await db.transaction(async (tx) => {
          await tx
            .update(sysPackage)
            .set({
              packageName: req.body.packageName,
              subscriptionPrice: req.body.subscriptionPrice.toFixed(2),
              mode: req.body.mode,
              period: req.body.period ?? null,
              periodCount: req.body.periodCount ?? current.periodCount,
              status: req.body.status,
              remark: req.body.remark,
              updateBy: ctx.principal.userName,
              updateTime: new Date(deps.clock.now()),
            })
            .where(eq(sysPackage.packageId, current.packageId));
          await tx.delete(sysPackageSystem).where(eq(sysPackageSystem.packageId, current.packageId));
          await tx
            .insert(sysPackageSystem)
            .values(systemIds.map((systemId) => ({ packageId: current.packageId, systemId })));
        });
        await resyncSubscribers(current.packageId);
        return ok(req.lang);
      },
    );

    app.delete(
      '/sysclient/package/:packageIds',
      {
        config: { perm: 'sysclient:package:remove', operLog: { title: 'packages', businessType: 3 } },
        schema: { tags, params: idsParam('packageIds') },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx);
        const ids = parseIds(req.params.packageIds);
        const rows = await db
          .select()
          .from(sysPackage)
          .where(and(inArray(sysPackage.packageId, ids), eq(sysPackage.delFlag, '0')));
        if (rows.length !== ids.length) throw notFound();
        // running or future subscriptions still need their package
        const [inUse] = await db
          .select({ packageId: sysClientSubscription.packageId })
          .from(sysClientSubscription)
          .where(
            and(
              inArray(sysClientSubscription.packageId, ids),
              eq(sysClientSubscription.status, '0'),
              gte(sysClientSubscription.endTime, new Date(deps.clock.now())),
            ),
          )
          .limit(1);
        if (inUse)
          throw fail('tenant.package.inUse', {
            name: rows.find((r) => r.packageId === inUse.packageId)?.packageName ?? '',
          });
        await db
          .update(sysPackage)
          .set({ delFlag: '2', updateBy: ctx.principal.userName, updateTime: new Date(deps.clock.now()) })
          .where(inArray(sysPackage.packageId, ids));
        return ok(req.lang);
      },
    );
  };
}
