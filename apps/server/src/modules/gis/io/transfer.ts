import {
  type ASSET_KINDS,
  assetBody,
  type CoordSystem,
  convertCoord,
  type Lang,
  type LngLat,
  message,
  renderIssue,
  roadBody,
} from '@luxgrid/contracts';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { fail } from '../../../platform/errors.ts';
import type { AssetValues } from '../asset/asset.repository.ts';
import type { RoadValues } from '../road/road.repository.ts';

/*
 * Import and export of assets and roads: Excel sheets headed in either language, and GeoJSON
 * (RFC 7946: WGS-84 longitude, latitude). An import may be written in GCJ-02 or BD-09 (taken from a
 * Chinese map provider); its positions are converted to WGS-84 before anything is stored.
 */

export interface Failure {
  row: number;
  reason: string;
}

/** A column of a sheet: its key, headers, width and an example for the template. */
type Column = [key: string, zh: string, en: string, width: number, example: string, required?: true];

export const ASSET_COLUMNS: Column[] = [
  ['assetCode', '资产编号', 'Asset code', 16, 'P-0001', true],
  ['name', '资产名称', 'Asset name', 22, '建设路 1 号杆', true],
  ['categoryName', '资产分类', 'Category', 16, '灯杆', true],
  ['assetKind', '资产类型', 'Asset type', 12, 'POLE'],
  ['deviceUid', '关联设备编号', 'Device UID', 20, ''],
  ['installDate', '安装日期', 'Install date', 14, '2024-05-01'],
  ['warrantyEnd', '质保到期', 'Warranty end', 14, '2029-04-30'],
  ['supplier', '供应商', 'Supplier', 18, ''],
  ['model', '规格型号', 'Model', 16, ''],
  ['longitude', '经度', 'Longitude', 14, '115.97'],
  ['latitude', '纬度', 'Latitude', 14, '40.46'],
  ['remark', '备注', 'Remark', 24, ''],
];

export const ROAD_COLUMNS: Column[] = [
  ['name', '道路名称', 'Road name', 22, '建设路', true],
  ['lightingClass', '照明等级', 'Lighting class', 14, 'M3', true],
  ['width', '路宽(米)', 'Width (m)', 12, '12', true],
  ['buffer', '照明范围(米)', 'Lighting reach (m)', 16, '30'],
  ['line', '线形(经度,纬度;…)', 'Line (lng,lat;…)', 48, '115.9700,40.4600;115.9800,40.4600', true],
  ['remark', '备注', 'Remark', 24, ''],
];

/** The words of the asset kinds in a sheet. */
export const KIND_LABELS: Record<(typeof ASSET_KINDS)[number], [string, string]> = {
  POLE: ['灯杆', 'Pole'],
  CABINET: ['配电箱', 'Cabinet'],
  LAMP: ['灯具', 'Lamp'],
  CABLE: ['电缆', 'Cable'],
  DEVICE: ['设备', 'Device'],
  OTHER: ['其他', 'Other'],
};

const kindOf = (text: string): string => {
  const found = Object.entries(KIND_LABELS).find(
    ([code, [zh, en]]) => code === text.toUpperCase() || zh === text || en.toLowerCase() === text.toLowerCase(),
  );
  return found ? found[0] : text;
};

/** The template of an import: headers in the caller's language and one example row. */
export async function templateOf(columns: Column[], sheetName: [string, string], lang: Lang): Promise<Buffer> {
  const en = lang === 'en-US';
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(en ? sheetName[1] : sheetName[0]);
  sheet.columns = columns.map(([key, zh, enHeader, width, , required]) => ({
    key,
    header: `${required ? '*' : ''}${en ? enHeader : zh}`,
    width,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(Object.fromEntries(columns.map(([key, , , , example]) => [key, example])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
  }
  return String(value).trim();
};

/** The rows of the first sheet as records keyed by column, with their row numbers. */
export async function readSheet(data: Buffer, columns: Column[], lang: Lang) {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw fail('upload.formatWrong');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fail('upload.formatWrong');
  const at = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const header = cellText(cell.value).replace(/^\*/, '').trim();
    const column = columns.find(([, zh, en]) => zh === header || en === header);
    if (column) at.set(column[0], col);
  });
  const missing = columns.filter(([key, , , , , required]) => required && !at.has(key));
  if (missing.length)
    throw fail('lighting.import.headers', {
      columns: missing.map(([, zh, en]) => (lang === 'en-US' ? en : zh)).join(', '),
    });
  const rows: { row: number; values: Record<string, string> }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNo) => {
    if (rowNo === 1) return;
    const values = Object.fromEntries([...at].map(([key, col]) => [key, cellText(row.getCell(col).value)]));
    if (Object.values(values).some(Boolean)) rows.push({ row: rowNo, values });
  });
  return rows;
}

