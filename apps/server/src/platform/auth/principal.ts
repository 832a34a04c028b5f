import { and, eq, inArray, ne } from 'drizzle-orm';
import { sysDept } from '../../modules/system/dept/dept.table.ts';
import { sysMenu } from '../../modules/system/menu/menu.table.ts';
import { sysRole, sysRoleMenu } from '../../modules/system/role/role.table.ts';
import { sysUser, sysUserRole } from '../../modules/system/user/user.table.ts';
import { sysClientMenu } from '../../modules/tenant/customer/customer.table.ts';
import type { Cache } from '../cache.ts';
import type { Db } from '../db.ts';
import { ADMIN_ROLE, ALL_PERMISSION, type Principal } from '../rbac.ts';

const AUTHZ_TTL_SECONDS = 300;
export const AUTHZ_PREFIX = 'authz:';

/**
 * The user's roles and permissions, read through the cache. Role, menu and user edits drop
 * the cached entries (`invalidateAuthz`), so signed-in users see changes without a new login.
 */
export async function loadPrincipal(db: Db, cache: Cache, userId: number): Promise<Principal | null> {
  const cached = await cache.get(AUTHZ_PREFIX + userId);
  if (cached) return JSON.parse(cached) as Principal;
  const principal = await readPrincipal(db, userId);
  if (principal) await cache.set(AUTHZ_PREFIX + userId, JSON.stringify(principal), AUTHZ_TTL_SECONDS);
  return principal;
}

export async function invalidateAuthz(cache: Cache, userId?: number): Promise<void> {
  if (userId === undefined) await cache.delPrefix(AUTHZ_PREFIX);
  else await cache.del(AUTHZ_PREFIX + userId, `${AUTHZ_PREFIX}${userId}:info`);
}

/** Caches a value derived from the user's record beside its grants, dropped with them. */
export async function cachedUserInfo<T>(cache: Cache, userId: number, read: () => Promise<T>): Promise<T> {
  const key = `${AUTHZ_PREFIX}${userId}:info`;
  const cached = await cache.get(key);
  if (cached) return JSON.parse(cached) as T;
  const value = await read();
  await cache.set(key, JSON.stringify(value), AUTHZ_TTL_SECONDS);
  return value;
}

async function readPrincipal(db: Db, userId: number): Promise<Principal | null> {
  const [user] = await db
    .select({
      userId: sysUser.userId,
      userName: sysUser.userName,
      nickName: sysUser.nickName,
      clientId: sysUser.clientId,
      deptId: sysUser.deptId,
      deptName: sysDept.deptName,
      status: sysUser.status,
      delFlag: sysUser.delFlag,
      pwdMustChange: sysUser.pwdMustChange,
    })
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(eq(sysUser.userId, userId));
  if (user?.status !== '0' || user.delFlag !== '0') return null;
  const roles = await db
    .select({ roleId: sysRole.roleId, roleKey: sysRole.roleKey, dataScope: sysRole.dataScope })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.status, '0'), eq(sysRole.delFlag, '0')));
  // the all-powerful admin role exists only for platform users
  const usable = user.clientId === null ? roles : roles.filter((r) => r.roleKey !== ADMIN_ROLE);
  const roleKeys = usable.map((r) => r.roleKey);
  let permissions: string[];
  if (roleKeys.includes(ADMIN_ROLE)) {
    permissions = [ALL_PERMISSION];
  } else if (!usable.length) {
    permissions = [];
  } else {
    const menuFilter = [
      inArray(
        sysRoleMenu.roleId,
        usable.map((r) => r.roleId),
      ),
      eq(sysMenu.status, '0'),
      ne(sysMenu.perms, ''),
    ];
    if (user.clientId !== null) {
      // a customer's roles never exceed the menus selected for the customer
      menuFilter.push(
        inArray(
          sysMenu.menuId,
          db.select({ id: sysClientMenu.menuId }).from(sysClientMenu).where(eq(sysClientMenu.clientId, user.clientId)),
        ),
      );
    }
    const rows = await db
      .selectDistinct({ perms: sysMenu.perms })
      .from(sysRoleMenu)
      .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
      .where(and(...menuFilter));
    permissions = [...new Set(rows.flatMap((r) => r.perms.split(',').map((p) => p.trim())).filter(Boolean))].sort();
  }
  return {
    userId: user.userId,
    userName: user.userName,
    nickName: user.nickName,
    clientId: user.clientId,
    deptId: user.deptId,
    deptName: user.deptName ?? '',
    roles: usable,
    roleKeys,
    permissions,
    pwdMustChange: user.pwdMustChange,
  };
}
