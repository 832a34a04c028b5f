import { and, eq, inArray, ne } from 'drizzle-orm';
import type { PrincipalReader } from '../../../platform/auth/principal.ts';
import type { Db } from '../../../platform/db.ts';
import { ADMIN_ROLE, ALL_PERMISSION, type Principal } from '../../../platform/rbac.ts';
import { sysClientMenu } from '../../tenant/customer/customer.table.ts';
import { sysDept } from '../dept/dept.table.ts';
import { sysMenu } from '../menu/menu.table.ts';
import { sysRole, sysRoleMenu } from '../role/role.table.ts';
import { sysUser, sysUserRole } from './user.table.ts';

/** Who a user is for the platform's guards: from the user, role, menu and department tables. */
export const principalReader =
  (db: Db): PrincipalReader =>
  (userId) =>
    readPrincipal(db, userId);

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
