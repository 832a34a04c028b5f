import gcoord, { type CRSTypes } from 'gcoord';
import { z } from 'zod';
import { auditFields } from './answers.ts';
import type { MAP_TYPES } from './enums.ts';
import { optionalText, rule, text } from './validation.ts';

/*
 * Asset information (GIS): the asset register, its categories and the roads, and the coordinate
 * systems of the map types. Positions are stored in WGS-84 (GPS); a map type whose tiles are drawn
 * in another system (GCJ-02 for Gaode and Google China, BD-09 for Baidu) gets them converted for
 * display, and an import written in one of those systems is converted back before it is stored.
 */

/** What an asset is: the physical kinds a lighting network is built of, or any registered device. */
export const ASSET_KINDS = ['POLE', 'CABINET', 'LAMP', 'CABLE', 'DEVICE', 'OTHER'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** Lighting classes of EN 13201-2: motorised traffic (M), conflict areas (C), pedestrians and cyclists (P). */
export const LIGHTING_CLASSES = [
  ...(['M1', 'M2', 'M3', 'M4', 'M5', 'M6'] as const),
  ...(['C0', 'C1', 'C2', 'C3', 'C4', 'C5'] as const),
  ...(['P1', 'P2', 'P3', 'P4', 'P5', 'P6'] as const),
] as const;
export type LightingClass = (typeof LIGHTING_CLASSES)[number];

/* ---------------------------------------------------------------- coordinates */

/** The coordinate systems positions travel in. */
export const COORD_SYSTEMS = ['WGS84', 'GCJ02', 'BD09'] as const;
export type CoordSystem = (typeof COORD_SYSTEMS)[number];

/** The system each map type's tiles are drawn in (Tianditu's CGCS2000 agrees with WGS-84 to centimetres). */
export const MAP_TYPE_CRS: Record<MAP_TYPES, CoordSystem> = {
  gaode: 'GCJ02',
  baidu: 'BD09',
  tianditu: 'WGS84',
  google: 'WGS84',
  googleChina: 'GCJ02',
};

const GCOORD: Record<CoordSystem, CRSTypes> = {
  WGS84: gcoord.WGS84,
  GCJ02: gcoord.GCJ02,
  BD09: gcoord.BD09,
};

export type LngLat = [lng: number, lat: number];

/** A position converted from one system to another (the offset only applies inside China). */
export function convertCoord(point: LngLat, from: CoordSystem, to: CoordSystem): LngLat {
  if (from === to) return [point[0], point[1]];
  const [lng, lat] = gcoord.transform([point[0], point[1]], GCOORD[from], GCOORD[to]) as [number, number];
  return [lng, lat];
}

/** A stored (WGS-84) position as the map type draws it. */
export const toDisplay = (point: LngLat, mapType: MAP_TYPES): LngLat =>
  convertCoord(point, 'WGS84', MAP_TYPE_CRS[mapType]);
/** A position picked on the map type's tiles, as stored (WGS-84). */
export const fromDisplay = (point: LngLat, mapType: MAP_TYPES): LngLat =>
  convertCoord(point, MAP_TYPE_CRS[mapType], 'WGS84');

/* ---------------------------------------------------------------- road geometry */

const EARTH_RADIUS = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance between two positions, in metres. */
export function distanceMetres(a: LngLat, b: LngLat): number {
  const dLat = rad(b[1] - a[1]);
  const dLng = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The length of a line, in metres. */
export function lineLength(path: readonly LngLat[]): number {
  let total = 0;
  for (let i = 1; i < path.length; i++) total += distanceMetres(path[i - 1]!, path[i]!);
  return total;
}

/** The shortest distance from a position to a line, in metres (local plane: exact enough within a city). */
export function distanceToLine(point: LngLat, path: readonly LngLat[]): number {
  if (!path.length) return Number.POSITIVE_INFINITY;
  const k = Math.cos(rad(point[1]));
  const xy = (p: LngLat) => [rad(p[0]) * k * EARTH_RADIUS, rad(p[1]) * EARTH_RADIUS] as const;
  const [px, py] = xy(point);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < path.length; i++) {
    const [ax, ay] = xy(path[i]!);
    const [bx, by] = i + 1 < path.length ? xy(path[i + 1]!) : [ax, ay];
    const dx = bx - ax;
    const dy = by - ay;
    const len = dx * dx + dy * dy;
    const t = len ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len)) : 0;
    best = Math.min(best, Math.hypot(px - (ax + t * dx), py - (ay + t * dy)));
  }
  return best;
}

