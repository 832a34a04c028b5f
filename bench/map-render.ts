/**
 * The map at 10^3, 10^5 and 10^6 lamps in one project: the viewport query on PostgreSQL
 * (127.0.0.1:5432, a fresh database dropped afterwards) at city zoom (cells) and street zoom
 * (points), and in Chromium (software WebGL) with the map screen's own style and layers:
 * - time from creating the map to the first full frame (the map idle with the data drawn),
 * - frame time while panning, and
 * - the live state changes absorbed (feature-state updates per second at a steady frame),
 * for what the map screen draws (the viewport answer) and, for comparison, every lamp in one
 * GeoJSON source (what a map without the viewport query would have to draw).
 * Ratios against the 10^3 case of the same run: this machine renders in software.
 *   npx tsx bench/map-render.ts [--max 1000000] [--naive-max 100000]
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { MAP_STATES } from '@luxgrid/contracts/map';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { mapSummaryOf, viewport } from '../apps/server/src/modules/lighting/map/map.repository.ts';
import { countRollup, mapLegend, mapViewport } from '../apps/server/src/modules/lighting/map/map-rollup.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import type { Scope } from '../apps/server/src/platform/scope.ts';
import { baseStyle, cellsToGeoJSON, pointsToGeoJSON } from '../apps/web/src/features/lighting/map-layers.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const max = arg('--max', 1_000_000);
const naiveMax = arg('--naive-max', 100_000);
const SIZES = [1_000, 100_000, 1_000_000].filter((n) => n <= max);
/** the city: a square of side √N lamps, 30 m apart (0.0003°) */
const CENTRE = [116.4, 39.9] as const;
const STEP = 0.0003;

