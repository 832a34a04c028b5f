import { and, asc, desc, eq, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { nextFireTime, parseCron } from '../../../platform/jobs/cron.ts';
import { sysJob } from '../../../platform/jobs/job.table.ts';
import { dateRange, type PageQuery } from '../../../platform/paging.ts';
import { findIn, readExport, readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { created, type Scope, updated } from '../../../platform/scope.ts';
import { formatDate } from '../../system/user/user-info.ts';

/** Scheduled platform jobs: the SQL over sys_job (platform users only, see platformOnly). */

export interface JobFilter extends PageQuery {
  jobName?: string;
  jobGroup?: string;
  invokeTarget?: string;
  status?: '0' | '1' | '';
}

export interface JobValues {
  jobName: string;
  jobGroup: string;
  invokeTarget: string;
  cronExpression: string;
  misfirePolicy: string;
  concurrent: string;
  status: string;
  remark?: string;
}

export const JOB_SORTABLE = {
  jobId: sysJob.jobId,
  jobName: sysJob.jobName,
  jobGroup: sysJob.jobGroup,
  status: sysJob.status,
  nextFireTime: sysJob.nextFireTime,
  createTime: sysJob.createTime,
};
export const JOB_ORDER = [desc(sysJob.jobId)];

type JobRow = typeof sysJob.$inferSelect;

/** A job as screens show it at `now`: its next valid fire time, whether a run holds its lease. */
function view(row: JobRow, now: number) {
  const check = parseCron(row.cronExpression);
  const nextValid = check.ok ? nextFireTime(check.cron, new Date(now)) : null;
  const { leaseOwner: _owner, leaseUntil, ...rest } = row;
  return {
    ...rest,
    nextFireTime: formatDate(row.nextFireTime),
    lastFireTime: formatDate(row.lastFireTime),
    nextValidTime: row.status === '0' ? formatDate(nextValid) : null,
    running: leaseUntil !== null && leaseUntil.getTime() > now,
    createTime: formatDate(row.createTime),
    updateTime: formatDate(row.updateTime),
  };
}

function filtered(q: JobFilter): SQL | undefined {
  const { begin, end } = dateRange(q);
  return and(
    q.jobName ? ilike(sysJob.jobName, `%${q.jobName}%`) : undefined,
    q.jobGroup ? eq(sysJob.jobGroup, q.jobGroup) : undefined,
    q.invokeTarget ? ilike(sysJob.invokeTarget, `%${q.invokeTarget}%`) : undefined,
    q.status ? eq(sysJob.status, q.status) : undefined,
    begin ? gte(sysJob.createTime, begin) : undefined,
    end ? lte(sysJob.createTime, end) : undefined,
  );
}

export async function listJobs(db: Db, now: number, q: JobFilter, page: ListPage) {
  const { rows, total } = await readPage(db, sysJob, filtered(q), page);
  return { rows: rows.map((r) => view(r, now)), total };
}

export async function exportJobs(db: Db, now: number, q: JobFilter) {
  const rows = await readExport(db, sysJob, filtered(q), asc(sysJob.jobId));
  return rows.map((r) => view(r, now));
}

/** The stored job, or "not found". */
export async function findJob(db: Db, jobId: number): Promise<JobRow> {
  const row = await findIn(db, sysJob, sysJob.jobId, jobId, undefined);
  if (!row) throw notFound();
  return row;
}

export async function jobView(db: Db, now: number, jobId: number) {
  return view(await findJob(db, jobId), now);
}

export async function insertJob(db: Db, scope: Scope, now: number, values: JobValues, next: Date | null) {
  const [row] = await db
    .insert(sysJob)
    .values({ ...values, remark: values.remark ?? '', nextFireTime: next, ...created(scope, now) })
    .returning({ jobId: sysJob.jobId });
  return row!.jobId;
}

/** Replaces a job's settings; "not found" when there is no such job. */
export async function updateJob(
  db: Db,
  scope: Scope,
  now: number,
  jobId: number,
  values: JobValues,
  next: Date | null,
): Promise<void> {
  const changed = await db
    .update(sysJob)
    .set({ ...values, remark: values.remark ?? '', nextFireTime: next, ...updated(scope, now) })
    .where(eq(sysJob.jobId, jobId))
    .returning({ id: sysJob.jobId });
  if (!changed.length) throw notFound();
}

export async function setJobStatus(
  db: Db,
  scope: Scope,
  now: number,
  jobId: number,
  status: string,
  next: Date | null,
): Promise<void> {
  await db
    .update(sysJob)
    .set({ status, nextFireTime: next, ...updated(scope, now) })
    .where(eq(sysJob.jobId, jobId));
}

/** Removes jobs; every id must name one. */
export async function deleteJobs(db: Db, ids: number[]): Promise<void> {
  const rows = await db.select({ id: sysJob.jobId }).from(sysJob).where(inArray(sysJob.jobId, ids));
  if (rows.length !== ids.length) throw notFound();
  await db.delete(sysJob).where(inArray(sysJob.jobId, ids));
}