/** The box around a line grown by `metres` on every side: [west, south, east, north]. */
export function lineBox(path: readonly LngLat[], metres: number): [number, number, number, number] {
  const lngs = path.map((p) => p[0]);
  const lats = path.map((p) => p[1]);
  const dLat = metres / 111_320;
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const dLng = metres / (111_320 * Math.max(0.01, Math.cos(rad(midLat))));
  return [Math.min(...lngs) - dLng, Math.min(...lats) - dLat, Math.max(...lngs) + dLng, Math.max(...lats) + dLat];
}

/* ---------------------------------------------------------------- bodies */

const id = () => z.coerce.number().int().positive();
const optionalId = () => z.coerce.number().int().positive().nullable().optional();
const lng = () =>
  z.coerce
    .number({ error: rule('valid.type') })
    .min(-180, { error: rule('valid.range', { min: -180, max: 180 }) })
    .max(180, { error: rule('valid.range', { min: -180, max: 180 }) });
const lat = () =>
  z.coerce
    .number({ error: rule('valid.type') })
    .min(-90, { error: rule('valid.range', { min: -90, max: 90 }) })
    .max(90, { error: rule('valid.range', { min: -90, max: 90 }) });
const day = () =>
  z
    .string({ error: rule('valid.type') })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: rule('valid.type') })
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null));

export const assetCategoryBody = z.object({
  categoryId: id().optional(),
  parentId: z.coerce.number().int().min(0).default(0),
  name: text(1, 40),
  assetKind: z.enum(ASSET_KINDS, { error: rule('valid.enum') }),
  orderNum: z.coerce.number().int().min(0).max(99_999).default(0),
  remark: optionalText(500),
});
export type AssetCategoryBody = z.infer<typeof assetCategoryBody>;

export const assetBody = z
  .object({
    assetId: id().optional(),
    projectId: id(),
    categoryId: id(),
    assetCode: text(1, 40),
    name: text(1, 64),
    assetKind: z.enum(ASSET_KINDS, { error: rule('valid.enum') }),
    /** the registered device this asset is, when it is one */
    deviceId: optionalId(),
    /** the road it stands on or serves, when assigned */
    roadId: optionalId(),
    installDate: day(),
    warrantyEnd: day(),
    supplier: optionalText(64),
    model: optionalText(64),
    /** stored file addresses (the upload kit's), comma separated */
    photos: optionalText(2000),
    longitude: lng().nullable().optional(),
    latitude: lat().nullable().optional(),
    remark: optionalText(500),
  })
  .refine((b) => !b.installDate || !b.warrantyEnd || b.warrantyEnd >= b.installDate, {
    message: rule('gis.warranty.beforeInstall'),
    path: ['warrantyEnd'],
  })
  .refine((b) => (b.longitude == null) === (b.latitude == null), {
    message: rule('valid.required'),
    path: ['latitude'],
  });
export type AssetBody = z.infer<typeof assetBody>;

/** A road's line: at least two WGS-84 positions. */
export const roadPath = z
  .array(z.tuple([lng(), lat()]), { error: rule('valid.type') })
  .min(2, { error: rule('gis.path.short') })
  .max(5_000, { error: rule('valid.type') });

export const roadBody = z.object({
  roadId: id().optional(),
  projectId: id(),
  name: text(1, 64),
  lightingClass: z.enum(LIGHTING_CLASSES, { error: rule('valid.enum') }),
  /** carriageway width in metres */
  width: z.coerce
    .number({ error: rule('valid.type') })
    .min(0, { error: rule('valid.range', { min: 0, max: 200 }) })
    .max(200, { error: rule('valid.range', { min: 0, max: 200 }) }),
  /** how far from the line a lamp lights it, in metres */
  buffer: z.coerce
    .number()
    .int()
    .min(1, { error: rule('valid.range', { min: 1, max: 200 }) })
    .max(200, { error: rule('valid.range', { min: 1, max: 200 }) })
    .default(30),
  line: roadPath,
  remark: optionalText(500),
});
export type RoadBody = z.infer<typeof roadBody>;

