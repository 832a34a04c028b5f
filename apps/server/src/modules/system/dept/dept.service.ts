import type { DeptAddBody } from '@luxgrid/contracts';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { invalidateAuthz } from '../../../platform/auth/principal.ts';
import type { Ctx, Deps } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { dataScopeFilter } from '../../../platform/rbac.ts';
import { customerWhere, sameCustomer } from '../../../platform/scope.ts';
import { sysRoleDept } from '../role/role.table.ts';
import { buildTree } from '../tree.ts';
import { sysUser } from '../user/user.table.ts';
import { formatDate } from '../user/user-info.ts';
import { sysDept } from './dept.table.ts';

type DeptRow = typeof sysDept.$inferSelect;

export function deptView(row: DeptRow) {
  const { delFlag: _d, ...dept } = row;
  return { ...dept, createTime: formatDate(row.createTime), updateTime: formatDate(row.updateTime) };
}

/** Departments the caller may see: its customer and its roles' data scopes. */
export function deptVisible(ctx: Ctx): SQL {
  return and(
    eq(sysDept.delFlag, '0'),
    customerWhere(ctx, sysDept.clientId),
    dataScopeFilter(ctx.principal, { dept: sysDept.deptId }),
  )!;
}

/** A department and everything below it. */
export const inSubtree = (deptId: number): SQL =>
  sql`(${sysDept.deptId} = ${deptId} or ${String(deptId)} = any(string_to_array(${sysDept.ancestors}, ',')))`;

export async function findVisibleDept(db: Db, ctx: Ctx, deptId: number): Promise<DeptRow> {
  const [row] = await db
    .select()
    .from(sysDept)
    .where(and(eq(sysDept.deptId, deptId), deptVisible(ctx)));
  if (!row) throw notFound();
  return row;
}

/** Departments the caller may see, nested; disabled ones flagged. */
export async function deptTree(deps: Deps, ctx: Ctx, extra?: SQL) {
  const rows = await deps.database.db
    .select({ deptId: sysDept.deptId, parentId: sysDept.parentId, deptName: sysDept.deptName, status: sysDept.status })
    .from(sysDept)
    .where(and(deptVisible(ctx), extra))
    .orderBy(asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId));
  return buildTree(
    rows,
    (r) => r.deptId,
    (r) => r.parentId,
    (r) => ({ id: r.deptId, label: r.deptName, disabled: r.status === '1' }),
  );
}

async function resolveParent(db: Db, ctx: Ctx, parentId: number) {
  if (parentId === 0) {
    // a new root is outside every department-based scope, so only unrestricted callers may add one
    if (dataScopeFilter(ctx.principal, { dept: sysDept.deptId }) !== undefined)
      throw fail('system.dept.rootNotAllowed');
    return null;
  }
  const [parent] = await db
    .select()
    .from(sysDept)
    .where(and(eq(sysDept.deptId, parentId), deptVisible(ctx)));
  if (!parent) throw fail('system.dept.parentUnavailable');
  return parent;
}

async function ensureUniqueName(db: Db, clientId: number | null, parentId: number, name: string, selfId?: number) {
  const [clash] = await db
    .select({ id: sysDept.deptId })
    .from(sysDept)
    .where(
      and(
        eq(sysDept.parentId, parentId),
        eq(sysDept.deptName, name),
        eq(sysDept.delFlag, '0'),
        sameCustomer(sysDept.clientId, clientId),
        selfId ? ne(sysDept.deptId, selfId) : undefined,
      ),
    );
  if (clash) throw fail('system.dept.nameExists', { deptName: name });
}

const values = (body: DeptAddBody) => ({
  deptName: body.deptName,
  deptCode: body.deptCode ?? '',
  orderNum: body.orderNum,
  leader: body.leader ?? '',
  phone: body.phone ?? '',
  email: body.email ?? '',
  status: body.status ?? '0',
  remark: body.remark ?? '',
});

export async function createDept(deps: Deps, ctx: Ctx, body: DeptAddBody): Promise<number> {
  const { db } = deps.database;
  const parent = await resolveParent(db, ctx, body.parentId);
  if (parent && parent.status !== '0') throw fail('system.dept.parentDisabled');
  const clientId = parent ? parent.clientId : ctx.clientId;
  await ensureUniqueName(db, clientId, body.parentId, body.deptName);
  const [row] = await db
    .insert(sysDept)
    .values({
      ...values(body),
      clientId,
      parentId: body.parentId,
      ancestors: parent ? `${parent.ancestors},${parent.deptId}` : '0',
      createBy: ctx.principal.userName,
      createTime: new Date(deps.clock.now()),
    })
    .returning({ id: sysDept.deptId });
  return row!.id;
}

