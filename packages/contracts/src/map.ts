import { z } from 'zod';
import { dataOf } from './answers.ts';
import { DEVICE_TYPE_CODES, MAP_TYPES } from './enums.ts';
import { LAMP_DEVICE_TYPE } from './lighting.ts';
import { rule } from './validation.ts';

/*
 * The map of a project (the map screen and the lighting monitor map): what a device looks like on
 * it, the viewport query and its compact answer. The server computes a device's map state in SQL
 * (lighting/map) and the browser recomputes it from live pushes with `mapState`: both follow the
 * rules written here.
 */

/**
 * How a device shows on the map. Lamps (lamp controllers): lit, dimmed (lit below 100 %), off,
 * faulty, offline, never connected. Every other device: online, faulty, offline, never connected.
 */
export const MAP_STATES = ['on', 'dimmed', 'off', 'fault', 'offline', 'init', 'online'] as const;
export type MapState = (typeof MAP_STATES)[number];

/** The states a lamp can be in (the legend's rows). */
export const LAMP_MAP_STATES = ['on', 'dimmed', 'off', 'fault', 'offline', 'init'] as const satisfies MapState[];

export const MAP_STATE_COLOURS: Record<MapState, string> = {
  on: '#fadb14',
  dimmed: '#fa8c16',
  off: '#434343',
  fault: '#ff4d4f',
  offline: '#8c8c8c',
  init: '#597ef7',
  online: '#52c41a',
};

/** Below this zoom the map shows aggregated cells; at and above it the devices themselves. */
export const MAP_POINT_ZOOM = 15;
/**
 * The zoom of the city-zoom summary's base cells (lighting/map map-rollup): a coarser zoom merges
 * 2^(MAP_ROLLUP_ZOOM - zoom) × 2^(MAP_ROLLUP_ZOOM - zoom) of them, which is exactly its own grid.
 */
export const MAP_ROLLUP_ZOOM = 14;
/** At most this many devices in one answer; a denser viewport is answered with cells. */
export const MAP_POINT_LIMIT = 20_000;
/** The side of one aggregation cell on screen, in pixels (tiles of 256 px). */
export const MAP_CELL_PX = 64;
/** Coordinates travel as integers of 10^-6 degree (about 0.1 m). */
export const MAP_COORD_SCALE = 1_000_000;

/**
 * Fault codes a lamp disproves by reporting it is lit: a lamp that says `lampState: "ON"` has not
 * failed, whatever an earlier event said (the device hub clears these codes on such a reading).
 */
export const LAMP_FAILURE_CODES = [
  'FAULT',
  'LampFault',
  'RtuRelayFault',
  'RtuAbnormalLampBeadModule',
  'RtuFlashingLightMalfunction',
  'RtuPowerOutputUnloaded',
] as const;

/** A lamp's dim level when it reports one as a number, else null. */
const dimOf = (values: Record<string, unknown>) => (typeof values.dimLevel === 'number' ? values.dimLevel : null);

/**
 * The map state of a device: a fault outranks everything, then its connectivity, then (for a lamp)
 * whether it is lit and how bright. A lamp lit without a dim level is lit at 100 %.
 */
export function mapState(
  deviceType: string,
  commState: string,
  values: Record<string, unknown>,
  fault: boolean,
): MapState {
  if (fault || values.lampState === 'ALARM' || values.fault === true) return 'fault';
  if (commState === 'INIT') return 'init';
  if (commState !== 'ON') return 'offline';
  if (deviceType !== LAMP_DEVICE_TYPE) return 'online';
  if (values.lampState !== 'ON') return 'off';
  const dim = dimOf(values);
  return dim !== null && dim < 100 ? 'dimmed' : 'on';
}

/** The dim level a lit lamp shows (100 when it reports none); 0 when it is not lit. */
export function mapDim(state: MapState, values: Record<string, unknown>): number {
  if (state === 'on') return dimOf(values) ?? 100;
  if (state === 'dimmed') return dimOf(values) ?? 0;
  return 0;
}

/**
 * Raster street tiles of each map type (XYZ templates; Tianditu's WMTS written as one). Baidu cuts
 * its tiles on its own projection, which a web-mercator map cannot lay: a Baidu project shows the
 * offline background (its outline and devices) instead.
 */
export const STREET_TILES: Record<MAP_TYPES, string[]> = {
  gaode: [1, 2, 3, 4].map(
    (n) => `https://webrd0${n}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}`,
  ),
  baidu: [],
  tianditu: [0, 1, 2, 3].map(
    (n) =>
      `https://t${n}.tianditu.gov.cn/vec_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=vec&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}`,
  ),
  google: [0, 1, 2, 3].map((n) => `https://mt${n}.google.com/vt/lyrs=m&x={x}&y={y}&z={z}`),
  googleChina: ['https://www.google.cn/maps/vt?lyrs=m&gl=cn&x={x}&y={y}&z={z}'],
};

