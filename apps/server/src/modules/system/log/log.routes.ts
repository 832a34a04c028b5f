import { type Lang, message } from '@luxgrid/contracts';
import { and, desc, eq, gte, ilike, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { notFound } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { dateRange, orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { containing, idParam, idsParam, optionalFilter, parseIds, parseInput } from '../../../platform/params.ts';
import { customerWhere, sameCustomer } from '../../../platform/scope.ts';
import { clearPasswordFailures } from '../../auth/auth.service.ts';
import { sysUser } from '../user/user.table.ts';
import { formatDate } from '../user/user-info.ts';
import { sysDeviceLog, sysLogininfor, sysOperLog } from './log.table.ts';
import { loginMessageText } from './login-log.ts';

const merged = (req: { query: unknown; body: unknown }) => ({
  ...(req.query as object),
  ...((req.body as object | undefined) ?? {}),
});

/* ---------------------------------------------------------------- login log */

const loginQuery = pageQuery.extend({
  userName: optionalFilter(50),
  ipaddr: optionalFilter(128),
  status: z.enum(['0', '1', '']).optional(),
});
const LOGIN_SORTABLE = {
  infoId: sysLogininfor.infoId,
  userName: sysLogininfor.userName,
  ipaddr: sysLogininfor.ipaddr,
  status: sysLogininfor.status,
  loginTime: sysLogininfor.loginTime,
};

/* ---------------------------------------------------------------- operation log */

const operQuery = pageQuery.extend({
  title: optionalFilter(50),
  operName: optionalFilter(50),
  operIp: optionalFilter(128),
  businessType: z.coerce.number().int().min(0).max(9).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  'businessTypes[]': z.unknown().optional(),
});
const OPER_SORTABLE = {
  operId: sysOperLog.operId,
  title: sysOperLog.title,
  businessType: sysOperLog.businessType,
  operName: sysOperLog.operName,
  status: sysOperLog.status,
  operTime: sysOperLog.operTime,
  costTime: sysOperLog.costTime,
};

/* ---------------------------------------------------------------- device log */

const deviceQuery = pageQuery.extend({
  deviceUid: optionalFilter(64),
  deviceName: optionalFilter(100),
  action: optionalFilter(40),
  operName: optionalFilter(50),
  requestIp: optionalFilter(128),
  batchId: optionalFilter(64),
  status: z.coerce.number().int().min(0).max(2).optional(),
});
const DEVICE_SORTABLE = {
  logId: sysDeviceLog.logId,
  deviceUid: sysDeviceLog.deviceUid,
  action: sysDeviceLog.action,
  operName: sysDeviceLog.operName,
  status: sysDeviceLog.status,
  consumeTime: sysDeviceLog.consumeTime,
  batchCount: sysDeviceLog.batchCount,
  createTime: sysDeviceLog.createTime,
};

/** A login-log row in the viewer's language (the message is stored as its key). */
const loginView = (row: typeof sysLogininfor.$inferSelect, lang: Lang) => ({
  ...row,
  msg: loginMessageText(row.msg, lang),
  loginTime: formatDate(row.loginTime),
});
const operView = (row: typeof sysOperLog.$inferSelect) => ({ ...row, operTime: formatDate(row.operTime) });
const deviceView = (row: typeof sysDeviceLog.$inferSelect) => ({
  ...row,
  createTime: formatDate(row.createTime),
  finishTime: formatDate(row.finishTime),
});

const statusText = (status: number | string, en: boolean) =>
  String(status) === '0'
    ? en
      ? 'Success'
      : '成功'
    : String(status) === '1'
      ? en
        ? 'Fail'
        : '失败'
      : en
        ? 'Pending'
        : '处理中';

/**
 * Logs: sign-ins (with unlocking a locked account), operations, the operations of customer
 * users, and device calls. Customer users see their own customer's rows only.
 */
export function logRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  const loginFilters = (ctx: Ctx, q: z.infer<typeof loginQuery>): SQL | undefined => {
    const { begin, end } = dateRange(q);
    return and(
      customerWhere(ctx, sysLogininfor.clientId),
      q.userName ? ilike(sysLogininfor.userName, containing(q.userName)) : undefined,
      q.ipaddr ? ilike(sysLogininfor.ipaddr, containing(q.ipaddr)) : undefined,
      q.status ? eq(sysLogininfor.status, q.status) : undefined,
      begin ? gte(sysLogininfor.loginTime, begin) : undefined,
      end ? lte(sysLogininfor.loginTime, end) : undefined,
    );
  };

  /** customerUsersOnly: the user operation log, i.e. operations of customer users */
  const operFilters = (ctx: Ctx, q: z.infer<typeof operQuery>, customerUsersOnly: boolean): SQL | undefined => {
    const { begin, end } = dateRange(q);
    const types = q['businessTypes[]'];
    const typeList = (Array.isArray(types) ? types : types === undefined ? [] : [types])
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 0 && n <= 9);
    return and(
      customerWhere(ctx, sysOperLog.clientId),
      customerUsersOnly ? isNotNull(sysOperLog.clientId) : undefined,
      q.title ? ilike(sysOperLog.title, containing(q.title)) : undefined,
      q.operName ? ilike(sysOperLog.operName, containing(q.operName)) : undefined,
      q.operIp ? ilike(sysOperLog.operIp, containing(q.operIp)) : undefined,
      q.businessType !== undefined ? eq(sysOperLog.businessType, q.businessType) : undefined,
      typeList.length ? inArray(sysOperLog.businessType, typeList) : undefined,
      q.status !== undefined ? eq(sysOperLog.status, q.status) : undefined,
      begin ? gte(sysOperLog.operTime, begin) : undefined,
      end ? lte(sysOperLog.operTime, end) : undefined,
    );
  };

  const deviceFilters = (ctx: Ctx, q: z.infer<typeof deviceQuery>): SQL | undefined => {
    const { begin, end } = dateRange(q);
    return and(
      customerWhere(ctx, sysDeviceLog.clientId),
      ctx.projectId !== null ? eq(sysDeviceLog.projectId, ctx.projectId) : undefined,
      q.deviceUid ? ilike(sysDeviceLog.deviceUid, containing(q.deviceUid)) : undefined,
      q.deviceName ? ilike(sysDeviceLog.deviceName, containing(q.deviceName)) : undefined,
      q.action ? eq(sysDeviceLog.action, q.action) : undefined,
      q.operName ? ilike(sysDeviceLog.operName, containing(q.operName)) : undefined,
      q.requestIp ? ilike(sysDeviceLog.requestIp, containing(q.requestIp)) : undefined,
      q.batchId ? eq(sysDeviceLog.batchId, q.batchId) : undefined,
      q.status !== undefined ? eq(sysDeviceLog.status, q.status) : undefined,
      begin ? gte(sysDeviceLog.createTime, begin) : undefined,
      end ? lte(sysDeviceLog.createTime, end) : undefined,
    );
  };

  const operColumns = (en: boolean) => [
    { header: en ? 'Log id' : '操作序号', key: 'operId', width: 10 },
    { header: en ? 'Module' : '操作模块', key: 'title', width: 20 },
    { header: en ? 'Business type' : '业务类型', key: 'businessType', width: 10 },
    { header: en ? 'Method' : '请求方式', key: 'requestMethod', width: 10 },
    { header: en ? 'Operator' : '操作人员', key: 'operName', width: 16 },
    { header: en ? 'Department' : '部门名称', key: 'deptName', width: 16 },
    { header: en ? 'URL' : '请求地址', key: 'operUrl', width: 36 },
    { header: en ? 'IP' : '操作地址', key: 'operIp', width: 18 },
    { header: en ? 'Parameters' : '请求参数', key: 'operParam', width: 40 },
    { header: en ? 'Result' : '返回参数', key: 'jsonResult', width: 40 },
    { header: en ? 'Status' : '状态', key: 'status', width: 10 },
    { header: en ? 'Error' : '错误消息', key: 'errorMsg', width: 30 },
    { header: en ? 'Time' : '操作时间', key: 'operTime', width: 20 },
    { header: en ? 'Cost (ms)' : '消耗时间(毫秒)', key: 'costTime', width: 12 },
  ];

  return async (app) => {
    /* ---------------- login log */
    {
      const tags = ['monitor/logininfor'];
      app.get(
        '/monitor/logininfor/list',
        { config: { perm: 'monitor:logininfor:list' }, schema: { tags, querystring: loginQuery } },
        async (req) => {
          const where = loginFilters(req.auth(), req.query);
          const { limit, offset } = pageOf(req.query);
          const [rows, total] = await Promise.all([
            db
              .select()
              .from(sysLogininfor)
              .where(where)
              .orderBy(...orderOf(req.query, LOGIN_SORTABLE, [desc(sysLogininfor.infoId)]))
              .limit(limit)
              .offset(offset),
            db.$count(sysLogininfor, where),
          ]);
          return table(
            req.lang,
            rows.map((r) => loginView(r, req.lang)),
            total,
          );
        },
      );

      app.delete(
        '/monitor/logininfor/clean',
        {
          config: { perm: 'monitor:logininfor:remove', operLog: { title: 'login log', businessType: 9 } },
          schema: { tags },
        },
        async (req) => {
          await db.delete(sysLogininfor).where(customerWhere(req.auth(), sysLogininfor.clientId));
          return ok(req.lang);
        },
      );

      app.delete(
        '/monitor/logininfor/:infoIds',
        {
          config: { perm: 'monitor:logininfor:remove', operLog: { title: 'login log', businessType: 3 } },
          schema: { tags, params: idsParam('infoIds') },
        },
        async (req) => {
          const ids = parseIds(req.params.infoIds);
          const removed = await db
            .delete(sysLogininfor)
            .where(and(inArray(sysLogininfor.infoId, ids), customerWhere(req.auth(), sysLogininfor.clientId)))
            .returning({ id: sysLogininfor.infoId });
          if (!removed.length) throw notFound();
          return ok(req.lang);
        },
      );

      app.get(
        '/monitor/logininfor/unlock/:userName',
        {
          config: { perm: 'monitor:logininfor:unlock', operLog: { title: 'login log', businessType: 0 } },
          schema: {
            tags,
            summary: 'Clear the lockout after wrong passwords',
            params: z.object({ userName: z.string().min(1).max(50) }),
          },
        },
        async (req) => {
          const ctx = req.auth();
          const userName = req.params.userName.trim();
          if (!ctx.platform) {
            // a customer unlocks its own accounts only
            const [own] = await db
              .select({ id: sysUser.userId })
              .from(sysUser)
              .where(
                and(
                  sql`lower(${sysUser.userName}) = ${userName.toLowerCase()}`,
                  sameCustomer(sysUser.clientId, ctx.clientId),
                ),
              );
            if (!own) throw notFound();
          }
          await clearPasswordFailures(deps, userName);
          return { ...ok(req.lang), msg: message('system.log.unlocked', req.lang, { userName }) };
        },
      );

      app.post(
        '/monitor/logininfor/export',
        {
          config: { perm: 'monitor:logininfor:export', operLog: { title: 'login log', businessType: 5 } },
          schema: { tags, body: loginQuery.partial().optional() },
        },
        async (req, reply) => {
          const q = parseInput(loginQuery, merged(req), req.lang);
          const rows = await db
            .select()
            .from(sysLogininfor)
            .where(loginFilters(req.auth(), q))
            .orderBy(desc(sysLogininfor.infoId))
            .limit(100_000);
          const en = req.lang === 'en-US';
          return sendWorkbook(
            reply,
            en ? 'login log' : '登录日志',
            [
              { header: en ? 'Log id' : '序号', key: 'infoId', width: 10 },
              { header: en ? 'Account' : '用户账号', key: 'userName', width: 16 },
              { header: en ? 'IP' : '登录地址', key: 'ipaddr', width: 18 },
              { header: en ? 'Location' : '登录地点', key: 'loginLocation', width: 16 },
              { header: en ? 'Browser' : '浏览器', key: 'browser', width: 16 },
              { header: en ? 'OS' : '操作系统', key: 'os', width: 16 },
              { header: en ? 'Status' : '登录状态', key: 'status', width: 10 },
              { header: en ? 'Message' : '提示消息', key: 'msg', width: 30 },
              { header: en ? 'Time' : '访问时间', key: 'loginTime', width: 20 },
            ],
            rows.map((r) => ({ ...loginView(r, req.lang), status: statusText(r.status, en) })),
          );
        },
      );
    }

    /* ---------------- operation log and user operation log */
    for (const kind of ['operlog', 'userlog'] as const) {
      const tags = [`monitor/${kind}`];
      const customerUsersOnly = kind === 'userlog';
      app.get(
        `/monitor/${kind}/list`,
        { config: { perm: `monitor:${kind}:list` }, schema: { tags, querystring: operQuery } },
        async (req) => {
          const where = operFilters(req.auth(), req.query, customerUsersOnly);
          const { limit, offset } = pageOf(req.query);
          const [rows, total] = await Promise.all([
            db
              .select()
              .from(sysOperLog)
              .where(where)
              .orderBy(...orderOf(req.query, OPER_SORTABLE, [desc(sysOperLog.operId)]))
              .limit(limit)
              .offset(offset),
            db.$count(sysOperLog, where),
          ]);
          return table(req.lang, rows.map(operView), total);
        },
      );

      app.get(
        `/monitor/${kind}/:operId`,
        { config: { perm: `monitor:${kind}:query` }, schema: { tags, params: idParam('operId') } },
        async (req) => {
          const ctx = req.auth();
          const [row] = await db
            .select()
            .from(sysOperLog)
            .where(
              and(
                eq(sysOperLog.operId, req.params.operId),
                customerWhere(ctx, sysOperLog.clientId),
                customerUsersOnly ? isNotNull(sysOperLog.clientId) : undefined,
              ),
            );
          if (!row) throw notFound();
          return ok(req.lang, operView(row));
        },
      );

      app.post(
        `/monitor/${kind}/export`,
        {
          config: { perm: `monitor:${kind}:export`, operLog: { title: 'operation log', businessType: 5 } },
          schema: { tags, body: operQuery.partial().optional() },
        },
        async (req, reply) => {
          const q = parseInput(operQuery, merged(req), req.lang);
          const rows = await db
            .select()
            .from(sysOperLog)
            .where(operFilters(req.auth(), q, customerUsersOnly))
            .orderBy(desc(sysOperLog.operId))
            .limit(100_000);
          const en = req.lang === 'en-US';
          return sendWorkbook(
            reply,
            customerUsersOnly ? (en ? 'user operation log' : '用户操作日志') : en ? 'operation log' : '操作日志',
            operColumns(en),
            rows.map((r) => ({ ...operView(r), status: statusText(r.status, en) })),
          );
        },
      );
    }

    {
      const tags = ['monitor/operlog'];
      app.delete(
        '/monitor/operlog/clean',
        {
          config: { perm: 'monitor:operlog:remove', operLog: { title: 'operation log', businessType: 9 } },
          schema: { tags },
        },
        async (req) => {
          await db.delete(sysOperLog).where(customerWhere(req.auth(), sysOperLog.clientId));
          return ok(req.lang);
        },
      );

      app.delete(
        '/monitor/operlog/:operIds',
        {
          config: { perm: 'monitor:operlog:remove', operLog: { title: 'operation log', businessType: 3 } },
          schema: { tags, params: idsParam('operIds') },
        },
        async (req) => {
          const ids = parseIds(req.params.operIds);
          const removed = await db
            .delete(sysOperLog)
            .where(and(inArray(sysOperLog.operId, ids), customerWhere(req.auth(), sysOperLog.clientId)))
            .returning({ id: sysOperLog.operId });
          if (!removed.length) throw notFound();
          return ok(req.lang);
        },
      );
    }

    /* ---------------- device operation log */
    {
      const tags = ['monitor/devicelog'];
      app.get(
        '/monitor/devicelog/list',
        {
          config: { perm: 'monitor:devicelog:list' },
          schema: {
            tags,
            summary: 'Device calls of the current customer (and project, when one is chosen)',
            querystring: deviceQuery,
          },
        },
        async (req) => {
          const where = deviceFilters(req.auth(), req.query);
          const { limit, offset } = pageOf(req.query);
          const [rows, total] = await Promise.all([
            db
              .select()
              .from(sysDeviceLog)
              .where(where)
              .orderBy(...orderOf(req.query, DEVICE_SORTABLE, [desc(sysDeviceLog.logId)]))
              .limit(limit)
              .offset(offset),
            db.$count(sysDeviceLog, where),
          ]);
          return table(req.lang, rows.map(deviceView), total);
        },
      );

      app.get(
        '/monitor/devicelog/:logId',
        { config: { perm: 'monitor:devicelog:query' }, schema: { tags, params: idParam('logId') } },
        async (req) => {
          const ctx = req.auth();
          const [row] = await db
            .select()
            .from(sysDeviceLog)
            .where(
              and(
                eq(sysDeviceLog.logId, req.params.logId),
                customerWhere(ctx, sysDeviceLog.clientId),
                ctx.projectId !== null ? eq(sysDeviceLog.projectId, ctx.projectId) : undefined,
              ),
            );
          if (!row) throw notFound();
          return ok(req.lang, deviceView(row));
        },
      );

      app.post(
        '/monitor/devicelog/export',
        {
          config: { perm: 'monitor:devicelog:export', operLog: { title: 'device log', businessType: 5 } },
          schema: { tags, body: deviceQuery.partial().optional() },
        },
        async (req, reply) => {
          const q = parseInput(deviceQuery, merged(req), req.lang);
          const rows = await db
            .select()
            .from(sysDeviceLog)
            .where(deviceFilters(req.auth(), q))
            .orderBy(desc(sysDeviceLog.logId))
            .limit(100_000);
          const en = req.lang === 'en-US';
          return sendWorkbook(
            reply,
            en ? 'device operation log' : '设备操作日志',
            [
              { header: en ? 'Log id' : '序号', key: 'logId', width: 10 },
              { header: en ? 'Device UID' : '设备UID', key: 'deviceUid', width: 20 },
              { header: en ? 'Device' : '设备名称', key: 'deviceName', width: 20 },
              { header: en ? 'Action' : '操作', key: 'action', width: 14 },
              { header: en ? 'Operator' : '操作人', key: 'operName', width: 14 },
              { header: en ? 'Request IP' : '请求IP', key: 'requestIp', width: 18 },
              { header: en ? 'Method' : '请求方法', key: 'method', width: 30 },
              { header: en ? 'Headers' : '请求头', key: 'headers', width: 30 },
              { header: en ? 'Request' : '请求内容', key: 'request', width: 30 },
              { header: en ? 'Response' : '响应内容', key: 'response', width: 30 },
              { header: en ? 'Status' : '状态', key: 'status', width: 10 },
              { header: en ? 'Consume time (ms)' : '耗时(毫秒)', key: 'consumeTime', width: 14 },
              { header: en ? 'Same-batch count' : '同批次数量', key: 'batchCount', width: 12 },
              { header: en ? 'Time' : '时间', key: 'createTime', width: 20 },
            ],
            rows.map((r) => ({ ...deviceView(r), status: statusText(r.status, en) })),
          );
        },
      );
    }
  };
}