export async function updateDept(deps: Deps, ctx: Ctx, body: DeptAddBody & { deptId: number }): Promise<void> {
  const { db } = deps.database;
  const target = await findVisibleDept(db, ctx, body.deptId);
  let ancestors = target.ancestors;
  if (body.parentId !== target.parentId) {
    if (body.parentId === target.deptId) throw fail('system.dept.parentSelf', { deptName: body.deptName });
    const parent = await resolveParent(db, ctx, body.parentId);
    if (parent) {
      if (parent.clientId !== target.clientId) throw fail('system.dept.parentUnavailable');
      if (parent.ancestors.split(',').includes(String(target.deptId)))
        throw fail('system.dept.parentSelf', { deptName: body.deptName });
    }
    ancestors = parent ? `${parent.ancestors},${parent.deptId}` : '0';
  }
  const status = body.status ?? target.status;
  if (status === '1' && target.status !== '1') {
    const [enabledChild] = await db
      .select({ id: sysDept.deptId })
      .from(sysDept)
      .where(
        and(
          sql`${String(target.deptId)} = any(string_to_array(${sysDept.ancestors}, ','))`,
          eq(sysDept.status, '0'),
          eq(sysDept.delFlag, '0'),
        ),
      )
      .limit(1);
    if (enabledChild) throw fail('system.dept.hasEnabledChildren');
  }
  await ensureUniqueName(db, target.clientId, body.parentId, body.deptName, target.deptId);
  await db.transaction(async (tx) => {
    await tx
      .update(sysDept)
      .set({
        ...values(body),
        status,
        parentId: body.parentId,
        ancestors,
        updateBy: ctx.principal.userName,
        updateTime: new Date(deps.clock.now()),
      })
      .where(eq(sysDept.deptId, target.deptId));
    if (ancestors !== target.ancestors) {
      // the subtree moves with its root: swap the old ancestor prefix for the new one in one statement
      await tx
        .update(sysDept)
        .set({
          ancestors: sql`${ancestors}::text || substring(${sysDept.ancestors} from ${target.ancestors.length + 1}::int)`,
        })
        .where(sql`${String(target.deptId)} = any(string_to_array(${sysDept.ancestors}, ','))`);
    }
    if (status === '0' && ancestors !== '0') {
      // enabling a department enables the chain above it
      const chain = ancestors
        .split(',')
        .map(Number)
        .filter((n) => n > 0);
      await tx
        .update(sysDept)
        .set({ status: '0' })
        .where(and(inArray(sysDept.deptId, chain), eq(sysDept.status, '1')));
    }
  });
  await invalidateAuthz(deps.cache);
}

/** Saves the display order of departments after dragging; every one must be within the caller's customer and data scope. */
export async function sortDepts(deps: Deps, ctx: Ctx, pairs: Map<number, number>): Promise<void> {
  const { db } = deps.database;
  const visible = await db
    .select({ id: sysDept.deptId })
    .from(sysDept)
    .where(and(inArray(sysDept.deptId, [...pairs.keys()]), deptVisible(ctx)));
  if (visible.length !== pairs.size) throw notFound();
  const now = new Date(deps.clock.now());
  await db.transaction(async (tx) => {
    for (const [deptId, orderNum] of pairs)
      await tx
        .update(sysDept)
        .set({ orderNum, updateBy: ctx.principal.userName, updateTime: now })
        .where(eq(sysDept.deptId, deptId));
  });
}

export async function deleteDept(deps: Deps, ctx: Ctx, deptId: number): Promise<void> {
  const { db } = deps.database;
  const target = await findVisibleDept(db, ctx, deptId);
  const [child] = await db
    .select({ id: sysDept.deptId })
    .from(sysDept)
    .where(and(eq(sysDept.parentId, target.deptId), eq(sysDept.delFlag, '0')))
    .limit(1);
  if (child) throw fail('system.dept.hasChildren');
  const [user] = await db
    .select({ id: sysUser.userId })
    .from(sysUser)
    .where(and(eq(sysUser.deptId, target.deptId), eq(sysUser.delFlag, '0')))
    .limit(1);
  if (user) throw fail('system.dept.hasUsers');
  await db.transaction(async (tx) => {
    await tx.delete(sysRoleDept).where(eq(sysRoleDept.deptId, target.deptId));
    await tx.delete(sysDept).where(eq(sysDept.deptId, target.deptId));
  });
  await invalidateAuthz(deps.cache);
}
