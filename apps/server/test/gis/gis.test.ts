import { convertCoord } from '@luxgrid/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearConfigCache } from '../../src/modules/system/config/config.service.ts';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from '../lighting/helpers.ts';
import { multipart } from '../system/helpers.ts';

let t: TestApp;
let d: Awaited<ReturnType<typeof demo>>;
let rival: { clientId: number; token: string };
const en = 'en-US' as const;

const call = (method: string, url: string, body?: unknown, token = d.token) =>
  t.call(method, url, { token, body, lang: en, headers: { projectid: String(d.projectId) } });
const upload = (url: string, name: string, content: Buffer, token = d.token) => {
  const { body, headers } = multipart(name, content);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, access_token: token, 'accept-language': 'en-US' },
    payload: body,
  });
};

/** A street running east 1 km from the project's centre, and two lamps beside it (one near, one far). */
const STREET: [number, number][] = [
  [115.97, 40.46],
  [115.98, 40.46],
];
let categoryId = 0;
let poleCategory = 0;
let lampId = 0;
let roadId = 0;

beforeAll(async () => {
  t = await startTestApp();
  d = await demo(t);
  rival = await secondCustomer(t);
  for (const [uid, lat] of [
    ['GIS-RTU-NEAR', 40.4601],
    ['GIS-RTU-FAR', 40.47],
  ] as const) {
    const res = await call('POST', '/lighting/device', {
      projectId: d.projectId,
      uid,
      name: uid,
      deviceType: 'RTU',
      connection: 'DIRECT',
      longitude: 115.975,
      latitude: lat,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    if (uid === 'GIS-RTU-NEAR') lampId = res.body.data.deviceId;
  }
});
afterAll(async () => t?.close());

describe('asset categories', () => {
  it('builds a tree, refuses duplicates and loops, and keeps a category in use', async () => {
    const top = await call('POST', '/gis/category', { name: 'Lighting', assetKind: 'OTHER' });
    expect(top.body.code).toBe(200);
    categoryId = top.body.data.categoryId;
    const pole = await call('POST', '/gis/category', { parentId: categoryId, name: 'Poles', assetKind: 'POLE' });
    poleCategory = pole.body.data.categoryId;
    const dup = await call('POST', '/gis/category', { parentId: categoryId, name: 'Poles', assetKind: 'POLE' });
    expect(dup.body).toEqual({ code: 500, msg: 'The category "Poles" already exists' });
    const loop = await call('PUT', '/gis/category', {
      categoryId,
      parentId: poleCategory,
      name: 'Lighting',
      assetKind: 'OTHER',
    });
    expect(loop.body.msg).toBe('The parent category cannot be the category itself or one below it');
    const bad = await call('POST', '/gis/category', { name: '', assetKind: 'ROCK' });
    expect(bad.body.msg).toContain('Name cannot be empty');
    expect(bad.body.msg).toContain('Asset type is not one of the allowed values');
    const list = await call('GET', '/gis/category/list');
    expect(list.body.rows.map((r: { name: string }) => r.name)).toEqual(['Lighting', 'Poles']);
    const inUse = await call('DELETE', `/gis/category/${categoryId}`);
    expect(inUse.body.msg).toBe('The category still holds 1 assets or sub-categories and cannot be deleted');
  });
});

describe('roads', () => {
  it('computes length and area from the line and finds the lamps within its reach', async () => {
    const res = await call('POST', '/gis/road', {
      projectId: d.projectId,
      name: 'Jianshe Road',
      lightingClass: 'M3',
      width: 12,
      buffer: 30,
      line: STREET,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    roadId = res.body.data.roadId;
    const road = await call('GET', `/gis/road/${roadId}`);
    // 0.01° of longitude at 40.46° N is about 847 m
    expect(road.body.data.length).toBeGreaterThan(840);
    expect(road.body.data.length).toBeLessThan(855);
    expect(road.body.data.area).toBeCloseTo(road.body.data.length * 12, 0);
    expect(road.body.data.lampCount).toBe(1);
    const lamps = await call('GET', `/gis/road/${roadId}/lamps`);
    expect(lamps.body.data).toEqual([
      expect.objectContaining({ source: 'device', id: lampId, code: 'GIS-RTU-NEAR', distance: expect.any(Number) }),
    ]);
    expect(lamps.body.data[0].distance).toBeLessThan(15);
  });

  it('refuses a wrong class, a one-point line and a duplicate name, in the caller language', async () => {
    const bad = await call('POST', '/gis/road', {
      projectId: d.projectId,
      name: 'X',
      lightingClass: 'M9',
      width: 5,
      line: [[115.97, 40.46]],
    });
    expect(bad.body.msg).toContain('Lighting class is not one of the allowed values');
    expect(bad.body.msg).toContain('A road needs at least two points');
    const dup = await call('POST', '/gis/road', {
      projectId: d.projectId,
      name: 'Jianshe Road',
      lightingClass: 'P2',
      width: 5,
      line: STREET,
    });
    expect(dup.body.msg).toBe('The road "Jianshe Road" already exists');
    const zh = await t.call('POST', '/gis/road', {
      token: d.token,
      lang: 'zh-CN',
      body: { projectId: d.projectId, name: 'Jianshe Road', lightingClass: 'P2', width: 5, line: STREET },
    });
    expect(zh.body.msg).toBe('道路“Jianshe Road”已存在');
    expect((await call('GET', '/gis/road/list?orderByColumn=path')).body.code).toBe(500);
  });

  it('imports GeoJSON lines (GCJ-02 converted to WGS-84) and exports GeoJSON', async () => {
    const gcj = STREET.map((p) => convertCoord([p[0], p[1] + 0.01], 'WGS84', 'GCJ02'));
    const doc = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'LineString', coordinates: gcj },
          properties: { name: 'Park Lane', lightingClass: 'P3', width: 6 },
        },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [115.97, 40.46] }, properties: { name: 'Dot' } },
        {
          type: 'Feature',
          geometry: { type: 'LineString', coordinates: STREET },
          properties: { name: 'Jianshe Road', lightingClass: 'M3', width: 6 },
        },
      ],
    };
    const res = await upload(
      `/gis/road/import?projectId=${d.projectId}&crs=GCJ02`,
      'roads.geojson',
      Buffer.from(JSON.stringify(doc)),
    );
    const answer = res.json();
    expect(answer.code, res.body).toBe(200);
    expect(answer.data).toMatchObject({ total: 3, created: 1 });
    expect(answer.data.failures.map((f: { reason: string }) => f.reason)).toEqual([
      'Feature 2: the geometry must be a LineString',
      'Row 3: The road "Jianshe Road" already exists',
    ]);
    const list = await call('GET', '/gis/road/list?name=Park');
    const [lng, lat] = list.body.rows[0].line[0];
    expect(lng).toBeCloseTo(115.97, 5);
    expect(lat).toBeCloseTo(40.47, 5);

    const out = await t.app.inject({
      method: 'POST',
      url: '/gis/road/export/geojson',
      headers: { access_token: d.token, projectid: String(d.projectId), 'accept-language': 'en-US' },
      payload: {},
    });
    expect(out.headers['content-type']).toContain('application/geo+json');
    const fc = JSON.parse(out.body);
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features.map((f: { properties: { name: string } }) => f.properties.name).sort()).toEqual([
      'Jianshe Road',
      'Park Lane',
    ]);
    expect(fc.features[0].geometry.type).toBe('LineString');
  });

  it('imports roads from the Excel template', async () => {
    const template = await t.app.inject({
      method: 'GET',
      url: '/gis/road/import/template',
      headers: { access_token: d.token, 'accept-language': 'en-US' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '*Road name',
      '*Lighting class',
      '*Width (m)',
      'Lighting reach (m)',
      '*Line (lng,lat;…)',
      'Remark',
    ]);
    sheet.spliceRows(2, 1);
    sheet.addRow(['River Walk', 'p4', 4, 20, '115.97,40.45;115.98,40.45', '']);
    sheet.addRow(['Broken', 'M2', 10, '', '115.97', '']);
    const res = await upload(
      `/gis/road/import?projectId=${d.projectId}`,
      'roads.xlsx',
      Buffer.from(await book.xlsx.writeBuffer()),
    );
    expect(res.json().data).toMatchObject({ total: 2, created: 1, failures: [{ row: 3 }] });
  });
});

