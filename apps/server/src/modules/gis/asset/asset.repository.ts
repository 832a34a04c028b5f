import type { AssetBody } from '@luxgrid/contracts';
import { and, asc, desc, eq, ilike, inArray, isNotNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { allIn, findIn } from '../../../platform/repository.ts';
import { EXPORT_LIMIT, type ListPage } from '../../../platform/resource-routes.ts';
import { created, type Scope, scopeWhere, updated } from '../../../platform/scope.ts';
import { ltDevice } from '../../lighting/device/device.table.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { gisAsset, gisAssetCategory, gisRoad } from '../gis.table.ts';

/** The asset register: the only SQL over gis_asset; every query carries the scope. */

export interface AssetFilter {
  projectId?: number;
  name?: string;
  assetCode?: string;
  assetKind?: string;
  categoryId?: number;
  roadId?: number;
  /** assets whose warranty ends on or before this day */
  warrantyBefore?: string;
}

/** The project being written to, checked against the scope. */
export interface ScopedProject {
  projectId: number;
  clientId: number;
}

/** What an insert or an update writes (positions in WGS-84). */
export type AssetValues = Omit<AssetBody, 'assetId' | 'projectId'>;

const byId = { projectId: null };
const like = (text: string) => `%${text}%`;

const columns = {
  assetId: gisAsset.assetId,
  clientId: gisAsset.clientId,
  projectId: gisAsset.projectId,
  categoryId: gisAsset.categoryId,
  categoryName: gisAssetCategory.name,
  assetCode: gisAsset.assetCode,
  name: gisAsset.name,
  assetKind: gisAsset.assetKind,
  deviceId: gisAsset.deviceId,
  deviceUid: ltDevice.uid,
  roadId: gisAsset.roadId,
  roadName: gisRoad.name,
  installDate: gisAsset.installDate,
  warrantyEnd: gisAsset.warrantyEnd,
  supplier: gisAsset.supplier,
  model: gisAsset.model,
  photos: gisAsset.photos,
  longitude: gisAsset.longitude,
  latitude: gisAsset.latitude,
  createBy: gisAsset.createBy,
  createTime: gisAsset.createTime,
  updateBy: gisAsset.updateBy,
  updateTime: gisAsset.updateTime,
  remark: gisAsset.remark,
};

export function assetRepository(database: Database) {
  const { db } = database;

  const where = (scope: Scope, q: AssetFilter): SQL | undefined =>
    and(
      scopeWhere(scope, gisAsset, { projectId: q.projectId ?? scope.projectId }),
      q.name ? ilike(gisAsset.name, like(q.name)) : undefined,
      q.assetCode ? ilike(gisAsset.assetCode, like(q.assetCode)) : undefined,
      q.assetKind ? eq(gisAsset.assetKind, q.assetKind) : undefined,
      q.categoryId ? or(eq(gisAsset.categoryId, q.categoryId), eq(gisAssetCategory.parentId, q.categoryId)) : undefined,
      q.roadId ? eq(gisAsset.roadId, q.roadId) : undefined,
      q.warrantyBefore ? lte(gisAsset.warrantyEnd, q.warrantyBefore) : undefined,
    );
  const select = () =>
    db
      .select(columns)
      .from(gisAsset)
      .innerJoin(gisAssetCategory, eq(gisAssetCategory.categoryId, gisAsset.categoryId))
      .leftJoin(ltDevice, eq(ltDevice.deviceId, gisAsset.deviceId))
      .leftJoin(gisRoad, eq(gisRoad.roadId, gisAsset.roadId));
  type Joined = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const view = (row: Joined) => ({
    ...row,
    createTime: formatDate(row.createTime),
    updateTime: formatDate(row.updateTime),
  });

  const codeFree = async (projectId: number, code: string, selfId?: number) => {
    const [clash] = await db
      .select({ id: gisAsset.assetId })
      .from(gisAsset)
      .where(
        and(
          eq(gisAsset.projectId, projectId),
          eq(gisAsset.assetCode, code),
          selfId ? ne(gisAsset.assetId, selfId) : undefined,
        ),
      );
    if (clash) throw fail('gis.code.exists', { code });
  };

  /** The linked device, category and road must belong to the same project or customer; answers the device's position. */
  const checkLinks = async (project: ScopedProject, v: AssetValues) => {
    const [category] = await db
      .select({ id: gisAssetCategory.categoryId })
      .from(gisAssetCategory)
      .where(and(eq(gisAssetCategory.categoryId, v.categoryId), eq(gisAssetCategory.clientId, project.clientId)));
    if (!category) throw fail('valid.enum', { field: 'categoryId' });
    if (v.roadId) {
      const [road] = await db
        .select({ id: gisRoad.roadId })
        .from(gisRoad)
        .where(and(eq(gisRoad.roadId, v.roadId), eq(gisRoad.projectId, project.projectId)));
      if (!road) throw fail('valid.enum', { field: 'roadId' });
    }
    if (!v.deviceId) return undefined;
    const [device] = await db
      .select({ lng: ltDevice.longitude, lat: ltDevice.latitude })
      .from(ltDevice)
      .where(and(eq(ltDevice.deviceId, v.deviceId), eq(ltDevice.projectId, project.projectId)));
    if (!device) throw fail('gis.device.notFound', { uid: v.deviceId });
    return device;
  };

  const values = (v: AssetValues, device?: { lng: number | null; lat: number | null }) => ({
    categoryId: v.categoryId,
    assetCode: v.assetCode,
    name: v.name,
    assetKind: v.assetKind,
    deviceId: v.deviceId ?? null,
    roadId: v.roadId ?? null,
    installDate: v.installDate || null,
    warrantyEnd: v.warrantyEnd || null,
    supplier: v.supplier ?? '',
    model: v.model ?? '',
    photos: v.photos ?? '',
    // an asset that is a device stands where the device stands unless placed otherwise
    longitude: v.longitude ?? device?.lng ?? null,
    latitude: v.latitude ?? device?.lat ?? null,
    remark: v.remark ?? '',
  });

  const find = (scope: Scope, id: number) =>
    findIn(db, gisAsset, gisAsset.assetId, id, scopeWhere(scope, gisAsset, byId));

  return {
    sortable: {
      assetId: gisAsset.assetId,
      assetCode: gisAsset.assetCode,
      name: gisAsset.name,
      installDate: gisAsset.installDate,
      warrantyEnd: gisAsset.warrantyEnd,
    },
    order: [desc(gisAsset.assetId)],
    async list(scope: Scope, q: AssetFilter, page: ListPage) {
      const w = where(scope, q);
      const [rows, [count]] = await Promise.all([
        select()
          .where(w)
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(gisAsset)
          .innerJoin(gisAssetCategory, eq(gisAssetCategory.categoryId, gisAsset.categoryId))
          .where(w),
      ]);
      const total = count?.n ?? 0;
      return { rows: rows.map(view), total };
    },
    async exportRows(scope: Scope, q: AssetFilter) {
      const rows = await select().where(where(scope, q)).orderBy(asc(gisAsset.assetId)).limit(EXPORT_LIMIT);
      return rows.map(view);
    },
    async find(scope: Scope, id: number) {
      const [row] = await select().where(and(eq(gisAsset.assetId, id), scopeWhere(scope, gisAsset, byId)));
      return row && view(row);
    },
    async insert(scope: Scope, now: number, project: ScopedProject, v: AssetValues) {
      await codeFree(project.projectId, v.assetCode);
      const device = await checkLinks(project, v);
      const [row] = await db
        .insert(gisAsset)
        .values({
          ...values(v, device),
          clientId: project.clientId,
          projectId: project.projectId,
          ...created(scope, now),
        })
        .returning({ assetId: gisAsset.assetId });
      return row;
    },
    async update(scope: Scope, now: number, assetId: number, v: AssetValues) {
      const existing = await find(scope, assetId);
      if (!existing) throw notFound();
      const project = { projectId: existing.projectId, clientId: existing.clientId };
      await codeFree(project.projectId, v.assetCode, assetId);
      const device = await checkLinks(project, v);
      await db
        .update(gisAsset)
        .set({ ...values(v, device), ...updated(scope, now) })
        .where(eq(gisAsset.assetId, assetId));
    },
    async remove(scope: Scope, ids: number[]) {
      if (!(await allIn(db, gisAsset, gisAsset.assetId, ids, scopeWhere(scope, gisAsset, byId)))) throw notFound();
      await db.delete(gisAsset).where(inArray(gisAsset.assetId, ids));
    },
    /** codes already taken in the project, for imports */
    async takenCodes(projectId: number, codes: string[]) {
      if (!codes.length) return new Set<string>();
      const rows = await db
        .select({ code: gisAsset.assetCode })
        .from(gisAsset)
        .where(and(eq(gisAsset.projectId, projectId), inArray(gisAsset.assetCode, codes)));
      return new Set(rows.map((r) => r.code));
    },
    /** devices of the project by UID, for imports */
    async devicesByUid(projectId: number, uids: string[]) {
      if (!uids.length) return new Map<string, { id: number; lng: number | null; lat: number | null }>();
      const rows = await db
        .select({ id: ltDevice.deviceId, uid: ltDevice.uid, lng: ltDevice.longitude, lat: ltDevice.latitude })
        .from(ltDevice)
        .where(and(eq(ltDevice.projectId, projectId), inArray(ltDevice.uid, uids)));
      return new Map(rows.map((r) => [r.uid, r]));
    },
    /** many assets at once (an import), already checked */
    async insertMany(scope: Scope, now: number, project: ScopedProject, rows: AssetValues[]) {
      for (let i = 0; i < rows.length; i += 500)
        await db.insert(gisAsset).values(
          rows.slice(i, i + 500).map((v) => ({
            ...values(v),
            clientId: project.clientId,
            projectId: project.projectId,
            ...created(scope, now),
          })),
        );
    },
    /** placed assets of a project, for the map */
    async placed(scope: Scope, projectId: number) {
      return db
        .select({
          assetId: gisAsset.assetId,
          name: gisAsset.name,
          assetCode: gisAsset.assetCode,
          assetKind: gisAsset.assetKind,
          categoryName: gisAssetCategory.name,
          longitude: gisAsset.longitude,
          latitude: gisAsset.latitude,
        })
        .from(gisAsset)
        .innerJoin(gisAssetCategory, eq(gisAssetCategory.categoryId, gisAsset.categoryId))
        .where(
          and(scopeWhere(scope, gisAsset, { projectId }), isNotNull(gisAsset.longitude), isNotNull(gisAsset.latitude)),
        )
        .limit(EXPORT_LIMIT) as Promise<
        {
          assetId: number;
          name: string;
          assetCode: string;
          assetKind: string;
          categoryName: string;
          longitude: number;
          latitude: number;
        }[]
      >;
    },
  };
}
