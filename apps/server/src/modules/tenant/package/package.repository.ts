import type { PackageCreateBody, PackageUpdateBody } from '@luxgrid/contracts';
import { and, count, desc, eq, gte, ilike, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { dateRange, type PageQuery } from '../../../platform/paging.ts';
import { readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { applyEntitlements } from '../customer/entitlements.ts';
import { runningAt } from '../subscription/subscription.service.ts';
import { sysClientSubscription } from '../subscription/subscription.table.ts';
import { sysSystem } from '../subsystem/subsystem.table.ts';
import { sysPackage, sysPackageSystem } from './package.table.ts';

/** Subscription packages and the subsystems they grant: the SQL over sys_package (platform-wide rows). */

export interface PackageFilter extends PageQuery {
  packageName?: string;
  mode?: string;
  period?: string;
  status?: '0' | '1' | '';
}

export const PACKAGE_SORTABLE = {
  packageId: sysPackage.packageId,
  packageName: sysPackage.packageName,
  subscriptionPrice: sysPackage.subscriptionPrice,
  createTime: sysPackage.createTime,
};
export const PACKAGE_ORDER = [desc(sysPackage.packageId)];

type PackageRow = typeof sysPackage.$inferSelect;

function filtered(q: PackageFilter): SQL | undefined {
  const { begin, end } = dateRange(q);
  return and(
    eq(sysPackage.delFlag, '0'),
    q.packageName ? ilike(sysPackage.packageName, `%${q.packageName}%`) : undefined,
    q.mode ? eq(sysPackage.mode, q.mode) : undefined,
    q.period ? eq(sysPackage.period, q.period) : undefined,
    q.status ? eq(sysPackage.status, q.status) : undefined,
    begin ? gte(sysPackage.createTime, begin) : undefined,
    end ? lte(sysPackage.createTime, end) : undefined,
  );
}

/** Packages with their subsystems and the subscriptions running on them at `now`. */
async function views(db: Db, now: number, rows: PackageRow[]) {
  const ids = rows.map((r) => r.packageId);
  if (!ids.length) return [];
  const [systems, running] = await Promise.all([
    db
      .select({ packageId: sysPackageSystem.packageId, systemId: sysSystem.systemId, name: sysSystem.name })
      .from(sysPackageSystem)
      .innerJoin(sysSystem, eq(sysSystem.systemId, sysPackageSystem.systemId))
      .where(inArray(sysPackageSystem.packageId, ids))
      .orderBy(sysSystem.orderNum),
    db
      .select({ packageId: sysClientSubscription.packageId, n: count() })
      .from(sysClientSubscription)
      .where(and(inArray(sysClientSubscription.packageId, ids), runningAt(new Date(now))))
      .groupBy(sysClientSubscription.packageId),
  ]);
  return rows.map(({ delFlag: _deleted, ...row }) => {
    const own = systems.filter((s) => s.packageId === row.packageId);
    return {
      ...row,
      subscriptionPrice: Number(row.subscriptionPrice),
      systemIds: own.map((s) => s.systemId),
      systemNames: own.map((s) => s.name),
      activeSubscriptions: running.find((r) => r.packageId === row.packageId)?.n ?? 0,
      createTime: formatDate(row.createTime),
      updateTime: formatDate(row.updateTime),
    };
  });
}

export async function listPackages(db: Db, now: number, q: PackageFilter, page: ListPage) {
  const { rows, total } = await readPage(db, sysPackage, filtered(q), page);
  return { rows: await views(db, now, rows), total };
}

/** A package not deleted, or "not found". */
export async function findPackage(db: Db, packageId: number): Promise<PackageRow> {
  const [row] = await db
    .select()
    .from(sysPackage)
    .where(and(eq(sysPackage.packageId, packageId), eq(sysPackage.delFlag, '0')));
  if (!row) throw notFound();
  return row;
}

export async function packageView(db: Db, now: number, packageId: number) {
  const [view] = await views(db, now, [await findPackage(db, packageId)]);
  return view;
}

async function nameTaken(db: Db, name: string, selfId?: number): Promise<boolean> {
  const [clash] = await db
    .select({ id: sysPackage.packageId })
    .from(sysPackage)
    .where(
      and(
        eq(sysPackage.packageName, name),
        eq(sysPackage.delFlag, '0'),
        selfId ? ne(sysPackage.packageId, selfId) : undefined,
      ),
    );
  return clash !== undefined;
}

/** Package names are unique among the packages not deleted. */
export async function ensureNameFree(db: Db, name: string, selfId?: number): Promise<void> {
  if (await nameTaken(db, name, selfId)) throw fail('tenant.package.nameExists', { name });
}

/** The first free name of `base`, `base2`, `base3` … (at most 40 characters). */
export async function freeName(db: Db, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = (n === 1 ? base : `${base}${n}`).slice(0, 40);
    if (!(await nameTaken(db, candidate))) return candidate;
  }
}

/** The distinct subsystem ids, each of which must exist. */
export async function knownSystems(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db.select({ id: sysSystem.systemId }).from(sysSystem).where(inArray(sysSystem.systemId, ids));
  if (rows.length !== new Set(ids).size) throw notFound();
  return [...new Set(ids)];
}

export async function packageSystemIds(db: Db, packageId: number): Promise<number[]> {
  const rows = await db
    .select({ id: sysPackageSystem.systemId })
    .from(sysPackageSystem)
    .where(eq(sysPackageSystem.packageId, packageId));
  return rows.map((r) => r.id);
}

/** A new package with its subsystems, in one transaction. */
export function insertPackage(db: Db, now: number, body: PackageCreateBody, by: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sysPackage)
      .values({
        packageName: body.packageName,
        subscriptionPrice: body.subscriptionPrice.toFixed(2),
        mode: body.mode,
        period: body.period ?? null,
        periodCount: body.periodCount ?? 1,
        status: body.status,
        remark: body.remark ?? '',
        createBy: by,
        createTime: new Date(now),
      })
      .returning({ id: sysPackage.packageId });
    await tx.insert(sysPackageSystem).values(body.systemIds.map((systemId) => ({ packageId: row!.id, systemId })));
    return row!.id;
  });
}

