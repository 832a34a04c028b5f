import type { Lang } from '@luxgrid/contracts';
import { message } from '@luxgrid/contracts';
import { and, desc, eq, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { sysJobLog } from '../../../platform/jobs/job.table.ts';
import { dateRange, type PageQuery } from '../../../platform/paging.ts';
import { findIn, readExport, readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import type { Scope } from '../../../platform/scope.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { renderStored } from './job.service.ts';

/** The job log (one row per run of a platform job): read and cleaned by platform users only. */

export interface JobLogFilter extends PageQuery {
  jobId?: number;
  jobName?: string;
  jobGroup?: string;
  invokeTarget?: string;
  status?: '0' | '1' | '';
}

export const JOB_LOG_SORTABLE = {
  jobLogId: sysJobLog.jobLogId,
  jobName: sysJobLog.jobName,
  status: sysJobLog.status,
  startTime: sysJobLog.startTime,
  createTime: sysJobLog.createTime,
};
export const JOB_LOG_ORDER = [desc(sysJobLog.jobLogId)];

/** A run as screens show it: messages and trigger in the caller's language, dates formatted, cost in ms. */
function view(row: typeof sysJobLog.$inferSelect, lang: Lang) {
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

function filtered(q: JobLogFilter): SQL | undefined {
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
}

export async function listJobLogs(db: Db, scope: Scope, q: JobLogFilter, page: ListPage) {
  const { rows, total } = await readPage(db, sysJobLog, filtered(q), page);
  return { rows: rows.map((r) => view(r, scope.lang)), total };
}

export async function exportJobLogs(db: Db, scope: Scope, q: JobLogFilter) {
  const rows = await readExport(db, sysJobLog, filtered(q), ...JOB_LOG_ORDER);
  return rows.map((r) => view(r, scope.lang));
}

export async function findJobLog(db: Db, scope: Scope, jobLogId: number) {
  const row = await findIn(db, sysJobLog, sysJobLog.jobLogId, jobLogId, undefined);
  return row && view(row, scope.lang);
}

/** Removes the runs of one job, or every run; answers how many went. */
export async function cleanJobLog(db: Db, jobId?: number): Promise<number> {
  const removed = await db
    .delete(sysJobLog)
    .where(jobId ? eq(sysJobLog.jobId, jobId) : undefined)
    .returning({ id: sysJobLog.jobLogId });
  return removed.length;
}

/** Removes these runs (unknown ids are passed over); answers how many went. */
export async function deleteJobLogs(db: Db, ids: number[]): Promise<number> {
  const removed = await db
    .delete(sysJobLog)
    .where(inArray(sysJobLog.jobLogId, ids))
    .returning({ id: sysJobLog.jobLogId });
  return removed.length;
}
