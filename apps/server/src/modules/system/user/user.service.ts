import { renderIssue, rule, type UserAddBody, type UserEditBody } from '@luxgrid/contracts';
import { and, asc, eq, getTableColumns, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { drawPassword, hashDrawnPassword, hashPassword } from '../../../platform/auth/password.ts';
import { invalidateAuthz } from '../../../platform/auth/principal.ts';
import type { Ctx, Deps } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { fail, notFound, ValidationFailure } from '../../../platform/errors.ts';
import { ADMIN_ROLE, dataScopeFilter, isAdmin } from '../../../platform/rbac.ts';
import { customerWhere, sameCustomer } from '../../../platform/scope.ts';
import { sysDept } from '../dept/dept.table.ts';
import { sysNoticeRead } from '../notice/notice.table.ts';
import { sysPost } from '../post/post.table.ts';
import { grantableRole, notGrantableRole } from '../role/grants.ts';
import { sysRole } from '../role/role.table.ts';
import { sysUser, sysUserPost, sysUserRole } from './user.table.ts';
import { formatDate } from './user-info.ts';

const { password: _password, ...publicColumns } = getTableColumns(sysUser);
export const userColumns = { ...publicColumns, deptName: sysDept.deptName, leader: sysDept.leader };

type UserRow = Omit<typeof sysUser.$inferSelect, 'password'> & { deptName: string | null; leader: string | null };

export function userView(row: UserRow) {
  const { deptName, leader, ...user } = row;
  return {
    ...user,
    createTime: formatDate(row.createTime),
    updateTime: formatDate(row.updateTime),
    loginDate: formatDate(row.loginDate),
    pwdUpdateDate: formatDate(row.pwdUpdateDate),
    deptName: deptName ?? '',
    dept: row.deptId ? { deptId: row.deptId, deptName: deptName ?? '', leader: leader ?? '' } : null,
  };
}

/** The users a caller may see: its customer, and its roles' data scopes. */
export function userScope(ctx: Ctx): SQL {
  return and(
    eq(sysUser.delFlag, '0'),
    customerWhere(ctx, sysUser.clientId),
    dataScopeFilter(ctx.principal, { dept: sysUser.deptId, user: sysUser.userId }),
  )!;
}

/** Departments the caller may put users into: same customer as the user, inside the caller's scope. */
export function deptScope(ctx: Ctx, clientId: number | null): SQL {
  return and(
    eq(sysDept.delFlag, '0'),
    sameCustomer(sysDept.clientId, clientId),
    dataScopeFilter(ctx.principal, { dept: sysDept.deptId }),
  )!;
}

export async function findVisibleUser(db: Db, ctx: Ctx, userId: number) {
  const [row] = await db
    .select(userColumns)
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(and(eq(sysUser.userId, userId), userScope(ctx)));
  if (!row) throw notFound();
  return row;
}

/** Users holding the platform administrator role. */
export async function platformAdminIds(db: Db, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .select({ userId: sysUserRole.userId })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .innerJoin(sysUser, eq(sysUser.userId, sysUserRole.userId))
    .where(
      and(inArray(sysUserRole.userId, userIds), eq(sysRole.roleKey, ADMIN_ROLE), sql`${sysUser.clientId} is null`),
    );
  return new Set(rows.map((r) => r.userId));
}

/** Only platform administrators change a platform administrator's account. */
export async function assertNotProtected(db: Db, ctx: Ctx, userId: number): Promise<void> {
  if (isAdmin(ctx.principal)) return;
  if ((await platformAdminIds(db, [userId])).size) throw fail('system.user.adminProtected');
}

function requiredField(ctx: Ctx, field: string): never {
  throw new ValidationFailure([renderIssue({ path: [field], message: rule('valid.required') }, ctx.lang)]);
}

async function checkDept(db: Db, ctx: Ctx, clientId: number | null, deptId: number | undefined) {
  // a user without a department is visible only to callers whose scope is unrestricted
  if (deptId === undefined) {
    if (dataScopeFilter(ctx.principal, { dept: sysUser.deptId }) !== undefined) requiredField(ctx, 'deptId');
    return;
  }
  const [dept] = await db
    .select({ id: sysDept.deptId })
    .from(sysDept)
    .where(and(eq(sysDept.deptId, deptId), deptScope(ctx, clientId)));
  if (!dept) throw fail('system.user.deptUnavailable');
}

async function checkPosts(db: Db, clientId: number | null, postIds: number[]) {
  if (!postIds.length) return;
  const found = await db
    .select({ id: sysPost.postId })
    .from(sysPost)
    .where(and(inArray(sysPost.postId, postIds), sameCustomer(sysPost.clientId, clientId)));
  if (found.length !== new Set(postIds).size) throw fail('system.user.postUnavailable');
}

/**
 * The roles a user ends up with: the requested ones (each of the user's customer, and each
 * one the editor could grant when newly added), plus roles already held that the editor may
 * not hand out — those stay untouched, neither added nor taken away by this editor.
 */
export async function resolveRoles(
  db: Db,
  ctx: Ctx,
  clientId: number | null,
  requested: number[],
  current: number[],
): Promise<number[]> {
  const wanted = [...new Set(requested)];
  if (wanted.length) {
    const found = await db
      .select({ id: sysRole.roleId })
      .from(sysRole)
      .where(and(inArray(sysRole.roleId, wanted), sameCustomer(sysRole.clientId, clientId), eq(sysRole.delFlag, '0')));
    if (found.length !== wanted.length) throw fail('system.role.unavailable');
  }
  const refused = notGrantableRole(db, ctx.principal);
  if (!refused) return wanted;
  const candidates = [...new Set([...wanted, ...current])];
  if (!candidates.length) return [];
  const locked = await db
    .select({ id: sysRole.roleId, name: sysRole.roleName })
    .from(sysRole)
    .where(and(inArray(sysRole.roleId, candidates), refused));
  const currentSet = new Set(current);
  const added = locked.filter((r) => wanted.includes(r.id) && !currentSet.has(r.id));
  if (added.length) throw fail('system.role.grantRole', { names: added.map((r) => r.name).join(', ') });
  const kept = locked.filter((r) => currentSet.has(r.id)).map((r) => r.id);
  return [...new Set([...wanted, ...kept])];
}

/** An administrator never drops the administrator role from its own account. */
function keepOwnAdminRole(ctx: Ctx, userId: number, roleIds: number[]): void {
  if (userId !== ctx.principal.userId || !ctx.platform || !isAdmin(ctx.principal)) return;
  const adminRoles = ctx.principal.roles.filter((r) => r.roleKey === ADMIN_ROLE).map((r) => r.roleId);
  if (!adminRoles.some((id) => roleIds.includes(id))) throw fail('system.role.adminProtected');
}

/** userName is unique everywhere (it signs in); mobile and email too, when given. */
export async function checkUnique(
  db: Db,
  user: { userName: string; phonenumber?: string; email?: string },
  selfId?: number,
): Promise<void> {
  const clauses = [eq(sysUser.userName, user.userName)];
  if (user.phonenumber) clauses.push(eq(sysUser.phonenumber, user.phonenumber));
  if (user.email) clauses.push(eq(sysUser.email, user.email));
  const clashes = await db
    .select({ userName: sysUser.userName, phonenumber: sysUser.phonenumber, email: sysUser.email })
    .from(sysUser)
    .where(and(or(...clauses), selfId ? ne(sysUser.userId, selfId) : undefined))
    .limit(5);
  if (clashes.some((c) => c.userName === user.userName))
    throw fail('system.user.nameExists', { userName: user.userName });
  if (user.phonenumber && clashes.some((c) => c.phonenumber === user.phonenumber))
    throw fail('system.user.phoneExists', { userName: user.userName });
  if (user.email && clashes.some((c) => c.email === user.email))
    throw fail('system.user.emailExists', { userName: user.userName });
}

async function replaceLinks(db: Db, userId: number, roleIds: number[] | null, postIds: number[] | null) {
  if (roleIds) {
    await db.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
    if (roleIds.length) await db.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId, roleId })));
  }
  if (postIds) {
    await db.delete(sysUserPost).where(eq(sysUserPost.userId, userId));
    if (postIds.length) await db.insert(sysUserPost).values(postIds.map((postId) => ({ userId, postId })));
  }
}

