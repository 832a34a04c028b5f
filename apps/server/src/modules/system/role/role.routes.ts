import {
  dataOf,
  roleAddBody,
  roleDataScopeBody,
  roleEditBody,
  roleRow,
  roleStatusBody,
  roleUserBody,
  roleUsersBody,
  tableOf,
} from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { flagFilter, idParam, idsParam, optionalFilter, parseIds, parseInput } from '../../../platform/params.ts';
import { answer } from '../../../platform/resource-routes.ts';
import { deptTree } from '../dept/dept.service.ts';
import { dictLabels } from '../dict/dict.service.ts';
import {
  deptsOf,
  exportRoles,
  listRoles,
  ROLE_ORDER,
  ROLE_SORTABLE,
  roleChoices,
  roleDepts,
  roleUsers,
} from './role.repository.ts';
import {
  changeRoleStatus,
  checkedKeys,
  createRole,
  deleteRoles,
  findVisibleRole,
  grantRoleToUsers,
  revokeRoleFromUsers,
  roleView,
  updateDataScope,
  updateRole,
} from './role.service.ts';

const listQuery = pageQuery.extend({
  roleName: optionalFilter(30),
  roleKey: optionalFilter(100),
  status: flagFilter(),
});

const authUserQuery = pageQuery.extend({
  roleId: z.coerce.number().int().positive(),
  userName: optionalFilter(30),
  phonenumber: optionalFilter(20),
});

const merged = (req: { query: unknown; body: unknown }) => ({
  ...(req.query as object),
  ...((req.body as object | undefined) ?? {}),
});

