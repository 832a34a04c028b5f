import {
  distanceToLine,
  LAMP_DEVICE_TYPE,
  type LngLat,
  lineBox,
  lineLength,
  type RoadBody,
  type RoadLamp,
} from '@luxgrid/contracts';
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lte, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { allIn, findIn } from '../../../platform/repository.ts';
import { EXPORT_LIMIT, type ListPage } from '../../../platform/resource-routes.ts';
import { created, type Scope, scopeWhere, updated } from '../../../platform/scope.ts';
import { ltDevice } from '../../lighting/device/device.table.ts';
import { formatDate } from '../../system/user/user-info.ts';
import type { ScopedProject } from '../asset/asset.repository.ts';
import { gisAsset, gisRoad } from '../gis.table.ts';

/** Roads: their lines, lighting class and the lamps that light them. The only SQL over gis_road. */

export interface RoadFilter {
  projectId?: number;
  name?: string;
  lightingClass?: string;
}

export type RoadValues = Omit<RoadBody, 'roadId' | 'projectId'>;
type RoadRecord = typeof gisRoad.$inferSelect;

const byId = { projectId: null };
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** What a road's line gives: its length and the box its lamps are looked for in. */
function geometry(path: LngLat[], buffer: number) {
  const [west, south, east, north] = lineBox(path, buffer);
  return { length: round(lineLength(path)), west, south, east, north };
}