/* ---------------------------------------------------------------- answers */

export const assetCategoryRow = z.looseObject({
  categoryId: z.number().int(),
  clientId: z.number().int(),
  parentId: z.number().int(),
  name: z.string(),
  assetKind: z.string(),
  orderNum: z.number().int(),
  assetCount: z.number().int(),
  ...auditFields,
});
export type AssetCategoryRow = z.infer<typeof assetCategoryRow>;

export const assetRow = z.looseObject({
  assetId: z.number().int(),
  clientId: z.number().int(),
  projectId: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  assetCode: z.string(),
  name: z.string(),
  assetKind: z.string(),
  deviceId: z.number().int().nullable(),
  deviceUid: z.string().nullable(),
  roadId: z.number().int().nullable(),
  roadName: z.string().nullable(),
  installDate: z.string().nullable(),
  warrantyEnd: z.string().nullable(),
  supplier: z.string(),
  model: z.string(),
  photos: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  ...auditFields,
});
export type AssetRow = z.infer<typeof assetRow>;

export const roadRow = z.looseObject({
  roadId: z.number().int(),
  clientId: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  lightingClass: z.string(),
  width: z.number(),
  buffer: z.number().int(),
  /** metres, from the line */
  length: z.number(),
  /** square metres: length × width */
  area: z.number(),
  line: z.array(z.tuple([z.number(), z.number()])),
  /** lamps within the buffer of the line, and lamp assets assigned to the road */
  lampCount: z.number().int(),
  ...auditFields,
});
export type RoadRow = z.infer<typeof roadRow>;

/** A lamp that lights a road: a lamp controller within its buffer, or a lamp asset assigned to it. */
export const roadLamp = z.object({
  source: z.enum(['device', 'asset']),
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  /** metres from the line; null when assigned without a position */
  distance: z.number().nullable(),
});
export type RoadLamp = z.infer<typeof roadLamp>;

/** The asset map: the base map of the project and what to draw on it (positions in WGS-84). */
export const gisMap = z.object({
  mapType: z.string(),
  crs: z.enum(COORD_SYSTEMS),
  /** tile URL templates of the map type, keys filled in; empty: the offline base map */
  tiles: z.array(z.string()),
  center: z.tuple([z.number(), z.number()]),
  assets: z.array(
    z.object({
      assetId: z.number().int(),
      name: z.string(),
      assetCode: z.string(),
      assetKind: z.string(),
      categoryName: z.string(),
      longitude: z.number(),
      latitude: z.number(),
    }),
  ),
  roads: z.array(
    z.object({
      roadId: z.number().int(),
      name: z.string(),
      lightingClass: z.string(),
      line: z.array(z.tuple([z.number(), z.number()])),
    }),
  ),
});
export type GisMap = z.infer<typeof gisMap>;

export const gisStatistics = z.object({
  total: z.number().int(),
  byCategory: z.array(z.object({ name: z.string(), count: z.number().int() })),
  byKind: z.array(z.object({ kind: z.string(), count: z.number().int() })),
  /** age since installation in whole years: '<1', '1-3', '3-5', '5-10', '>=10', 'unknown' */
  byAge: z.array(z.object({ bucket: z.string(), count: z.number().int() })),
  warranty: z.object({
    days: z.number().int(),
    expired: z.number().int(),
    expiring: z.number().int(),
    list: z.array(
      z.object({ assetId: z.number().int(), assetCode: z.string(), name: z.string(), warrantyEnd: z.string() }),
    ),
  }),
  roads: z.array(
    z.object({ lightingClass: z.string(), count: z.number().int(), length: z.number(), area: z.number() }),
  ),
});
export type GisStatistics = z.infer<typeof gisStatistics>;

/** Age buckets of the statistics, youngest first. */
export const AGE_BUCKETS = ['<1', '1-3', '3-5', '5-10', '>=10', 'unknown'] as const;
