import {
  MAP_COORD_SCALE,
  MAP_STATE_COLOURS,
  MAP_STATES,
  type MapCells,
  type MapPoints,
  pointIds,
} from '@luxgrid/contracts/map';
import type { FeatureCollection, Point } from 'geojson';
import type maplibregl from 'maplibre-gl';

/*
 * The layers both maps draw (the map screen and the lighting monitor map): the street background of
 * the project's map type over an offline background, and the devices by map state. Pure style
 * objects and data conversions (no map instance), so the render bench builds the very same style.
 */

type Style = maplibregl.StyleSpecification;
type Layer = maplibregl.LayerSpecification;
type Expression = maplibregl.ExpressionSpecification;

/** After this many tiles failed and none arrived, the street layer is hidden and the offline background shows. */
export const STREET_FAILURES = 4;

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * Sources and layers of the street background: raster tiles (the templates the server admitted for
 * the project's map type, see `admittedTiles`), or nothing (the offline background shows through).
 */
export function streetBackground(tiles: readonly string[]): { sources: Style['sources']; layers: Layer[] } {
  if (!tiles.length) return { sources: {}, layers: [] };
  return {
    sources: { street: { type: 'raster', tiles: [...tiles], tileSize: 256, maxzoom: 18 } },
    layers: [{ id: 'street', type: 'raster', source: 'street', paint: { 'raster-opacity': 0.9 } }],
  };
}

/**
 * Hides the street layer once its tiles keep failing (no internet, a blocked host, a missing key)
 * and none loaded: the offline background stays. Calls `onOffline` once.
 */
export function degradeStreet(map: maplibregl.Map, onOffline: () => void) {
  let failures = 0;
  let loaded = false;
  let gone = false;
  map.on('sourcedata', (event) => {
    if (event.sourceId === 'street' && event.tile) loaded = true;
  });
  map.on('error', (event: { sourceId?: string; error?: Error }) => {
    if (gone || event.sourceId !== 'street' || loaded) return;
    if (++failures < STREET_FAILURES) return;
    gone = true;
    if (map.getLayer('street')) map.setLayoutProperty('street', 'visibility', 'none');
    onOffline();
  });
}

/** The colour of a device by its map state (feature-state first: live changes never reload the source). */
const STATE: Expression = ['coalesce', ['feature-state', 's'], ['get', 's']];
const DIM: Expression = ['coalesce', ['feature-state', 'd'], ['get', 'd']];
const stateColour: Expression = [
  'match',
  STATE,
  ...MAP_STATES.flatMap((state, i) => [i, MAP_STATE_COLOURS[state]]),
  MAP_STATE_COLOURS.offline,
] as unknown as Expression;

/** Lamps (controllers) are small dots; cabinets, concentrators, sensors, poles and meters have their badge. */
export const BADGE_TYPES = ['BOX', 'CCU', 'LUXOMETER', 'POLE', 'METER'] as const;
const isLamp: Expression = ['==', ['get', 't'], 'RTU'];

/** The device and cell layers over a `points` and a `cells` GeoJSON source. */
export function deviceLayers(): { sources: Style['sources']; layers: Layer[] } {
  const dimmed = MAP_STATES.indexOf('dimmed');
  return {
    sources: {
      cells: { type: 'geojson', data: EMPTY },
      points: { type: 'geojson', data: EMPTY, promoteId: 'id' },
    },
    layers: [
      {
        id: 'cells',
        type: 'circle',
        source: 'cells',
        paint: {
          'circle-color': [
            'match',
            ['get', 'w'],
            ...MAP_STATES.flatMap((state, i) => [i, MAP_STATE_COLOURS[state]]),
            '#8c8c8c',
          ] as unknown as Expression,
          'circle-opacity': 0.8,
          'circle-radius': ['step', ['get', 'n'], 12, 10, 16, 100, 20, 1000, 26, 10000, 32, 100000, 38],
          'circle-stroke-width': 3,
          'circle-stroke-color': 'rgba(255,255,255,0.4)',
        },
      },
      {
        id: 'lamps',
        type: 'circle',
        source: 'points',
        filter: isLamp,
        paint: {
          'circle-color': stateColour,
          // a dimmed lamp glows by its level
          'circle-opacity': ['case', ['==', STATE, dimmed], ['+', 0.35, ['*', 0.0065, DIM]], 1],
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 12, 2.5, 15, 4, 18, 8],
          'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 12, 0, 15, 1],
          'circle-stroke-color': '#1f1f1f',
        },
      },
      {
        id: 'badges',
        type: 'circle',
        source: 'points',
        filter: ['!', isLamp],
        paint: {
          'circle-color': stateColour,
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 12, 5, 18, 12],
          'circle-stroke-width': 2,
          'circle-stroke-color': '#ffffff',
        },
      },
      {
        id: 'badge-icons',
        type: 'symbol',
        source: 'points',
        filter: ['!', isLamp],
        layout: {
          'icon-image': ['concat', 'badge-', ['get', 't']],
          'icon-size': ['interpolate', ['linear'], ['zoom'], 12, 0.5, 18, 1],
          'icon-allow-overlap': true,
        },
      },
      {
        id: 'selected',
        type: 'circle',
        source: 'points',
        filter: ['in', ['get', 'id'], ['literal', []]],
        paint: {
          'circle-radius': 10,
          'circle-color': 'rgba(0,0,0,0)',
          'circle-stroke-width': 2,
          'circle-stroke-color': '#ffd666',
        },
      },
    ],
  };
}

