import { and, asc, eq, gte, ilike, inArray, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { dateRange, type PageQuery } from '../../../platform/paging.ts';
import { containing } from '../../../platform/params.ts';
import { findIn, readExport, readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { created, customerWhere, type Scope, sameCustomer, updated } from '../../../platform/scope.ts';
import { sysUserPost } from '../user/user.table.ts';
import { formatDate } from '../user/user-info.ts';
import { sysPost } from './post.table.ts';

/** Positions (posts) of each customer: the only SQL over sys_post. Every function takes the scope first. */

export interface PostFilter extends PageQuery {
  postCode?: string;
  postName?: string;
  status?: '0' | '1' | '';
}
export interface PostValues {
  postCode: string;
  postName: string;
  postSort: number;
  status?: string;
  remark?: string;
}

type PostRecord = typeof sysPost.$inferSelect;
const view = (row: PostRecord) => ({
  ...row,
  createTime: formatDate(row.createTime),
  updateTime: formatDate(row.updateTime),
});

export const POST_SORTABLE = {
  postId: sysPost.postId,
  postCode: sysPost.postCode,
  postName: sysPost.postName,
  postSort: sysPost.postSort,
  createTime: sysPost.createTime,
};
export const POST_ORDER = [asc(sysPost.postSort), asc(sysPost.postId)];

function filtered(scope: Scope, q: PostFilter): SQL | undefined {
  const { begin, end } = dateRange(q);
  return and(
    customerWhere(scope, sysPost.clientId),
    q.postCode ? ilike(sysPost.postCode, containing(q.postCode)) : undefined,
    q.postName ? ilike(sysPost.postName, containing(q.postName)) : undefined,
    q.status ? eq(sysPost.status, q.status) : undefined,
    begin ? gte(sysPost.createTime, begin) : undefined,
    end ? lte(sysPost.createTime, end) : undefined,
  );
}

export async function listPosts(db: Db, scope: Scope, q: PostFilter, page: ListPage) {
  const { rows, total } = await readPage(db, sysPost, filtered(scope, q), page);
  return { rows: rows.map(view), total };
}

export async function exportPosts(db: Db, scope: Scope, q: PostFilter) {
  const rows = await readExport(db, sysPost, filtered(scope, q), ...POST_ORDER);
  return rows.map(view);
}

/** The enabled posts of the scope, for the user form's select. */
export async function enabledPosts(db: Db, scope: Scope) {
  const rows = await db
    .select()
    .from(sysPost)
    .where(and(customerWhere(scope, sysPost.clientId), eq(sysPost.status, '0')))
    .orderBy(...POST_ORDER)
    .limit(1000);
  return rows.map(view);
}

export async function findPost(db: Db, scope: Scope, postId: number) {
  const row = await findIn(db, sysPost, sysPost.postId, postId, customerWhere(scope, sysPost.clientId));
  return row && view(row);
}

/** Code and name are unique within the customer (or among the platform's own posts). */
async function ensureUnique(db: Db, clientId: number | null, post: PostValues, selfId?: number) {
  const clashes = await db
    .select({ postCode: sysPost.postCode, postName: sysPost.postName })
    .from(sysPost)
    .where(
      and(
        sameCustomer(sysPost.clientId, clientId),
        or(eq(sysPost.postCode, post.postCode), eq(sysPost.postName, post.postName)),
        selfId ? ne(sysPost.postId, selfId) : undefined,
      ),
    );
  if (clashes.some((c) => c.postCode === post.postCode))
    throw fail('system.post.codeExists', { postName: post.postName });
  if (clashes.length) throw fail('system.post.nameExists', { postName: post.postName });
}

export async function insertPost(db: Db, scope: Scope, now: number, values: PostValues) {
  await ensureUnique(db, scope.clientId, values);
  const [row] = await db
    .insert(sysPost)
    .values({
      ...values,
      clientId: scope.clientId,
      status: values.status ?? '0',
      remark: values.remark ?? '',
      ...created(scope, now),
    })
    .returning({ postId: sysPost.postId });
  return { postId: row!.postId };
}

export async function updatePost(db: Db, scope: Scope, now: number, postId: number, values: PostValues) {
  const target = await findPost(db, scope, postId);
  if (!target) throw notFound();
  await ensureUnique(db, target.clientId, values, postId);
  await db
    .update(sysPost)
    .set({ ...values, status: values.status ?? target.status, remark: values.remark ?? '', ...updated(scope, now) })
    .where(eq(sysPost.postId, postId));
}

/** Removes posts no user holds; every id must be the scope's. */
export async function deletePosts(db: Db, scope: Scope, ids: number[]) {
  const rows = await db
    .select()
    .from(sysPost)
    .where(and(inArray(sysPost.postId, ids), customerWhere(scope, sysPost.clientId)));
  if (rows.length !== ids.length) throw notFound();
  const [used] = await db
    .select({ postId: sysUserPost.postId })
    .from(sysUserPost)
    .where(inArray(sysUserPost.postId, ids))
    .limit(1);
  if (used) throw fail('system.post.assigned', { postName: rows.find((r) => r.postId === used.postId)!.postName });
  await db.delete(sysPost).where(inArray(sysPost.postId, ids));
}
