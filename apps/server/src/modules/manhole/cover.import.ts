import { type Lang, message } from '@luxgrid/contracts';
import { MANHOLE_COVER } from '@luxgrid/contracts/things/manhole';
import ExcelJS from 'exceljs';
import { fail } from '../../platform/errors.ts';
import { labelOf } from './cover.model.ts';

/* The covers' Excel import: its columns are the thing model's import columns, headed in either language. */

const COLUMNS = MANHOLE_COVER.importColumns;
export const MAX_COVER_ROWS = 5_000;

/** The template: one header row in the caller's language and one example row. */
export async function templateWorkbook(lang: Lang): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(lang === 'en-US' ? 'Manhole covers' : '井盖');
  sheet.columns = COLUMNS.map((c) => ({
    header: `${'required' in c && c.required ? '*' : ''}${labelOf(c.label, lang)}`,
    key: c.key,
    width: 22,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(Object.fromEntries(COLUMNS.map((c) => [c.key, c.example ?? ''])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface CoverSheetRow {
  row: number;
  uid: string;
  name: string;
  longitude: number | null;
  latitude: number | null;
}

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
  }
  return String(value).trim();
};

/** The rows of an uploaded sheet: the good ones, and why each other one was refused. */
export async function parseCoverSheet(
  data: Buffer,
  lang: Lang,
): Promise<{ rows: CoverSheetRow[]; failures: { row: number; reason: string }[] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw fail('upload.formatWrong');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fail('upload.formatWrong');
  const header = sheet.getRow(1);
  const at = new Map<string, number>();
  header.eachCell((cell, col) => {
    const text = cellText(cell.value).replace(/^\*/, '').trim();
    const column = COLUMNS.find((c) => c.label.zh === text || c.label.en === text);
    if (column) at.set(column.key, col);
  });
  const missing = COLUMNS.filter((c) => 'required' in c && c.required && !at.has(c.key));
  if (missing.length)
    throw fail('lighting.import.headers', { columns: missing.map((c) => labelOf(c.label, lang)).join(', ') });
  const rows: CoverSheetRow[] = [];
  const failures: { row: number; reason: string }[] = [];
  const seen = new Set<string>();
  const text = (row: ExcelJS.Row, key: string) => {
    const col = at.get(key);
    return col ? cellText(row.getCell(col).value) : '';
  };
  sheet.eachRow({ includeEmpty: false }, (row, rowNo) => {
    if (rowNo === 1) return;
    const uid = text(row, 'uid');
    const name = text(row, 'name');
    const lng = text(row, 'longitude');
    const lat = text(row, 'latitude');
    if (!uid && !name && !lng && !lat) return;
    const refuse = (reason: string) => failures.push({ row: rowNo, reason });
    if (!uid || !name)
      return refuse(message('manhole.param.required', lang, { param: labelOf(COLUMNS[uid ? 1 : 0]!.label, lang) }));
    if (uid.length > 64 || !/^[A-Za-z0-9_.:-]+$/.test(uid))
      return refuse(`${labelOf(COLUMNS[0]!.label, lang)}: ${uid}`);
    if (seen.has(uid)) return refuse(message('manhole.import.duplicate', lang, { row: rowNo }));
    const longitude = lng ? Number(lng) : null;
    const latitude = lat ? Number(lat) : null;
    if (longitude !== null && !(Math.abs(longitude) <= 180))
      return refuse(
        message('manhole.param.range', lang, { param: labelOf(COLUMNS[2]!.label, lang), min: -180, max: 180 }),
      );
    if (latitude !== null && !(Math.abs(latitude) <= 90))
      return refuse(
        message('manhole.param.range', lang, { param: labelOf(COLUMNS[3]!.label, lang), min: -90, max: 90 }),
      );
    seen.add(uid);
    rows.push({ row: rowNo, uid, name: name.slice(0, 64), longitude, latitude });
  });
  if (!rows.length && !failures.length) throw fail('lighting.import.empty');
  if (rows.length + failures.length > MAX_COVER_ROWS) throw fail('lighting.import.tooMany', { max: MAX_COVER_ROWS });
  return { rows, failures };
}
