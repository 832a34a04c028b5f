import { type ConsumableBody, consumableBody, type Lang, message, renderIssue } from '@luxgrid/contracts';
import { findDict } from '@luxgrid/contracts/seed/dicts';
import ExcelJS from 'exceljs';
import { fail } from '../../../platform/errors.ts';

/* The consumables' Excel import: a template headed in the caller's language, read back in either. */

export const MAX_CONSUMABLE_ROWS = 5_000;

const COLUMNS = [
  { key: 'code', zh: '耗材编码', en: 'Code', required: true, example: 'LH-100W' },
  { key: 'name', zh: '耗材名称', en: 'Name', required: true, example: '100W LED 灯头' },
  { key: 'category', zh: '耗材类别', en: 'Category', required: true, example: 'LAMP_HEAD' },
  { key: 'model', zh: '规格型号', en: 'Model', required: false, example: 'GL-LED-100' },
  { key: 'unit', zh: '单位', en: 'Unit', required: true, example: '个' },
  { key: 'minStock', zh: '最低库存', en: 'Minimum stock', required: false, example: '20' },
  { key: 'unitPrice', zh: '单价', en: 'Unit price', required: false, example: '320' },
  { key: 'remark', zh: '备注', en: 'Remark', required: false, example: '' },
] as const;

const categories = () => findDict('ops_consumable_category')?.items ?? [];

/** The template: a header row, an example, and the categories on a second sheet. */
export async function templateWorkbook(lang: Lang): Promise<Buffer> {
  const en = lang === 'en-US';
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(en ? 'Consumables' : '耗材');
  sheet.columns = COLUMNS.map((c) => ({
    header: `${c.required ? '*' : ''}${en ? c.en : c.zh}`,
    key: c.key,
    width: 20,
  }));
  sheet.getRow(1).font = { bold: true };
  const lamp = categories().find((i) => i.value === 'LAMP_HEAD');
  sheet.addRow(
    Object.fromEntries(
      COLUMNS.map((c) => [c.key, c.key === 'category' && lamp ? (en ? lamp.labelEn : lamp.label) : c.example]),
    ),
  );
  const list = workbook.addWorksheet(en ? 'Categories' : '类别');
  list.columns = [
    { header: en ? 'Category' : '类别', key: 'label', width: 20 },
    { header: en ? 'Code' : '代码', key: 'value', width: 16 },
  ];
  for (const item of categories()) list.addRow({ label: en ? item.labelEn : item.label, value: item.value });
  return Buffer.from(await workbook.xlsx.writeBuffer());
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

export interface ConsumableSheetRow {
  row: number;
  body: ConsumableBody;
}

/** The rows of an uploaded sheet: the good ones, and why each other one was refused. */
export async function parseConsumableSheet(
  data: Buffer,
  lang: Lang,
): Promise<{ rows: ConsumableSheetRow[]; failures: { row: number; reason: string }[] }> {
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
    const text = cellText(cell.value).replace(/^\*/, '').trim();
    const column = COLUMNS.find((c) => c.zh === text || c.en === text || c.key === text);
    if (column) at.set(column.key, col);
  });
  const missing = COLUMNS.filter((c) => c.required && !at.has(c.key));
  if (missing.length)
    throw fail('lighting.import.headers', { columns: missing.map((c) => (lang === 'en-US' ? c.en : c.zh)).join(', ') });
  const category = (text: string) =>
    categories().find(
      (i) => i.value === text.toUpperCase() || i.label === text || i.labelEn.toLowerCase() === text.toLowerCase(),
    )?.value ?? text;
  const rows: ConsumableSheetRow[] = [];
  const failures: { row: number; reason: string }[] = [];
  const seen = new Map<string, number>();
  sheet.eachRow({ includeEmpty: false }, (row, rowNo) => {
    if (rowNo === 1) return;
    const raw: Record<string, string> = {};
    for (const c of COLUMNS) {
      const col = at.get(c.key);
      raw[c.key] = col ? cellText(row.getCell(col).value) : '';
    }
    if (COLUMNS.every((c) => !raw[c.key])) return;
    const parsed = consumableBody.safeParse({ ...raw, category: category(raw.category ?? '') });
    if (!parsed.success) {
      const reason = parsed.error.issues
        .map((i) => renderIssue({ path: i.path, message: i.message, code: i.code }, lang))
        .join('; ');
      failures.push({ row: rowNo, reason: message('consumable.import.invalid', lang, { row: rowNo, reason }) });
      return;
    }
    const first = seen.get(parsed.data.code);
    if (first) {
      failures.push({ row: rowNo, reason: message('consumable.import.duplicate', lang, { row: rowNo, first }) });
      return;
    }
    seen.set(parsed.data.code, rowNo);
    rows.push({ row: rowNo, body: parsed.data });
  });
  if (!rows.length && !failures.length) throw fail('lighting.import.empty');
  if (rows.length + failures.length > MAX_CONSUMABLE_ROWS)
    throw fail('lighting.import.tooMany', { max: MAX_CONSUMABLE_ROWS });
  return { rows, failures };
}
