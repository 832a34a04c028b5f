import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export const ALL_PERMISSION = '*:*:*';
export const ADMIN_ROLE = 'admin';

/** What a route demands: one permission, any of several, or all of several. */
export type PermRule = string | { any: string[] } | { all: string[] };

export interface RoleGrant {
  roleId: number;
  roleKey: string;
  dataScope: string;
}

export interface Principal {
  userId: number;
  userName: string;
  nickName: string;
  /** null for platform users */
  clientId: number | null;
  deptId: number | null;
  deptName: string;
  roles: RoleGrant[];
  roleKeys: string[];
  permissions: string[];
  /** an initial password (drawn, typed by an administrator, or reset) must be replaced first */
  pwdMustChange: boolean;
}

export function isAdmin(p: Pick<Principal, 'roleKeys'>): boolean {
  return p.roleKeys.includes(ADMIN_ROLE);
}

export function hasPermission(p: Pick<Principal, 'roleKeys' | 'permissions'>, perm: string): boolean {
  return isAdmin(p) || p.permissions.includes(ALL_PERMISSION) || p.permissions.includes(perm);
}

export function satisfies(p: Pick<Principal, 'roleKeys' | 'permissions'>, rule: PermRule): boolean {
  if (typeof rule === 'string') return hasPermission(p, rule);
  if ('any' in rule) return rule.any.some((perm) => hasPermission(p, perm));
  return rule.all.every((perm) => hasPermission(p, perm));
}

export function hasRole(p: Pick<Principal, 'roleKeys'>, role: string): boolean {
  return isAdmin(p) || p.roleKeys.includes(role);
}

/**
 * The rows a principal may see under its roles' data scopes (ADMIN-CONTRACT.md):
 * 1 all, 2 custom departments, 3 own department, 4 own department and below, 5 self only;
 * several roles combine with OR; no role → nothing. Returns undefined when unrestricted.
 */
export function dataScopeFilter(
  p: Principal,
  cols: { dept: AnyPgColumn | SQL; user?: AnyPgColumn | SQL },
): SQL | undefined {
  if (isAdmin(p)) return undefined;
  const parts: SQL[] = [];
  for (const role of p.roles) {
    switch (role.dataScope) {
      case '1':
        return undefined;
      case '2':
        parts.push(sql`${cols.dept} in (select dept_id from sys_role_dept where role_id = ${role.roleId})`);
        break;
      case '3':
        if (p.deptId !== null) parts.push(sql`${cols.dept} = ${p.deptId}`);
        break;
      case '4':
        if (p.deptId !== null)
          parts.push(
            sql`${cols.dept} in (select dept_id from sys_dept where dept_id = ${p.deptId} or ${String(p.deptId)} = any(string_to_array(ancestors, ',')))`,
          );
        break;
      case '5':
        if (cols.user) parts.push(sql`${cols.user} = ${p.userId}`);
        break;
    }
  }
  if (!parts.length) return sql`false`;
  return sql`(${sql.join(parts, sql` or `)})`;
}
