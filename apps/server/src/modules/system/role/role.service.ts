import type { RoleEditBody } from '@luxgrid/contracts';
import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import { invalidateAuthz } from '../../../platform/auth/principal.ts';
import type { Ctx, Deps } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { ADMIN_ROLE, isAdmin } from '../../../platform/rbac.ts';
import { customerWhere, sameCustomer } from '../../../platform/scope.ts';
import { sysDept } from '../dept/dept.table.ts';
import { userScope } from '../user/user.service.ts';
import { sysUser, sysUserRole } from '../user/user.table.ts';
import { formatDate } from '../user/user-info.ts';
import { assertMenusGrantable, assertScopeGrantable, grantableScopes, notGrantableRole } from './grants.ts';
import { sysRole, sysRoleDept, sysRoleMenu } from './role.table.ts';

type RoleRow = typeof sysRole.$inferSelect;
type RoleInput = Omit<RoleEditBody, 'roleId'>;

export function roleView(row: RoleRow) {
  const { delFlag: _d, ...role } = row;
  return {
    ...role,
    admin: isAdminRole(row),
    createTime: formatDate(row.createTime),
    updateTime: formatDate(row.updateTime),
  };
}

/** Roles the caller may see: its customer's (platform users: the chosen customer, or all). */
export function roleVisible(ctx: Ctx): SQL {
  return and(eq(sysRole.delFlag, '0'), customerWhere(ctx, sysRole.clientId))!;
}

export async function findVisibleRole(db: Db, ctx: Ctx, roleId: number): Promise<RoleRow> {
  const [row] = await db
    .select()
    .from(sysRole)
    .where(and(eq(sysRole.roleId, roleId), roleVisible(ctx)));
  if (!row) throw notFound();
  return row;
}

export const isAdminRole = (role: Pick<RoleRow, 'roleKey' | 'clientId'>) =>
  role.roleKey === ADMIN_ROLE && role.clientId === null;

/**
 * A role the caller may change (or, with `assigning`, hand out and take back): visible, within
 * what the caller could grant, and never the administrator role itself — which only
 * administrators may hand out.
 */
export async function findManageableRole(db: Db, ctx: Ctx, roleId: number, assigning = false): Promise<RoleRow> {
  const role = await findVisibleRole(db, ctx, roleId);
  if (isAdminRole(role) && !(assigning && isAdmin(ctx.principal))) throw fail('system.role.adminProtected');
  const refused = notGrantableRole(db, ctx.principal);
  if (refused) {
    const [locked] = await db
      .select({ id: sysRole.roleId })
      .from(sysRole)
      .where(and(eq(sysRole.roleId, roleId), refused));
    if (locked) throw fail('system.role.grantRole', { names: role.roleName });
  }
  return role;
}

async function ensureUnique(db: Db, clientId: number | null, input: RoleInput, selfId?: number) {
  if (input.roleKey === ADMIN_ROLE) throw fail('system.role.keyExists', { roleName: input.roleName });
  const clashes = await db
    .select({ roleName: sysRole.roleName, roleKey: sysRole.roleKey })
    .from(sysRole)
    .where(
      and(
        sameCustomer(sysRole.clientId, clientId),
        eq(sysRole.delFlag, '0'),
        or(eq(sysRole.roleName, input.roleName), eq(sysRole.roleKey, input.roleKey)),
        selfId ? ne(sysRole.roleId, selfId) : undefined,
      ),
    );
  if (clashes.some((c) => c.roleName === input.roleName))
    throw fail('system.role.nameExists', { roleName: input.roleName });
  if (clashes.length) throw fail('system.role.keyExists', { roleName: input.roleName });
}

async function checkDepts(db: Db, clientId: number | null, deptIds: number[]) {
  if (!deptIds.length) return;
  const found = await db
    .select({ id: sysDept.deptId })
    .from(sysDept)
    .where(and(inArray(sysDept.deptId, deptIds), sameCustomer(sysDept.clientId, clientId), eq(sysDept.delFlag, '0')));
  if (found.length !== new Set(deptIds).size) throw fail('system.role.deptUnavailable');
}

async function writeLinks(db: Db, roleId: number, menuIds: number[] | undefined, deptIds: number[] | undefined) {
  if (menuIds) {
    await db.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
    const unique = [...new Set(menuIds)];
    if (unique.length) await db.insert(sysRoleMenu).values(unique.map((menuId) => ({ roleId, menuId })));
  }
  if (deptIds) {
    await db.delete(sysRoleDept).where(eq(sysRoleDept.roleId, roleId));
    const unique = [...new Set(deptIds)];
    if (unique.length) await db.insert(sysRoleDept).values(unique.map((deptId) => ({ roleId, deptId })));
  }
}

