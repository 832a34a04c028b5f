import { deviceLogRow, loginLogRow, message, operLogRow } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { notFound } from '../../../platform/errors.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { idsParam, optionalFilter, parseIds } from '../../../platform/params.ts';
import { type ExportColumn, resourceRoutes } from '../../../platform/resource-routes.ts';
import { clearPasswordFailures } from '../../auth/auth.service.ts';
import {
  cleanLogins,
  cleanOperations,
  DEVICE_LOG_ORDER,
  DEVICE_LOG_SORTABLE,
  deleteLogins,
  deleteOperations,
  exportDeviceCalls,
  exportLogins,
  exportOperations,
  findDeviceCall,
  findOperation,
  LOGIN_ORDER,
  LOGIN_SORTABLE,
  listDeviceCalls,
  listLogins,
  listOperations,
  OPER_ORDER,
  OPER_SORTABLE,
  ownAccountNamed,
} from './log.repository.ts';

const loginQuery = pageQuery.extend({
  userName: optionalFilter(50),
  ipaddr: optionalFilter(128),
  status: z.enum(['0', '1', '']).optional(),
});

const operQuery = pageQuery.extend({
  title: optionalFilter(50),
  operName: optionalFilter(50),
  operIp: optionalFilter(128),
  businessType: z.coerce.number().int().min(0).max(9).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  'businessTypes[]': z.unknown().optional(),
});

const deviceQuery = pageQuery.extend({
  deviceUid: optionalFilter(64),
  deviceName: optionalFilter(100),
  action: optionalFilter(40),
  operName: optionalFilter(50),
  requestIp: optionalFilter(128),
  batchId: optionalFilter(64),
  status: z.coerce.number().int().min(0).max(2).optional(),
});

/** The outcome of a sign-in, an operation or a device call, as exports show it. */
const STATUS_LABELS = {
  fixed: { '0': ['成功', 'Success'], '1': ['失败', 'Fail'], '2': ['处理中', 'Pending'] },
} satisfies ExportColumn[4];

const OPER_COLUMNS: ExportColumn[] = [
  ['operId', '操作序号', 'Log id', 10],
  ['title', '操作模块', 'Module', 20],
  ['businessType', '业务类型', 'Business type', 10],
  ['requestMethod', '请求方式', 'Method', 10],
  ['operName', '操作人员', 'Operator', 16],
  ['deptName', '部门名称', 'Department', 16],
  ['operUrl', '请求地址', 'URL', 36],
  ['operIp', '操作地址', 'IP', 18],
  ['operParam', '请求参数', 'Parameters', 40],
  ['jsonResult', '返回参数', 'Result', 40],
  ['status', '状态', 'Status', 10, STATUS_LABELS],
  ['errorMsg', '错误消息', 'Error', 30],
  ['operTime', '操作时间', 'Time', 20],
  ['costTime', '消耗时间(毫秒)', 'Cost (ms)', 12],
];

/**
 * Logs: sign-ins (with unlocking a locked account), operations, the operations of customer
 * users, and device calls. Customer users see their own customer's rows only.
 */
export function logRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  return async (app) => {
    /* ---------------- login log */
    {
      const tags = ['monitor/logininfor'];
      resourceRoutes(app, deps, {
        base: '/monitor/logininfor',
        perm: 'monitor:logininfor',
        tags,
        title: 'login log',
        row: loginLogRow,
        list: {
          query: loginQuery,
          sortable: LOGIN_SORTABLE,
          order: LOGIN_ORDER,
          rows: (scope, q, page) => listLogins(db, scope, q, page),
        },
        export: {
          sheet: ['登录日志', 'login log'],
          columns: [
            ['infoId', '序号', 'Log id', 10],
            ['userName', '用户账号', 'Account', 16],
            ['ipaddr', '登录地址', 'IP', 18],
            ['loginLocation', '登录地点', 'Location', 16],
            ['browser', '浏览器', 'Browser', 16],
            ['os', '操作系统', 'OS', 16],
            ['status', '登录状态', 'Status', 10, STATUS_LABELS],
            ['msg', '提示消息', 'Message', 30],
            ['loginTime', '访问时间', 'Time', 20],
          ],
          rows: (scope, q) => exportLogins(db, scope, q),
        },
      });

      app.delete(
        '/monitor/logininfor/clean',
        {
          config: { perm: 'monitor:logininfor:remove', operLog: { title: 'login log', businessType: 9 } },
          schema: { tags },
        },
        async (req) => {
          await cleanLogins(db, req.auth());
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
          if (!(await deleteLogins(db, req.auth(), parseIds(req.params.infoIds)))) throw notFound();
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
          // a customer unlocks its own accounts only
          if (!ctx.platform && !(await ownAccountNamed(db, ctx, userName))) throw notFound();
          await clearPasswordFailures(deps, userName);
          return { ...ok(req.lang), msg: message('system.log.unlocked', req.lang, { userName }) };
        },
      );
    }

    /* ---------------- operation log and user operation log */
    for (const kind of ['operlog', 'userlog'] as const) {
      const customerUsersOnly = kind === 'userlog';
      resourceRoutes(app, deps, {
        base: `/monitor/${kind}`,
        perm: `monitor:${kind}`,
        tags: [`monitor/${kind}`],
        title: 'operation log',
        idName: 'operId',
        row: operLogRow,
        list: {
          query: operQuery,
          sortable: OPER_SORTABLE,
          order: OPER_ORDER,
          rows: (scope, q, page) => listOperations(db, scope, q, page, customerUsersOnly),
        },
        get: (scope, id) => findOperation(db, scope, id, customerUsersOnly),
        export: {
          sheet: customerUsersOnly ? ['用户操作日志', 'user operation log'] : ['操作日志', 'operation log'],
          columns: OPER_COLUMNS,
          rows: (scope, q) => exportOperations(db, scope, q, customerUsersOnly),
        },
      });
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
          await cleanOperations(db, req.auth());
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
          if (!(await deleteOperations(db, req.auth(), parseIds(req.params.operIds)))) throw notFound();
          return ok(req.lang);
        },
      );
    }

    /* ---------------- device operation log */
    resourceRoutes(app, deps, {
      base: '/monitor/devicelog',
      perm: 'monitor:devicelog',
      tags: ['monitor/devicelog'],
      title: 'device log',
      idName: 'logId',
      row: deviceLogRow,
      list: {
        query: deviceQuery,
        sortable: DEVICE_LOG_SORTABLE,
        order: DEVICE_LOG_ORDER,
        rows: (scope, q, page) => listDeviceCalls(db, scope, q, page),
      },
      get: (scope, id) => findDeviceCall(db, scope, id),
      export: {
        sheet: ['设备操作日志', 'device operation log'],
        columns: [
          ['logId', '序号', 'Log id', 10],
          ['deviceUid', '设备UID', 'Device UID', 20],
          ['deviceName', '设备名称', 'Device', 20],
          ['action', '操作', 'Action', 14],
          ['operName', '操作人', 'Operator', 14],
          ['requestIp', '请求IP', 'Request IP', 18],
          ['method', '请求方法', 'Method', 30],
          ['headers', '请求头', 'Headers', 30],
          ['request', '请求内容', 'Request', 30],
          ['response', '响应内容', 'Response', 30],
          ['status', '状态', 'Status', 10, STATUS_LABELS],
          ['consumeTime', '耗时(毫秒)', 'Consume time (ms)', 14],
          ['batchCount', '同批次数量', 'Same-batch count', 12],
          ['createTime', '时间', 'Time', 20],
        ],
        rows: (scope, q) => exportDeviceCalls(db, scope, q),
      },
    });
  };
}
