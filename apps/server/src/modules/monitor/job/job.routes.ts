import { fieldLabel, jobRow, type Lang, optionalText, rule, text } from '@luxgrid/contracts';
import { JOB_CONCURRENT, JOB_GROUPS, JOB_MISFIRE_POLICIES, JOB_STATUS } from '@luxgrid/contracts/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { nextFireTime } from '../../../platform/jobs/cron.ts';
import { listJobHandlers } from '../../../platform/jobs/registry.ts';
import { jobScheduler } from '../../../platform/jobs/scheduler.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { resourceRoutes } from '../../../platform/resource-routes.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { platformOnly } from '../platform-only.ts';
import {
  deleteJobs,
  exportJobs,
  findJob,
  insertJob,
  JOB_ORDER,
  JOB_SORTABLE,
  jobView,
  listJobs,
  setJobStatus,
  updateJob,
} from './job.repository.ts';
import { checkCron, checkInvokeTarget, previewFireTimes } from './job.service.ts';

const enumOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: rule('valid.enum') });

const jobBody = z.object({
  jobId: z.coerce.number().int().positive().optional(),
  jobName: text(1, 64),
  jobGroup: enumOf(JOB_GROUPS).default('DEFAULT'),
  invokeTarget: text(1, 500),
  cronExpression: text(1, 255),
  misfirePolicy: enumOf(JOB_MISFIRE_POLICIES).default('3'),
  concurrent: enumOf(JOB_CONCURRENT).default('1'),
  status: enumOf(JOB_STATUS).default('0'),
  remark: optionalText(500),
});

const listQuery = pageQuery.extend({
  jobName: z.string().max(64).optional(),
  jobGroup: z.string().max(64).optional(),
  invokeTarget: z.string().max(500).optional(),
  status: z.enum(['0', '1', '']).optional(),
});