/** A sheet of rows for an export (the caller sends it). */
export function sheetColumns(columns: Column[], lang: Lang) {
  return columns.map(([key, zh, en, width]) => ({ key, header: lang === 'en-US' ? en : zh, width }));
}

/* ---------------------------------------------------------------- GeoJSON */

interface Feature {
  type: 'Feature';
  geometry: { type: string; coordinates: unknown } | null;
  properties: Record<string, unknown> | null;
}

/** The features of an uploaded GeoJSON FeatureCollection (or of a single Feature). */
export function readFeatures(data: Buffer): Feature[] {
  let doc: unknown;
  try {
    doc = JSON.parse(data.toString('utf8'));
  } catch {
    throw fail('gis.geojson.invalid');
  }
  const d = doc as { type?: string; features?: unknown };
  if (d?.type === 'Feature') return [doc as Feature];
  if (d?.type !== 'FeatureCollection' || !Array.isArray(d.features)) throw fail('gis.geojson.invalid');
  return d.features as Feature[];
}

const prop = (f: Feature, ...keys: string[]): string => {
  for (const key of keys) {
    const value = f.properties?.[key];
    if (value !== undefined && value !== null && value !== '') return String(value).trim();
  }
  return '';
};

const isPosition = (p: unknown): p is [number, number] =>
  Array.isArray(p) && p.length >= 2 && typeof p[0] === 'number' && typeof p[1] === 'number';

/** A sheet or GeoJSON record before it is checked: plain texts, and positions in the file's system. */
export interface AssetRecord {
  row: number;
  values: Record<string, string>;
  position?: [number, number];
}

export function assetRecordsOf(features: Feature[], lang: Lang): { records: AssetRecord[]; failures: Failure[] } {
  const records: AssetRecord[] = [];
  const failures: Failure[] = [];
  features.forEach((f, i) => {
    const row = i + 1;
    if (f?.geometry && (f.geometry.type !== 'Point' || !isPosition(f.geometry.coordinates))) {
      failures.push({ row, reason: message('gis.import.geometry', lang, { row, expected: 'Point' }) });
      return;
    }
    const values = Object.fromEntries(ASSET_COLUMNS.map(([key, zh, en]) => [key, prop(f, key, zh, en)])) as Record<
      string,
      string
    >;
    if (!values.categoryName) values.categoryName = prop(f, 'category');
    records.push({ row, values, position: f?.geometry ? (f.geometry.coordinates as [number, number]) : undefined });
  });
  return { records, failures };
}

export interface RoadRecord {
  row: number;
  values: Record<string, string>;
  path?: LngLat[];
}

export function roadRecordsOf(features: Feature[], lang: Lang): { records: RoadRecord[]; failures: Failure[] } {
  const records: RoadRecord[] = [];
  const failures: Failure[] = [];
  features.forEach((f, i) => {
    const row = i + 1;
    const g = f?.geometry;
    const line =
      g?.type === 'LineString'
        ? g.coordinates
        : g?.type === 'MultiLineString' && Array.isArray(g.coordinates) && g.coordinates.length === 1
          ? g.coordinates[0]
          : undefined;
    if (!Array.isArray(line) || !line.every(isPosition)) {
      failures.push({ row, reason: message('gis.import.geometry', lang, { row, expected: 'LineString' }) });
      return;
    }
    const values = Object.fromEntries(ROAD_COLUMNS.map(([key, zh, en]) => [key, prop(f, key, zh, en)])) as Record<
      string,
      string
    >;
    records.push({ row, values, path: (line as [number, number][]).map(([x, y]) => [x, y] as LngLat) });
  });
  return { records, failures };
}

/** The line written in a sheet cell: 'lng,lat;lng,lat;…'. */
export function pathOfText(text: string): LngLat[] | undefined {
  const points = text
    .split(/[;；\n]/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => p.split(/[,，\s]+/).map(Number));
  if (!points.length || points.some((p) => p.length !== 2 || p.some((n) => !Number.isFinite(n)))) return undefined;
  return points as LngLat[];
}
export const textOfPath = (path: readonly LngLat[]) => path.map(([x, y]) => `${x},${y}`).join(';');

/* ---------------------------------------------------------------- checking a record */