export async function currentRoleIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId));
  return rows.map((r) => r.id);
}

/**
 * Adds a user. Without a typed password the server draws one and answers it, once, to the
 * creator; either way the new user must replace it at first sign-in.
 */
export async function createUser(
  deps: Deps,
  ctx: Ctx,
  body: UserAddBody,
): Promise<{ userId: number; password?: string }> {
  const { db } = deps.database;
  const clientId = ctx.clientId;
  await checkUnique(db, body);
  await checkDept(db, ctx, clientId, body.deptId);
  await checkPosts(db, clientId, body.postIds ?? []);
  const roleIds = await resolveRoles(db, ctx, clientId, body.roleIds ?? [], []);
  const drawn = body.password ? undefined : drawPassword();
  const passwordHash = drawn ? await hashDrawnPassword(drawn) : await hashPassword(body.password!);
  const now = new Date(deps.clock.now());
  const userId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sysUser)
      .values({
        clientId,
        deptId: body.deptId ?? null,
        userName: body.userName,
        nickName: body.nickName,
        email: body.email ?? '',
        phonenumber: body.phonenumber ?? '',
        sex: body.sex ?? '2',
        status: body.status ?? '0',
        password: passwordHash,
        pwdMustChange: true,
        remark: body.remark ?? '',
        createBy: ctx.principal.userName,
        createTime: now,
      })
      .returning({ id: sysUser.userId });
    await replaceLinks(tx as unknown as Db, row!.id, roleIds, body.postIds ?? []);
    return row!.id;
  });
  return drawn ? { userId, password: drawn } : { userId };
}

