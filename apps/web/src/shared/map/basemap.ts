import { type CoordSystem, convertCoord, type LngLat } from '@luxgrid/contracts/gis';
import type { Feature, FeatureCollection, LineString, Point, Polygon } from 'geojson';
import type maplibregl from 'maplibre-gl';

/*
 * Base maps shared by every map screen: the street tiles of the project's map type (URL templates
 * and keys are platform parameters, answered by the server already filled in and admitted), and
 * under them an offline base map drawn only from data Luxgrid holds — the project's outline and
 * its roads — which shows alone when no tiles are configured or they cannot be reached.
 *
 * Positions are stored in WGS-84. Chinese providers draw their tiles in GCJ-02 (Gaode, Google
 * China) or BD-09 (Baidu): whatever is drawn over those tiles is converted with `toDisplay`, and a
 * position picked on them is converted back with `fromDisplay` before it is saved.
 */

type Style = maplibregl.StyleSpecification;
type Layer = maplibregl.LayerSpecification;

export type { CoordSystem, LngLat };

/** A stored (WGS-84) position as the tiles of this system draw it. */
export const toDisplay = (point: LngLat, crs: CoordSystem): LngLat => convertCoord(point, 'WGS84', crs);
/** A position picked on tiles of this system, as stored (WGS-84), to 7 decimals (about 1 cm). */
export const fromDisplay = (point: LngLat, crs: CoordSystem): LngLat => {
  const [lng, lat] = convertCoord(point, crs, 'WGS84');
  return [Math.round(lng * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7];
};

/** After this many failed tiles with none loaded, the street layer is hidden: the offline base map remains. */
export const TILE_FAILURES = 4;

/** Road colours by the EN 13201 class family: motorised (M), conflict areas (C), pedestrian (P). */
export const ROAD_COLOURS = { M: '#69b1ff', C: '#ffc069', P: '#95de64' } as const;
export const roadColour = (lightingClass: string) =>
  ROAD_COLOURS[(lightingClass[0] ?? 'M') as keyof typeof ROAD_COLOURS] ?? ROAD_COLOURS.M;

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

export interface BaseRoad {
  roadId: number;
  name: string;
  lightingClass: string;
  line: [number, number][];
}

/** Roads as GeoJSON lines in the display system. */
export function roadFeatures(roads: readonly BaseRoad[], crs: CoordSystem): FeatureCollection<LineString> {
  return {
    type: 'FeatureCollection',
    features: roads.map((road) => ({
      type: 'Feature',
      id: road.roadId,
      properties: { id: road.roadId, name: road.name, c: road.lightingClass, colour: roadColour(road.lightingClass) },
      geometry: { type: 'LineString', coordinates: road.line.map((p) => toDisplay(p, crs)) },
    })),
  };
}

/** Points (WGS-84) as GeoJSON in the display system, each with its properties. */
export function pointFeatures<T extends { longitude: number; latitude: number }>(
  items: readonly T[],
  crs: CoordSystem,
  properties: (item: T) => Record<string, unknown>,
): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: items.map((item) => ({
      type: 'Feature',
      properties: properties(item),
      geometry: { type: 'Point', coordinates: toDisplay([item.longitude, item.latitude], crs) },
    })),
  };
}

/** The convex hull of the points (monotone chain), closed. */
function hull(points: readonly LngLat[]): LngLat[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const cross = (o: LngLat, a: LngLat, b: LngLat) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: LngLat[]) => {
    const out: LngLat[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/**
 * The project's outline: the hull of everything it holds, grown by `margin` degrees (about 300 m),
 * or a square around the centre when it holds nothing yet. Already in the display system.
 */
export function projectOutline(points: readonly LngLat[], center: LngLat, margin = 0.003): Feature<Polygon> {
  const base = points.length ? points : [center];
  const grown = base.flatMap(([x, y]) => [
    [x - margin, y - margin] as LngLat,
    [x + margin, y - margin] as LngLat,
    [x + margin, y + margin] as LngLat,
    [x - margin, y + margin] as LngLat,
  ]);
  const ring = hull(grown);
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] } };
}

