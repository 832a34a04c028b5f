import {
  type MenuAddBody,
  menuAddBody,
  menuEditBody,
  menuSortBody,
  sortPairs,
  systemIdNumber,
} from '@luxgrid/contracts';
import { and, asc, eq, ilike, inArray, ne, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateAuthz } from '../../../platform/auth/principal.ts';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { localized } from '../../../platform/i18n.ts';
import { orderOf } from '../../../platform/paging.ts';
import { containing, flagFilter, idParam, optionalFilter } from '../../../platform/params.ts';
import { requirePlatform, sameCustomer } from '../../../platform/scope.ts';
import { sysClientMenu } from '../../tenant/customer/customer.table.ts';
import { sysSystem } from '../../tenant/subsystem/subsystem.table.ts';
import { grantableMenuIds } from '../role/grants.ts';
import { checkedKeys, findVisibleRole } from '../role/role.service.ts';
import { sysRoleMenu } from '../role/role.table.ts';
import { buildTree } from '../tree.ts';
import { formatDate } from '../user/user-info.ts';
import { sysMenu } from './menu.table.ts';

type MenuRow = typeof sysMenu.$inferSelect;

const listQuery = z.object({
  menuName: optionalFilter(50),
  status: flagFilter(),
  visible: flagFilter(),
  menuType: z.enum(['M', 'C', 'F', '']).optional(),
  systemId: systemIdNumber().optional(),
  orderByColumn: z.string().max(64).optional(),
  isAsc: z.enum(['asc', 'desc', 'ascending', 'descending']).optional(),
});

/** Siblings are ordered by the chosen column; rows always come grouped by subsystem and parent. */
const SORTABLE = { orderNum: sysMenu.orderNum, menuName: sysMenu.menuName, menuId: sysMenu.menuId };