describe('assets', () => {
  let assetId = 0;
  it('registers an asset that is a device, takes its position, and validates dates', async () => {
    const res = await call('POST', '/gis/asset', {
      projectId: d.projectId,
      categoryId: poleCategory,
      assetCode: 'P-0001',
      name: 'Pole 1',
      assetKind: 'POLE',
      deviceId: lampId,
      roadId,
      installDate: '2020-05-01',
      warrantyEnd: '2027-01-15',
      supplier: 'Acme Poles',
      photos: '/profile/upload/pole1.jpg',
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    assetId = res.body.data.assetId;
    const row = (await call('GET', `/gis/asset/${assetId}`)).body.data;
    expect(row).toMatchObject({
      deviceUid: 'GIS-RTU-NEAR',
      roadName: 'Jianshe Road',
      categoryName: 'Poles',
      longitude: 115.975,
    });
    const bad = await call('POST', '/gis/asset', {
      projectId: d.projectId,
      categoryId: poleCategory,
      assetCode: 'P-0002',
      name: 'Pole 2',
      assetKind: 'POLE',
      installDate: '2024-01-01',
      warrantyEnd: '2023-01-01',
    });
    expect(bad.body.msg).toBe('The warranty cannot end before the install date');
    const dup = await call('POST', '/gis/asset', {
      projectId: d.projectId,
      categoryId: poleCategory,
      assetCode: 'P-0001',
      name: 'x',
      assetKind: 'POLE',
    });
    expect(dup.body.msg).toBe('The asset code "P-0001" already exists');
  });

  it('imports Excel (BD-09 positions converted) and GeoJSON, and reports each refused row', async () => {
    const template = await t.app.inject({
      method: 'GET',
      url: '/gis/asset/import/template',
      headers: { access_token: d.token, 'accept-language': 'en-US' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    sheet.spliceRows(2, 1);
    const bd = convertCoord([115.971, 40.461], 'WGS84', 'BD09');
    sheet.addRow([
      'C-0001',
      'Cabinet 1',
      'Poles',
      'Cabinet',
      '',
      '2015-03-01',
      '2026-12-31',
      'Volt',
      'XL-21',
      bd[0],
      bd[1],
      '',
    ]);
    sheet.addRow(['C-0002', 'Cabinet 2', 'Nowhere', '', '', '', '', '', '', '', '', '']);
    sheet.addRow(['C-0003', 'Cabinet 3', 'Poles', '', 'NO-SUCH', '', '', '', '', '', '', '']);
    sheet.addRow(['C-0004', 'Cabinet 4', 'Poles', '', '', '01/02/2020', '', '', '', '', '', '']);
    const res = await upload(
      `/gis/asset/import?projectId=${d.projectId}&crs=BD09`,
      'assets.xlsx',
      Buffer.from(await book.xlsx.writeBuffer()),
    );
    const answer = res.json();
    expect(answer.code, res.body).toBe(200);
    expect(answer.data).toMatchObject({ total: 4, created: 1 });
    expect(answer.data.failures.map((f: { reason: string }) => f.reason)).toEqual([
      'Row 3: Category is not one of the allowed values',
      'Row 4: The device "NO-SUCH" is not in this project',
      'Row 5: the date "01/02/2020" must be written yyyy-MM-dd',
    ]);
    const imported = (await call('GET', '/gis/asset/list?assetCode=C-0001')).body.rows[0];
    expect(imported.assetKind).toBe('CABINET');
    expect(imported.longitude).toBeCloseTo(115.971, 5);
    expect(imported.latitude).toBeCloseTo(40.461, 5);

    const geo = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [115.972, 40.462] },
          properties: {
            assetCode: 'L-1',
            name: 'Lamp 1',
            categoryName: 'Poles',
            assetKind: 'LAMP',
            warrantyEnd: '2026-12-01',
          },
        },
        {
          type: 'Feature',
          geometry: { type: 'LineString', coordinates: STREET },
          properties: { assetCode: 'L-2', name: 'x', categoryName: 'Poles' },
        },
      ],
    };
    const g = await upload(
      `/gis/asset/import?projectId=${d.projectId}`,
      'assets.geojson',
      Buffer.from(JSON.stringify(geo)),
    );
    expect(g.json().data).toMatchObject({ total: 2, created: 1 });
    const notJson = await upload(`/gis/asset/import?projectId=${d.projectId}`, 'assets.geojson', Buffer.from('{nope'));
    expect(notJson.json().msg).toBe('The file is not a valid GeoJSON FeatureCollection');
    const wrongType = await upload(`/gis/asset/import?projectId=${d.projectId}`, 'assets.csv', Buffer.from('a,b'));
    expect(wrongType.json().msg).toBe('Only .xlsx, .geojson or .json files can be imported');
  });

  it('exports Excel and GeoJSON, and counts the statistics', async () => {
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/gis/asset/export',
      headers: { access_token: d.token, projectid: String(d.projectId), 'accept-language': 'en-US' },
      payload: {},
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]).toEqual(expect.arrayContaining(['Asset code', 'Asset type', 'Road']));
    expect(rows.flat()).toEqual(expect.arrayContaining(['P-0001', 'Pole', 'Cabinet']));

    const geo = await t.app.inject({
      method: 'POST',
      url: '/gis/asset/export/geojson',
      headers: { access_token: d.token, projectid: String(d.projectId), 'accept-language': 'en-US' },
      payload: { assetKind: 'POLE' },
    });
    const fc = JSON.parse(geo.body);
    expect(fc.features).toHaveLength(1);
    expect(fc.features[0]).toMatchObject({
      geometry: { type: 'Point', coordinates: [115.975, 40.4601] },
      properties: { assetCode: 'P-0001' },
    });

    // the clock is the test's: warranties are counted from its day
    const today = new Date(t.deps.clock.now()).toISOString().slice(0, 10);
    const stats = await call('GET', `/gis/statistics?projectId=${d.projectId}&days=3650`);
    expect(stats.body.code, JSON.stringify(stats.body)).toBe(200);
    expect(stats.body.data.total).toBe(3);
    expect(stats.body.data.byCategory).toEqual([{ name: 'Poles', count: 3 }]);
    expect(stats.body.data.byAge.map((b: { bucket: string }) => b.bucket)).toEqual([
      '<1',
      '1-3',
      '3-5',
      '5-10',
      '>=10',
      'unknown',
    ]);
    expect(stats.body.data.byAge.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(3);
    const ends = ['2027-01-15', '2026-12-31', '2026-12-01'];
    expect(stats.body.data.warranty.expired + stats.body.data.warranty.expiring).toBe(ends.length);
    expect(stats.body.data.warranty.expired).toBe(ends.filter((e) => e < today).length);
    expect(stats.body.data.roads.map((r: { lightingClass: string }) => r.lightingClass)).toEqual(['M3', 'P3', 'P4']);
  });

  it('answers the asset map with the base map of the project', async () => {
    const map = await call('GET', `/gis/map?projectId=${d.projectId}`);
    expect(map.body.code).toBe(200);
    expect(map.body.data.crs).toBe(
      { gaode: 'GCJ02', baidu: 'BD09', googleChina: 'GCJ02' }[map.body.data.mapType as string] ?? 'WGS84',
    );
    // no tile host admitted in this test: the offline base map
    expect(map.body.data.tiles).toEqual([]);
    expect(map.body.data.assets.map((a: { assetCode: string }) => a.assetCode).sort()).toEqual([
      'C-0001',
      'L-1',
      'P-0001',
    ]);
    expect(map.body.data.roads).toHaveLength(3);
  });
});