/** Roles: CRUD, status, data scope with custom departments, and the users holding each role. */
export function roleRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  return async (app) => {
    const tags = ['system/role'];

    app.get(
      '/system/role/list',
      {
        config: { perm: 'system:role:list' },
        schema: { tags, querystring: listQuery, response: { 200: answer(tableOf(roleRow)) } },
      },
      async (req) => {
        const { limit, offset } = pageOf(req.query);
        const page = { limit, offset, orderBy: orderOf(req.query, ROLE_SORTABLE, ROLE_ORDER) };
        const { rows, total } = await listRoles(db, req.auth(), req.query, page);
        return table(req.lang, rows, total);
      },
    );

    app.get(
      '/system/role/optionselect',
      { config: { perm: { any: ['system:role:query', 'system:role:list'] } }, schema: { tags } },
      async (req) => ok(req.lang, await roleChoices(db, req.auth())),
    );

    app.get(
      '/system/role/:roleId',
      {
        config: { perm: 'system:role:query' },
        schema: { tags, params: idParam('roleId'), response: { 200: answer(dataOf(roleRow)) } },
      },
      async (req) => ok(req.lang, roleView(await findVisibleRole(db, req.auth(), req.params.roleId))),
    );

    app.post(
      '/system/role',
      {
        config: { perm: 'system:role:add', operLog: { title: 'roles', businessType: 1 } },
        schema: { tags, body: roleAddBody },
      },
      async (req) => ok(req.lang, { roleId: await createRole(deps, req.auth(), req.body) }),
    );

    app.put(
      '/system/role',
      {
        config: { perm: 'system:role:edit', operLog: { title: 'roles', businessType: 2 } },
        schema: { tags, body: roleEditBody },
      },
      async (req) => {
        await updateRole(deps, req.auth(), req.body);
        return ok(req.lang);
      },
    );

    app.put(
      '/system/role/dataScope',
      {
        config: { perm: 'system:role:edit', operLog: { title: 'roles', businessType: 4 } },
        schema: { tags, body: roleDataScopeBody },
      },
      async (req) => {
        await updateDataScope(deps, req.auth(), req.body);
        return ok(req.lang);
      },
    );

    app.put(
      '/system/role/changeStatus',
      {
        config: { perm: 'system:role:edit', operLog: { title: 'roles', businessType: 2 } },
        schema: { tags, body: roleStatusBody },
      },
      async (req) => {
        await changeRoleStatus(deps, req.auth(), req.body.roleId, req.body.status);
        return ok(req.lang);
      },
    );

    app.delete(
      '/system/role/:roleIds',
      {
        config: { perm: 'system:role:remove', operLog: { title: 'roles', businessType: 3 } },
        schema: { tags, params: idsParam('roleIds') },
      },
      async (req) => {
        await deleteRoles(deps, req.auth(), parseIds(req.params.roleIds));
        return ok(req.lang);
      },
    );

    app.post(
      '/system/role/export',
      {
        config: { perm: 'system:role:export', operLog: { title: 'roles', businessType: 5 } },
        schema: { tags, body: listQuery.partial().optional() },
      },
      async (req, reply) => {
        const q = parseInput(listQuery, merged(req), req.lang);
        const rows = await exportRoles(db, req.auth(), q);
        const en = req.lang === 'en-US';
        const status = await dictLabels(deps, req.lang, 'sys_normal_disable');
        const scopes: Record<string, [string, string]> = {
          '1': ['全部数据权限', 'All data'],
          '2': ['自定数据权限', 'Custom departments'],
          '3': ['本部门数据权限', 'Own department'],
          '4': ['本部门及以下数据权限', 'Own department and below'],
          '5': ['仅本人数据权限', 'Self only'],
        };
        return sendWorkbook(
          reply,
          en ? 'roles' : '角色数据',
          [
            { header: en ? 'Role id' : '角色序号', key: 'roleId', width: 10 },
            { header: en ? 'Role name' : '角色名称', key: 'roleName', width: 20 },
            { header: en ? 'Permission key' : '权限字符', key: 'roleKey', width: 20 },
            { header: en ? 'Order' : '显示顺序', key: 'roleSort', width: 10 },
            { header: en ? 'Data scope' : '数据范围', key: 'dataScope', width: 24 },
            { header: en ? 'Status' : '角色状态', key: 'status', width: 10 },
            { header: en ? 'Created' : '创建时间', key: 'createTime', width: 20 },
          ],
          rows.map((r) => ({
            ...roleView(r),
            dataScope: scopes[r.dataScope]?.[en ? 1 : 0] ?? r.dataScope,
            status: status(r.status),
          })),
        );
      },
    );

    app.get(
      '/system/role/deptTree/:roleId',
      {
        config: { perm: 'system:role:query' },
        schema: { tags, summary: "Departments for a role's custom data scope", params: idParam('roleId') },
      },
      async (req) => {
        const ctx = req.auth();
        const role = await findVisibleRole(db, ctx, req.params.roleId);
        const depts = await deptTree(deps, ctx, deptsOf(role.clientId));
        const assigned = await roleDepts(db, role.roleId);
        return {
          ...ok(req.lang),
          depts,
          checkedKeys: checkedKeys(
            assigned,
            assigned.map((a) => a.id),
            role.deptCheckStrictly,
          ),
          deptCheckStrictly: role.deptCheckStrictly,
        };
      },
    );

    app.get(
      '/system/role/authUser/allocatedList',
      { config: { perm: 'system:role:list' }, schema: { tags, querystring: authUserQuery } },
      async (req) => {
        const { rows, total } = await roleUsers(db, req.auth(), req.query, true);
        return table(req.lang, rows, total);
      },
    );

    app.get(
      '/system/role/authUser/unallocatedList',
      { config: { perm: 'system:role:list' }, schema: { tags, querystring: authUserQuery } },
      async (req) => {
        const { rows, total } = await roleUsers(db, req.auth(), req.query, false);
        return table(req.lang, rows, total);
      },
    );

    app.put(
      '/system/role/authUser/cancel',
      {
        config: { perm: 'system:role:edit', operLog: { title: 'roles', businessType: 4 } },
        schema: { tags, summary: 'Take the role from one user (body or query: roleId, userId)', body: z.unknown() },
      },
      async (req) => {
        const input = parseInput(roleUserBody, merged(req), req.lang);
        await revokeRoleFromUsers(deps, req.auth(), input.roleId, [input.userId]);
        return ok(req.lang);
      },
    );

    app.put(
      '/system/role/authUser/cancelAll',
      {
        config: { perm: 'system:role:edit', operLog: { title: 'roles', businessType: 4 } },
        schema: { tags, summary: 'Take the role from users (query or body: roleId, userIds)', body: z.unknown() },
      },
      async (req) => {
        const input = parseInput(roleUsersBody, merged(req), req.lang);
        await revokeRoleFromUsers(deps, req.auth(), input.roleId, input.userIds);
        return ok(req.lang);
      },
    );

    app.put(
      '/system/role/authUser/selectAll',
      {
        config: { perm: 'system:role:edit', operLog: { title: 'roles', businessType: 4 } },
        schema: { tags, summary: 'Give the role to users (query or body: roleId, userIds)', body: z.unknown() },
      },
      async (req) => {
        const input = parseInput(roleUsersBody, merged(req), req.lang);
        await grantRoleToUsers(deps, req.auth(), input.roleId, input.userIds);
        return ok(req.lang);
      },
    );
  };
}
