/** Offline map helpers: a graticule built from GeoJSON, coordinate rounding, an equirectangular projection. */

export interface LngLat {
  longitude: number;
  latitude: number;
}

type LineFeature = {
  type: 'Feature';
  properties: { kind: 'meridian' | 'parallel' | 'equator' | 'primeMeridian'; value: number };
  geometry: { type: 'LineString'; coordinates: [number, number][] };
};

export interface LineCollection {
  type: 'FeatureCollection';
  features: LineFeature[];
}

/** Web-Mercator stops short of the poles. */
export const MAX_LATITUDE = 85;

/**
 * Meridians and parallels every `step` degrees, with points every `step` degrees along each
 * line (dense enough to draw straight on Web Mercator); the equator and prime meridian are marked.
 */
export function graticule(step: number): LineCollection {
  if (!(step > 0) || step > 90) throw new Error('graticule step must be within (0, 90]');
  const features: LineFeature[] = [];
  const along = (from: number, to: number) => {
    const values: number[] = [];
    for (let v = from; v < to; v += step) values.push(round(v, 6));
    values.push(to);
    return values;
  };
  for (let lng = -180; lng <= 180 + 1e-9; lng += step) {
    const value = round(lng, 6);
    features.push({
      type: 'Feature',
      properties: { kind: value === 0 ? 'primeMeridian' : 'meridian', value },
      geometry: { type: 'LineString', coordinates: along(-MAX_LATITUDE, MAX_LATITUDE).map((lat) => [value, lat]) },
    });
  }
  for (let lat = -MAX_LATITUDE + (MAX_LATITUDE % step); lat <= MAX_LATITUDE + 1e-9; lat += step) {
    const value = round(lat, 6);
    features.push({
      type: 'Feature',
      properties: { kind: value === 0 ? 'equator' : 'parallel', value },
      geometry: { type: 'LineString', coordinates: along(-180, 180).map((lng) => [lng, value]) },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** A step for a fine grid at a zoom level: about ten lines across a view (0.1° from zoom 7, 0.01° from zoom 10). */
export function fineStep(zoom: number): number | null {
  if (zoom >= 13) return 0.001;
  if (zoom >= 10) return 0.01;
  if (zoom >= 7) return 0.1;
  return null;
}

/** Grid lines every `step` degrees inside a box (the view), at most `limit` of each kind. */
export function graticuleIn(
  box: { west: number; south: number; east: number; north: number },
  step: number,
  limit = 200,
): LineCollection {
  const features: LineFeature[] = [];
  const digits = Math.max(0, Math.ceil(-Math.log10(step)));
  const south = Math.max(-MAX_LATITUDE, box.south);
  const north = Math.min(MAX_LATITUDE, box.north);
  const firstLng = Math.ceil(box.west / step);
  const firstLat = Math.ceil(south / step);
  for (let i = firstLng; i * step <= box.east && features.length < limit; i++) {
    const value = round(i * step, digits);
    features.push({
      type: 'Feature',
      properties: { kind: 'meridian', value },
      geometry: {
        type: 'LineString',
        coordinates: [
          [value, south],
          [value, north],
        ],
      },
    });
  }
  const meridians = features.length;
  for (let i = firstLat; i * step <= north && features.length - meridians < limit; i++) {
    const value = round(i * step, digits);
    features.push({
      type: 'Feature',
      properties: { kind: 'parallel', value },
      geometry: {
        type: 'LineString',
        coordinates: [
          [box.west, value],
          [box.east, value],
        ],
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Longitude wrapped into [-180, 180], latitude clamped to [-90, 90], both to 6 decimals (about 0.1 m). */
export function normalise(point: LngLat): LngLat {
  let lng = ((((point.longitude + 180) % 360) + 360) % 360) - 180;
  if (lng === -180 && point.longitude > 0) lng = 180;
  return { longitude: round(lng, 6), latitude: round(Math.min(90, Math.max(-90, point.latitude)), 6) };
}

export const isValidPoint = (lng: unknown, lat: unknown): boolean =>
  typeof lng === 'number' &&
  typeof lat === 'number' &&
  Number.isFinite(lng) &&
  Number.isFinite(lat) &&
  lng >= -180 &&
  lng <= 180 &&
  lat >= -90 &&
  lat <= 90;

/** Plain equirectangular projection into a width × height box (the picker without WebGL). */
export function project(point: LngLat, width: number, height: number): { x: number; y: number } {
  return { x: ((point.longitude + 180) / 360) * width, y: ((90 - point.latitude) / 180) * height };
}

export function unproject(x: number, y: number, width: number, height: number): LngLat {
  return normalise({ longitude: (x / width) * 360 - 180, latitude: 90 - (y / height) * 180 });
}

/** 116.397128 → "116.397128° E"; -33.8 → "33.800000° S". */
export function formatPoint(point: LngLat): string {
  const lng = `${Math.abs(point.longitude).toFixed(6)}° ${point.longitude < 0 ? 'W' : 'E'}`;
  const lat = `${Math.abs(point.latitude).toFixed(6)}° ${point.latitude < 0 ? 'S' : 'N'}`;
  return `${lng}, ${lat}`;
}