describe('base maps', () => {
  const FIXTURE = 'http://127.0.0.1:8999';
  it('answers each map type its tile templates from the platform parameters, key filled, admitted hosts only', async () => {
    const params: Record<string, string> = {
      'gis.map.tiles.gaode': `${FIXTURE}/gaode/{1-2}/appmaptile?x={x}&y={y}&z={z}`,
      'gis.map.tiles.baidu': '',
      'gis.map.tiles.tianditu': `${FIXTURE}/tdt/wmts?TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk={key}`,
      'gis.map.tiles.google': `${FIXTURE}/google/vt?x={x}&y={y}&z={z}|https://mt0.google.com/vt?x={x}&y={y}&z={z}`,
      'gis.map.tiles.googleChina': `${FIXTURE}/googlecn/vt?x={x}&y={y}&z={z}`,
      'gis.map.key.tianditu': 'test-key',
    };
    for (const [key, value] of Object.entries(params))
      await t.deps.database.query('update sys_config set config_value = $2 where config_key = $1', [key, value]);
    await clearConfigCache(t.deps);
    t.deps.config.cspExtraSources.push(FIXTURE);
    const expected: Record<string, [string, string[]]> = {
      gaode: ['GCJ02', [1, 2].map((n) => `${FIXTURE}/gaode/${n}/appmaptile?x={x}&y={y}&z={z}`)],
      baidu: ['BD09', []],
      tianditu: ['WGS84', [`${FIXTURE}/tdt/wmts?TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=test-key`]],
      // a host the platform does not admit is left out
      google: ['WGS84', [`${FIXTURE}/google/vt?x={x}&y={y}&z={z}`]],
      googleChina: ['GCJ02', [`${FIXTURE}/googlecn/vt?x={x}&y={y}&z={z}`]],
    };
    try {
      for (const [mapType, [crs, tiles]] of Object.entries(expected)) {
        await t.deps.database.query('update biz_project set map_type = $2 where project_id = $1', [
          d.projectId,
          mapType,
        ]);
        const map = await call('GET', `/gis/map?projectId=${d.projectId}`);
        expect(map.body.data, mapType).toMatchObject({ mapType, crs, tiles });
      }
      // the key is a secret: the parameter list shows it masked
      const admin = await t.login('admin');
      const list = await t.call('GET', '/system/config/list?configKey=gis.map.key', { token: admin, lang: en });
      expect(list.body.rows).toEqual([
        expect.objectContaining({ configKey: 'gis.map.key.tianditu', configValue: '******' }),
      ]);
    } finally {
      t.deps.config.cspExtraSources.pop();
      await t.deps.database.query("update biz_project set map_type = 'gaode' where project_id = $1", [d.projectId]);
    }
  });
});