export function roadRepository(database: Database) {
  const { db } = database;

  const where = (scope: Scope, q: RoadFilter): SQL | undefined =>
    and(
      scopeWhere(scope, gisRoad, { projectId: q.projectId ?? scope.projectId }),
      q.name ? ilike(gisRoad.name, `%${q.name}%`) : undefined,
      q.lightingClass ? eq(gisRoad.lightingClass, q.lightingClass) : undefined,
    );

  const nameFree = async (projectId: number, name: string, selfId?: number) => {
    const [clash] = await db
      .select({ id: gisRoad.roadId })
      .from(gisRoad)
      .where(
        and(eq(gisRoad.projectId, projectId), eq(gisRoad.name, name), selfId ? ne(gisRoad.roadId, selfId) : undefined),
      );
    if (clash) throw fail('gis.road.exists', { name });
  };

  /** Lamp controllers within the road's buffer, and lamp assets assigned to it, nearest first. */
  const lampsOf = async (road: RoadRecord): Promise<RoadLamp[]> => {
    const [devices, assigned] = await Promise.all([
      db
        .select({
          id: ltDevice.deviceId,
          code: ltDevice.uid,
          name: ltDevice.name,
          lng: ltDevice.longitude,
          lat: ltDevice.latitude,
        })
        .from(ltDevice)
        .where(
          and(
            eq(ltDevice.projectId, road.projectId),
            eq(ltDevice.deviceType, LAMP_DEVICE_TYPE),
            isNotNull(ltDevice.longitude),
            gte(ltDevice.longitude, road.west),
            lte(ltDevice.longitude, road.east),
            gte(ltDevice.latitude, road.south),
            lte(ltDevice.latitude, road.north),
          ),
        )
        .limit(EXPORT_LIMIT),
      db
        .select({
          id: gisAsset.assetId,
          code: gisAsset.assetCode,
          name: gisAsset.name,
          lng: gisAsset.longitude,
          lat: gisAsset.latitude,
          deviceId: gisAsset.deviceId,
        })
        .from(gisAsset)
        .where(and(eq(gisAsset.roadId, road.roadId), eq(gisAsset.assetKind, 'LAMP'))),
    ]);
    const distance = (lng: number | null, lat: number | null) =>
      lng === null || lat === null ? null : round(distanceToLine([lng, lat], road.line));
    const near: RoadLamp[] = devices
      .map((d) => ({
        source: 'device' as const,
        id: d.id,
        code: d.code,
        name: d.name,
        longitude: d.lng,
        latitude: d.lat,
        distance: distance(d.lng, d.lat),
      }))
      .filter((d) => d.distance !== null && d.distance <= road.buffer);
    const seen = new Set(near.map((d) => d.id));
    const own: RoadLamp[] = assigned
      .filter((a) => !a.deviceId || !seen.has(a.deviceId))
      .map((a) => ({
        source: 'asset' as const,
        id: a.id,
        code: a.code,
        name: a.name,
        longitude: a.lng,
        latitude: a.lat,
        distance: distance(a.lng, a.lat),
      }));
    return [...near, ...own].sort(
      (a, b) => (a.distance ?? Number.POSITIVE_INFINITY) - (b.distance ?? Number.POSITIVE_INFINITY),
    );
  };

  const view = async (row: RoadRecord) => ({
    ...row,
    area: round(row.length * row.width),
    lampCount: (await lampsOf(row)).length,
    createTime: formatDate(row.createTime),
    updateTime: formatDate(row.updateTime),
  });
  const find = (scope: Scope, id: number) => findIn(db, gisRoad, gisRoad.roadId, id, scopeWhere(scope, gisRoad, byId));
  const values = (v: RoadValues) => ({
    name: v.name,
    lightingClass: v.lightingClass,
    width: v.width,
    buffer: v.buffer,
    line: v.line,
    ...geometry(v.line, v.buffer),
    remark: v.remark ?? '',
  });

  return {
    sortable: {
      roadId: gisRoad.roadId,
      name: gisRoad.name,
      lightingClass: gisRoad.lightingClass,
      length: gisRoad.length,
    },
    order: [desc(gisRoad.roadId)],
    async list(scope: Scope, q: RoadFilter, page: ListPage) {
      const w = where(scope, q);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(gisRoad)
          .where(w)
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
        db.$count(gisRoad, w),
      ]);
      return { rows: await Promise.all(rows.map(view)), total };
    },
    async exportRows(scope: Scope, q: RoadFilter) {
      const rows = await db
        .select()
        .from(gisRoad)
        .where(where(scope, q))
        .orderBy(asc(gisRoad.roadId))
        .limit(EXPORT_LIMIT);
      return Promise.all(rows.map(view));
    },
    async find(scope: Scope, id: number) {
      const row = await find(scope, id);
      return row && view(row);
    },
    async lamps(scope: Scope, id: number) {
      const row = await find(scope, id);
      if (!row) throw notFound();
      return lampsOf(row);
    },
    async insert(scope: Scope, now: number, project: ScopedProject, v: RoadValues) {
      await nameFree(project.projectId, v.name);
      const [row] = await db
        .insert(gisRoad)
        .values({ ...values(v), clientId: project.clientId, projectId: project.projectId, ...created(scope, now) })
        .returning({ roadId: gisRoad.roadId });
      return row;
    },
    async update(scope: Scope, now: number, roadId: number, v: RoadValues) {
      const existing = await find(scope, roadId);
      if (!existing) throw notFound();
      await nameFree(existing.projectId, v.name, roadId);
      await db
        .update(gisRoad)
        .set({ ...values(v), ...updated(scope, now) })
        .where(eq(gisRoad.roadId, roadId));
    },
    async remove(scope: Scope, ids: number[]) {
      if (!(await allIn(db, gisRoad, gisRoad.roadId, ids, scopeWhere(scope, gisRoad, byId)))) throw notFound();
      await db.transaction(async (tx) => {
        await tx.update(gisAsset).set({ roadId: null }).where(inArray(gisAsset.roadId, ids));
        await tx.delete(gisRoad).where(inArray(gisRoad.roadId, ids));
      });
    },
    /** names already taken in the project, for imports */
    async takenNames(projectId: number, names: string[]) {
      if (!names.length) return new Set<string>();
      const rows = await db
        .select({ name: gisRoad.name })
        .from(gisRoad)
        .where(and(eq(gisRoad.projectId, projectId), inArray(gisRoad.name, names)));
      return new Set(rows.map((r) => r.name));
    },
    async insertMany(scope: Scope, now: number, project: ScopedProject, rows: RoadValues[]) {
      for (let i = 0; i < rows.length; i += 200)
        await db.insert(gisRoad).values(
          rows.slice(i, i + 200).map((v) => ({
            ...values(v),
            clientId: project.clientId,
            projectId: project.projectId,
            ...created(scope, now),
          })),
        );
    },
    /** every road of a project, for the map */
    async lines(scope: Scope, projectId: number) {
      return db
        .select({
          roadId: gisRoad.roadId,
          name: gisRoad.name,
          lightingClass: gisRoad.lightingClass,
          line: gisRoad.line,
        })
        .from(gisRoad)
        .where(scopeWhere(scope, gisRoad, { projectId }))
        .orderBy(asc(gisRoad.roadId))
        .limit(EXPORT_LIMIT);
    },
  };
}
