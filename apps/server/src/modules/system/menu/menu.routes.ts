import {
  dataOf,
  menuAddBody,
  menuEditBody,
  menuRow,
  menuSortBody,
  sortPairs,
  systemIdNumber,
} from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateAuthz } from '../../../platform/auth/principal.ts';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { flagFilter, idParam, optionalFilter } from '../../../platform/params.ts';
import { answer } from '../../../platform/resource-routes.ts';
import { requirePlatform } from '../../../platform/scope.ts';
import { checkedKeys, findVisibleRole } from '../role/role.service.ts';
import {
  deleteMenu,
  findMenu,
  insertMenu,
  listMenus,
  menuTree,
  roleMenus,
  sortMenus,
  updateMenu,
} from './menu.repository.ts';

const listQuery = z.object({
  menuName: optionalFilter(50),
  status: flagFilter(),
  visible: flagFilter(),
  menuType: z.enum(['M', 'C', 'F', '']).optional(),
  systemId: systemIdNumber().optional(),
  orderByColumn: z.string().max(64).optional(),
  isAsc: z.enum(['asc', 'desc', 'ascending', 'descending']).optional(),
});

/** Menus: the tree of catalogues (M), pages (C) and buttons (F) of every subsystem; platform administrators edit it. */
export function menuRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  return async (app) => {
    const tags = ['system/menu'];

    app.get(
      '/system/menu/list',
      {
        config: { perm: 'system:menu:list' },
        schema: { tags, querystring: listQuery, response: { 200: answer(dataOf(z.array(menuRow))) } },
      },
      async (req) => {
        return ok(req.lang, await listMenus(db, req.auth(), req.query));
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
        return ok(req.lang, await menuTree(db, ctx.principal, ctx.lang, ctx.clientId));
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
        const assigned = await roleMenus(db, role.roleId);
        return {
          ...ok(req.lang),
          menus: await menuTree(db, ctx.principal, ctx.lang, role.clientId),
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
      {
        config: { perm: 'system:menu:query' },
        schema: { tags, params: idParam('menuId'), response: { 200: answer(dataOf(menuRow)) } },
      },
      async (req) => {
        return ok(req.lang, await findMenu(db, req.auth(), req.params.menuId));
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
        const menuId = await insertMenu(db, ctx, deps.clock.now(), req.body);
        await invalidateAuthz(deps.cache);
        return ok(req.lang, { menuId });
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
        await updateMenu(deps.database, ctx, deps.clock.now(), req.body);
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
        await sortMenus(db, ctx, deps.clock.now(), sortPairs(req.body.menuIds, req.body.orderNums));
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
        await deleteMenu(db, req.params.menuId);
        await invalidateAuthz(deps.cache);
        return ok(req.lang);
      },
    );
  };
}