export async function updateUser(deps: Deps, ctx: Ctx, body: UserEditBody): Promise<void> {
  const { db } = deps.database;
  const target = await findVisibleUser(db, ctx, body.userId);
  await assertNotProtected(db, ctx, target.userId);
  const status = body.status ?? target.status;
  if (status === '1' && target.userId === ctx.principal.userId) throw fail('system.user.disableSelf');
  if (status === '1' && (await platformAdminIds(db, [target.userId])).size) throw fail('system.user.adminProtected');
  await checkUnique(db, { ...body, userName: target.userName }, target.userId);
  await checkDept(db, ctx, target.clientId, body.deptId);
  await checkPosts(db, target.clientId, body.postIds ?? []);
  const roleIds = body.roleIds
    ? await resolveRoles(db, ctx, target.clientId, body.roleIds, await currentRoleIds(db, target.userId))
    : null;
  if (roleIds) keepOwnAdminRole(ctx, target.userId, roleIds);
  await db.transaction(async (tx) => {
    await tx
      .update(sysUser)
      .set({
        deptId: body.deptId ?? null,
        nickName: body.nickName,
        email: body.email ?? '',
        phonenumber: body.phonenumber ?? '',
        sex: body.sex ?? target.sex,
        status,
        remark: body.remark ?? '',
        updateBy: ctx.principal.userName,
        updateTime: new Date(deps.clock.now()),
      })
      .where(eq(sysUser.userId, target.userId));
    await replaceLinks(tx as unknown as Db, target.userId, roleIds, body.postIds ?? null);
  });
  if (status === '1') await deps.sessions.removeUser(target.userId);
  await invalidateAuthz(deps.cache, target.userId);
}

