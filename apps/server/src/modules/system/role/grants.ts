import { and, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { fail } from '../../../platform/errors.ts';
import { ADMIN_ROLE, ALL_PERMISSION, dataScopeFilter, isAdmin, type Principal } from '../../../platform/rbac.ts';
import { sysClientMenu } from '../../tenant/customer/customer.table.ts';
import { sysDept } from '../dept/dept.table.ts';
import { sysMenu } from '../menu/menu.table.ts';
import { sysRole, sysRoleDept, sysRoleMenu } from './role.table.ts';

/**
 * Nobody grants what they do not hold (ADMIN-CONTRACT.md): the editor's own menus and own data
 * scope bound every role they write and every role they hand out, and a customer's roles never
 * exceed the menus selected for that customer (sys_client_menu).
 */

export function holdsAll(p: Principal): boolean {
  return isAdmin(p) || p.permissions.includes(ALL_PERMISSION);
}

const clientMenus = (db: Db, clientId: number) =>
  db.select({ id: sysClientMenu.menuId }).from(sysClientMenu).where(eq(sysClientMenu.clientId, clientId));

/** Ids of the menus the editor may put on a role owned by `roleClient` (null = a platform role). */
export function grantableMenuIds(db: Db, p: Principal, roleClient: number | null) {
  const conditions: SQL[] = [];
  if (!holdsAll(p)) {
    const roleIds = p.roles.map((r) => r.roleId);
    conditions.push(
      roleIds.length
        ? inArray(
            sysMenu.menuId,
            db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(inArray(sysRoleMenu.roleId, roleIds)),
          )
        : sql`false`,
    );
  }
  for (const client of new Set([p.clientId, roleClient]))
    if (client !== null) conditions.push(inArray(sysMenu.menuId, clientMenus(db, client)));
  return db
    .select({ id: sysMenu.menuId })
    .from(sysMenu)
    .where(and(...conditions));
}

/** Departments inside the editor's own data scope (and customer). */
export function visibleDeptIds(db: Db, p: Principal) {
  return db
    .select({ id: sysDept.deptId })
    .from(sysDept)
    .where(
      and(
        eq(sysDept.delFlag, '0'),
        p.clientId === null ? undefined : eq(sysDept.clientId, p.clientId),
        dataScopeFilter(p, { dept: sysDept.deptId }),
      ),
    );
}

/**
 * Data scopes the editor may grant: everything with the all-data scope; otherwise 'own department
 * and below' only when held, 'own department' when that or 'and below' is held, custom
 * departments within the editor's own departments, and 'self only' always.
 */
export function grantableScopes(p: Principal): { all: true } | { all: false; scopes: string[] } {
  if (holdsAll(p) || p.roles.some((r) => r.dataScope === '1')) return { all: true };
  const held = new Set(p.roles.map((r) => r.dataScope));
  const scopes = ['2', '5'];
  if (held.has('3') || held.has('4')) scopes.push('3');
  if (held.has('4')) scopes.push('4');
  return { all: false, scopes };
}

/** Refuses a data scope (with its custom departments) beyond the editor's own. */
export async function assertScopeGrantable(db: Db, p: Principal, dataScope: string, deptIds: number[]): Promise<void> {
  const allowed = grantableScopes(p);
  if (allowed.all) return;
  if (!allowed.scopes.includes(dataScope)) throw fail('system.role.grantScope');
  if (dataScope !== '2' || !deptIds.length) return;
  const inside = await db
    .select({ id: sysDept.deptId })
    .from(sysDept)
    .where(and(inArray(sysDept.deptId, deptIds), inArray(sysDept.deptId, visibleDeptIds(db, p))));
  if (inside.length !== new Set(deptIds).size) throw fail('system.role.grantScope');
}

/** Refuses menus the editor does not hold (or the role's customer was not given). */
export async function assertMenusGrantable(
  db: Db,
  p: Principal,
  roleClient: number | null,
  menuIds: number[],
): Promise<void> {
  if (!menuIds.length) return;
  const unique = [...new Set(menuIds)];
  const granted = await db
    .select({ id: sysMenu.menuId })
    .from(sysMenu)
    .where(and(inArray(sysMenu.menuId, unique), inArray(sysMenu.menuId, grantableMenuIds(db, p, roleClient))));
  if (granted.length === unique.length) return;
  const ok = new Set(granted.map((g) => g.id));
  const refused = unique.filter((menuId) => !ok.has(menuId));
  const named = await db
    .select({ id: sysMenu.menuId, name: sysMenu.menuName, perms: sysMenu.perms })
    .from(sysMenu)
    .where(inArray(sysMenu.menuId, refused.slice(0, 10)));
  const names = refused
    .slice(0, 10)
    .map((menuId) => {
      const menu = named.find((n) => n.id === menuId);
      return menu ? menu.perms || menu.name : String(menuId);
    })
    .join(', ');
  throw fail('system.role.grantMenus', { names: refused.length > 10 ? `${names} …` : names });
}

/**
 * The roles (rows of sys_role) the editor may NOT hand out or manage: the administrator role,
 * roles with a menu the editor does not hold, roles with a wider data scope. Undefined when
 * the editor may hand out every role.
 */
export function notGrantableRole(db: Db, p: Principal): SQL | undefined {
  if (holdsAll(p)) return undefined;
  const held = grantableMenuIds(db, p, null);
  const parts: SQL[] = [
    eq(sysRole.roleKey, ADMIN_ROLE),
    sql`exists (select 1 from ${sysRoleMenu} where ${sysRoleMenu.roleId} = ${sysRole.roleId} and ${sysRoleMenu.menuId} not in (${held}))`,
  ];
  const allowed = grantableScopes(p);
  if (!allowed.all) {
    parts.push(notInArray(sysRole.dataScope, allowed.scopes));
    parts.push(
      sql`(${sysRole.dataScope} = '2' and exists (select 1 from ${sysRoleDept} where ${sysRoleDept.roleId} = ${sysRole.roleId} and ${sysRoleDept.deptId} not in (${visibleDeptIds(db, p)})))`,
    );
  }
  return or(...parts);
}

export function grantableRole(db: Db, p: Principal): SQL | undefined {
  const refused = notGrantableRole(db, p);
  return refused ? sql`not ${refused}` : undefined;
}
