import { fieldLabel, type Lang, optionalText, rule, text } from '@luxgrid/contracts';
import { JOB_CONCURRENT, JOB_GROUPS, JOB_MISFIRE_POLICIES, JOB_STATUS } from '@luxgrid/contracts/enums';
import { and, desc, eq, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { nextFireTime, parseCron } from '../../../platform/jobs/cron.ts';
import { sysJob } from '../../../platform/jobs/job.table.ts';
import { listJobHandlers } from '../../../platform/jobs/registry.ts';
import { jobScheduler } from '../../../platform/jobs/scheduler.ts';
import { dateRange, orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { dictLabels } from '../../system/dict/dict.service.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { platformOnly } from '../platform-only.ts';
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

const idParam = z.object({ jobId: z.coerce.number().int().positive() });

const SORTABLE = {
  jobId: sysJob.jobId,
  jobName: sysJob.jobName,
  jobGroup: sysJob.jobGroup,
  status: sysJob.status,
  nextFireTime: sysJob.nextFireTime,
  createTime: sysJob.createTime,
};

type JobRow = typeof sysJob.$inferSelect;

/** Scheduled jobs (RuoYi /monitor/job): CRUD, cron preview, handler registry, run once, pause and resume. */
export function jobRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const scheduler = jobScheduler(deps);

  const view = (row: JobRow) => {
    const check = parseCron(row.cronExpression);
    const nextValid = check.ok ? nextFireTime(check.cron, new Date(deps.clock.now())) : null;
    const { leaseOwner: _owner, leaseUntil, ...rest } = row;
    return {
      ...rest,
      nextFireTime: formatDate(row.nextFireTime),
      lastFireTime: formatDate(row.lastFireTime),
      nextValidTime: row.status === '0' ? formatDate(nextValid) : null,
      running: leaseUntil !== null && leaseUntil.getTime() > deps.clock.now(),
      createTime: formatDate(row.createTime),
      updateTime: formatDate(row.updateTime),
    };
  };

  const filters = (q: z.infer<typeof listQuery>): SQL | undefined => {
    const { begin, end } = dateRange(q);
    return and(
      q.jobName ? ilike(sysJob.jobName, `%${q.jobName}%`) : undefined,
      q.jobGroup ? eq(sysJob.jobGroup, q.jobGroup) : undefined,
      q.invokeTarget ? ilike(sysJob.invokeTarget, `%${q.invokeTarget}%`) : undefined,
      q.status ? eq(sysJob.status, q.status) : undefined,
      begin ? gte(sysJob.createTime, begin) : undefined,
      end ? lte(sysJob.createTime, end) : undefined,
    );
  };

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
      '/monitor/job/list',
      { config: { perm: 'monitor:job:list' }, schema: { tags, querystring: listQuery } },
      async (req) => {
        const where = filters(req.query);
        const { limit, offset } = pageOf(req.query);
        const [rows, total] = await Promise.all([
          db
            .select()
            .from(sysJob)
            .where(where)
            .orderBy(...orderOf(req.query, SORTABLE, [desc(sysJob.jobId)]))
            .limit(limit)
            .offset(offset),
          db.$count(sysJob, where),
        ]);
        return table(req.lang, rows.map(view), total);
      },
    );

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

    app.post(
      '/monitor/job/export',
      {
        config: { perm: 'monitor:job:export', operLog: { title: 'scheduled jobs', businessType: 5 } },
        schema: { tags, body: listQuery.partial().optional() },
      },
      async (req, reply) => {
        const q = listQuery.parse(req.body ?? {});
        const rows = await db.select().from(sysJob).where(filters(q)).orderBy(sysJob.jobId).limit(100_000);
        const en = req.lang === 'en-US';
        const status = await dictLabels(deps, req.lang, 'sys_job_status');
        return sendWorkbook(
          reply,
          en ? 'scheduled jobs' : '定时任务',
          [
            { header: en ? 'Id' : '任务编号', key: 'jobId', width: 10 },
            { header: en ? 'Name' : '任务名称', key: 'jobName', width: 24 },
            { header: en ? 'Group' : '任务分组', key: 'jobGroup', width: 12 },
            { header: en ? 'Invoke target' : '调用目标', key: 'invokeTarget', width: 40 },
            { header: en ? 'Cron' : 'Cron表达式', key: 'cronExpression', width: 20 },
            { header: en ? 'Misfire policy' : '执行策略', key: 'misfirePolicy', width: 14 },
            { header: en ? 'Concurrent' : '并发执行', key: 'concurrent', width: 12 },
            { header: en ? 'Status' : '状态', key: 'status', width: 10 },
            { header: en ? 'Next fire' : '下次执行', key: 'nextFireTime', width: 20 },
            { header: en ? 'Remark' : '备注', key: 'remark', width: 30 },
          ],
          rows.map((r) => ({
            ...view(r),
            misfirePolicy: MISFIRE_LABELS[r.misfirePolicy]?.[en ? 1 : 0] ?? r.misfirePolicy,
            concurrent: r.concurrent === '0' ? (en ? 'Allowed' : '允许') : en ? 'Forbidden' : '禁止',
            status: status(r.status),
          })),
        );
      },
    );

    app.get(
      '/monitor/job/:jobId',
      { config: { perm: 'monitor:job:query' }, schema: { tags, params: idParam } },
      async (req) => {
        const [row] = await db.select().from(sysJob).where(eq(sysJob.jobId, req.params.jobId));
        if (!row) throw notFound();
        return ok(req.lang, view(row));
      },
    );

    app.post(
      '/monitor/job',
      {
        config: { perm: 'monitor:job:add', operLog: { title: 'scheduled jobs', businessType: 1 } },
        schema: { tags, body: jobBody },
      },
      async (req) => {
        const ctx = req.auth();
        const next = validate(req.body, req.lang);
        const { jobId: _ignored, ...values } = req.body;
        const [row] = await db
          .insert(sysJob)
          .values({
            ...values,
            remark: values.remark ?? '',
            nextFireTime: next,
            createBy: ctx.principal.userName,
            createTime: new Date(deps.clock.now()),
          })
          .returning({ jobId: sysJob.jobId });
        return ok(req.lang, { jobId: row!.jobId });
      },
    );

    app.put(
      '/monitor/job',
      {
        config: { perm: 'monitor:job:edit', operLog: { title: 'scheduled jobs', businessType: 2 } },
        schema: { tags, body: jobBody },
      },
      async (req) => {
        const ctx = req.auth();
        const { jobId, ...values } = req.body;
        if (!jobId) throw fail('valid.required', { field: fieldLabel('jobId', req.lang) });
        const next = validate(req.body, req.lang);
        const updated = await db
          .update(sysJob)
          .set({
            ...values,
            remark: values.remark ?? '',
            nextFireTime: next,
            updateBy: ctx.principal.userName,
            updateTime: new Date(deps.clock.now()),
          })
          .where(eq(sysJob.jobId, jobId))
          .returning({ id: sysJob.jobId });
        if (!updated.length) throw notFound();
        return ok(req.lang);
      },
    );

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
        const [row] = await db.select().from(sysJob).where(eq(sysJob.jobId, req.body.jobId));
        if (!row) throw notFound();
        const next =
          req.body.status === '0'
            ? nextFireTime(checkCron(deps, row.cronExpression), new Date(deps.clock.now()))
            : null;
        await db
          .update(sysJob)
          .set({
            status: req.body.status,
            nextFireTime: next,
            updateBy: ctx.principal.userName,
            updateTime: new Date(deps.clock.now()),
          })
          .where(eq(sysJob.jobId, row.jobId));
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
        const rows = await db.select({ id: sysJob.jobId }).from(sysJob).where(inArray(sysJob.jobId, ids));
        if (rows.length !== ids.length) throw notFound();
        await db.delete(sysJob).where(inArray(sysJob.jobId, ids));
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