/** Scheduled jobs (RuoYi /monitor/job): CRUD, cron preview, handler registry, run once, pause and resume. */
export function jobRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const scheduler = jobScheduler(deps);

  const now = () => deps.clock.now();

  /** Checks target and cron; the due time a normal job gets from now on. */
  const validate = (body: z.infer<typeof jobBody>, lang: Lang) => {
    checkInvokeTarget(body.invokeTarget, lang);
    const cron = checkCron(deps, body.cronExpression);
    return body.status === '0' ? nextFireTime(cron, new Date(deps.clock.now())) : null;
  };

  return async (app) => {
    platformOnly(app);
    const tags = ['monitor/job'];

    app.get(
      '/monitor/job/handlers',
      { config: { perm: 'monitor:job:list' }, schema: { tags, summary: 'Registered job handlers' } },
      async (req) =>
        ok(
          req.lang,
          listJobHandlers().map((h) => ({
            name: h.name,
            description: h.description[req.lang],
            descriptionZh: h.description['zh-CN'],
            descriptionEn: h.description['en-US'],
            example:
              h.example && Object.keys(h.example as object).length ? `${h.name} ${JSON.stringify(h.example)}` : h.name,
            argsSchema: z.toJSONSchema(h.args, { io: 'input', unrepresentable: 'any' }),
          })),
        ),
    );

    app.get(
      '/monitor/job/cron/next',
      {
        config: { perm: 'monitor:job:list' },
        schema: {
          tags,
          summary: 'Validates a cron expression and lists its next fire times',
          querystring: z.object({
            cronExpression: text(1, 255),
            count: z.coerce.number().int().min(1).max(20).default(5),
          }),
        },
      },
      async (req) =>
        ok(
          req.lang,
          previewFireTimes(deps, req.query.cronExpression, req.query.count).map((d) => formatDate(d)),
        ),
    );

    resourceRoutes(app, deps, {
      base: '/monitor/job',
      perm: 'monitor:job',
      tags,
      title: 'scheduled jobs',
      idName: 'jobId',
      row: jobRow,
      list: {
        query: listQuery,
        sortable: JOB_SORTABLE,
        order: JOB_ORDER,
        rows: (_scope, q, page) => listJobs(db, now(), q, page),
      },
      get: (_scope, id) => jobView(db, now(), id),
      add: {
        body: jobBody,
        run: async (scope, body) => {
          const next = validate(body, scope.lang);
          const { jobId: _ignored, ...values } = body;
          return { jobId: await insertJob(db, scope, now(), values, next) };
        },
      },
      edit: {
        body: jobBody,
        run: async (scope, body) => {
          const { jobId, ...values } = body;
          if (!jobId) throw fail('valid.required', { field: fieldLabel('jobId', scope.lang) });
          const next = validate(body, scope.lang);
          await updateJob(db, scope, now(), jobId, values, next);
        },
      },
      export: {
        sheet: ['定时任务', 'scheduled jobs'],
        columns: [
          ['jobId', '任务编号', 'Id', 10],
          ['jobName', '任务名称', 'Name', 24],
          ['jobGroup', '任务分组', 'Group', 12],
          ['invokeTarget', '调用目标', 'Invoke target', 40],
          ['cronExpression', 'Cron表达式', 'Cron', 20],
          ['misfirePolicy', '执行策略', 'Misfire policy', 14, { fixed: MISFIRE_LABELS }],
          [
            'concurrent',
            '并发执行',
            'Concurrent',
            12,
            { fixed: { '0': ['允许', 'Allowed'], '1': ['禁止', 'Forbidden'] } },
          ],
          ['status', '状态', 'Status', 10, { dict: 'sys_job_status' }],
          ['nextFireTime', '下次执行', 'Next fire', 20],
          ['remark', '备注', 'Remark', 30],
        ],
        rows: (_scope, q) => exportJobs(db, now(), q),
      },
    });

    app.put(
      '/monitor/job/changeStatus',
      {
        config: { perm: 'monitor:job:changeStatus', operLog: { title: 'scheduled jobs', businessType: 2 } },
        schema: {
          tags,
          body: z.object({ jobId: z.coerce.number().int().positive(), status: enumOf(JOB_STATUS) }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const row = await findJob(db, req.body.jobId);
        const next =
          req.body.status === '0' ? nextFireTime(checkCron(deps, row.cronExpression), new Date(now())) : null;
        await setJobStatus(db, ctx, now(), row.jobId, req.body.status, next);
        return ok(req.lang);
      },
    );

    app.put(
      '/monitor/job/run',
      {
        config: { perm: 'monitor:job:changeStatus', operLog: { title: 'scheduled jobs', businessType: 2 } },
        schema: {
          tags,
          summary: 'Runs a job once now; its log row appears when it ends',
          body: z.object({ jobId: z.coerce.number().int().positive(), jobGroup: z.string().max(64).optional() }),
        },
      },
      async (req) => {
        const outcome = await scheduler.runOnce(req.body.jobId);
        if (outcome === 'missing') throw notFound();
        if (outcome === 'busy') throw fail('job.busy');
        return ok(req.lang, undefined, 'job.runStarted');
      },
    );

    app.delete(
      '/monitor/job/:jobIds',
      {
        config: { perm: 'monitor:job:remove', operLog: { title: 'scheduled jobs', businessType: 3 } },
        schema: {
          tags,
          params: z.object({ jobIds: z.string().regex(/^\d{1,15}(,\d{1,15})*$/, { error: rule('valid.type') }) }),
        },
      },
      async (req) => {
        const ids = [...new Set(req.params.jobIds.split(',').map(Number))];
        await deleteJobs(db, ids);
        return ok(req.lang);
      },
    );
  };
}

const MISFIRE_LABELS: Record<string, [string, string]> = {
  '0': ['默认策略', 'Default'],
  '1': ['立即执行', 'Fire immediately'],
  '2': ['执行一次', 'Fire once'],
  '3': ['放弃执行', 'Do nothing'],
};