export async function deleteUsers(deps: Deps, ctx: Ctx, userIds: number[]): Promise<void> {
  const { db } = deps.database;
  if (userIds.includes(ctx.principal.userId)) throw fail('system.user.deleteSelf');
  const visible = await db
    .select({ id: sysUser.userId })
    .from(sysUser)
    .where(and(inArray(sysUser.userId, userIds), userScope(ctx)));
  if (visible.length !== userIds.length) throw notFound();
  if ((await platformAdminIds(db, userIds)).size) throw fail('system.user.adminProtected');
  await db.transaction(async (tx) => {
    await tx.delete(sysUserRole).where(inArray(sysUserRole.userId, userIds));
    await tx.delete(sysUserPost).where(inArray(sysUserPost.userId, userIds));
    await tx.delete(sysNoticeRead).where(inArray(sysNoticeRead.userId, userIds));
    await tx.delete(sysUser).where(inArray(sysUser.userId, userIds));
  });
  for (const userId of userIds) {
    await deps.sessions.removeUser(userId);
    await invalidateAuthz(deps.cache, userId);
  }
}

export async function resetPassword(deps: Deps, ctx: Ctx, userId: number, password: string): Promise<void> {
  const { db } = deps.database;
  const target = await findVisibleUser(db, ctx, userId);
  await assertNotProtected(db, ctx, target.userId);
  const now = new Date(deps.clock.now());
  await db
    .update(sysUser)
    .set({
      password: await hashPassword(password),
      pwdMustChange: target.userId !== ctx.principal.userId,
      pwdUpdateDate: now,
      updateBy: ctx.principal.userName,
      updateTime: now,
    })
    .where(eq(sysUser.userId, target.userId));
  await invalidateAuthz(deps.cache, target.userId);
}

export async function changeUserStatus(deps: Deps, ctx: Ctx, userId: number, status: '0' | '1'): Promise<void> {
  const { db } = deps.database;
  const target = await findVisibleUser(db, ctx, userId);
  if (status === '1' && target.userId === ctx.principal.userId) throw fail('system.user.disableSelf');
  if ((await platformAdminIds(db, [target.userId])).size) throw fail('system.user.adminProtected');
  await db
    .update(sysUser)
    .set({ status, updateBy: ctx.principal.userName, updateTime: new Date(deps.clock.now()) })
    .where(eq(sysUser.userId, target.userId));
  if (status === '1') await deps.sessions.removeUser(target.userId);
  await invalidateAuthz(deps.cache, target.userId);
}

/** Replaces a user's roles: every check and the write in one transaction, so a refusal changes nothing. */
export async function assignRoles(deps: Deps, ctx: Ctx, userId: number, roleIds: number[]): Promise<void> {
  const targetId = await deps.database.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const target = await findVisibleUser(db, ctx, userId);
    await assertNotProtected(db, ctx, target.userId);
    const resolved = await resolveRoles(db, ctx, target.clientId, roleIds, await currentRoleIds(db, target.userId));
    keepOwnAdminRole(ctx, target.userId, resolved);
    await replaceLinks(db, target.userId, resolved, null);
    return target.userId;
  });
  await invalidateAuthz(deps.cache, targetId);
}

/** Roles a user of `clientId` can be given by this editor, plus the ones in `include` (already held). */
export async function roleOptions(db: Db, ctx: Ctx, clientId: number | null, include: number[] = []) {
  const grantable = grantableRole(db, ctx.principal);
  return db
    .select({
      roleId: sysRole.roleId,
      roleName: sysRole.roleName,
      roleKey: sysRole.roleKey,
      roleSort: sysRole.roleSort,
      dataScope: sysRole.dataScope,
      status: sysRole.status,
      grantable: grantable ? sql<boolean>`${grantable}` : sql<boolean>`true`,
    })
    .from(sysRole)
    .where(
      and(
        eq(sysRole.delFlag, '0'),
        sameCustomer(sysRole.clientId, clientId),
        grantable && include.length ? or(grantable, inArray(sysRole.roleId, include)) : grantable,
      ),
    )
    .orderBy(asc(sysRole.roleSort), asc(sysRole.roleId));
}

export async function postOptions(db: Db, clientId: number | null) {
  return db
    .select({
      postId: sysPost.postId,
      postCode: sysPost.postCode,
      postName: sysPost.postName,
      postSort: sysPost.postSort,
      status: sysPost.status,
    })
    .from(sysPost)
    .where(sameCustomer(sysPost.clientId, clientId))
    .orderBy(asc(sysPost.postSort), asc(sysPost.postId));
}