/** Short marks drawn on the device badges (no remote glyphs: drawn on a canvas). */
const BADGE_MARKS: Record<(typeof BADGE_TYPES)[number], string> = {
  BOX: '▣',
  CCU: '◈',
  LUXOMETER: '☀',
  POLE: '│',
  METER: 'kWh',
};

/** Adds the badge icons of the device types that are not lamps. */
export function addBadgeImages(map: maplibregl.Map) {
  for (const type of BADGE_TYPES) {
    const size = 24;
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const g = canvas.getContext('2d');
    if (!g) return;
    g.fillStyle = '#ffffff';
    g.font = `${type === 'METER' ? 9 : 15}px sans-serif`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(BADGE_MARKS[type], size / 2, size / 2 + 1);
    const image = g.getImageData(0, 0, size, size);
    if (!map.hasImage(`badge-${type}`)) map.addImage(`badge-${type}`, image, { pixelRatio: 2 });
  }
}

/** A background-only style the two maps start from: dark ground, the offline outline, then the street. */
export function baseStyle(tiles: readonly string[]): Style {
  const street = streetBackground(tiles);
  const devices = deviceLayers();
  return {
    version: 8,
    sources: {
      graticule: { type: 'geojson', data: EMPTY },
      outline: { type: 'geojson', data: EMPTY },
      ...street.sources,
      ...devices.sources,
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#0b1d33' } },
      { id: 'outline-fill', type: 'fill', source: 'outline', paint: { 'fill-color': '#15406b', 'fill-opacity': 0.45 } },
      {
        id: 'graticule',
        type: 'line',
        source: 'graticule',
        paint: {
          'line-color': ['case', ['get', 'major'], '#2d5a8a', '#1b3a5c'],
          'line-width': ['case', ['get', 'major'], 1, 0.6],
        },
      },
      ...street.layers,
      {
        id: 'outline-line',
        type: 'line',
        source: 'outline',
        paint: { 'line-color': '#4da3ff', 'line-width': 2, 'line-dasharray': [3, 2] },
      },
      ...devices.layers,
    ],
  };
}

/** The devices of a points answer as GeoJSON (ids promoted: feature-state keys on them). */
export function pointsToGeoJSON(points: MapPoints): FeatureCollection<Point> {
  const ids = pointIds(points);
  const litClears = new Set(points.f);
  return {
    type: 'FeatureCollection',
    features: ids.map((id, i) => ({
      type: 'Feature',
      properties: { id, t: points.types[points.t[i]!], s: points.s[i], d: points.d[i], f: litClears.has(i) ? 1 : 0 },
      geometry: { type: 'Point', coordinates: [points.x[i]! / MAP_COORD_SCALE, points.y[i]! / MAP_COORD_SCALE] },
    })),
  };
}

/** The cells of a cells answer as GeoJSON: `w` is the state drawn (a fault first, then the most common). */
export function cellsToGeoJSON(cells: MapCells): FeatureCollection<Point> {
  const fault = MAP_STATES.indexOf('fault');
  return {
    type: 'FeatureCollection',
    features: cells.n.map((n, i) => {
      const states = cells.s[i]!;
      let worst = states[fault]! > 0 ? fault : 0;
      if (worst !== fault) for (let s = 1; s < states.length; s++) if (states[s]! > states[worst]!) worst = s;
      return {
        type: 'Feature',
        properties: { n, w: worst, label: n >= 1000 ? `${Math.round(n / 100) / 10}k` : String(n) },
        geometry: { type: 'Point', coordinates: [cells.x[i]! / MAP_COORD_SCALE, cells.y[i]! / MAP_COORD_SCALE] },
      };
    }),
  };
}
