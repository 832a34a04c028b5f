import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, id, ref } from '../../db/columns.ts';

/** Asset categories of a customer, a tree (parent 0 = top level); each names the kind of asset it holds. */
export const gisAssetCategory = pgTable(
  'gis_asset_category',
  {
    categoryId: id('category_id'),
    clientId: ref('client_id').notNull(),
    parentId: ref('parent_id').notNull().default(0),
    name: varchar('name', { length: 40 }).notNull(),
    assetKind: varchar('asset_kind', { length: 12 }).notNull(),
    orderNum: integer('order_num').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('gis_asset_category_name_uq').on(t.clientId, t.parentId, t.name),
    index('gis_asset_category_parent_idx').on(t.parentId),
  ],
);

/** The asset register of a project: poles, cabinets, lamps, cables, any device; positions in WGS-84. */
export const gisAsset = pgTable(
  'gis_asset',
  {
    assetId: id('asset_id'),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    categoryId: ref('category_id').notNull(),
    assetCode: varchar('asset_code', { length: 40 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    assetKind: varchar('asset_kind', { length: 12 }).notNull(),
    /** the registered device (lt_device) this asset is */
    deviceId: ref('device_id'),
    roadId: ref('road_id'),
    installDate: date('install_date', { mode: 'string' }),
    warrantyEnd: date('warranty_end', { mode: 'string' }),
    supplier: varchar('supplier', { length: 64 }).notNull().default(''),
    model: varchar('model', { length: 64 }).notNull().default(''),
    /** stored file addresses, comma separated */
    photos: varchar('photos', { length: 2000 }).notNull().default(''),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('gis_asset_code_uq').on(t.projectId, t.assetCode),
    index('gis_asset_client_idx').on(t.clientId, t.assetId),
    index('gis_asset_category_idx').on(t.categoryId),
    index('gis_asset_device_idx').on(t.deviceId),
    index('gis_asset_road_idx').on(t.roadId),
    index('gis_asset_warranty_idx').on(t.projectId, t.warrantyEnd),
  ],
);

/** Roads of a project: a line in WGS-84, its EN 13201 lighting class, width, and the reach of its lamps. */
export const gisRoad = pgTable(
  'gis_road',
  {
    roadId: id('road_id'),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    lightingClass: varchar('lighting_class', { length: 4 }).notNull(),
    width: doublePrecision('width').notNull().default(0),
    buffer: smallint('buffer').notNull().default(30),
    /** metres, computed from the line */
    length: doublePrecision('length').notNull().default(0),
    /** [[lng, lat], …] */
    line: jsonb('path').$type<[number, number][]>().notNull(),
    /** the line's box, for finding its lamps */
    west: doublePrecision('west').notNull(),
    south: doublePrecision('south').notNull(),
    east: doublePrecision('east').notNull(),
    north: doublePrecision('north').notNull(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('gis_road_name_uq').on(t.projectId, t.name), index('gis_road_client_idx').on(t.clientId)],
);
