import {
  BUILTIN_SYSTEM_ENCODES,
  type Lang,
  SYSTEM_ID_LIST,
  subsystemCreateBody,
  subsystemUpdateBody,
  systemIdNumber,
} from '@luxgrid/contracts';
import { and, asc, eq, ilike, inArray, max, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateAuthz } from '../../../platform/auth/principal.ts';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { localized } from '../../../platform/i18n.ts';
import { orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { flagFilter, parseIds, textFilter } from '../../../platform/params.ts';
import { requirePlatform } from '../../../platform/scope.ts';
import { sysMenu } from '../../system/menu/menu.table.ts';
import { systemsWithScreens } from '../../system/menu/routers.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { sysClientSystem } from '../customer/customer.table.ts';
import { sysPackageSystem } from '../package/package.table.ts';
import { sysSystem } from './subsystem.table.ts';

const listQuery = pageQuery.extend({
  encode: textFilter(40),
  name: textFilter(50),
  status: flagFilter(),
});
type ListQuery = z.infer<typeof listQuery>;

const SORTABLE = {
  systemId: sysSystem.systemId,
  encode: sysSystem.encode,
  name: sysSystem.name,
  orderNum: sysSystem.orderNum,
  status: sysSystem.status,
};

type SystemRow = typeof sysSystem.$inferSelect;

const isBuiltin = (encode: string) => (BUILTIN_SYSTEM_ENCODES as readonly string[]).includes(encode);

/**
 * A system is available when it is linked (served elsewhere) or when at least one of its menus
 * opens a screen that is built; the others stay listed and grantable, "not available yet".
 */
function systemView(row: SystemRow, lang: Lang, withScreens: ReadonlySet<number>) {
  return {
    id: row.systemId,
    systemId: row.systemId,
    encode: row.encode,
    name: localized(lang, row.name, row.nameEn),
    nameZh: row.name,
    nameEn: row.nameEn,
    url: row.url,
    icon: row.icon,
    orderNum: row.orderNum,
    status: row.status,
    builtin: isBuiltin(row.encode),
    available: !!row.url || withScreens.has(row.systemId),
    remark: row.remark,
    createTime: formatDate(row.createTime),
    updateTime: formatDate(row.updateTime),
  };
}

/**
 * Subsystems and linked systems. The list is also the shell's bootstrap call: without paging
 * parameters it answers every system the caller's customer may enter (all of them for platform
 * users without a customer); administration is for platform users.
 */
export function subsystemRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  const grantedTo = (clientId: number) =>
    inArray(
      sysSystem.systemId,
      db.select({ id: sysClientSystem.systemId }).from(sysClientSystem).where(eq(sysClientSystem.clientId, clientId)),
    );

  const filters = (ctx: Ctx, q: ListQuery): SQL | undefined => {
    const clientId = ctx.clientId;
    return and(
      clientId === null ? undefined : grantedTo(clientId),
      q.encode ? ilike(sysSystem.encode, `%${q.encode}%`) : undefined,
      q.name ? or(ilike(sysSystem.name, `%${q.name}%`), ilike(sysSystem.nameEn, `%${q.name}%`)) : undefined,
      q.status ? eq(sysSystem.status, q.status) : undefined,
    );
  };

  const findSystem = async (systemId: number) => {
    const [row] = await db.select().from(sysSystem).where(eq(sysSystem.systemId, systemId));
    if (!row) throw notFound();
    return row;
  };

  const ensureEncodeFree = async (encode: string, selfId?: number) => {
    const [clash] = await db
      .select({ id: sysSystem.systemId })
      .from(sysSystem)
      .where(and(eq(sysSystem.encode, encode), selfId ? ne(sysSystem.systemId, selfId) : undefined));
    if (clash) throw fail('tenant.system.encodeExists', { encode });
  };

  return async (app) => {
    const tags = ['sysclient/system'];

    app.get(
      '/sysclient/system/list',
      { schema: { tags, summary: 'Subsystems and linked systems', querystring: listQuery } },
      async (req) => {
        const where = filters(req.auth(), req.query);
        const withScreens = await systemsWithScreens(deps);
        const paged = [req.query.pageNum, req.query.pageSize, req.query.current, req.query.size].some(
          (v) => v !== undefined,
        );
        const order = orderOf(req.query, SORTABLE, [asc(sysSystem.orderNum), asc(sysSystem.systemId)]);
        if (!paged) {
          const rows = await db
            .select()
            .from(sysSystem)
            .where(where)
            .orderBy(...order);
          return table(
            req.lang,
            rows.map((r) => systemView(r, req.lang, withScreens)),
            rows.length,
          );
        }
        const { limit, offset } = pageOf(req.query);
        const [rows, total] = await Promise.all([
          db
            .select()
            .from(sysSystem)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
          db.$count(sysSystem, where),
        ]);
        return table(
          req.lang,
          rows.map((r) => systemView(r, req.lang, withScreens)),
          total,
        );
      },
    );

    app.put(
      '/sysclient/system/changeStatus',
      {
        config: { perm: 'sysclient:system:edit', operLog: { title: 'subsystems', businessType: 2 } },
        schema: {
          tags,
          body: z.object({
            systemId: systemIdNumber(),
            status: z.enum(['0', '1']),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx);
        const row = await findSystem(req.body.systemId);
        await db
          .update(sysSystem)
          .set({ status: req.body.status, updateBy: ctx.principal.userName, updateTime: new Date(deps.clock.now()) })
          .where(eq(sysSystem.systemId, row.systemId));
        return ok(req.lang);
      },
    );

    app.get(
      '/sysclient/system/:systemId',
      {
        config: { perm: 'sysclient:system:query' },
        schema: { tags, params: z.object({ systemId: systemIdNumber() }) },
      },
      async (req) => {
        const ctx = req.auth();
        const clientId = ctx.clientId;
        const [row] = await db
          .select()
          .from(sysSystem)
          .where(and(eq(sysSystem.systemId, req.params.systemId), clientId === null ? undefined : grantedTo(clientId)));
        if (!row) throw notFound();
        return ok(req.lang, systemView(row, req.lang, await systemsWithScreens(deps)));
      },
    );

    app.post(
      '/sysclient/system',
      {
        config: { perm: 'sysclient:system:add', operLog: { title: 'subsystems', businessType: 1 } },
        schema: { tags, body: subsystemCreateBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx);
        await ensureEncodeFree(req.body.encode);
        let systemId = req.body.systemId;
        if (systemId) {
          const [clash] = await db
            .select({ id: sysSystem.systemId })
            .from(sysSystem)
            .where(eq(sysSystem.systemId, systemId));
          if (clash) throw fail('tenant.system.idExists', { id: systemId });
        } else {
          const [top] = await db.select({ id: max(sysSystem.systemId) }).from(sysSystem);
          systemId = Math.max(100, (top?.id ?? 99) + 1);
        }
        await db.insert(sysSystem).values({
          systemId,
          encode: req.body.encode,
          name: req.body.name,
          nameEn: req.body.nameEn ?? '',
          url: req.body.url ?? null,
          icon: req.body.icon ?? '',
          orderNum: req.body.orderNum,
          status: req.body.status,
          remark: req.body.remark ?? '',
          createBy: ctx.principal.userName,
          createTime: new Date(deps.clock.now()),
        });
        return ok(req.lang, { systemId });
      },
    );

    app.put(
      '/sysclient/system',
      {
        config: { perm: 'sysclient:system:edit', operLog: { title: 'subsystems', businessType: 2 } },
        schema: { tags, body: subsystemUpdateBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx);
        const current = await findSystem(req.body.systemId);
        if (req.body.encode !== current.encode) {
          if (isBuiltin(current.encode)) throw fail('tenant.system.builtinEncode', { encode: current.encode });
          await ensureEncodeFree(req.body.encode, current.systemId);
        }
        await db
          .update(sysSystem)
          .set({
            encode: req.body.encode,
            name: req.body.name,
            nameEn: req.body.nameEn,
            url: req.body.url,
            icon: req.body.icon,
            orderNum: req.body.orderNum,
            status: req.body.status,
            remark: req.body.remark,
            updateBy: ctx.principal.userName,
            updateTime: new Date(deps.clock.now()),
          })
          .where(eq(sysSystem.systemId, current.systemId));
        return ok(req.lang);
      },
    );

    app.delete(
      '/sysclient/system/:systemIds',
      {
        config: { perm: 'sysclient:system:remove', operLog: { title: 'subsystems', businessType: 3 } },
        schema: { tags, params: z.object({ systemIds: z.string().max(4000).regex(SYSTEM_ID_LIST) }) },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx);
        const ids = parseIds(req.params.systemIds);
        const rows = await db.select().from(sysSystem).where(inArray(sysSystem.systemId, ids));
        if (rows.length !== ids.length) throw notFound();
        const builtin = rows.find((r) => isBuiltin(r.encode));
        if (builtin) throw fail('tenant.system.builtinDelete', { encode: builtin.encode });
        const [withMenus] = await db
          .select({ systemId: sysMenu.systemId })
          .from(sysMenu)
          .where(inArray(sysMenu.systemId, ids))
          .limit(1);
        if (withMenus)
          throw fail('tenant.system.hasMenus', {
            name: rows.find((r) => r.systemId === withMenus.systemId)?.name ?? '',
          });
        await db.transaction(async (tx) => {
          await tx.delete(sysClientSystem).where(inArray(sysClientSystem.systemId, ids));
          await tx.delete(sysPackageSystem).where(inArray(sysPackageSystem.systemId, ids));
          await tx.delete(sysSystem).where(inArray(sysSystem.systemId, ids));
        });
        await invalidateAuthz(deps.cache);
        return ok(req.lang);
      },
    );
  };
}
