import {
  message,
  tableOf,
  userAddBody,
  userAuthRoleBody,
  userEditBody,
  userResetPwdBody,
  userRow,
  userStatusBody,
} from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { flagFilter, idParam, idsParam, optionalFilter, parseIds, parseInput } from '../../../platform/params.ts';
import { answer } from '../../../platform/resource-routes.ts';
import { deptTree } from '../dept/dept.service.ts';
import { dictLabels } from '../dict/dict.service.ts';
import { exportUsers, findImportRecord, listUsers, USER_ORDER, USER_SORTABLE, userPostIds } from './user.repository.ts';
import {
  assignRoles,
  changeUserStatus,
  createUser,
  currentRoleIds,
  deleteUsers,
  findVisibleUser,
  postOptions,
  resetPassword,
  roleOptions,
  updateUser,
  userView,
} from './user.service.ts';
import { importRecordView, importUsers, listImportRecords, templateColumns } from './user-import.ts';

const listQuery = pageQuery.extend({
  deptId: z.coerce.number().int().positive().optional(),
  userName: optionalFilter(30),
  nickName: optionalFilter(30),
  phonenumber: optionalFilter(20),
  status: flagFilter(),
});

/** 5,000 rows of users are far below this; anything larger is not a user list. */
const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** Users: list, form options, add, edit, delete, password reset, status, roles, department tree, import, export. */
export function userRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    const tags = ['system/user'];

    app.get(
      '/system/user/list',
      {
        config: { perm: 'system:user:list' },
        schema: { tags, querystring: listQuery, response: { 200: answer(tableOf(userRow)) } },
      },
      async (req) => {
        const { limit, offset } = pageOf(req.query);
        const page = { limit, offset, orderBy: orderOf(req.query, USER_SORTABLE, USER_ORDER) };
        const { rows, total } = await listUsers(db, req.auth(), req.query, page);
        return table(req.lang, rows, total);
      },
    );

    app.get(
      '/system/user/deptTree',
      { config: { perm: 'system:user:list' }, schema: { tags, summary: 'Departments the caller may see, as a tree' } },
      async (req) => ok(req.lang, await deptTree(deps, req.auth())),
    );

    app.get(
      '/system/user',
      { config: { perm: 'system:user:query' }, schema: { tags, summary: 'Options of the user form (new user)' } },
      async (req) => {
        const ctx = req.auth();
        const [roles, posts] = await Promise.all([roleOptions(db, ctx, ctx.clientId), postOptions(db, ctx.clientId)]);
        return { ...ok(req.lang), roles, posts };
      },
    );

    app.get(
      '/system/user/:userId',
      {
        config: { perm: 'system:user:query' },
        schema: { tags, summary: 'A user with the options of its form', params: idParam('userId') },
      },
      async (req) => {
        const ctx = req.auth();
        const user = await findVisibleUser(db, ctx, req.params.userId);
        const roleIds = await currentRoleIds(db, user.userId);
        const [roles, posts, postIds] = await Promise.all([
          roleOptions(db, ctx, user.clientId, roleIds),
          postOptions(db, user.clientId),
          userPostIds(db, user.userId),
        ]);
        return {
          ...ok(req.lang, { ...userView(user), roles: roles.filter((r) => roleIds.includes(r.roleId)) }),
          roles,
          posts,
          roleIds,
          postIds,
        };
      },
    );

    app.post(
      '/system/user',
      {
        config: { perm: 'system:user:add', operLog: { title: 'users', businessType: 1 } },
        schema: { tags, body: userAddBody },
      },
      async (req) => {
        // a drawn password is answered here once (the operation log masks it) and never again
        return ok(req.lang, await createUser(deps, req.auth(), req.body));
      },
    );

    app.put(
      '/system/user',
      {
        config: { perm: 'system:user:edit', operLog: { title: 'users', businessType: 2 } },
        schema: { tags, body: userEditBody },
      },
      async (req) => {
        await updateUser(deps, req.auth(), req.body);
        return ok(req.lang);
      },
    );

    app.put(
      '/system/user/resetPwd',
      {
        config: { perm: 'system:user:resetPwd', operLog: { title: 'users', businessType: 2 } },
        schema: { tags, body: userResetPwdBody },
      },
      async (req) => {
        await resetPassword(deps, req.auth(), req.body.userId, req.body.password);
        return ok(req.lang);
      },
    );

    app.put(
      '/system/user/changeStatus',
      {
        config: { perm: 'system:user:edit', operLog: { title: 'users', businessType: 2 } },
        schema: { tags, body: userStatusBody },
      },
      async (req) => {
        await changeUserStatus(deps, req.auth(), req.body.userId, req.body.status);
        return ok(req.lang);
      },
    );

    app.get(
      '/system/user/authRole/:userId',
      {
        config: { perm: 'system:user:query' },
        schema: { tags, summary: 'A user and the roles that can be assigned', params: idParam('userId') },
      },
      async (req) => {
        const ctx = req.auth();
        const user = await findVisibleUser(db, ctx, req.params.userId);
        const held = await currentRoleIds(db, user.userId);
        const roles = await roleOptions(db, ctx, user.clientId, held);
        return {
          ...ok(req.lang),
          user: userView(user),
          roles: roles.map((r) => ({ ...r, flag: held.includes(r.roleId) })),
        };
      },
    );

    app.put(
      '/system/user/authRole',
      {
        config: { perm: 'system:user:edit', operLog: { title: 'users', businessType: 4 } },
        schema: { tags, summary: 'Assign roles (query or body: userId, roleIds)', body: z.unknown().optional() },
      },
      async (req) => {
        const input = parseInput(
          userAuthRoleBody,
          { ...(req.query as object), ...((req.body as object) ?? {}) },
          req.lang,
        );
        await assignRoles(deps, req.auth(), input.userId, input.roleIds);
        return ok(req.lang);
      },
    );

    app.delete(
      '/system/user/:userIds',
      {
        config: { perm: 'system:user:remove', operLog: { title: 'users', businessType: 3 } },
        schema: { tags, params: idsParam('userIds') },
      },
      async (req) => {
        await deleteUsers(deps, req.auth(), parseIds(req.params.userIds));
        return ok(req.lang);
      },
    );

    app.post(
      '/system/user/export',
      {
        config: { perm: 'system:user:export', operLog: { title: 'users', businessType: 5 } },
        schema: { tags, body: listQuery.partial().optional() },
      },
      async (req, reply) => {
        const ctx = req.auth();
        const q = parseInput(listQuery, { ...(req.query as object), ...(req.body ?? {}) }, req.lang);
        const rows = await exportUsers(db, ctx, q);
        const en = req.lang === 'en-US';
        const [sex, status] = await Promise.all([
          dictLabels(deps, req.lang, 'sys_user_sex'),
          dictLabels(deps, req.lang, 'sys_normal_disable'),
        ]);
        return sendWorkbook(
          reply,
          message('system.user.sheetTitle', req.lang),
          [
            { header: en ? 'User id' : '用户序号', key: 'userId', width: 10 },
            { header: en ? 'Account' : '登录名称', key: 'userName', width: 20 },
            { header: en ? 'Nickname' : '用户名称', key: 'nickName', width: 20 },
            { header: en ? 'Department' : '部门名称', key: 'deptName', width: 20 },
            { header: en ? 'Mobile' : '手机号码', key: 'phonenumber', width: 16 },
            { header: en ? 'Email' : '用户邮箱', key: 'email', width: 28 },
            { header: en ? 'Gender' : '用户性别', key: 'sex', width: 10 },
            { header: en ? 'Status' : '帐号状态', key: 'status', width: 10 },
            { header: en ? 'Last login IP' : '最后登录IP', key: 'loginIp', width: 18 },
            { header: en ? 'Last login' : '最后登录时间', key: 'loginDate', width: 20 },
            { header: en ? 'Created' : '创建时间', key: 'createTime', width: 20 },
          ],
          rows.map((r) => ({ ...r, sex: sex(r.sex), status: status(r.status) })),
        );
      },
    );

    app.post(
      '/system/user/importTemplate',
      { config: { perm: 'system:user:import' }, schema: { tags, summary: 'The import template (.xlsx)' } },
      async (req, reply) =>
        sendWorkbook(reply, message('system.user.templateTitle', req.lang), templateColumns(req.lang), []),
    );

    app.post(
      '/system/user/importData',
      {
        config: { perm: 'system:user:import', operLog: { title: 'users', businessType: 6 } },
        schema: {
          tags,
          summary: 'Import users from an .xlsx (multipart field "file")',
          consumes: ['multipart/form-data'],
          querystring: z.object({ updateSupport: z.enum(['true', 'false', '1', '0']).optional() }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const file = await req.file();
        if (!file) throw fail('upload.required');
        const ext = file.filename.toLowerCase().split('.').pop();
        if (ext !== 'xls' && ext !== 'xlsx') throw fail('upload.formatWrong');
        const data = await file.toBuffer();
        if (data.length > MAX_IMPORT_BYTES || file.file.truncated)
          throw fail('upload.tooLarge', { size: `${MAX_IMPORT_BYTES / 1024 / 1024} MB` });
        const field = file.fields.updateSupport;
        const asField = field && !Array.isArray(field) && 'value' in field ? String(field.value) : undefined;
        const flag = req.query.updateSupport ?? asField;
        const updateSupport = flag === 'true' || flag === '1';
        const result = await importUsers(deps, ctx, { fileName: file.filename, data }, updateSupport);
        return {
          ...ok(req.lang, result),
          msg: message('system.user.importResult', req.lang, {
            success: result.successCount,
            inserted: result.insertCount,
            updated: result.updateCount,
            fail: result.failCount,
          }),
        };
      },
    );

    app.get(
      '/system/user/importRecord/list',
      { config: { perm: 'system:user:import' }, schema: { tags, querystring: pageQuery } },
      async (req) => {
        const { rows, total } = await listImportRecords(deps, req.auth(), pageOf(req.query));
        return table(
          req.lang,
          rows.map((r) => importRecordView(r, req.lang, false)),
          total,
        );
      },
    );

    app.get(
      '/system/user/importRecord/:importId',
      { config: { perm: 'system:user:import' }, schema: { tags, params: idParam('importId') } },
      async (req) => {
        const ctx = req.auth();
        const row = await findImportRecord(db, ctx, req.params.importId);
        if (!row) throw notFound();
        return ok(req.lang, importRecordView(row, req.lang, true));
      },
    );
  };
}