describe('scope and permissions', () => {
  it('keeps another customer out of every record', async () => {
    const [asset] = await t.deps.database.query<{ asset_id: number }>('select asset_id from gis_asset limit 1');
    for (const url of [
      `/gis/asset/${asset!.asset_id}`,
      `/gis/road/${roadId}`,
      `/gis/road/${roadId}/lamps`,
      `/gis/category/${categoryId}`,
    ])
      expect((await call('GET', url, undefined, rival.token)).body.code, url).not.toBe(200);
    await grantToRole(t, 'rival_admin', 'gis.asset');
    await grantToRole(t, 'rival_admin', 'gis.asset.query');
    await grantToRole(t, 'rival_admin', 'gis.road');
    await grantToRole(t, 'rival_admin', 'gis.road.query');
    await grantToRole(t, 'rival_admin', 'gis.road.remove');
    expect((await call('GET', `/gis/asset/${asset!.asset_id}`, undefined, rival.token)).body.code).toBe(404);
    expect((await call('GET', `/gis/road/${roadId}/lamps`, undefined, rival.token)).body.code).toBe(404);
    expect((await call('DELETE', `/gis/road/${roadId}`, undefined, rival.token)).body.code).not.toBe(200);
    const list = await t.call('GET', '/gis/asset/list', { token: rival.token, lang: en });
    expect(list.body.rows).toEqual([]);
    const map = await t.call('GET', `/gis/map?projectId=${d.projectId}`, { token: rival.token, lang: en });
    expect(map.body.code).not.toBe(200);
  });

  it('answers 403 without the button permission', async () => {
    const operator = await t.login('demo_operator');
    expect((await call('GET', '/gis/asset/list', undefined, operator)).body.code).toBe(403);
    await grantToRole(t, 'operator', 'gis.asset');
    expect((await call('GET', '/gis/asset/list', undefined, operator)).body.code).toBe(200);
    const add = await call(
      'POST',
      '/gis/asset',
      { projectId: d.projectId, categoryId: poleCategory, assetCode: 'Z', name: 'z', assetKind: 'POLE' },
      operator,
    );
    expect(add.body.code).toBe(403);
  });
});
