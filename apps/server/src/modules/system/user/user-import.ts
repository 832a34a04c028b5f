import {
  type Bilingual,
  type Lang,
  message,
  renderIssue,
  rule,
  type UserImportRow,
  userImportRow,
} from '@luxgrid/contracts';
import { and, desc, inArray, or, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { drawPassword, hashDrawnPassword } from '../../../platform/auth/password.ts';
import { invalidateAuthz } from '../../../platform/auth/principal.ts';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { fail } from '../../../platform/errors.ts';
import { dataScopeFilter } from '../../../platform/rbac.ts';
import { customerWhere } from '../../../platform/scope.ts';
import { sysDept } from '../dept/dept.table.ts';
import { dictByType } from '../dict/dict.service.ts';
import { deptScope, userScope } from './user.service.ts';
import { sysUser } from './user.table.ts';
import { type ImportRowError, sysUserImport } from './user-import.table.ts';
import { formatDate } from './user-info.ts';

export const MAX_IMPORT_ROWS = 5000;

/** Columns of the import template and of the export, with their headers in both languages. */
export const IMPORT_COLUMNS: { key: keyof UserImportRow; header: Bilingual; width: number }[] = [
  { key: 'deptId', header: { 'zh-CN': '部门编号', 'en-US': 'Department id' }, width: 12 },
  { key: 'userName', header: { 'zh-CN': '登录名称', 'en-US': 'Account' }, width: 20 },
  { key: 'nickName', header: { 'zh-CN': '用户名称', 'en-US': 'Nickname' }, width: 20 },
  { key: 'email', header: { 'zh-CN': '用户邮箱', 'en-US': 'Email' }, width: 28 },
  { key: 'phonenumber', header: { 'zh-CN': '手机号码', 'en-US': 'Mobile' }, width: 16 },
  { key: 'sex', header: { 'zh-CN': '用户性别', 'en-US': 'Gender' }, width: 10 },
  { key: 'status', header: { 'zh-CN': '帐号状态', 'en-US': 'Status' }, width: 10 },
];

export function templateColumns(lang: Lang) {
  return IMPORT_COLUMNS.map((c) => ({ header: c.header[lang], key: c.key, width: c.width }));
}

type Issue = ImportRowError['issues'][number];

interface ParsedRow {
  row: number;
  raw: Record<string, string>;
  value?: UserImportRow;
  issues: Issue[];
}

/** Reads label or code cells (男 / Male / 0) into dictionary values. */
async function labelMapper(deps: Deps, dictType: string) {
  const items = await dictByType(deps, dictType);
  const map = new Map<string, string>();
  for (const item of items) {
    map.set(item.dictValue.toLowerCase(), item.dictValue);
    map.set(item.dictLabel.toLowerCase(), item.dictValue);
    if (item.dictLabelEn) map.set(item.dictLabelEn.toLowerCase(), item.dictValue);
  }
  // RuoYi's own status labels
  if (dictType === 'sys_normal_disable') map.set('停用', '1');
  return (text: string) => (text === '' ? undefined : (map.get(text.toLowerCase()) ?? text));
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'text' in value && typeof value.text === 'string') return value.text.trim();
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '').trim();
  if (typeof value === 'object' && 'richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}

/** Opens an .xlsx (also one saved with an .xls name); legacy binary .xls is named as such. */
async function openWorkbook(data: Buffer): Promise<ExcelJS.Worksheet> {
  if (data.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) throw fail('system.user.importLegacyXls');
  if (data[0] !== 0x50 || data[1] !== 0x4b) throw fail('upload.formatWrong');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw fail('upload.formatWrong');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fail('system.user.importEmpty');
  return sheet;
}

async function parseSheet(deps: Deps, data: Buffer): Promise<ParsedRow[]> {
  const sheet = await openWorkbook(data);
  const headerToKey = new Map<string, keyof UserImportRow>();
  for (const column of IMPORT_COLUMNS) {
    headerToKey.set(column.key.toLowerCase(), column.key);
    headerToKey.set(column.header['zh-CN'].toLowerCase(), column.key);
    headerToKey.set(column.header['en-US'].toLowerCase(), column.key);
  }
  const columns = new Map<number, keyof UserImportRow>();
  sheet.getRow(1).eachCell((cell, col) => {
    const key = headerToKey.get(cellText(cell).toLowerCase());
    if (key) columns.set(col, key);
  });
  if (![...columns.values()].includes('userName')) throw fail('upload.formatWrong');
  if (sheet.actualRowCount - 1 > MAX_IMPORT_ROWS) throw fail('system.user.importTooMany', { max: MAX_IMPORT_ROWS });

  const sex = await labelMapper(deps, 'sys_user_sex');
  const status = await labelMapper(deps, 'sys_normal_disable');
  const rows: ParsedRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const raw: Record<string, string> = {};
    for (const [col, key] of columns) raw[key] = cellText(row.getCell(col));
    if (Object.values(raw).every((v) => v === '')) return;
    const input = {
      userName: raw.userName,
      nickName: raw.nickName,
      deptId: raw.deptId || undefined,
      email: raw.email || undefined,
      phonenumber: raw.phonenumber || undefined,
      sex: sex(raw.sex ?? ''),
      status: status(raw.status ?? ''),
    };
    const parsed = userImportRow.safeParse(input);
    rows.push(
      parsed.success
        ? { row: rowNumber, raw, value: parsed.data, issues: [] }
        : {
            row: rowNumber,
            raw,
            issues: parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message, code: i.code })),
          },
    );
  });
  if (rows.length > MAX_IMPORT_ROWS) throw fail('system.user.importTooMany', { max: MAX_IMPORT_ROWS });
  return rows;
}