export async function createRole(deps: Deps, ctx: Ctx, input: RoleInput): Promise<number> {
  const { db } = deps.database;
  const clientId = ctx.clientId;
  await ensureUnique(db, clientId, input);
  // without an explicit scope a role gets the widest one its creator may grant
  const dataScope = input.dataScope ?? (grantableScopes(ctx.principal).all ? '1' : '5');
  const deptIds = dataScope === '2' ? (input.deptIds ?? []) : [];
  await checkDepts(db, clientId, deptIds);
  await assertScopeGrantable(db, ctx.principal, dataScope, deptIds);
  await assertMenusGrantable(db, ctx.principal, clientId, input.menuIds ?? []);
  const roleId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sysRole)
      .values({
        clientId,
        roleName: input.roleName,
        roleKey: input.roleKey,
        roleSort: input.roleSort,
        dataScope,
        menuCheckStrictly: input.menuCheckStrictly ?? true,
        deptCheckStrictly: input.deptCheckStrictly ?? true,
        status: input.status ?? '0',
        remark: input.remark ?? '',
        createBy: ctx.principal.userName,
        createTime: new Date(deps.clock.now()),
      })
      .returning({ id: sysRole.roleId });
    await writeLinks(tx as unknown as Db, row!.id, input.menuIds ?? [], deptIds);
    return row!.id;
  });
  return roleId;
}

export async function updateRole(deps: Deps, ctx: Ctx, input: RoleEditBody): Promise<void> {
  const { db } = deps.database;
  const role = await findManageableRole(db, ctx, input.roleId);
  await ensureUnique(db, role.clientId, input, role.roleId);
  const dataScope = input.dataScope ?? role.dataScope;
  // custom departments left out of the form stay as they are
  const deptIds = dataScope === '2' ? input.deptIds : [];
  await checkDepts(db, role.clientId, deptIds ?? []);
  await assertScopeGrantable(db, ctx.principal, dataScope, deptIds ?? []);
  if (input.menuIds) await assertMenusGrantable(db, ctx.principal, role.clientId, input.menuIds);
  await db.transaction(async (tx) => {
    await tx
      .update(sysRole)
      .set({
        roleName: input.roleName,
        roleKey: input.roleKey,
        roleSort: input.roleSort,
        dataScope,
        menuCheckStrictly: input.menuCheckStrictly ?? role.menuCheckStrictly,
        deptCheckStrictly: input.deptCheckStrictly ?? role.deptCheckStrictly,
        status: input.status ?? role.status,
        remark: input.remark ?? role.remark,
        updateBy: ctx.principal.userName,
        updateTime: new Date(deps.clock.now()),
      })
      .where(eq(sysRole.roleId, role.roleId));
    await writeLinks(tx as unknown as Db, role.roleId, input.menuIds, deptIds);
  });
  await invalidateAuthz(deps.cache);
}

export async function updateDataScope(
  deps: Deps,
  ctx: Ctx,
  input: { roleId: number; dataScope: string; deptIds: number[]; deptCheckStrictly?: boolean },
): Promise<void> {
  const { db } = deps.database;
  const role = await findManageableRole(db, ctx, input.roleId);
  const deptIds = input.dataScope === '2' ? input.deptIds : [];
  await checkDepts(db, role.clientId, deptIds);
  await assertScopeGrantable(db, ctx.principal, input.dataScope, deptIds);
  await db.transaction(async (tx) => {
    await tx
      .update(sysRole)
      .set({
        dataScope: input.dataScope,
        deptCheckStrictly: input.deptCheckStrictly ?? role.deptCheckStrictly,
        updateBy: ctx.principal.userName,
        updateTime: new Date(deps.clock.now()),
      })
      .where(eq(sysRole.roleId, role.roleId));
    await writeLinks(tx as unknown as Db, role.roleId, undefined, deptIds);
  });
  await invalidateAuthz(deps.cache);
}

export async function changeRoleStatus(deps: Deps, ctx: Ctx, roleId: number, status: string): Promise<void> {
  const { db } = deps.database;
  const role = await findManageableRole(db, ctx, roleId);
  await db
    .update(sysRole)
    .set({ status, updateBy: ctx.principal.userName, updateTime: new Date(deps.clock.now()) })
    .where(eq(sysRole.roleId, role.roleId));
  await invalidateAuthz(deps.cache);
}