const firstIssue = (error: z.ZodError, lang: Lang) => renderIssue(error.issues[0]!, lang);
const convert = (p: LngLat, crs: CoordSystem): LngLat => {
  const [x, y] = convertCoord(p, crs, 'WGS84');
  return [Math.round(x * 1e7) / 1e7, Math.round(y * 1e7) / 1e7];
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An asset record checked like a form (the same rules, the same words), positions converted to WGS-84. */
export function checkAsset(
  record: AssetRecord,
  ctx: {
    projectId: number;
    crs: CoordSystem;
    lang: Lang;
    categories: Map<string, { id: number; kind: string }>;
    devices: Map<string, { id: number; lng: number | null; lat: number | null }>;
  },
): AssetValues | Failure {
  const { row, values: v } = record;
  const reason = (text: string) => ({ row, reason: message('gis.import.row', ctx.lang, { row, reason: text }) });
  const category = ctx.categories.get(v.categoryName ?? '');
  if (!category)
    return reason(message('valid.enum', ctx.lang, { field: ctx.lang === 'en-US' ? 'Category' : '资产分类' }));
  for (const key of ['installDate', 'warrantyEnd'] as const)
    if (v[key] && !DATE.test(v[key]))
      return { row, reason: message('gis.import.date', ctx.lang, { row, value: v[key] }) };
  let device: { id: number; lng: number | null; lat: number | null } | undefined;
  if (v.deviceUid) {
    device = ctx.devices.get(v.deviceUid);
    if (!device) return reason(message('gis.device.notFound', ctx.lang, { uid: v.deviceUid }));
  }
  let position: LngLat | undefined = record.position;
  if (!position && (v.longitude || v.latitude)) {
    const lng = Number(v.longitude);
    const lat = Number(v.latitude);
    if (!v.longitude || !v.latitude || !Number.isFinite(lng) || !Number.isFinite(lat))
      return { row, reason: message('gis.import.position', ctx.lang, { row }) };
    position = [lng, lat];
  }
  if (position && (Math.abs(position[0]) > 180 || Math.abs(position[1]) > 90))
    return { row, reason: message('gis.import.position', ctx.lang, { row }) };
  const stored = position ? convert(position, ctx.crs) : device?.lng != null ? [device.lng, device.lat!] : undefined;
  const parsed = assetBody.safeParse({
    projectId: ctx.projectId,
    categoryId: category.id,
    assetCode: v.assetCode,
    name: v.name,
    assetKind: v.assetKind ? kindOf(v.assetKind) : category.kind,
    deviceId: device?.id ?? null,
    installDate: v.installDate || null,
    warrantyEnd: v.warrantyEnd || null,
    supplier: v.supplier,
    model: v.model,
    longitude: stored?.[0] ?? null,
    latitude: stored?.[1] ?? null,
    remark: v.remark,
  });
  if (!parsed.success) return reason(firstIssue(parsed.error, ctx.lang));
  const { projectId: _p, assetId: _a, ...values } = parsed.data;
  return values;
}

/** A road record checked like a form, its line converted to WGS-84. */
export function checkRoad(
  record: RoadRecord,
  ctx: { projectId: number; crs: CoordSystem; lang: Lang },
): RoadValues | Failure {
  const { row, values: v } = record;
  const reason = (text: string) => ({ row, reason: message('gis.import.row', ctx.lang, { row, reason: text }) });
  const path = record.path ?? pathOfText(v.line ?? '');
  if (!path) return { row, reason: message('gis.import.position', ctx.lang, { row }) };
  const parsed = roadBody.safeParse({
    projectId: ctx.projectId,
    name: v.name,
    lightingClass: (v.lightingClass ?? '').toUpperCase(),
    width: v.width || 0,
    buffer: v.buffer || undefined,
    line: path.map((p) => convert(p, ctx.crs)),
    remark: v.remark,
  });
  if (!parsed.success) return reason(firstIssue(parsed.error, ctx.lang));
  const { projectId: _p, roadId: _r, ...values } = parsed.data;
  return values;
}

export const isFailure = (x: object): x is Failure => 'reason' in x && 'row' in x;

/* ---------------------------------------------------------------- GeoJSON out */

export function assetCollection(
  rows: { longitude: number | null; latitude: number | null; [key: string]: unknown }[],
  lang: Lang,
) {
  return {
    type: 'FeatureCollection',
    features: rows.map((r) => ({
      type: 'Feature',
      geometry:
        r.longitude === null || r.latitude === null ? null : { type: 'Point', coordinates: [r.longitude, r.latitude] },
      properties: {
        assetId: r.assetId,
        assetCode: r.assetCode,
        name: r.name,
        categoryName: r.categoryName,
        assetKind: r.assetKind,
        assetKindLabel: KIND_LABELS[r.assetKind as keyof typeof KIND_LABELS]?.[lang === 'en-US' ? 1 : 0] ?? r.assetKind,
        deviceUid: r.deviceUid,
        roadName: r.roadName,
        installDate: r.installDate,
        warrantyEnd: r.warrantyEnd,
        supplier: r.supplier,
        model: r.model,
        remark: r.remark,
      },
    })),
  };
}

export function roadCollection(rows: { line: LngLat[]; [key: string]: unknown }[]) {
  return {
    type: 'FeatureCollection',
    features: rows.map((r) => ({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: r.line },
      properties: {
        roadId: r.roadId,
        name: r.name,
        lightingClass: r.lightingClass,
        width: r.width,
        buffer: r.buffer,
        length: r.length,
        area: r.area,
        lampCount: r.lampCount,
        remark: r.remark,
      },
    })),
  };
}
