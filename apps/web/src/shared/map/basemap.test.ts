import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tileTemplates } from '@luxgrid/contracts/basemap';
import type { MAP_TYPES } from '@luxgrid/contracts/enums';
import { MAP_TYPE_CRS } from '@luxgrid/contracts/gis';
import { MercatorCoordinate } from 'maplibre-gl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseMapStyle, fromDisplay, projectOutline, roadFeatures, toDisplay } from './basemap';

/*
 * A local tile server stands in for each provider: it answers a 1×1 PNG for every tile and
 * records what was asked. For each map type, the tile the known point falls in is requested the
 * way MapLibre fills a template ({z}/{x}/{y}, TMS-free XYZ), and the point's pixel inside that
 * tile, by MapLibre's own Web Mercator projection, is checked against the slippy-map formula.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The provider-shaped paths of the fixture (the templates an operator writes into the platform parameters). */
const FIXTURE_TEMPLATES: Record<Exclude<MAP_TYPES, 'baidu'>, string> = {
  gaode: '/gaode/0{1-4}/appmaptile?style=8&x={x}&y={y}&z={z}',
  tianditu: '/tdt/vec_w/wmts?LAYER=vec&TILEMATRIXSET=w&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk={key}',
  google: '/google/vt/lyrs=m&x={x}&y={y}&z={z}',
  googleChina: '/googlecn/maps/vt?lyrs=m&gl=cn&x={x}&y={y}&z={z}',
};

/** A known point: the platform's default centre, stored in WGS-84. */
const POINT: [number, number] = [115.97, 40.46];
const ZOOM = 16;

/** The slippy-map formula (OpenStreetMap wiki), written out independently of MapLibre. */
function slippy([lng, lat]: [number, number], z: number) {
  const n = 2 ** z;
  const x = ((lng + 180) / 360) * n;
  const rad = (lat * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
  return { tileX: Math.floor(x), tileY: Math.floor(y), px: (x % 1) * 256, py: (y % 1) * 256 };
}

/** The tile and the pixel in it where MapLibre's projection puts a display position. */
function mapLibrePixel(point: [number, number], z: number) {
  const m = MercatorCoordinate.fromLngLat({ lng: point[0], lat: point[1] });
  const x = m.x * 2 ** z;
  const y = m.y * 2 ** z;
  return { tileX: Math.floor(x), tileY: Math.floor(y), px: (x % 1) * 256, py: (y % 1) * 256 };
}

const fill = (template: string, x: number, y: number, z: number) =>
  template.replace('{x}', String(x)).replace('{y}', String(y)).replace('{z}', String(z));

let server: Server;
let origin = '';
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('base map tiles from a local fixture server', () => {
  it.each(Object.keys(FIXTURE_TEMPLATES) as (keyof typeof FIXTURE_TEMPLATES)[])(
    '%s asks for the tile under the known point and places it on the right pixel',
    async (mapType) => {
      const tiles = tileTemplates(`${origin}${FIXTURE_TEMPLATES[mapType]}`, 'fixture-key', [origin]);
      expect(tiles.length).toBe(mapType === 'gaode' ? 4 : 1);
      const style = baseMapStyle(tiles);
      expect(style.sources.street).toMatchObject({ type: 'raster', tiles, tileSize: 256 });

      // drawn where the provider's tiles show it: converted from WGS-84 to the map type's system
      const shown = toDisplay(POINT, MAP_TYPE_CRS[mapType]);
      const ours = mapLibrePixel(shown, ZOOM);
      const oracle = slippy(shown, ZOOM);
      expect(ours.tileX).toBe(oracle.tileX);
      expect(ours.tileY).toBe(oracle.tileY);
      expect(Math.abs(ours.px - oracle.px)).toBeLessThan(0.01);
      expect(Math.abs(ours.py - oracle.py)).toBeLessThan(0.01);

      const url = fill(tiles[0]!, ours.tileX, ours.tileY, ZOOM);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      const path = asked.at(-1)!;
      const expected: Record<typeof mapType, string> = {
        gaode: `/gaode/01/appmaptile?style=8&x=${oracle.tileX}&y=${oracle.tileY}&z=${ZOOM}`,
        tianditu: `/tdt/vec_w/wmts?LAYER=vec&TILEMATRIXSET=w&TILEMATRIX=${ZOOM}&TILEROW=${oracle.tileY}&TILECOL=${oracle.tileX}&tk=fixture-key`,
        google: `/google/vt/lyrs=m&x=${oracle.tileX}&y=${oracle.tileY}&z=${ZOOM}`,
        googleChina: `/googlecn/maps/vt?lyrs=m&gl=cn&x=${oracle.tileX}&y=${oracle.tileY}&z=${ZOOM}`,
      };
      expect(path).toBe(expected[mapType]);
    },
  );

  it('puts a GCJ-02 map type’s point a few hundred metres (dozens of pixels at zoom 16) from where WGS-84 tiles show it', () => {
    const wgs = mapLibrePixel(POINT, ZOOM);
    const gcj = mapLibrePixel(toDisplay(POINT, 'GCJ02'), ZOOM);
    const dx = (gcj.tileX - wgs.tileX) * 256 + gcj.px - wgs.px;
    const dy = (gcj.tileY - wgs.tileY) * 256 + gcj.py - wgs.py;
    // about 1.8 m per pixel at zoom 16 and 40° N
    expect(Math.hypot(dx, dy)).toBeGreaterThan(100);
    expect(Math.hypot(dx, dy)).toBeLessThan(500);
    // and a click on that pixel is stored as the original point again
    const back = fromDisplay(toDisplay(POINT, 'GCJ02'), 'GCJ02');
    expect(back[0]).toBeCloseTo(POINT[0], 6);
    expect(back[1]).toBeCloseTo(POINT[1], 6);
  });

  it('draws the offline base map from the project’s own roads and outline when no tiles are admitted', () => {
    const style = baseMapStyle([]);
    expect(style.sources.street).toBeUndefined();
    expect(style.layers.map((l) => l.id)).toEqual([
      'base-ground',
      'base-outline-fill',
      'base-outline-line',
      'base-road-casing',
      'base-roads',
    ]);
    for (const source of Object.values(style.sources)) expect(JSON.stringify(source)).not.toMatch(/https?:/);
    const roads = roadFeatures(
      [{ roadId: 1, name: 'Main', lightingClass: 'P2', line: [POINT, [115.98, 40.46]] }],
      'GCJ02',
    );
    expect(roads.features[0]!.properties).toMatchObject({ c: 'P2', colour: '#95de64' });
    expect(roads.features[0]!.geometry.coordinates[0]).toEqual(toDisplay(POINT, 'GCJ02'));
    const outline = projectOutline([POINT], POINT);
    expect(outline.geometry.coordinates[0]!.length).toBeGreaterThanOrEqual(5);
  });
});
