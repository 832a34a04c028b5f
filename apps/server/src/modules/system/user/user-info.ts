import { and, eq } from 'drizzle-orm';
import { cachedUserInfo } from '../../../platform/auth/principal.ts';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import { sysDept } from '../dept/dept.table.ts';
import { sysPost } from '../post/post.table.ts';
import { sysRole } from '../role/role.table.ts';
import { sysUser, sysUserPost, sysUserRole } from './user.table.ts';

export function formatDate(date: Date | null | undefined): string | null {
  if (!date) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * The signed-in user's own record, as /getInfo, /info/user and the profile show it; cached with
 * the user's grants (any edit of the user, its roles or posts drops it through invalidateAuthz).
 */
export function currentUser(deps: Deps, ctx: Ctx) {
  return cachedUserInfo(deps.cache, ctx.principal.userId, () => readUser(deps, ctx));
}

async function readUser(deps: Deps, ctx: Ctx) {
  const { db } = deps.database;
  const [row] = await db
    .select({ user: sysUser, deptName: sysDept.deptName })
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(eq(sysUser.userId, ctx.principal.userId));
  if (!row) throw notFound();
  const roles = await db
    .select({
      roleId: sysRole.roleId,
      roleName: sysRole.roleName,
      roleKey: sysRole.roleKey,
      dataScope: sysRole.dataScope,
    })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, ctx.principal.userId), eq(sysRole.delFlag, '0')));
  const posts = await db
    .select({ postId: sysPost.postId, postName: sysPost.postName, postCode: sysPost.postCode })
    .from(sysUserPost)
    .innerJoin(sysPost, eq(sysPost.postId, sysUserPost.postId))
    .where(eq(sysUserPost.userId, ctx.principal.userId));
  const { password: _password, ...user } = row.user;
  return {
    ...user,
    createTime: formatDate(user.createTime),
    updateTime: formatDate(user.updateTime),
    loginDate: formatDate(user.loginDate),
    pwdUpdateDate: formatDate(user.pwdUpdateDate),
    dept: user.deptId ? { deptId: user.deptId, deptName: row.deptName ?? '' } : null,
    roles,
    posts,
    admin: ctx.principal.roleKeys.includes('admin'),
  };
}