/** The raster street layer of the tiles the server answered (none: nothing, the offline base map shows). */
function streetLayers(tiles: readonly string[]): { sources: Style['sources']; layers: Layer[] } {
  if (!tiles.length) return { sources: {}, layers: [] };
  return {
    sources: { street: { type: 'raster', tiles: [...tiles], tileSize: 256, maxzoom: 18 } },
    layers: [{ id: 'street', type: 'raster', source: 'street' }],
  };
}

/**
 * The base style: ground, the project's outline, the street tiles, then the roads (always drawn:
 * over tiles they show which streets the city lights and by which class). Sources `base-outline`
 * and `base-roads` are filled with `setBaseData`.
 */
export function baseMapStyle(tiles: readonly string[]): Style {
  const street = streetLayers(tiles);
  return {
    version: 8,
    sources: {
      'base-outline': { type: 'geojson', data: EMPTY },
      ...street.sources,
      'base-roads': { type: 'geojson', data: EMPTY, promoteId: 'id' },
    },
    layers: [
      { id: 'base-ground', type: 'background', paint: { 'background-color': '#0b1d33' } },
      {
        id: 'base-outline-fill',
        type: 'fill',
        source: 'base-outline',
        paint: { 'fill-color': '#15406b', 'fill-opacity': 0.5 },
      },
      {
        id: 'base-outline-line',
        type: 'line',
        source: 'base-outline',
        paint: { 'line-color': '#2d5a8a', 'line-width': 1.5, 'line-dasharray': [3, 2] },
      },
      ...street.layers,
      {
        id: 'base-road-casing',
        type: 'line',
        source: 'base-roads',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#0b1d33', 'line-width': ['interpolate', ['linear'], ['zoom'], 12, 3, 18, 14] },
      },
      {
        id: 'base-roads',
        type: 'line',
        source: 'base-roads',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': ['get', 'colour'],
          'line-width': ['interpolate', ['linear'], ['zoom'], 12, 1.5, 18, 9],
          'line-opacity': ['case', ['boolean', ['feature-state', 'selected'], false], 1, 0.85],
        },
      },
    ],
  };
}

/** Fills the offline base map: the roads (WGS-84) and the outline around them and the given points. */
export function setBaseData(
  map: maplibregl.Map,
  crs: CoordSystem,
  data: { roads: readonly BaseRoad[]; points?: readonly LngLat[]; center: LngLat },
) {
  const shown = [...(data.points ?? []), ...data.roads.flatMap((r) => r.line)].map((p) => toDisplay(p, crs));
  (map.getSource('base-roads') as maplibregl.GeoJSONSource | undefined)?.setData(roadFeatures(data.roads, crs));
  (map.getSource('base-outline') as maplibregl.GeoJSONSource | undefined)?.setData(
    projectOutline(shown, toDisplay(data.center, crs)),
  );
}

/**
 * Hides the street layer once its tiles keep failing and none arrived (no internet, a blocked host,
 * a missing key): the offline base map stays. Calls `onOffline` once.
 */
export function watchTiles(map: maplibregl.Map, onOffline: () => void) {
  let failures = 0;
  let loaded = false;
  let gone = false;
  map.on('sourcedata', (event) => {
    if (event.sourceId === 'street' && event.tile) loaded = true;
  });
  map.on('error', (event: { sourceId?: string }) => {
    if (gone || event.sourceId !== 'street' || loaded) return;
    if (++failures < TILE_FAILURES) return;
    gone = true;
    if (map.getLayer('street')) map.setLayoutProperty('street', 'visibility', 'none');
    onOffline();
  });
}

/** The box [west, south, east, north] around display positions, or null. */
export function boundsOf(points: readonly LngLat[]): [number, number, number, number] | null {
  if (!points.length) return null;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
