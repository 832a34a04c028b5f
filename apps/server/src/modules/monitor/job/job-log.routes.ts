import type { Lang } from '@luxgrid/contracts';
import { message, rule } from '@luxgrid/contracts';
import { and, desc, eq, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { notFound } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { sysJobLog } from '../../../platform/jobs/job.table.ts';
import { dateRange, orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { platformOnly } from '../platform-only.ts';
import { renderStored } from './job.service.ts';

const listQuery = pageQuery.extend({
  jobId: z.coerce.number().int().positive().optional(),
  jobName: z.string().max(64).optional(),
  jobGroup: z.string().max(64).optional(),
  invokeTarget: z.string().max(500).optional(),
  status: z.enum(['0', '1', '']).optional(),
});

const SORTABLE = {
  jobLogId: sysJobLog.jobLogId,
  jobName: sysJobLog.jobName,
  status: sysJobLog.status,
  startTime: sysJobLog.startTime,
  createTime: sysJobLog.createTime,
};

type LogRow = typeof sysJobLog.$inferSelect;

function view(row: LogRow, lang: Lang) {
  return {
    ...row,
    jobMessage: renderStored(row.jobMessage, lang),
    exceptionInfo: renderStored(row.exceptionInfo, lang),
    triggerLabel: message(`job.trigger.${row.triggerType as 'cron' | 'misfire' | 'manual'}`, lang),
    costTime: row.endTime ? row.endTime.getTime() - row.startTime.getTime() : null,
    fireTime: formatDate(row.fireTime),
    startTime: formatDate(row.startTime),
    endTime: formatDate(row.endTime),
    createTime: formatDate(row.createTime),
  };
}

/** Job log (RuoYi /monitor/jobLog): one row per run, read with the job's permissions. */
export function jobLogRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const filters = (q: z.infer<typeof listQuery>): SQL | undefined => {
    const { begin, end } = dateRange(q);
    return and(
      q.jobId ? eq(sysJobLog.jobId, q.jobId) : undefined,
      q.jobName ? ilike(sysJobLog.jobName, `%${q.jobName}%`) : undefined,
      q.jobGroup ? eq(sysJobLog.jobGroup, q.jobGroup) : undefined,
      q.invokeTarget ? ilike(sysJobLog.invokeTarget, `%${q.invokeTarget}%`) : undefined,
      q.status ? eq(sysJobLog.status, q.status) : undefined,
      begin ? gte(sysJobLog.startTime, begin) : undefined,
      end ? lte(sysJobLog.startTime, end) : undefined,
    );
  };

  return async (app) => {
    platformOnly(app);
    const tags = ['monitor/jobLog'];

    app.get(
      '/monitor/jobLog/list',
      { config: { perm: 'monitor:job:list' }, schema: { tags, querystring: listQuery } },
      async (req) => {
        const where = filters(req.query);
        const { limit, offset } = pageOf(req.query);
        const [rows, total] = await Promise.all([
          db
            .select()
            .from(sysJobLog)
            .where(where)
            .orderBy(...orderOf(req.query, SORTABLE, [desc(sysJobLog.jobLogId)]))
            .limit(limit)
            .offset(offset),
          db.$count(sysJobLog, where),
        ]);
        return table(
          req.lang,
          rows.map((r) => view(r, req.lang)),
          total,
        );
      },
    );

    app.post(
      '/monitor/jobLog/export',
      {
        config: { perm: 'monitor:job:export', operLog: { title: 'job log', businessType: 5 } },
        schema: { tags, body: listQuery.partial().optional() },
      },
      async (req, reply) => {
        const q = listQuery.parse(req.body ?? {});
        const rows = await db
          .select()
          .from(sysJobLog)
          .where(filters(q))
          .orderBy(desc(sysJobLog.jobLogId))
          .limit(100_000);
        const en = req.lang === 'en-US';
        return sendWorkbook(
          reply,
          en ? 'job log' : '调度日志',
          [
            { header: en ? 'Id' : '日志编号', key: 'jobLogId', width: 10 },
            { header: en ? 'Job' : '任务名称', key: 'jobName', width: 24 },
            { header: en ? 'Group' : '任务分组', key: 'jobGroup', width: 12 },
            { header: en ? 'Invoke target' : '调用目标', key: 'invokeTarget', width: 36 },
            { header: en ? 'Trigger' : '触发方式', key: 'triggerLabel', width: 12 },
            { header: en ? 'Message' : '日志信息', key: 'jobMessage', width: 50 },
            { header: en ? 'Status' : '执行状态', key: 'status', width: 10 },
            { header: en ? 'Exception' : '异常信息', key: 'exceptionInfo', width: 40 },
            { header: en ? 'Started' : '开始时间', key: 'startTime', width: 20 },
            { header: en ? 'Cost (ms)' : '耗时(毫秒)', key: 'costTime', width: 12 },
            { header: en ? 'Node' : '执行节点', key: 'node', width: 30 },
          ],
          rows.map((r) => ({
            ...view(r, req.lang),
            status: r.status === '0' ? (en ? 'Success' : '成功') : en ? 'Failed' : '失败',
          })),
        );
      },
    );

    app.delete(
      '/monitor/jobLog/clean',
      {
        config: { perm: 'monitor:job:remove', operLog: { title: 'job log', businessType: 9 } },
        schema: { tags, querystring: z.object({ jobId: z.coerce.number().int().positive().optional() }) },
      },
      async (req) => {
        const removed = await db
          .delete(sysJobLog)
          .where(req.query.jobId ? eq(sysJobLog.jobId, req.query.jobId) : undefined)
          .returning({ id: sysJobLog.jobLogId });
        return ok(req.lang, { removed: removed.length });
      },
    );

    app.get(
      '/monitor/jobLog/:jobLogId',
      {
        config: { perm: 'monitor:job:query' },
        schema: { tags, params: z.object({ jobLogId: z.coerce.number().int().positive() }) },
      },
      async (req) => {
        const [row] = await db.select().from(sysJobLog).where(eq(sysJobLog.jobLogId, req.params.jobLogId));
        if (!row) throw notFound();
        return ok(req.lang, view(row, req.lang));
      },
    );

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
        const removed = await db
          .delete(sysJobLog)
          .where(inArray(sysJobLog.jobLogId, ids))
          .returning({ id: sysJobLog.jobLogId });
        if (!removed.length) throw notFound();
        return ok(req.lang, { removed: removed.length });
      },
    );
  };
}
