import type { NoticeAddBody } from '@luxgrid/contracts';
import { and, desc, eq, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { dateRange, type PageQuery } from '../../../platform/paging.ts';
import { containing } from '../../../platform/params.ts';
import { findIn, readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { created, customerWhere, type Scope, updated } from '../../../platform/scope.ts';
import { formatDate } from '../user/user-info.ts';
import { sanitizeNotice } from './notice.service.ts';
import { sysNotice, sysNoticeRead } from './notice.table.ts';

/** Notices as their administrators keep them: the SQL of the notice list and forms, within the customer. */

export interface NoticeFilter extends PageQuery {
  noticeTitle?: string;
  noticeType?: '1' | '2' | '';
  createBy?: string;
  status?: '0' | '1' | '';
}

export const NOTICE_SORTABLE = {
  noticeId: sysNotice.noticeId,
  noticeTitle: sysNotice.noticeTitle,
  noticeType: sysNotice.noticeType,
  status: sysNotice.status,
  createTime: sysNotice.createTime,
};
export const NOTICE_ORDER = [desc(sysNotice.noticeId)];

export const noticeView = (row: typeof sysNotice.$inferSelect) => ({
  ...row,
  createTime: formatDate(row.createTime),
  updateTime: formatDate(row.updateTime),
});

function filtered(scope: Scope, q: NoticeFilter): SQL | undefined {
  const { begin, end } = dateRange(q);
  return and(
    customerWhere(scope, sysNotice.clientId),
    q.noticeTitle ? ilike(sysNotice.noticeTitle, containing(q.noticeTitle)) : undefined,
    q.noticeType ? eq(sysNotice.noticeType, q.noticeType) : undefined,
    q.createBy ? ilike(sysNotice.createBy, containing(q.createBy)) : undefined,
    q.status ? eq(sysNotice.status, q.status) : undefined,
    begin ? gte(sysNotice.createTime, begin) : undefined,
    end ? lte(sysNotice.createTime, end) : undefined,
  );
}

export async function listNotices(db: Db, scope: Scope, q: NoticeFilter, page: ListPage) {
  const { rows, total } = await readPage(db, sysNotice, filtered(scope, q), page);
  return { rows: rows.map(noticeView), total };
}

/** The notice with this id within the scope's customer; a foreign or unknown id is not found. */
export async function findNotice(db: Db, scope: Scope, noticeId: number) {
  const row = await findIn(db, sysNotice, sysNotice.noticeId, noticeId, customerWhere(scope, sysNotice.clientId));
  if (!row) throw notFound();
  return row;
}

export async function insertNotice(db: Db, scope: Scope, now: number, body: NoticeAddBody) {
  const [row] = await db
    .insert(sysNotice)
    .values({
      clientId: scope.clientId,
      noticeTitle: body.noticeTitle,
      noticeType: body.noticeType,
      noticeContent: sanitizeNotice(body.noticeContent ?? ''),
      status: body.status ?? '0',
      remark: body.remark ?? '',
      ...created(scope, now),
    })
    .returning({ id: sysNotice.noticeId });
  return { noticeId: row!.id };
}

export async function updateNotice(db: Db, scope: Scope, now: number, noticeId: number, body: NoticeAddBody) {
  const target = await findNotice(db, scope, noticeId);
  await db
    .update(sysNotice)
    .set({
      noticeTitle: body.noticeTitle,
      noticeType: body.noticeType,
      noticeContent: sanitizeNotice(body.noticeContent ?? ''),
      status: body.status ?? target.status,
      remark: body.remark ?? '',
      ...updated(scope, now),
    })
    .where(eq(sysNotice.noticeId, target.noticeId));
}

/** Removes notices of the scope's customer with who read them. */
export async function deleteNotices(db: Db, scope: Scope, ids: number[]) {
  const rows = await db
    .select({ id: sysNotice.noticeId })
    .from(sysNotice)
    .where(and(inArray(sysNotice.noticeId, ids), customerWhere(scope, sysNotice.clientId)));
  if (rows.length !== ids.length) throw notFound();
  await db.transaction(async (tx) => {
    await tx.delete(sysNoticeRead).where(inArray(sysNoticeRead.noticeId, ids));
    await tx.delete(sysNotice).where(inArray(sysNotice.noticeId, ids));
  });
}