/** The package's fields and subsystems, replaced in one transaction. */
export async function updatePackage(db: Db, now: number, current: PackageRow, body: PackageUpdateBody, by: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(sysPackage)
      .set({
        packageName: body.packageName,
        subscriptionPrice: body.subscriptionPrice.toFixed(2),
        mode: body.mode,
        period: body.period ?? null,
        periodCount: body.periodCount ?? current.periodCount,
        status: body.status,
        remark: body.remark,
        updateBy: by,
        updateTime: new Date(now),
      })
      .where(eq(sysPackage.packageId, current.packageId));
    await tx.delete(sysPackageSystem).where(eq(sysPackageSystem.packageId, current.packageId));
    await tx
      .insert(sysPackageSystem)
      .values(body.systemIds.map((systemId) => ({ packageId: current.packageId, systemId })));
  });
}

/** The customers with a subscription (not cancelled) on the package. */
export async function subscribersOf(db: Db, packageId: number): Promise<number[]> {
  const clients = await db
    .selectDistinct({ id: sysClientSubscription.clientId })
    .from(sysClientSubscription)
    .where(and(eq(sysClientSubscription.packageId, packageId), eq(sysClientSubscription.status, '0')));
  return clients.map((c) => c.id);
}

/** A customer's grants follow its running subscriptions again; answers whether they changed. */
export function reapplyEntitlements(db: Db, clientId: number, now: number): Promise<boolean> {
  return db.transaction((tx) => applyEntitlements(tx, clientId, now));
}

/** Marks packages deleted; running or future subscriptions still need their package. */
export async function deletePackages(db: Db, now: number, ids: number[], by: string): Promise<void> {
  const rows = await db
    .select()
    .from(sysPackage)
    .where(and(inArray(sysPackage.packageId, ids), eq(sysPackage.delFlag, '0')));
  if (rows.length !== ids.length) throw notFound();
  const [inUse] = await db
    .select({ packageId: sysClientSubscription.packageId })
    .from(sysClientSubscription)
    .where(
      and(
        inArray(sysClientSubscription.packageId, ids),
        eq(sysClientSubscription.status, '0'),
        gte(sysClientSubscription.endTime, new Date(now)),
      ),
    )
    .limit(1);
  if (inUse)
    throw fail('tenant.package.inUse', { name: rows.find((r) => r.packageId === inUse.packageId)?.packageName ?? '' });
  await db
    .update(sysPackage)
    .set({ delFlag: '2', updateBy: by, updateTime: new Date(now) })
    .where(inArray(sysPackage.packageId, ids));
}
