import type { NoticeAddBody } from '@luxgrid/contracts';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { dateRange, orderOf, type PageQuery, pageOf } from '../../../platform/paging.ts';
import { containing } from '../../../platform/params.ts';
import { findIn, readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { created, customerWhere, dataScopeWhere, type Scope, sameCustomer, updated } from '../../../platform/scope.ts';
import { sysDept } from '../dept/dept.table.ts';
import { sysUser } from '../user/user.table.ts';
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

/* ---------------------------------------------------------------- what users read */

/** What a user reads in the navbar: open notices of its own customer, and the platform's own announcements. */
const readable = (scope: Scope): SQL =>
  and(
    eq(sysNotice.status, '0'),
    scope.platform
      ? isNull(sysNotice.clientId)
      : or(isNull(sysNotice.clientId), sameCustomer(sysNotice.clientId, scope.clientId)),
  )!;

const readBy = (userId: number) =>
  sql`exists (select 1 from ${sysNoticeRead} where ${sysNoticeRead.noticeId} = ${sysNotice.noticeId} and ${sysNoticeRead.userId} = ${userId})`;

/** How many notices the user can read and has not (of one type, if given). */
export function unreadCount(db: Db, scope: Scope, noticeType?: string) {
  return db.$count(
    sysNotice,
    and(
      readable(scope),
      noticeType ? eq(sysNotice.noticeType, noticeType) : undefined,
      notExists(
        db
          .select({ one: sql`1` })
          .from(sysNoticeRead)
          .where(and(eq(sysNoticeRead.noticeId, sysNotice.noticeId), eq(sysNoticeRead.userId, scope.userId))),
      ),
    ),
  );
}

/** The latest notices the user can read, each with its read state. */
export async function latestNotices(db: Db, scope: Scope, limit: number, noticeType?: string) {
  const rows = await db
    .select({
      noticeId: sysNotice.noticeId,
      noticeTitle: sysNotice.noticeTitle,
      noticeType: sysNotice.noticeType,
      status: sysNotice.status,
      createBy: sysNotice.createBy,
      createTime: sysNotice.createTime,
      read: sql<boolean>`${readBy(scope.userId)}`,
    })
    .from(sysNotice)
    .where(and(readable(scope), noticeType ? eq(sysNotice.noticeType, noticeType) : undefined))
    .orderBy(desc(sysNotice.createTime), desc(sysNotice.noticeId))
    .limit(limit);
  return rows.map((r) => ({ ...r, createTime: formatDate(r.createTime) }));
}

/** Every notice the user can read is read from `now` on. */
export async function markAllRead(db: Db, scope: Scope, now: number): Promise<void> {
  await db.execute(
    sql`insert into ${sysNoticeRead} (notice_id, user_id, read_time)
        select ${sysNotice.noticeId}, ${scope.userId}, ${new Date(now).toISOString()}::timestamptz
          from ${sysNotice} where ${readable(scope)}
        on conflict do nothing`,
  );
}

/** The readable notices among these ids; every one must be readable. */
export async function readableIds(db: Db, scope: Scope, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: sysNotice.noticeId })
    .from(sysNotice)
    .where(and(inArray(sysNotice.noticeId, ids), readable(scope)));
  if (rows.length !== ids.length) throw notFound();
  return rows.map((r) => r.id);
}

/** A notice the user can read, or "not found". */
export async function readableNotice(db: Db, scope: Scope, noticeId: number) {
  const [row] = await db
    .select()
    .from(sysNotice)
    .where(and(eq(sysNotice.noticeId, noticeId), readable(scope)));
  if (!row) throw notFound();
  return row;
}

/** These notices are read by the user from `now` on. */
export async function markRead(db: Db, scope: Scope, now: number, noticeIds: number[]): Promise<void> {
  if (!noticeIds.length) return;
  await db
    .insert(sysNoticeRead)
    .values(noticeIds.map((noticeId) => ({ noticeId, userId: scope.userId, readTime: new Date(now) })))
    .onConflictDoNothing();
}

export interface ReaderFilter extends PageQuery {
  searchValue?: string;
}

const READER_SORTABLE = {
  readTime: sysNoticeRead.readTime,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
};

/** Who of the scope's users (within its data scopes) has read a notice, latest first. */
export async function noticeReaders(db: Db, scope: Scope, noticeId: number, q: ReaderFilter) {
  const search = q.searchValue?.trim();
  const where = and(
    eq(sysNoticeRead.noticeId, noticeId),
    eq(sysUser.delFlag, '0'),
    customerWhere(scope, sysUser.clientId),
    dataScopeWhere(scope, { dept: sysUser.deptId, user: sysUser.userId }),
    search ? or(ilike(sysUser.userName, containing(search)), ilike(sysUser.nickName, containing(search))) : undefined,
  );
  const { limit, offset } = pageOf(q);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        userId: sysUser.userId,
        userName: sysUser.userName,
        nickName: sysUser.nickName,
        deptName: sysDept.deptName,
        phonenumber: sysUser.phonenumber,
        readTime: sysNoticeRead.readTime,
      })
      .from(sysNoticeRead)
      .innerJoin(sysUser, eq(sysUser.userId, sysNoticeRead.userId))
      .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
      .where(where)
      .orderBy(...orderOf(q, READER_SORTABLE, [desc(sysNoticeRead.readTime), asc(sysUser.userId)]))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sysNoticeRead)
      .innerJoin(sysUser, eq(sysUser.userId, sysNoticeRead.userId))
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, deptName: r.deptName ?? '', readTime: formatDate(r.readTime) })),
    total: Number(count?.n ?? 0),
  };
}
