import type { SubsystemCreateBody, SubsystemUpdateBody } from '@luxgrid/contracts';
import { and, asc, eq, ilike, inArray, max, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import type { PageQuery } from '../../../platform/paging.ts';
import { readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import type { Scope } from '../../../platform/scope.ts';
import { sysMenu } from '../../system/menu/menu.table.ts';
import { sysClientSystem } from '../customer/customer.table.ts';
import { sysPackageSystem } from '../package/package.table.ts';
import { sysSystem } from './subsystem.table.ts';

/** Subsystems and linked systems: the SQL over sys_system; a customer sees the ones granted to it. */

export interface SubsystemFilter extends PageQuery {
  encode?: string;
  name?: string;
  status?: '0' | '1' | '';
}

export const SUBSYSTEM_SORTABLE = {
  systemId: sysSystem.systemId,
  encode: sysSystem.encode,
  name: sysSystem.name,
  orderNum: sysSystem.orderNum,
  status: sysSystem.status,
};
export const SUBSYSTEM_ORDER = [asc(sysSystem.orderNum), asc(sysSystem.systemId)];

type SystemRow = typeof sysSystem.$inferSelect;

/** The systems the scope's customer was granted; every system when no customer is chosen. */
function granted(db: Db, scope: Scope): SQL | undefined {
  if (scope.clientId === null) return undefined;
  return inArray(
    sysSystem.systemId,
    db
      .select({ id: sysClientSystem.systemId })
      .from(sysClientSystem)
      .where(eq(sysClientSystem.clientId, scope.clientId)),
  );
}

function filtered(db: Db, scope: Scope, q: SubsystemFilter): SQL | undefined {
  return and(
    granted(db, scope),
    q.encode ? ilike(sysSystem.encode, `%${q.encode}%`) : undefined,
    q.name ? or(ilike(sysSystem.name, `%${q.name}%`), ilike(sysSystem.nameEn, `%${q.name}%`)) : undefined,
    q.status ? eq(sysSystem.status, q.status) : undefined,
  );
}

/** One page of the systems under the filter, or (page null) all of them. */
export async function listSubsystems(
  db: Db,
  scope: Scope,
  q: SubsystemFilter,
  page: ListPage | { orderBy: SQL[]; limit?: undefined },
): Promise<{ rows: SystemRow[]; total: number }> {
  const where = filtered(db, scope, q);
  if (page.limit === undefined) {
    const rows = await db
      .select()
      .from(sysSystem)
      .where(where)
      .orderBy(...page.orderBy);
    return { rows, total: rows.length };
  }
  return readPage(db, sysSystem, where, page);
}

/** A system the scope may see (a customer: one granted to it), if any. */
export async function findGrantedSystem(db: Db, scope: Scope, systemId: number): Promise<SystemRow | undefined> {
  const [row] = await db
    .select()
    .from(sysSystem)
    .where(and(eq(sysSystem.systemId, systemId), granted(db, scope)));
  return row;
}

/** Any system by id (for platform administration), or "not found". */
export async function findSubsystem(db: Db, systemId: number): Promise<SystemRow> {
  const [row] = await db.select().from(sysSystem).where(eq(sysSystem.systemId, systemId));
  if (!row) throw notFound();
  return row;
}

/** System codes are unique. */
export async function ensureEncodeFree(db: Db, encode: string, selfId?: number): Promise<void> {
  const [clash] = await db
    .select({ id: sysSystem.systemId })
    .from(sysSystem)
    .where(and(eq(sysSystem.encode, encode), selfId ? ne(sysSystem.systemId, selfId) : undefined));
  if (clash) throw fail('tenant.system.encodeExists', { encode });
}

/** The id a new system gets: the one asked for if free, else the next after the highest (at least 100). */
export async function newSystemId(db: Db, wanted?: number): Promise<number> {
  if (wanted) {
    const [clash] = await db.select({ id: sysSystem.systemId }).from(sysSystem).where(eq(sysSystem.systemId, wanted));
    if (clash) throw fail('tenant.system.idExists', { id: wanted });
    return wanted;
  }
  const [top] = await db.select({ id: max(sysSystem.systemId) }).from(sysSystem);
  return Math.max(100, (top?.id ?? 99) + 1);
}

export async function insertSubsystem(
  db: Db,
  scope: Scope,
  now: number,
  systemId: number,
  body: SubsystemCreateBody,
): Promise<void> {
  await db.insert(sysSystem).values({
    systemId,
    encode: body.encode,
    name: body.name,
    nameEn: body.nameEn ?? '',
    url: body.url ?? null,
    icon: body.icon ?? '',
    orderNum: body.orderNum,
    status: body.status,
    remark: body.remark ?? '',
    createBy: scope.userName,
    createTime: new Date(now),
  });
}

export async function updateSubsystem(
  db: Db,
  scope: Scope,
  now: number,
  systemId: number,
  values: Partial<Omit<SubsystemUpdateBody, 'systemId'>>,
): Promise<void> {
  await db
    .update(sysSystem)
    .set({
      encode: values.encode,
      name: values.name,
      nameEn: values.nameEn,
      url: values.url,
      icon: values.icon,
      orderNum: values.orderNum,
      status: values.status,
      remark: values.remark,
      updateBy: scope.userName,
      updateTime: new Date(now),
    })
    .where(eq(sysSystem.systemId, systemId));
}

/** The systems with these ids, every one of which must exist. */
export async function subsystemsByIds(db: Db, ids: number[]): Promise<SystemRow[]> {
  const rows = await db.select().from(sysSystem).where(inArray(sysSystem.systemId, ids));
  if (rows.length !== ids.length) throw notFound();
  return rows;
}

/** One of these systems that still holds menus, if any. */
export async function systemWithMenus(db: Db, ids: number[]): Promise<number | undefined> {
  const [row] = await db
    .select({ systemId: sysMenu.systemId })
    .from(sysMenu)
    .where(inArray(sysMenu.systemId, ids))
    .limit(1);
  return row?.systemId;
}

/** Removes systems with their grants to customers and packages. */
export async function deleteSubsystems(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sysClientSystem).where(inArray(sysClientSystem.systemId, ids));
    await tx.delete(sysPackageSystem).where(inArray(sysPackageSystem.systemId, ids));
    await tx.delete(sysSystem).where(inArray(sysSystem.systemId, ids));
  });
}