const admin = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `luxgrid_bench_${randomBytes(3).toString('hex')}`;
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`create database ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString() });
const scope = { clientId: 1, projectId: 1 } as unknown as Scope;

const require = createRequire(import.meta.url);
const maplibrePath = require.resolve('maplibre-gl/dist/maplibre-gl.js');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--no-first-run'],
});

interface RenderResult {
  firstFrameMs: number;
  panFrameMs: number;
  liveUpdatesPerSec: number | null;
  liveFrameMs: number | null;
}

/** One map in a fresh page: draw, wait for the full frame, pan, then restyle live. */
async function render(
  style: unknown,
  view: { center: readonly [number, number]; zoom: number },
  data: { points?: unknown; cells?: unknown; synthetic?: { n: number; side: number } },
): Promise<RenderResult> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(
    '<html><body style="margin:0"><div id="map" style="width:1280px;height:800px"></div></body></html>',
  );
  await page.addScriptTag({ path: maplibrePath });
  // the bench runs under tsx, whose transform names functions through a helper the page lacks
  await page.evaluate('window.__name = (f) => f');
  const result = await page.evaluate(
    async ({ style, view, data, states }) => {
      // biome-ignore lint/suspicious/noExplicitAny: the UMD global of the page
      const maplibregl = (window as any).maplibregl;
      const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
      const t0 = performance.now();
      const map = new maplibregl.Map({
        container: 'map',
        style,
        center: view.center,
        zoom: view.zoom,
        fadeDuration: 0,
      });
      await new Promise((r) => map.once('load', r));
      let points = data.points;
      if (data.synthetic) {
        const { n, side } = data.synthetic;
        const features = new Array(n);
        for (let i = 0; i < n; i++)
          features[i] = {
            type: 'Feature',
            properties: { id: i + 1, t: 'RTU', s: i % 6, d: i % 6 === 1 ? 40 : 100 },
            geometry: {
              type: 'Point',
              coordinates: [116.4 + (i % side) * 0.0003, 39.9 + Math.floor(i / side) * 0.0003],
            },
          };
        points = { type: 'FeatureCollection', features };
      }
      if (points) map.getSource('points').setData(points);
      if (data.cells) map.getSource('cells').setData(data.cells);
      await new Promise((r) => map.once('idle', r));
      const firstFrameMs = performance.now() - t0;
      // pan: 60 steps of 8 px, one per frame; the time between frames
      const gaps: number[] = [];
      let last = await frame();
      for (let i = 0; i < 60; i++) {
        map.panBy([8, 4], { duration: 0 });
        const now = await frame();
        gaps.push(now - last);
        last = now;
      }
      gaps.sort((a, b) => a - b);
      const panFrameMs = gaps[Math.floor(gaps.length / 2)];
      // live: batches of feature-state changes, one batch a frame, for two seconds
      const ids: number[] = (
        (points as { features?: { properties: { id: number } }[] } | undefined)?.features ?? []
      ).map((f) => f.properties.id);
      if (!ids.length) return { firstFrameMs, panFrameMs, liveUpdatesPerSec: null, liveFrameMs: null };
      const batch = Math.min(ids.length, 2000);
      let applied = 0;
      const liveGaps: number[] = [];
      const start = performance.now();
      last = await frame();
      while (performance.now() - start < 2000) {
        for (let i = 0; i < batch; i++) {
          const id = ids[(applied + i) % ids.length];
          map.setFeatureState({ source: 'points', id }, { s: (applied + i) % states, d: 30 });
        }
        applied += batch;
        const now = await frame();
        liveGaps.push(now - last);
        last = now;
      }
      const seconds = (performance.now() - start) / 1000;
      liveGaps.sort((a, b) => a - b);
      return {
        firstFrameMs,
        panFrameMs,
        liveUpdatesPerSec: Math.round(applied / seconds),
        liveFrameMs: liveGaps[Math.floor(liveGaps.length / 2)],
      };
    },
    { style, view, data, states: MAP_STATES.length },
  );
  await page.close();
  return result;
}

const rows: string[] = [];
const base: Record<string, RenderResult> = {};
const fmt = (value: number | null | undefined, ref?: number | null) =>
  value === null || value === undefined || Number.isNaN(value)
    ? '-'
    : `${value.toFixed(1)}${ref ? ` (×${(value / ref).toFixed(2)})` : ''}`;
const report = (label: string, n: number, r: RenderResult, extra = '') => {
  const ref = base[label];
  if (!ref) base[label] = r;
  const line = `| ${n.toLocaleString('en-US')} | ${label} | ${fmt(r.firstFrameMs, ref?.firstFrameMs)} | ${fmt(r.panFrameMs, ref?.panFrameMs)} | ${r.liveUpdatesPerSec?.toLocaleString('en-US') ?? '-'} | ${fmt(r.liveFrameMs, ref?.liveFrameMs)} | ${extra} |`;
  rows.push(line);
  console.log(line);
};

try {
  console.log(
    '| lamps | drawn | first full frame ms | pan frame ms (p50) | live changes/s | frame ms while live | viewport query |',
  );
  console.log('|---|---|---|---|---|---|---|');
  // one map drawn and thrown away first: the browser's start-up is in no row
  await render(baseStyle([]), { center: CENTRE, zoom: 12 }, { synthetic: { n: 100, side: 10 } });
  let have = 0;
  for (const size of SIZES) {
    const side = Math.ceil(Math.sqrt(size));
    await database.query(
      `insert into lt_device (client_id, project_id, uid, name, device_type, comm_state, longitude, latitude)
       select 1, 1, 'MAP-' || i, 'lamp ' || i, case when i % 500 = 0 then 'BOX' else 'RTU' end,
              case when i % 13 = 0 then 'OFF' when i % 17 = 0 then 'INIT' else 'ON' end,
              $3::float8 + ((i - 1) % $5::int) * $4::float8, $6::float8 + ((i - 1) / $5::int) * $4::float8
         from generate_series($1::int + 1, $2::int) as i`,
      [have, size, CENTRE[0], STEP, side, CENTRE[1]],
    );
    await database.query(
      `insert into lt_device_state (device_id, client_id, project_id, online, data, fault)
       select device_id, 1, 1, comm_state = 'ON',
              case when device_id % 3 = 0 then '{"lampState":"ON","dimLevel":40}'::jsonb
                   when device_id % 3 = 1 then '{"lampState":"ON","dimLevel":100}'::jsonb
                   else '{"lampState":"OFF","dimLevel":0}'::jsonb end,
              device_id % 101 = 0
         from lt_device where device_id > $1 on conflict do nothing`,
      [have],
    );
    await database.query('vacuum analyze lt_device');
    await database.query('vacuum analyze lt_device_state');
    have = size;
    const extent = side * STEP;
    const city = {
      west: CENTRE[0] - 0.001,
      south: CENTRE[1] - 0.001,
      east: CENTRE[0] + extent + 0.001,
      north: CENTRE[1] + extent + 0.001,
    };
    const middle: [number, number] = [CENTRE[0] + extent / 2, CENTRE[1] + extent / 2];
    // the city at a glance (the whole extent; cells) and one street (1280×800 px at zoom 17; points)
    const cityZoom = Math.max(0, Math.min(16, Math.floor(Math.log2((360 * 1280) / 256 / (extent + 0.002)))));
    const street = {
      west: middle[0] - 0.0055,
      south: middle[1] - 0.0027,
      east: middle[0] + 0.0055,
      north: middle[1] + 0.0027,
    };
    const time = async (q: object) => {
      const t0 = performance.now();
      const answer = await viewport(database, scope, 1, q as never);
      return { answer, ms: performance.now() - t0, bytes: JSON.stringify(answer).length };
    };
    // the city zoom three ways: every device counted now (what the screen did before the kept
    // summary), the summary counted, then the answer the screen gets (from the summary at a
    // large city, counted now at a small one); and the legend's figures
    const liveCity = await time({ ...city, zoom: cityZoom });
    let t0 = performance.now();
    await countRollup(database, 1, Date.now());
    const countMs = performance.now() - t0;
    t0 = performance.now();
    const kept = await mapViewport(database, scope, 1, { ...city, zoom: cityZoom } as never, Date.now());
    const cityAnswer = { answer: kept, ms: performance.now() - t0, bytes: JSON.stringify(kept).length };
    t0 = performance.now();
    await mapSummaryOf(database, scope, 1);
    const liveLegendMs = performance.now() - t0;
    t0 = performance.now();
    const legend = await mapLegend(database, scope, 1, Date.now());
    const legendMs = performance.now() - t0;
    const streetAnswer = await time({ ...street, zoom: 17 });
    const style = baseStyle([]);
    const cityGeo =
      cityAnswer.answer.mode === 'cells' ? cellsToGeoJSON(cityAnswer.answer) : pointsToGeoJSON(cityAnswer.answer);
    const cityRender = await render(
      style,
      { center: middle, zoom: cityZoom },
      {
        [cityAnswer.answer.mode === 'cells' ? 'cells' : 'points']: cityGeo,
      },
    );
    report(
      'city, viewport answer',
      size,
      cityRender,
      `${cityAnswer.answer.mode}${cityAnswer.answer.mode === 'cells' && cityAnswer.answer.asOf ? ' from the kept summary' : ''} ${cityAnswer.ms.toFixed(0)} ms, ${(cityAnswer.bytes / 1024).toFixed(0)} KiB (every device counted: ${liveCity.ms.toFixed(0)} ms; summary counted in ${countMs.toFixed(0)} ms; legend ${legend.asOf ? 'from the kept summary' : 'counted'} ${legendMs.toFixed(0)} ms, every lamp counted ${liveLegendMs.toFixed(0)} ms)`,
    );
    const streetGeo =
      streetAnswer.answer.mode === 'points'
        ? pointsToGeoJSON(streetAnswer.answer)
        : cellsToGeoJSON(streetAnswer.answer);
    const streetRender = await render(
      style,
      { center: middle, zoom: 17 },
      {
        [streetAnswer.answer.mode === 'points' ? 'points' : 'cells']: streetGeo,
      },
    );
    report(
      'street, viewport answer',
      size,
      streetRender,
      `${streetAnswer.answer.mode} ${streetAnswer.ms.toFixed(0)} ms, ${(streetAnswer.bytes / 1024).toFixed(0)} KiB`,
    );
    if (size <= naiveMax) {
      const naive = await render(style, { center: middle, zoom: cityZoom }, { synthetic: { n: size, side } });
      report('city, every lamp in one source', size, naive, 'no query');
    }
  }
} finally {
  await browser.close();
  await database.close();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}