/**
 * The tile templates of a map type the web may load: those whose host the platform admitted in its
 * Content-Security-Policy sources ('https:', 'https://host' or 'https://*.domain'). None admitted:
 * the offline background.
 */
export function admittedTiles(mapType: MAP_TYPES, sources: readonly string[]): string[] {
  return STREET_TILES[mapType].filter((template) => {
    const [, protocol, host] = /^(https?:)\/\/([^/?]+)/.exec(template) ?? [];
    return sources.some((source) => {
      if (source === protocol || source === `${protocol}//${host}`) return true;
      const wild = /^(https?:)\/\/\*\.(.+)$/.exec(source);
      return !!wild && wild[1] === protocol && !!host?.endsWith(`.${wild[2]}`);
    });
  });
}

const id = z.coerce.number().int().positive();
const lng = z.coerce.number().min(-180).max(180);
const lat = z.coerce.number().min(-85.06).max(85.06);
const list = <T extends readonly [string, ...string[]]>(
  values: T,
  field: string,
  key: 'lighting.map.state' | 'valid.enum',
) =>
  z
    .string()
    .max(400)
    .transform((text, ctx) => {
      const items = text.split(',').filter(Boolean);
      const bad = items.find((item) => !(values as readonly string[]).includes(item));
      if (bad) {
        ctx.addIssue({ code: 'custom', message: rule(key, { field, value: bad }) });
        return z.NEVER;
      }
      return items as T[number][];
    });

/** The viewport query: a box in WGS-84 and a zoom, and the map device filter. */
export const mapViewportQuery = z
  .object({
    projectId: id.optional(),
    west: lng,
    south: lat,
    east: lng,
    north: lat,
    zoom: z.coerce.number().min(0).max(24),
    /** device types, comma separated (none: every type the map draws) */
    types: list(DEVICE_TYPE_CODES, 'types', 'valid.enum').optional(),
    /** map states, comma separated */
    states: list(MAP_STATES, 'states', 'lighting.map.state').optional(),
    groupId: id.optional(),
    tagId: id.optional(),
    /** the road: part of the address of the device's location */
    road: z.string().trim().max(100).optional(),
    /** prefix of the UID or the name */
    keyword: z.string().trim().max(64).optional(),
  })
  .refine((q) => q.west < q.east && q.south < q.north, { message: rule('lighting.map.bbox'), path: ['east'] });
export type MapViewportQuery = z.infer<typeof mapViewportQuery>;

/**
 * Devices, as columns: ids ascending and delta-coded (the first is the id itself), coordinates in
 * 10^-6 degree, the type and the state as indexes into `types` and MAP_STATES, the dim level in %,
 * and `f`: the positions (in these columns) of the devices faulty by lamp failures only
 * (LAMP_FAILURE_CODES, which a lit report clears), usually few.
 */
export const mapPoints = z.object({
  mode: z.literal('points'),
  types: z.array(z.string()),
  id: z.array(z.number().int()),
  x: z.array(z.number().int()),
  y: z.array(z.number().int()),
  t: z.array(z.number().int()),
  s: z.array(z.number().int()),
  d: z.array(z.number().int()),
  f: z.array(z.number().int()),
});
/**
 * Aggregated cells, as columns: centre of the devices in 10^-6 degree, their number, and per map
 * state how many. `asOf`: when a large city's cells were counted (epoch ms; they are kept as a
 * summary refreshed in the background), null when counted for this answer.
 */
export const mapCells = z.object({
  mode: z.literal('cells'),
  x: z.array(z.number().int()),
  y: z.array(z.number().int()),
  n: z.array(z.number().int()),
  /** per cell, per state of MAP_STATES */
  s: z.array(z.array(z.number().int())),
  asOf: z.number().nullable(),
});
export const mapViewport = z.discriminatedUnion('mode', [mapPoints, mapCells]);
export type MapPoints = z.infer<typeof mapPoints>;
export type MapCells = z.infer<typeof mapCells>;
export type MapViewport = z.infer<typeof mapViewport>;
export const mapViewportAnswer = dataOf(mapViewport);

/** What the legend shows: every lamp of the project by map state, beside the home page's device figures. */
export const mapSummary = z.object({
  lamps: z.record(z.enum(MAP_STATES), z.number().int()),
  located: z.number().int(),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  mapType: z.enum(MAP_TYPES),
  /** the street tile templates the web may load (see admittedTiles); empty: the offline background */
  tiles: z.array(z.string()),
  center: z.tuple([z.number(), z.number()]),
  /** when a large city's figures were counted (its kept summary, epoch ms); null when counted for this answer */
  asOf: z.number().nullable(),
});
export type MapSummary = z.infer<typeof mapSummary>;
export const mapSummaryAnswer = dataOf(mapSummary);

/** Decodes the delta-coded ids of a points answer. */
export function pointIds(points: Pick<MapPoints, 'id'>): number[] {
  const out: number[] = new Array(points.id.length);
  let last = 0;
  for (let i = 0; i < points.id.length; i++) {
    last += points.id[i]!;
    out[i] = last;
  }
  return out;
}
