import { MAP_POINT_LIMIT, MAP_STATES, type MapCells, type MapPoints, pointIds } from '@luxgrid/contracts/map';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapSummaryOf, viewportCells } from '../../src/modules/lighting/map/map.repository.ts';
import {
  countRollup,
  MAP_ROLLUP_MAX_AGE_MS,
  MAP_ROLLUP_MIN_DEVICES,
  mapViewport,
  mergeRollup,
  rollupLegend,
} from '../../src/modules/lighting/map/map-rollup.ts';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from './helpers.ts';

/**
 * The map's viewport: the devices of a box as compact columns at street zoom, cells of a grid
 * below it, every lamp drawn by its state (lit, dimmed with its level, off, faulty, offline,
 * never connected), the map device filter, the legend's counts equal to the home figures, and
 * nothing of another customer.
 */
describe('map viewport', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let projectId: number;
  const ids: Record<string, number> = {};
  const BOX = 'west=116.39&south=39.89&east=116.41&north=39.91';
  const get = (path: string, token = d.token, lang: 'zh-CN' | 'en-US' = 'en-US') =>
    t.call('GET', path, { token, lang });

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    await grantToRole(t, 'admin', 'mapScreen.screen').catch(() => undefined);
    const [project] = await t.deps.database.query<{ project_id: number }>(
      "insert into biz_project (client_id, code, name, longitude, latitude, map_type) values ($1, 'MAP1', 'Map district', 116.4, 39.9, 'tianditu') returning project_id",
      [d.clientId],
    );
    projectId = project!.project_id;
    const [road] = await t.deps.database.query<{ location_id: number }>(
      "insert into lt_location (client_id, project_id, name, address) values ($1, $2, 'P-1', 'Chang''an Avenue 1') returning location_id",
      [d.clientId, projectId],
    );
    const lamps: [string, string, Record<string, unknown>, boolean, number, number][] = [
      ['M-ON', 'ON', { lampState: 'ON', dimLevel: 100 }, false, 116.4001, 39.9001],
      ['M-DIM', 'ON', { lampState: 'ON', dimLevel: 30 }, false, 116.4002, 39.9002],
      ['M-OFF', 'ON', { lampState: 'OFF', dimLevel: 0 }, false, 116.4003, 39.9003],
      ['M-FAULT', 'ON', { lampState: 'ON' }, true, 116.4004, 39.9004],
      ['M-GONE', 'OFF', { lampState: 'ON' }, false, 116.4005, 39.9005],
      ['M-NEW', 'INIT', {}, false, 116.4006, 39.9006],
      ['M-FAR', 'ON', { lampState: 'ON' }, false, 116.6, 39.7],
    ];
    for (const [uid, comm, data, fault, lng, lat] of lamps) {
      const [row] = await t.deps.database.query<{ device_id: number }>(
        `insert into lt_device (client_id, project_id, uid, name, device_type, comm_state, longitude, latitude, location_id)
         values ($1, $2, $3, $3, 'RTU', $4, $5, $6, $7) returning device_id`,
        [d.clientId, projectId, uid, comm, lng, lat, uid === 'M-DIM' || uid === 'M-OFF' ? road!.location_id : null],
      );
      ids[uid] = row!.device_id;
      if (comm !== 'INIT')
        await t.deps.database.query(
          'insert into lt_device_state (device_id, client_id, project_id, online, data, fault) values ($1, $2, $3, $4, $5, $6)',
          [row!.device_id, d.clientId, projectId, comm === 'ON', JSON.stringify(data), fault],
        );
    }
    const [box] = await t.deps.database.query<{ device_id: number }>(
      `insert into lt_device (client_id, project_id, uid, name, device_type, comm_state, longitude, latitude)
       values ($1, $2, 'M-BOX', 'Cabinet 1', 'BOX', 'ON', 116.401, 39.901) returning device_id`,
      [d.clientId, projectId],
    );
    ids['M-BOX'] = box!.device_id;
  });
  afterAll(async () => t?.close());

  const points = async (query: string) => {
    const res = await get(`/lighting/map/viewport?projectId=${projectId}&${BOX}&zoom=17${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as MapPoints;
    expect(data.mode).toBe('points');
    const decoded = pointIds(data);
    return Object.fromEntries(
      decoded.map((id, i) => {
        const uid = Object.keys(ids).find((key) => ids[key] === id)!;
        return [
          uid,
          { state: MAP_STATES[data.s[i]!], dim: data.d[i], type: data.types[data.t[i]!], x: data.x[i], y: data.y[i] },
        ];
      }),
    );
  };

  it('answers the devices of the box at street zoom, each lamp by its state and dim level, as columns', async () => {
    const seen = await points('');
    expect(Object.keys(seen).sort()).toEqual(['M-BOX', 'M-DIM', 'M-FAULT', 'M-GONE', 'M-NEW', 'M-OFF', 'M-ON']);
    expect(seen['M-ON']).toMatchObject({ state: 'on', dim: 100, type: 'RTU', x: 116_400_100, y: 39_900_100 });
    expect(seen['M-DIM']).toMatchObject({ state: 'dimmed', dim: 30 });
    expect(seen['M-OFF']).toMatchObject({ state: 'off', dim: 0 });
    expect(seen['M-FAULT']).toMatchObject({ state: 'fault' });
    expect(seen['M-GONE']).toMatchObject({ state: 'offline' });
    expect(seen['M-NEW']).toMatchObject({ state: 'init' });
    expect(seen['M-BOX']).toMatchObject({ state: 'online', type: 'BOX' });
    // compact: ids delta-coded, coordinates in integers; well under 40 bytes a device
    const res = await get(`/lighting/map/viewport?projectId=${projectId}&${BOX}&zoom=17`);
    expect(JSON.stringify(res.body.data).length / 7).toBeLessThan(40);
  });

  it('filters by type, state, road and keyword', async () => {
    expect(Object.keys(await points('&types=BOX'))).toEqual(['M-BOX']);
    expect(Object.keys(await points('&states=dimmed,fault')).sort()).toEqual(['M-DIM', 'M-FAULT']);
    expect(Object.keys(await points('&road=chang%27an')).sort()).toEqual(['M-DIM', 'M-OFF']);
    expect(Object.keys(await points('&keyword=M-G'))).toEqual(['M-GONE']);
  });

  it('marks the lamps whose fault a lit report clears (lamp failures only), not a tilted pole', async () => {
    const db = t.deps.database;
    const faultOf = async () => {
      const res = await get(`/lighting/map/viewport?projectId=${projectId}&${BOX}&zoom=17`);
      const data = res.body.data as MapPoints;
      return data.f.map((at) => pointIds(data)[at]);
    };
    await db.query(
      `update lt_device_state set fault_codes = '{"LampFault": "2026-06-01T00:00:00Z"}' where device_id = $1`,
      [ids['M-FAULT']],
    );
    expect(await faultOf()).toEqual([ids['M-FAULT']]);
    await db.query(
      `update lt_device_state set fault_codes = '{"LampFault": "2026-06-01T00:00:00Z", "RtuTilt": "2026-06-01T00:00:00Z"}' where device_id = $1`,
      [ids['M-FAULT']],
    );
    expect(await faultOf()).toEqual([]);
    await db.query(`update lt_device_state set fault_codes = '{}' where device_id = $1`, [ids['M-FAULT']]);
  });

  it('aggregates into cells below the point zoom, with the states of each cell', async () => {
    const res = await get(
      `/lighting/map/viewport?projectId=${projectId}&west=116&south=39.5&east=117&north=40.5&zoom=9`,
    );
    const cells = res.body.data as MapCells;
    expect(cells.mode).toBe('cells');
    expect(cells.n.reduce((a, b) => a + b, 0)).toBe(8);
    expect(cells.n.length).toBe(2);
    const near = cells.n.indexOf(7);
    expect(cells.s[near]![MAP_STATES.indexOf('dimmed')]).toBe(1);
    expect(cells.s[near]![MAP_STATES.indexOf('online')]).toBe(1);
    for (let i = 0; i < cells.n.length; i++) expect(cells.s[i]!.reduce((a, b) => a + b, 0)).toBe(cells.n[i]);
  });

  it("keeps a city's cells as a summary that merges into exactly the cells of a count of every device", async () => {
    const db = t.deps.database;
    const scope = { clientId: d.clientId, projectId } as never;
    // a second street far off, faulty and offline lamps among them, and a meter
    await db.query(
      `insert into lt_device (client_id, project_id, uid, name, device_type, comm_state, longitude, latitude)
       select $1, $2, 'ROLL-' || g, 'roll', case when g % 10 = 0 then 'METER' else 'RTU' end,
              case when g % 7 = 0 then 'OFF' else 'ON' end, 116.2 + g * 0.0031, 39.8 + (g % 13) * 0.0027
         from generate_series(1, 300) g`,
      [d.clientId, projectId],
    );
    await countRollup(db, projectId, 1_000);
    const [row] = await db.query<never>('select * from lt_map_rollup where project_id = $1', [projectId]);
    expect(row).toMatchObject({ devices: 308 });
    const whole = { west: 115, south: 39, east: 118, north: 41 };
    for (const q of [
      { ...whole, zoom: 9 },
      { ...whole, zoom: 12.6 },
      { ...whole, zoom: 14 },
      { ...whole, zoom: 11, states: ['offline', 'fault'] as never },
      { ...whole, zoom: 11, types: ['METER'] as never },
    ]) {
      const live = await viewportCells(db, scope, projectId, q as never);
      const kept = mergeRollup(row!, q as never);
      expect(kept.asOf).toBe(1_000);
      expect(kept.n, JSON.stringify(q)).toEqual(live.n);
      expect(kept.s).toEqual(live.s);
      // the centres: the same but for the last digit of a sum taken in another order
      for (const [i, x] of kept.x.entries()) expect(Math.abs(x - live.x[i]!)).toBeLessThanOrEqual(1);
      for (const [i, y] of kept.y.entries()) expect(Math.abs(y - live.y[i]!)).toBeLessThanOrEqual(1);
    }
    // the legend from the summary: the same lamps by state, placed devices and box as counted now
    const legend = rollupLegend(row!);
    const counted = await mapSummaryOf(db, scope, projectId);
    expect(legend).toEqual({ ...counted, asOf: 1_000 });
    // a small city is counted for every answer (exact); its summary is counted again once old
    const first = await mapViewport(db, scope, projectId, { ...whole, zoom: 10 } as never, 40_000);
    expect(first).toMatchObject({ mode: 'cells', asOf: null });
    await new Promise((r) => setTimeout(r, 300));
    const [again] = await db.query<{ built_at: string }>('select built_at from lt_map_rollup where project_id = $1', [
      projectId,
    ]);
    expect(Number(again!.built_at)).toBe(40_000);
    await db.query("delete from lt_device where uid like 'ROLL-%'");
  });

  it('opens a large city from its kept summary and says when it was counted', async () => {
    const db = t.deps.database;
    const [city] = await db.query<{ project_id: number }>(
      "insert into biz_project (client_id, code, name, longitude, latitude) values ($1, 'MAPBIG', 'Big city', 116.4, 39.9) returning project_id",
      [d.clientId],
    );
    const big = city!.project_id;
    const size = MAP_ROLLUP_MIN_DEVICES;
    await db.query(
      `insert into lt_device (client_id, project_id, uid, name, device_type, comm_state, longitude, latitude)
       select $1, $2, 'BIG-' || g, 'lamp', 'RTU', 'ON', 116.3 + (g % 250) * 0.0008, 39.8 + (g / 250) * 0.0008
         from generate_series(0, ${size - 1}) g`,
      [d.clientId, big],
    );
    await db.query(
      `insert into lt_device_state (device_id, client_id, project_id, online, data)
       select device_id, client_id, project_id, true, '{"lampState":"ON","dimLevel":40}'::jsonb
         from lt_device where project_id = $1`,
      [big],
    );
    const cityQuery = `/lighting/map/viewport?projectId=${big}&west=116&south=39.5&east=117&north=40.5&zoom=11`;
    const first = (await get(cityQuery)).body.data as MapCells;
    const counted = first.asOf!;
    expect(counted).toBe(t.clock.now());
    expect(first.n.reduce((a, b) => a + b, 0)).toBe(size);
    expect(first.s.reduce((a, s) => a + s[MAP_STATES.indexOf('dimmed')]!, 0)).toBe(size);
    const legend = (await get(`/lighting/map/summary?projectId=${big}`)).body.data;
    expect(legend).toMatchObject({ asOf: counted, located: size, lamps: { dimmed: size, on: 0 } });
    expect(legend.bbox[0]).toBeCloseTo(116.3, 6);
    // the lamps switch off: the summary says what it counted until it is counted again, in the background
    await db.query(`update lt_device_state set data = '{"lampState":"OFF"}'::jsonb where project_id = $1`, [big]);
    expect(((await get(cityQuery)).body.data as MapCells).asOf).toBe(counted);
    t.clock.advance(MAP_ROLLUP_MAX_AGE_MS + 1);
    await get(cityQuery);
    await expect
      .poll(async () => ((await get(cityQuery)).body.data as MapCells).asOf, { timeout: 20_000 })
      .toBe(counted + MAP_ROLLUP_MAX_AGE_MS + 1);
    const after = (await get(`/lighting/map/summary?projectId=${big}`)).body.data;
    expect(after.lamps).toMatchObject({ off: size, dimmed: 0 });
    // street zoom stays exact and immediate
    const street = (
      await get(`/lighting/map/viewport?projectId=${big}&west=116.3&south=39.8&east=116.31&north=39.801&zoom=17`)
    ).body.data as MapPoints;
    expect(street.s.every((s) => s === MAP_STATES.indexOf('off'))).toBe(true);
    await db.query('delete from lt_device_state where project_id = $1', [big]);
    await db.query('delete from lt_device where project_id = $1', [big]);
  }, 120_000);

  it('answers cells even at street zoom when the view holds more than the point limit', async () => {
    const rows = MAP_POINT_LIMIT + 1;
    await t.deps.database.query(
      `insert into lt_device (client_id, project_id, uid, name, device_type, longitude, latitude)
       select $1, $2, 'DENSE-' || g, 'dense', 'RTU', 10 + (g % 200) * 0.00001, 50 + (g / 200) * 0.00001
         from generate_series(1, ${rows}) g`,
      [d.clientId, projectId],
    );
    const res = await get(
      `/lighting/map/viewport?projectId=${projectId}&west=9.99&south=49.99&east=10.01&north=50.01&zoom=16`,
    );
    expect(res.body.data.mode).toBe('cells');
    expect((res.body.data as MapCells).n.reduce((a, b) => a + b, 0)).toBe(rows);
    await t.deps.database.query("delete from lt_device where uid like 'DENSE-%'");
  });

  it('counts every lamp of the project by state for the legend, as the home page counts lamps', async () => {
    const res = await get(`/lighting/map/summary?projectId=${projectId}`);
    expect(res.body.data).toMatchObject({
      lamps: { on: 2, dimmed: 1, off: 1, fault: 1, offline: 1, init: 1, online: 0 },
      located: 8,
      mapType: 'tianditu',
      // no tile host admitted (CSP_EXTRA_SOURCES): the offline background
      tiles: [],
      center: [116.4, 39.9],
    });
    const home = await t.call('GET', '/sysclient/home/summary', {
      token: d.token,
      headers: { projectId: String(projectId) },
    });
    const figures = home.body.data.figures.devices;
    const lamps = res.body.data.lamps as Record<string, number>;
    expect(Object.values(lamps).reduce((a, b) => a + b, 0)).toBe(figures.lamps);
    expect(lamps.init).toBe(figures.neverConnected - 0 /* the cabinet is online */);
  });

  it('refuses a box that is not one, a zoom beyond the map and an unknown state, in the user language', async () => {
    const bad = [
      `west=117&south=39&east=116&north=40&zoom=10`,
      `west=116&south=39&east=117&north=40&zoom=30`,
      `west=116&south=39&east=117&north=40&zoom=10&states=glowing`,
      `west=abc&south=39&east=117&north=40&zoom=10`,
    ];
    for (const query of bad) {
      const res = await get(`/lighting/map/viewport?projectId=${projectId}&${query}`);
      // refusals answer in the envelope (code 500) with what is wrong, never the generic server error
      expect(res.body.code, `${query} ${JSON.stringify(res.body)}`).toBe(500);
      expect(res.body.msg, query).not.toMatch(/系统未知错误|unknown error|internal/i);
      expect(res.body.msg.length, query).toBeGreaterThan(3);
    }
    const box = await get(`/lighting/map/viewport?projectId=${projectId}&${bad[0]}`);
    expect(box.body.msg).toContain('west must be less than east');
    const zh = await get(`/lighting/map/viewport?projectId=${projectId}&${bad[2]}`, d.token, 'zh-CN');
    expect(zh.body.msg).toContain('未知的地图状态：glowing');
  });

  it('shows another customer nothing of this project', async () => {
    const rival = await secondCustomer(t);
    await grantToRole(t, 'rival_admin', 'mapScreen.screen');
    const res = await get(`/lighting/map/viewport?projectId=${projectId}&${BOX}&zoom=17`, rival.token);
    expect([403, 404]).toContain(res.body.code);
    expect(res.body.data).toBeUndefined();
    const summary = await get(`/lighting/map/summary?projectId=${projectId}`, rival.token);
    expect(summary.body.code).toBe(404);
    // nor its city-zoom cells
    const cells = await get(
      `/lighting/map/viewport?projectId=${projectId}&west=116&south=39.5&east=117&north=40.5&zoom=9`,
      rival.token,
    );
    expect([403, 404]).toContain(cells.body.code);
    expect(cells.body.data).toBeUndefined();
    // and its own map shows none of this project's devices
    const own = await get('/lighting/map/viewport?west=116&south=39.5&east=117&north=40.5&zoom=9', rival.token);
    expect((own.body.data as MapCells | undefined)?.n.reduce((a, b) => a + b, 0) ?? 0).toBe(0);
  });
});