export interface ImportResult {
  importId: number;
  total: number;
  successCount: number;
  insertCount: number;
  updateCount: number;
  failCount: number;
  errors: { row: number; userName: string; msg: string }[];
  /** the drawn password of every added user, answered once to the importer and kept nowhere */
  passwords: { userName: string; nickName: string; password: string }[];
}

export function renderRowErrors(errors: ImportRowError[], lang: Lang) {
  return errors.map((e) => ({
    row: e.row,
    userName: e.userName,
    msg: message('system.user.importRow', lang, {
      row: e.row,
      msg: e.issues.map((issue) => renderIssue(issue, lang)).join('; '),
    }),
  }));
}

const issue = (field: string, key: Parameters<typeof rule>[0], params?: Record<string, unknown>): Issue => ({
  path: [field],
  message: rule(key, params),
});

/**
 * Imports users from a sheet: each row is validated on its own, rows that pass are written in
 * one multi-row INSERT (and one UPDATE for existing accounts when `updateSupport`), and an
 * import record keeps the counts and every row error.
 */
export async function importUsers(
  deps: Deps,
  ctx: Ctx,
  file: { fileName: string; data: Buffer },
  updateSupport: boolean,
): Promise<ImportResult> {
  const started = performance.now();
  const { db } = deps.database;
  const rows = await parseSheet(deps, file.data);
  if (!rows.length) throw fail('system.user.importEmpty');
  const clientId = ctx.clientId;

  // accounts named twice in the file: every occurrence after the first fails
  const seen = new Set<string>();
  for (const row of rows) {
    if (!row.value) continue;
    const name = row.value.userName;
    if (seen.has(name)) row.issues.push(issue('userName', 'system.user.importDuplicate', { userName: name }));
    seen.add(name);
  }
  const valid = () => rows.filter((r) => r.value && !r.issues.length) as (ParsedRow & { value: UserImportRow })[];

  const names = valid().map((r) => r.value.userName);
  const existing = names.length
    ? await db
        .select({ userId: sysUser.userId, userName: sysUser.userName, clientId: sysUser.clientId })
        .from(sysUser)
        .where(inArray(sysUser.userName, names))
    : [];
  const updatable = names.length
    ? new Set(
        (
          await db
            .select({ userName: sysUser.userName })
            .from(sysUser)
            .where(and(inArray(sysUser.userName, names), userScope(ctx)))
        ).map((r) => r.userName),
      )
    : new Set<string>();
  const existingByName = new Map(existing.map((e) => [e.userName, e]));
  for (const row of valid()) {
    const found = existingByName.get(row.value.userName);
    if (!found) continue;
    if (!updateSupport)
      row.issues.push(issue('userName', 'system.user.importExists', { userName: row.value.userName }));
    else if (!updatable.has(found.userName) || found.clientId !== clientId)
      row.issues.push(issue('userName', 'system.user.importForeign', { userName: row.value.userName }));
  }

  const restricted = dataScopeFilter(ctx.principal, { dept: sysUser.deptId }) !== undefined;
  const deptIds = [...new Set(valid().flatMap((r) => (r.value.deptId ? [r.value.deptId] : [])))];
  const allowedDepts = deptIds.length
    ? new Set(
        (
          await db
            .select({ id: sysDept.deptId })
            .from(sysDept)
            .where(and(inArray(sysDept.deptId, deptIds), deptScope(ctx, clientId)))
        ).map((d) => d.id),
      )
    : new Set<number>();
  for (const row of valid()) {
    if (row.value.deptId === undefined) {
      if (restricted) row.issues.push(issue('deptId', 'valid.required'));
    } else if (!allowedDepts.has(row.value.deptId)) row.issues.push(issue('deptId', 'system.user.deptUnavailable'));
  }

  // mobile numbers and emails belong to one user: not another account's, nor repeated in the file
  const phones = valid().flatMap((r) => (r.value.phonenumber ? [r.value.phonenumber] : []));
  const emails = valid().flatMap((r) => (r.value.email ? [r.value.email] : []));
  const clauses: SQL[] = [];
  if (phones.length) clauses.push(inArray(sysUser.phonenumber, phones));
  if (emails.length) clauses.push(inArray(sysUser.email, emails));
  const holders = clauses.length
    ? await db
        .select({ userName: sysUser.userName, phonenumber: sysUser.phonenumber, email: sysUser.email })
        .from(sysUser)
        .where(or(...clauses))
    : [];
  const phoneOwner = new Map<string, string>();
  const emailOwner = new Map<string, string>();
  for (const h of holders) {
    if (h.phonenumber) phoneOwner.set(h.phonenumber, h.userName);
    if (h.email) emailOwner.set(h.email, h.userName);
  }
  for (const row of valid()) {
    const { userName, phonenumber, email } = row.value;
    if (phonenumber) {
      const owner = phoneOwner.get(phonenumber);
      if (owner !== undefined && owner !== userName)
        row.issues.push(issue('phonenumber', 'system.user.importValueTaken'));
      else phoneOwner.set(phonenumber, userName);
    }
    if (email) {
      const owner = emailOwner.get(email);
      if (owner !== undefined && owner !== userName) row.issues.push(issue('email', 'system.user.importValueTaken'));
      else emailOwner.set(email, userName);
    }
  }

  const good = valid();
  const inserts = good.filter((r) => !existingByName.has(r.value.userName));
  const updates = good.filter((r) => existingByName.has(r.value.userName));
  const now = new Date(deps.clock.now());
  const passwords: ImportResult['passwords'] = [];
  if (inserts.length) {
    // every added account gets its own drawn password, which its user must replace at first sign-in
    const v = inserts.map((r) => r.value);
    const hashes: string[] = [];
    for (let i = 0; i < v.length; i += 64) {
      const batch = v.slice(i, i + 64).map((x) => {
        const password = drawPassword();
        passwords.push({ userName: x.userName, nickName: x.nickName, password });
        return hashDrawnPassword(password);
      });
      hashes.push(...(await Promise.all(batch)));
    }
    await deps.database.query(
      `insert into sys_user (client_id, dept_id, user_name, nick_name, email, phonenumber, sex, status, password,
         pwd_must_change, create_by, create_time)
       select $1::bigint, d, u, n, e, p, s, st, h, true, $2, $3::timestamptz
         from unnest($4::bigint[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
           as v(d, u, n, e, p, s, st, h)`,
      [
        clientId,
        ctx.principal.userName,
        now.toISOString(),
        v.map((x) => x.deptId ?? null),
        v.map((x) => x.userName),
        v.map((x) => x.nickName),
        v.map((x) => x.email ?? ''),
        v.map((x) => x.phonenumber ?? ''),
        v.map((x) => x.sex ?? '2'),
        v.map((x) => x.status ?? '0'),
        hashes,
      ],
    );
  }
  if (updates.length) {
    const v = updates.map((r) => r.value);
    await deps.database.query(
      `update sys_user u set dept_id = coalesce(v.d, u.dept_id), nick_name = v.n,
         email = coalesce(v.e, u.email), phonenumber = coalesce(v.p, u.phonenumber),
         sex = coalesce(v.s, u.sex), status = coalesce(v.st, u.status), update_by = $1, update_time = $2::timestamptz
       from unnest($3::text[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
         as v(u, d, n, e, p, s, st)
       where u.user_name = v.u`,
      [
        ctx.principal.userName,
        now.toISOString(),
        v.map((x) => x.userName),
        v.map((x) => x.deptId ?? null),
        v.map((x) => x.nickName),
        v.map((x) => x.email ?? null),
        v.map((x) => x.phonenumber ?? null),
        v.map((x) => x.sex ?? null),
        v.map((x) => x.status ?? null),
      ],
    );
    await invalidateAuthz(deps.cache);
  }

  const failed = rows.filter((r) => r.issues.length);
  const errors: ImportRowError[] = failed.map((r) => ({
    row: r.row,
    userName: r.value?.userName ?? r.raw.userName ?? '',
    issues: r.issues,
  }));
  const [record] = await db
    .insert(sysUserImport)
    .values({
      clientId,
      fileName: file.fileName.slice(0, 255),
      updateSupport,
      total: rows.length,
      successCount: good.length,
      insertCount: inserts.length,
      updateCount: updates.length,
      failCount: failed.length,
      errors,
      costTime: Math.round(performance.now() - started),
      operName: ctx.principal.userName,
      createTime: now,
    })
    .returning({ id: sysUserImport.importId });
  return {
    importId: record!.id,
    total: rows.length,
    successCount: good.length,
    insertCount: inserts.length,
    updateCount: updates.length,
    failCount: failed.length,
    errors: renderRowErrors(errors, ctx.lang),
    passwords,
  };
}

export function importRecordView(row: typeof sysUserImport.$inferSelect, lang: Lang, withErrors: boolean) {
  const { errors, ...rest } = row;
  return {
    ...rest,
    createTime: formatDate(row.createTime),
    ...(withErrors ? { errors: renderRowErrors(errors, lang) } : {}),
  };
}

export async function listImportRecords(deps: Deps, ctx: Ctx, page: { limit: number; offset: number }) {
  const where = customerWhere(ctx, sysUserImport.clientId);
  const [rows, total] = await Promise.all([
    deps.database.db
      .select()
      .from(sysUserImport)
      .where(where)
      .orderBy(desc(sysUserImport.createTime), desc(sysUserImport.importId))
      .limit(page.limit)
      .offset(page.offset),
    deps.database.db.$count(sysUserImport, where),
  ]);
  return { rows, total };
}
