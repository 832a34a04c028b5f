import { and, asc, desc, eq, gte, ilike, like, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { dateRange, orderOf, type PageQuery, pageOf } from '../../../platform/paging.ts';
import { containing } from '../../../platform/params.ts';
import { readExport, readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { sameCustomer } from '../../../platform/scope.ts';
import { sysDept } from '../dept/dept.table.ts';
import { userColumns, userScope, userView } from '../user/user.service.ts';
import { sysUser, sysUserRole } from '../user/user.table.ts';
import { findVisibleRole, roleView, roleVisible } from './role.service.ts';
import { sysRole, sysRoleDept } from './role.table.ts';

/** Roles as their screens read them, and the users holding a role: within the caller's customer and data scopes. */

export interface RoleFilter extends PageQuery {
  roleName?: string;
  roleKey?: string;
  status?: '0' | '1' | '';
}

export interface RoleUserFilter extends PageQuery {
  roleId: number;
  userName?: string;
  phonenumber?: string;
}

export const ROLE_SORTABLE = {
  roleId: sysRole.roleId,
  roleName: sysRole.roleName,
  roleKey: sysRole.roleKey,
  roleSort: sysRole.roleSort,
  status: sysRole.status,
  createTime: sysRole.createTime,
};
export const ROLE_ORDER = [asc(sysRole.roleSort), asc(sysRole.roleId)];

const ROLE_USER_SORTABLE = {
  userId: sysUser.userId,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  createTime: sysUser.createTime,
};

function filtered(ctx: Ctx, q: RoleFilter): SQL {
  const { begin, end } = dateRange(q);
  return and(
    roleVisible(ctx),
    q.roleName ? ilike(sysRole.roleName, containing(q.roleName)) : undefined,
    q.roleKey ? ilike(sysRole.roleKey, containing(q.roleKey)) : undefined,
    q.status ? eq(sysRole.status, q.status) : undefined,
    begin ? gte(sysRole.createTime, begin) : undefined,
    end ? lte(sysRole.createTime, end) : undefined,
  )!;
}

export async function listRoles(db: Db, ctx: Ctx, q: RoleFilter, page: ListPage) {
  const { rows, total } = await readPage(db, sysRole, filtered(ctx, q), page);
  return { rows: rows.map(roleView), total };
}

export async function exportRoles(db: Db, ctx: Ctx, q: RoleFilter) {
  return readExport(db, sysRole, filtered(ctx, q), ...ROLE_ORDER);
}

/** The roles the caller may see, for selects. */
export async function roleChoices(db: Db, ctx: Ctx) {
  const rows = await db
    .select()
    .from(sysRole)
    .where(roleVisible(ctx))
    .orderBy(...ROLE_ORDER)
    .limit(1000);
  return rows.map(roleView);
}

/** The departments of a role's custom data scope, with their parents. */
export function roleDepts(db: Db, roleId: number) {
  return db
    .select({ id: sysRoleDept.deptId, parentId: sysDept.parentId })
    .from(sysRoleDept)
    .innerJoin(sysDept, eq(sysDept.deptId, sysRoleDept.deptId))
    .where(eq(sysRoleDept.roleId, roleId));
}

/** One page of the users of the role's customer who hold the role (allocated) or do not. */
export async function roleUsers(db: Db, ctx: Ctx, q: RoleUserFilter, allocated: boolean) {
  const role = await findVisibleRole(db, ctx, q.roleId);
  const holders = db.select({ id: sysUserRole.userId }).from(sysUserRole).where(eq(sysUserRole.roleId, role.roleId));
  const where = and(
    userScope(ctx),
    sameCustomer(sysUser.clientId, role.clientId),
    allocated ? sql`${sysUser.userId} in (${holders})` : notInArray(sysUser.userId, holders),
    q.userName ? ilike(sysUser.userName, containing(q.userName)) : undefined,
    q.phonenumber ? like(sysUser.phonenumber, containing(q.phonenumber)) : undefined,
  );
  const { limit, offset } = pageOf(q);
  const [rows, total] = await Promise.all([
    db
      .select(userColumns)
      .from(sysUser)
      .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
      .where(where)
      .orderBy(...orderOf(q, ROLE_USER_SORTABLE, [desc(sysUser.userId)]))
      .limit(limit)
      .offset(offset),
    db.$count(sysUser, where),
  ]);
  return { rows: rows.map(userView), total };
}

/** The departments of one customer (null: the platform's own), to narrow a department tree. */
export const deptsOf = (clientId: number | null): SQL => sameCustomer(sysDept.clientId, clientId);