export async function deleteRoles(deps: Deps, ctx: Ctx, roleIds: number[]): Promise<void> {
  const { db } = deps.database;
  const roles = await db
    .select()
    .from(sysRole)
    .where(and(inArray(sysRole.roleId, roleIds), roleVisible(ctx)));
  if (roles.length !== roleIds.length) throw notFound();
  if (roles.some((r) => r.roleKey === ADMIN_ROLE && r.clientId === null)) throw fail('system.role.adminProtected');
  const refused = notGrantableRole(db, ctx.principal);
  if (refused) {
    const locked = await db
      .select({ name: sysRole.roleName })
      .from(sysRole)
      .where(and(inArray(sysRole.roleId, roleIds), refused));
    if (locked.length) throw fail('system.role.grantRole', { names: locked.map((r) => r.name).join(', ') });
  }
  const [assigned] = await db
    .select({ roleId: sysUserRole.roleId })
    .from(sysUserRole)
    .where(inArray(sysUserRole.roleId, roleIds))
    .limit(1);
  if (assigned) {
    const role = roles.find((r) => r.roleId === assigned.roleId)!;
    throw fail('system.role.assigned', { roleName: role.roleName });
  }
  await db.transaction(async (tx) => {
    await tx.delete(sysRoleMenu).where(inArray(sysRoleMenu.roleId, roleIds));
    await tx.delete(sysRoleDept).where(inArray(sysRoleDept.roleId, roleIds));
    await tx.delete(sysRole).where(inArray(sysRole.roleId, roleIds));
  });
  await invalidateAuthz(deps.cache);
}

/** Drops the cached grants of the users concerned (all of them when many changed at once). */
async function invalidateUsers(deps: Deps, userIds: number[]): Promise<void> {
  if (userIds.length > 100) return invalidateAuthz(deps.cache);
  for (const userId of userIds) await invalidateAuthz(deps.cache, userId);
}

/** Users the caller may hand the role to or take it from: visible to the caller, of the role's customer. */
async function assignableUsers(db: Db, ctx: Ctx, role: RoleRow, userIds: number[]): Promise<number[]> {
  const unique = [...new Set(userIds)];
  if (!unique.length) return [];
  const found = await db
    .select({ id: sysUser.userId })
    .from(sysUser)
    .where(and(inArray(sysUser.userId, unique), userScope(ctx), sameCustomer(sysUser.clientId, role.clientId)));
  if (found.length !== unique.length) throw notFound();
  return unique;
}

/** Gives the role to users: every check and the write in one transaction, so a refusal changes nothing. */
export async function grantRoleToUsers(deps: Deps, ctx: Ctx, roleId: number, userIds: number[]): Promise<void> {
  const users = await deps.database.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const role = await findManageableRole(db, ctx, roleId, true);
    const users = await assignableUsers(db, ctx, role, userIds);
    if (users.length)
      await db
        .insert(sysUserRole)
        .values(users.map((userId) => ({ userId, roleId: role.roleId })))
        .onConflictDoNothing();
    return users;
  });
  await invalidateUsers(deps, users);
}

/** Takes the role from users: every check and the write in one transaction, so a refusal changes nothing. */
export async function revokeRoleFromUsers(deps: Deps, ctx: Ctx, roleId: number, userIds: number[]): Promise<void> {
  const users = await deps.database.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const role = await findManageableRole(db, ctx, roleId, true);
    // an administrator never takes the administrator role from itself (nobody would be left to give it back)
    if (isAdminRole(role) && userIds.includes(ctx.principal.userId)) throw fail('system.role.adminProtected');
    const users = await assignableUsers(db, ctx, role, userIds);
    if (users.length)
      await db.delete(sysUserRole).where(and(eq(sysUserRole.roleId, role.roleId), inArray(sysUserRole.userId, users)));
    return users;
  });
  await invalidateUsers(deps, users);
}

/**
 * Checked keys of a tree: with parent-child linkage on (check strictly), a parent whose children
 * are partly checked must not be sent as checked, or the tree would check all its children.
 */
export function checkedKeys(
  linked: { id: number; parentId: number }[],
  assigned: number[],
  checkStrictly: boolean,
): number[] {
  if (!checkStrictly) return assigned;
  const set = new Set(assigned);
  const parentsWithAssignedChildren = new Set(linked.filter((n) => set.has(n.id)).map((n) => n.parentId));
  return assigned.filter((id) => !parentsWithAssignedChildren.has(id));
}
