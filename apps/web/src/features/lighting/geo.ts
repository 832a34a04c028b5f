import type { Feature, FeatureCollection, LineString, Polygon } from 'geojson';
/** Offline map background from GeoJSON: graticule, project outline, device points. WGS-84 throughout. */

export type LngLat = [number, number];
export interface BBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export type DeviceStatus = 'online' | 'offline' | 'init' | 'fault';

export const STATUS_COLOURS: Record<DeviceStatus, string> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  init: '#597ef7',
  fault: '#ff4d4f',
};

/** Events that are not faults: connectivity transitions and recoveries. */
const QUIET_EVENTS = new Set(['ONLINE', 'OFFLINE', 'RECOVER', 'POWER_UP']);

/** Whether a live device event reports a fault (not a connectivity change or a recovery). */
export const isFaultEvent = (eventType: string) => !QUIET_EVENTS.has(eventType);

/**
 * How a device shows on the map and in the tree: a fault outranks everything, then its
 * connectivity. `faulty` is the device's stored fault state (the list's `fault`, the one the home
 * page counts); a live fault event marks it at once, a live RECOVER clears it.
 */
export function deviceStatus(
  commState: string,
  values: Record<string, unknown>,
  eventType?: string,
  faulty = false,
): DeviceStatus {
  if (values.lampState === 'ALARM' || values.fault === true) return 'fault';
  if (eventType && !QUIET_EVENTS.has(eventType)) return 'fault';
  if (faulty && eventType !== 'RECOVER') return 'fault';
  if (commState === 'ON') return 'online';
  if (commState === 'OFF') return 'offline';
  return 'init';
}

export function bboxOf(points: readonly LngLat[]): BBox | null {
  if (!points.length) return null;
  let west = 180;
  let south = 90;
  let east = -180;
  let north = -90;
  for (const [lng, lat] of points) {
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return { west, south, east, north };
}

/** Widens a box by a fraction of its size, at least `min` degrees on each side. */
export function padBBox(box: BBox, fraction = 0.1, min = 0.002): BBox {
  const dx = Math.max((box.east - box.west) * fraction, min);
  const dy = Math.max((box.north - box.south) * fraction, min);
  return {
    west: Math.max(-180, box.west - dx),
    south: Math.max(-85, box.south - dy),
    east: Math.min(180, box.east + dx),
    north: Math.min(85, box.north + dy),
  };
}

const cross = (o: LngLat, a: LngLat, b: LngLat) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Convex hull (Andrew's monotone chain), counter-clockwise, not closed. */
export function convexHull(input: readonly LngLat[]): LngLat[] {
  const points = [...new Map(input.map((p) => [`${p[0]},${p[1]}`, p])).values()].sort((a, b) =>
    a[0] === b[0] ? a[1] - b[1] : a[0] - b[0],
  );
  if (points.length < 3) return points;
  const lower: LngLat[] = [];
  for (const p of points) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: LngLat[] = [];
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  upper.pop();
  lower.pop();
  return [...lower, ...upper];
}

/** A circle of `radiusKm` around a point as a ring (for a project without devices yet). */
export function circleRing(center: LngLat, radiusKm: number, steps = 48): LngLat[] {
  const ring: LngLat[] = [];
  const dLat = radiusKm / 111.32;
  const dLng = radiusKm / (111.32 * Math.cos((center[1] * Math.PI) / 180));
  for (let i = 0; i < steps; i++) {
    const a = (i / steps) * Math.PI * 2;
    ring.push([center[0] + dLng * Math.cos(a), center[1] + dLat * Math.sin(a)]);
  }
  return ring;
}

/**
 * The project's outline: the convex hull of its devices pushed outwards from its centre by a
 * margin, or a 1.5 km circle around the project's centre while it has no located devices.
 */
export function projectOutline(points: readonly LngLat[], center: LngLat): Feature<Polygon> {
  let ring: LngLat[];
  const hull = convexHull(points);
  if (hull.length < 3) {
    ring = circleRing(hull[0] ?? center, 1.5);
  } else {
    const cx = hull.reduce((s, p) => s + p[0], 0) / hull.length;
    const cy = hull.reduce((s, p) => s + p[1], 0) / hull.length;
    ring = hull.map(([lng, lat]) => {
      const dx = lng - cx;
      const dy = lat - cy;
      const length = Math.hypot(dx, dy) || 1;
      const margin = 0.003;
      return [lng + (dx / length) * margin + dx * 0.04, lat + (dy / length) * margin + dy * 0.04] as LngLat;
    });
  }
  return {
    type: 'Feature',
    properties: {},
    geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] },
  };
}

/** A step in degrees that gives about `lines` lines across `span` degrees: 1, 2, 5 × 10^n. */
export function niceStep(span: number, lines = 12): number {
  const raw = Math.max(span, 1e-6) / lines;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit < 1.5 ? 1 : unit < 3.5 ? 2 : unit < 7.5 ? 5 : 10) * power;
}

/** Graticule lines: every 10° over the world, and a fine grid over the project's area. */
export function graticule(area: BBox | null): FeatureCollection<LineString> {
  const features: Feature<LineString>[] = [];
  const line = (coordinates: LngLat[], major: boolean) =>
    features.push({ type: 'Feature', properties: { major }, geometry: { type: 'LineString', coordinates } });
  for (let lng = -180; lng <= 180; lng += 10)
    line(
      [
        [lng, -85],
        [lng, 0],
        [lng, 85],
      ],
      true,
    );
  for (let lat = -80; lat <= 80; lat += 10)
    line(
      [
        [-180, lat],
        [0, lat],
        [180, lat],
      ],
      true,
    );
  if (area) {
    const box = padBBox(area, 1, 0.02);
    const step = niceStep(Math.max(box.east - box.west, box.north - box.south), 16);
    const fine = step / 5;
    for (let lng = Math.floor(box.west / fine) * fine; lng <= box.east; lng += fine)
      line(
        [
          [lng, box.south],
          [lng, box.north],
        ],
        Math.abs(lng / step - Math.round(lng / step)) < 1e-6,
      );
    for (let lat = Math.floor(box.south / fine) * fine; lat <= box.north; lat += fine)
      line(
        [
          [box.west, lat],
          [box.east, lat],
        ],
        Math.abs(lat / step - Math.round(lat / step)) < 1e-6,
      );
  }
  return { type: 'FeatureCollection', features };
}