/** Menus: the tree of catalogues (M), pages (C) and buttons (F) of every subsystem; platform administrators edit it. */
export function menuRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  const view = (row: MenuRow, lang: Ctx['lang']) => ({
    ...row,
    title: localized(lang, row.menuName, row.menuNameEn),
    createTime: formatDate(row.createTime),
    updateTime: formatDate(row.updateTime),
  });

  const menuTree = async (ctx: Ctx, roleClient: number | null) => {
    const rows = await db
      .select({
        menuId: sysMenu.menuId,
        parentId: sysMenu.parentId,
        menuName: sysMenu.menuName,
        menuNameEn: sysMenu.menuNameEn,
        menuType: sysMenu.menuType,
        systemId: sysMenu.systemId,
        perms: sysMenu.perms,
        status: sysMenu.status,
      })
      .from(sysMenu)
      .where(inArray(sysMenu.menuId, grantableMenuIds(db, ctx.principal, roleClient)))
      .orderBy(asc(sysMenu.systemId), asc(sysMenu.parentId), asc(sysMenu.orderNum), asc(sysMenu.menuId));
    return buildTree(
      rows,
      (r) => r.menuId,
      (r) => r.parentId,
      (r) => ({
        id: r.menuId,
        label: localized(ctx.lang, r.menuName, r.menuNameEn),
        menuType: r.menuType,
        systemId: r.systemId,
        perms: r.perms,
        status: r.status,
      }),
    );
  };

  /** Ids of the menu's descendants (the menu itself excluded). */
  const descendants = async (menuId: number): Promise<Set<number>> => {
    const rows = await deps.database.query<{ menu_id: number }>(
      `with recursive t as (select menu_id from sys_menu where parent_id = $1
         union all select m.menu_id from sys_menu m join t on m.parent_id = t.menu_id)
       select menu_id from t`,
      [menuId],
    );
    return new Set(rows.map((r) => Number(r.menu_id)));
  };

  const placement = async (body: MenuAddBody) => {
    if (body.parentId === 0) {
      const systemId = body.systemId ?? 100;
      const [system] = await db.select().from(sysSystem).where(eq(sysSystem.systemId, systemId));
      if (!system) throw fail('system.menu.systemMissing');
      return systemId;
    }
    const [parent] = await db.select().from(sysMenu).where(eq(sysMenu.menuId, body.parentId));
    if (!parent) throw fail('system.menu.parentMissing');
    if (parent.menuType === 'F') throw fail('system.menu.parentButton');
    return parent.systemId;
  };

  const ensureUniqueName = async (body: MenuAddBody, systemId: number, selfId?: number) => {
    const [clash] = await db
      .select({ id: sysMenu.menuId })
      .from(sysMenu)
      .where(
        and(
          eq(sysMenu.parentId, body.parentId),
          eq(sysMenu.systemId, systemId),
          eq(sysMenu.menuName, body.menuName),
          selfId ? ne(sysMenu.menuId, selfId) : undefined,
        ),
      );
    if (clash) throw fail('system.menu.nameExists', { menuName: body.menuName });
  };

  const values = (body: MenuAddBody) => ({
    menuName: body.menuName,
    menuNameEn: body.menuNameEn ?? '',
    parentId: body.parentId,
    orderNum: body.orderNum,
    path: body.menuType === 'F' ? '' : (body.path ?? ''),
    component: body.menuType === 'C' ? body.component || null : null,
    query: body.menuType === 'C' ? (body.query ?? '') : '',
    routeName: body.routeName ?? '',
    isFrame: body.isFrame,
    isCache: body.isCache,
    menuType: body.menuType,
    visible: body.visible,
    status: body.status,
    perms: body.perms ?? '',
    icon: body.icon || '#',
    remark: body.remark ?? '',
  });

  return async (app) => {
    const tags = ['system/menu'];

    app.get(
      '/system/menu/list',
      { config: { perm: 'system:menu:list' }, schema: { tags, querystring: listQuery } },
      async (req) => {
        const ctx = req.auth();
        const q = req.query;
        const rows = await db
          .select()
          .from(sysMenu)
          .where(
            and(
              ctx.platform
                ? undefined
                : inArray(
                    sysMenu.menuId,
                    db
                      .select({ id: sysClientMenu.menuId })
                      .from(sysClientMenu)
                      .where(sameCustomer(sysClientMenu.clientId, ctx.clientId)),
                  ),
              q.menuName
                ? or(ilike(sysMenu.menuName, containing(q.menuName)), ilike(sysMenu.menuNameEn, containing(q.menuName)))
                : undefined,
              q.status ? eq(sysMenu.status, q.status) : undefined,
              q.visible ? eq(sysMenu.visible, q.visible) : undefined,
              q.menuType ? eq(sysMenu.menuType, q.menuType) : undefined,
              q.systemId ? eq(sysMenu.systemId, q.systemId) : undefined,
            ),
          )
          .orderBy(
            asc(sysMenu.systemId),
            asc(sysMenu.parentId),
            ...orderOf(q, SORTABLE, [asc(sysMenu.orderNum), asc(sysMenu.menuId)]),
          )
          .limit(20_000);
        return ok(
          req.lang,
          rows.map((r) => view(r, req.lang)),
        );
      },
    );

    app.get(
      '/system/menu/treeselect',
      {
        config: { perm: { any: ['system:menu:list', 'system:role:query', 'system:role:add', 'system:role:edit'] } },
        schema: { tags, summary: 'Menus the caller may grant to a role of the current customer, as a tree' },
      },
      async (req) => {
        const ctx = req.auth();
        return ok(req.lang, await menuTree(ctx, ctx.clientId));
      },
    );

    app.get(
      '/system/menu/roleMenuTreeselect/:roleId',
      {
        config: { perm: { any: ['system:role:query', 'system:role:edit'] } },
        schema: { tags, summary: "A role's menus: the grantable tree and the checked keys", params: idParam('roleId') },
      },
      async (req) => {
        const ctx = req.auth();
        const role = await findVisibleRole(db, ctx, req.params.roleId);
        const assigned = await db
          .select({ id: sysRoleMenu.menuId, parentId: sysMenu.parentId })
          .from(sysRoleMenu)
          .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
          .where(eq(sysRoleMenu.roleId, role.roleId));
        return {
          ...ok(req.lang),
          menus: await menuTree(ctx, role.clientId),
          checkedKeys: checkedKeys(
            assigned,
            assigned.map((a) => a.id),
            role.menuCheckStrictly,
          ),
          menuCheckStrictly: role.menuCheckStrictly,
        };
      },
    );

    app.get(
      '/system/menu/:menuId',
      { config: { perm: 'system:menu:query' }, schema: { tags, params: idParam('menuId') } },
      async (req) => {
        const ctx = req.auth();
        const [row] = await db
          .select()
          .from(sysMenu)
          .where(
            and(
              eq(sysMenu.menuId, req.params.menuId),
              ctx.platform
                ? undefined
                : inArray(
                    sysMenu.menuId,
                    db
                      .select({ id: sysClientMenu.menuId })
                      .from(sysClientMenu)
                      .where(sameCustomer(sysClientMenu.clientId, ctx.clientId)),
                  ),
            ),
          );
        if (!row) throw notFound();
        return ok(req.lang, view(row, req.lang));
      },
    );

    app.post(
      '/system/menu',
      {
        config: { perm: 'system:menu:add', operLog: { title: 'menus', businessType: 1 } },
        schema: { tags, body: menuAddBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx, 'system.platformOnly');
        const systemId = await placement(req.body);
        await ensureUniqueName(req.body, systemId);
        const [row] = await db
          .insert(sysMenu)
          .values({
            ...values(req.body),
            systemId,
            createBy: ctx.principal.userName,
            createTime: new Date(deps.clock.now()),
          })
          .returning({ id: sysMenu.menuId });
        await invalidateAuthz(deps.cache);
        return ok(req.lang, { menuId: row!.id });
      },
    );

    app.put(
      '/system/menu',
      {
        config: { perm: 'system:menu:edit', operLog: { title: 'menus', businessType: 2 } },
        schema: { tags, body: menuEditBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx, 'system.platformOnly');
        const body = req.body;
        const [target] = await db.select().from(sysMenu).where(eq(sysMenu.menuId, body.menuId));
        if (!target) throw notFound();
        if (body.parentId === target.menuId || (await descendants(target.menuId)).has(body.parentId))
          throw fail('system.menu.parentSelf', { menuName: body.menuName });
        const systemId = body.parentId === 0 && !body.systemId ? target.systemId : await placement(body);
        await ensureUniqueName(body, systemId, target.menuId);
        await db.transaction(async (tx) => {
          await tx
            .update(sysMenu)
            .set({
              ...values(body),
              systemId,
              updateBy: ctx.principal.userName,
              updateTime: new Date(deps.clock.now()),
            })
            .where(eq(sysMenu.menuId, target.menuId));
          if (systemId !== target.systemId) {
            const below = [...(await descendants(target.menuId))];
            if (below.length) await tx.update(sysMenu).set({ systemId }).where(inArray(sysMenu.menuId, below));
          }
        });
        await invalidateAuthz(deps.cache);
        return ok(req.lang);
      },
    );

    app.put(
      '/system/menu/updateSort',
      {
        config: { perm: 'system:menu:edit', operLog: { title: 'menus', businessType: 2 } },
        schema: { tags, summary: 'Save the display order of menus after dragging them', body: menuSortBody },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx, 'system.platformOnly');
        const pairs = sortPairs(req.body.menuIds, req.body.orderNums);
        const found = await db
          .select({ id: sysMenu.menuId })
          .from(sysMenu)
          .where(inArray(sysMenu.menuId, [...pairs.keys()]));
        if (found.length !== pairs.size) throw notFound();
        const now = new Date(deps.clock.now());
        await db.transaction(async (tx) => {
          for (const [menuId, orderNum] of pairs)
            await tx
              .update(sysMenu)
              .set({ orderNum, updateBy: ctx.principal.userName, updateTime: now })
              .where(eq(sysMenu.menuId, menuId));
        });
        await invalidateAuthz(deps.cache);
        return ok(req.lang);
      },
    );

    app.delete(
      '/system/menu/:menuId',
      {
        config: { perm: 'system:menu:remove', operLog: { title: 'menus', businessType: 3 } },
        schema: { tags, params: idParam('menuId') },
      },
      async (req) => {
        const ctx = req.auth();
        requirePlatform(ctx, 'system.platformOnly');
        const menuId = req.params.menuId;
        const [target] = await db.select({ id: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.menuId, menuId));
        if (!target) throw notFound();
        const [child] = await db
          .select({ id: sysMenu.menuId })
          .from(sysMenu)
          .where(eq(sysMenu.parentId, menuId))
          .limit(1);
        if (child) throw fail('system.menu.hasChildren');
        const [granted] = await db
          .select({ id: sysRoleMenu.roleId })
          .from(sysRoleMenu)
          .where(eq(sysRoleMenu.menuId, menuId))
          .limit(1);
        const [selected] = await db
          .select({ id: sysClientMenu.clientId })
          .from(sysClientMenu)
          .where(eq(sysClientMenu.menuId, menuId))
          .limit(1);
        if (granted || selected) throw fail('system.menu.assigned');
        await db.delete(sysMenu).where(eq(sysMenu.menuId, menuId));
        await invalidateAuthz(deps.cache);
        return ok(req.lang);
      },
    );
  };
}
