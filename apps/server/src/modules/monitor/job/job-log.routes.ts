import { jobLogRow, rule } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { notFound } from '../../../platform/errors.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { resourceRoutes } from '../../../platform/resource-routes.ts';
import { platformOnly } from '../platform-only.ts';
import {
  cleanJobLog,
  deleteJobLogs,
  exportJobLogs,
  findJobLog,
  JOB_LOG_ORDER,
  JOB_LOG_SORTABLE,
  listJobLogs,
} from './job-log.repository.ts';

const listQuery = pageQuery.extend({
  jobId: z.coerce.number().int().positive().optional(),
  jobName: z.string().max(64).optional(),
  jobGroup: z.string().max(64).optional(),
  invokeTarget: z.string().max(500).optional(),
  status: z.enum(['0', '1', '']).optional(),
});

/** Job log (RuoYi /monitor/jobLog): one row per run, read with the job's permissions. */
export function jobLogRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  return async (app) => {
    platformOnly(app);
    const tags = ['monitor/jobLog'];

    app.delete(
      '/monitor/jobLog/clean',
      {
        config: { perm: 'monitor:job:remove', operLog: { title: 'job log', businessType: 9 } },
        schema: { tags, querystring: z.object({ jobId: z.coerce.number().int().positive().optional() }) },
      },
      async (req) => ok(req.lang, { removed: await cleanJobLog(db, req.query.jobId) }),
    );

    resourceRoutes(app, deps, {
      base: '/monitor/jobLog',
      perm: 'monitor:job',
      tags,
      title: 'job log',
      idName: 'jobLogId',
      row: jobLogRow,
      list: {
        query: listQuery,
        sortable: JOB_LOG_SORTABLE,
        order: JOB_LOG_ORDER,
        rows: (scope, q, page) => listJobLogs(db, scope, q, page),
      },
      get: (scope, id) => findJobLog(db, scope, id),
      export: {
        sheet: ['调度日志', 'job log'],
        columns: [
          ['jobLogId', '日志编号', 'Id', 10],
          ['jobName', '任务名称', 'Job', 24],
          ['jobGroup', '任务分组', 'Group', 12],
          ['invokeTarget', '调用目标', 'Invoke target', 36],
          ['triggerLabel', '触发方式', 'Trigger', 12],
          ['jobMessage', '日志信息', 'Message', 50],
          ['status', '执行状态', 'Status', 10, { fixed: { '0': ['成功', 'Success'], '1': ['失败', 'Failed'] } }],
          ['exceptionInfo', '异常信息', 'Exception', 40],
          ['startTime', '开始时间', 'Started', 20],
          ['costTime', '耗时(毫秒)', 'Cost (ms)', 12],
          ['node', '执行节点', 'Node', 30],
        ],
        rows: (scope, q) => exportJobLogs(db, scope, q),
      },
    });

    app.delete(
      '/monitor/jobLog/:jobLogIds',
      {
        config: { perm: 'monitor:job:remove', operLog: { title: 'job log', businessType: 3 } },
        schema: {
          tags,
          params: z.object({ jobLogIds: z.string().regex(/^\d{1,15}(,\d{1,15})*$/, { error: rule('valid.type') }) }),
        },
      },
      async (req) => {
        const ids = [...new Set(req.params.jobLogIds.split(',').map(Number))];
        const removed = await deleteJobLogs(db, ids);
        if (!removed) throw notFound();
        return ok(req.lang, { removed });
      },
    );
  };
}
