import type { AssetCategoryBody } from '@luxgrid/contracts';
import { and, asc, eq, ilike, inArray, ne, notInArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { allIn, countPer, findIn } from '../../../platform/repository.ts';
import { created, customerWhere, requireCustomer, type Scope, updated } from '../../../platform/scope.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { gisAsset, gisAssetCategory } from '../gis.table.ts';

/** Asset categories: a tree per customer; a category in use (assets or children) stays. */

type CategoryRecord = typeof gisAssetCategory.$inferSelect;

export interface CategoryFilter {
  name?: string;
  assetKind?: string;
}

const view = (row: CategoryRecord, assets: Map<number, number>) => ({
  ...row,
  assetCount: assets.get(row.categoryId) ?? 0,
  createTime: formatDate(row.createTime),
  updateTime: formatDate(row.updateTime),
});

export function categoryRepository(db: Db) {
  const scoped = (scope: Scope) => customerWhere(scope, gisAssetCategory.clientId);
  const find = (scope: Scope, id: number) =>
    findIn(db, gisAssetCategory, gisAssetCategory.categoryId, id, scoped(scope));

  const nameFree = async (clientId: number, parentId: number, name: string, selfId?: number) => {
    const [clash] = await db
      .select({ id: gisAssetCategory.categoryId })
      .from(gisAssetCategory)
      .where(
        and(
          eq(gisAssetCategory.clientId, clientId),
          eq(gisAssetCategory.parentId, parentId),
          eq(gisAssetCategory.name, name),
          selfId ? ne(gisAssetCategory.categoryId, selfId) : undefined,
        ),
      );
    if (clash) throw fail('gis.category.exists', { name });
  };

  /** The parent must be a category of the same customer, and never the category or one below it. */
  const checkParent = async (clientId: number, parentId: number, selfId?: number) => {
    if (!parentId) return;
    const rows = await db
      .select({ id: gisAssetCategory.categoryId, parentId: gisAssetCategory.parentId })
      .from(gisAssetCategory)
      .where(eq(gisAssetCategory.clientId, clientId));
    const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
    if (!parentOf.has(parentId)) throw notFound();
    for (let at: number | undefined = parentId, hops = 0; at && hops < 1000; at = parentOf.get(at), hops++)
      if (at === selfId) throw fail('gis.category.loop');
  };

  return {
    /** every category of the customer (a tree is small), ordered for the tree */
    async list(scope: Scope, q: CategoryFilter) {
      const rows = await db
        .select()
        .from(gisAssetCategory)
        .where(
          and(
            scoped(scope),
            q.name ? ilike(gisAssetCategory.name, `%${q.name}%`) : undefined,
            q.assetKind ? eq(gisAssetCategory.assetKind, q.assetKind) : undefined,
          ),
        )
        .orderBy(asc(gisAssetCategory.parentId), asc(gisAssetCategory.orderNum), asc(gisAssetCategory.categoryId))
        .limit(5_000);
      const assets = await countPer(
        db,
        gisAsset,
        gisAsset.categoryId,
        rows.map((r) => r.categoryId),
      );
      return rows.map((r) => view(r, assets));
    },
    async find(scope: Scope, id: number) {
      const row = await find(scope, id);
      return row && view(row, await countPer(db, gisAsset, gisAsset.categoryId, [id]));
    },
    async insert(scope: Scope, now: number, body: AssetCategoryBody) {
      const clientId = requireCustomer(scope);
      await checkParent(clientId, body.parentId);
      await nameFree(clientId, body.parentId, body.name);
      const [row] = await db
        .insert(gisAssetCategory)
        .values({
          clientId,
          parentId: body.parentId,
          name: body.name,
          assetKind: body.assetKind,
          orderNum: body.orderNum,
          remark: body.remark ?? '',
          ...created(scope, now),
        })
        .returning({ categoryId: gisAssetCategory.categoryId });
      return row;
    },
    async update(scope: Scope, now: number, body: AssetCategoryBody) {
      const existing = body.categoryId ? await find(scope, body.categoryId) : undefined;
      if (!existing) throw notFound();
      await checkParent(existing.clientId, body.parentId, existing.categoryId);
      await nameFree(existing.clientId, body.parentId, body.name, existing.categoryId);
      await db
        .update(gisAssetCategory)
        .set({
          parentId: body.parentId,
          name: body.name,
          assetKind: body.assetKind,
          orderNum: body.orderNum,
          remark: body.remark ?? '',
          ...updated(scope, now),
        })
        .where(eq(gisAssetCategory.categoryId, existing.categoryId));
    },
    async remove(scope: Scope, ids: number[]) {
      if (!(await allIn(db, gisAssetCategory, gisAssetCategory.categoryId, ids, scoped(scope)))) throw notFound();
      const [assets, children] = await Promise.all([
        db.$count(gisAsset, inArray(gisAsset.categoryId, ids)),
        db.$count(
          gisAssetCategory,
          and(inArray(gisAssetCategory.parentId, ids), notInArray(gisAssetCategory.categoryId, ids)),
        ),
      ]);
      if (assets + children) throw fail('gis.category.inUse', { count: assets + children });
      await db.delete(gisAssetCategory).where(inArray(gisAssetCategory.categoryId, ids));
    },
    /** the categories of a customer by name, for imports */
    async byName(clientId: number) {
      const rows = await db
        .select({ id: gisAssetCategory.categoryId, name: gisAssetCategory.name, kind: gisAssetCategory.assetKind })
        .from(gisAssetCategory)
        .where(eq(gisAssetCategory.clientId, clientId));
      return new Map(rows.map((r) => [r.name, r]));
    },
    /** whether the category belongs to the customer */
    async owned(clientId: number, categoryId: number) {
      return !!(await findIn(
        db,
        gisAssetCategory,
        gisAssetCategory.categoryId,
        categoryId,
        eq(gisAssetCategory.clientId, clientId),
      ));
    },
  };
}
