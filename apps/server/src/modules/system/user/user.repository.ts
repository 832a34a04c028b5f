import { and, asc, desc, eq, gte, ilike, inArray, like, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { dateRange, type PageQuery } from '../../../platform/paging.ts';
import { containing } from '../../../platform/params.ts';
import { EXPORT_LIMIT, type ListPage } from '../../../platform/resource-routes.ts';
import { customerWhere, type Scope } from '../../../platform/scope.ts';
import { sysDept } from '../dept/dept.table.ts';
import { userColumns, userScope, userView } from './user.service.ts';
import { sysUser, sysUserPost } from './user.table.ts';
import { sysUserImport } from './user-import.table.ts';

/** The user list, its export and the rows the user forms read, under the caller's customer and data scopes. */

export interface UserFilter extends PageQuery {
  deptId?: number;
  userName?: string;
  nickName?: string;
  phonenumber?: string;
  status?: '0' | '1' | '';
}

export const USER_SORTABLE = {
  userId: sysUser.userId,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  phonenumber: sysUser.phonenumber,
  status: sysUser.status,
  deptId: sysUser.deptId,
  createTime: sysUser.createTime,
  loginDate: sysUser.loginDate,
};
export const USER_ORDER = [desc(sysUser.userId)];

/** The department and every department below it. */
export const deptAndBelow = (deptId: number) =>
  or(eq(sysDept.deptId, deptId), sql`${String(deptId)} = any(string_to_array(${sysDept.ancestors}, ','))`);

function filtered(db: Db, ctx: Ctx, q: UserFilter): SQL {
  const { begin, end } = dateRange(q);
  return and(
    userScope(ctx),
    q.deptId
      ? inArray(sysUser.deptId, db.select({ id: sysDept.deptId }).from(sysDept).where(deptAndBelow(q.deptId)))
      : undefined,
    q.userName ? ilike(sysUser.userName, containing(q.userName)) : undefined,
    q.nickName ? ilike(sysUser.nickName, containing(q.nickName)) : undefined,
    q.phonenumber ? like(sysUser.phonenumber, containing(q.phonenumber)) : undefined,
    q.status ? eq(sysUser.status, q.status) : undefined,
    begin ? gte(sysUser.createTime, begin) : undefined,
    end ? lte(sysUser.createTime, end) : undefined,
  )!;
}

const withDept = (db: Db) => db.select(userColumns).from(sysUser).leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId));

export async function listUsers(db: Db, ctx: Ctx, q: UserFilter, page: ListPage) {
  const where = filtered(db, ctx, q);
  const [rows, total] = await Promise.all([
    withDept(db)
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    db.$count(sysUser, where),
  ]);
  return { rows: rows.map(userView), total };
}

export async function exportUsers(db: Db, ctx: Ctx, q: UserFilter) {
  const rows = await withDept(db)
    .where(filtered(db, ctx, q))
    .orderBy(asc(sysUser.userId))
    .limit(EXPORT_LIMIT);
  return rows.map(userView);
}

/** The posts a user holds. */
export async function userPostIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: sysUserPost.postId }).from(sysUserPost).where(eq(sysUserPost.userId, userId));
  return rows.map((p) => p.id);
}

/** An import of users of the scope's customer, if any. */
export async function findImportRecord(db: Db, scope: Scope, importId: number) {
  const [row] = await db
    .select()
    .from(sysUserImport)
    .where(and(eq(sysUserImport.importId, importId), customerWhere(scope, sysUserImport.clientId)));
  return row;
}
