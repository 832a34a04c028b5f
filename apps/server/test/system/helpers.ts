import ExcelJS from 'exceljs';
import type { TestApp } from '../harness.ts';

/** Ids of the seeded demo customer: its departments, roles and users. */
export async function demoIds(t: TestApp) {
  const one = async (sql: string, params: unknown[] = []) => {
    const [row] = await t.deps.database.query<{ id: number }>(sql, params);
    if (!row) throw new Error(`nothing for ${sql}`);
    return Number(row.id);
  };
  const client = await one("select client_id id from sys_client where code = 'DEMO'");
  return {
    client,
    company: await one("select dept_id id from sys_dept where dept_name = '演示城市照明'"),
    ops: await one("select dept_id id from sys_dept where dept_name = '运维中心'"),
    crew: await one("select dept_id id from sys_dept where dept_name = '延庆维修班'"),
    platformDept: await one("select dept_id id from sys_dept where dept_name = 'Luxgrid'"),
    customerAdminRole: await one("select role_id id from sys_role where role_key = 'customer_admin'"),
    operatorRole: await one("select role_id id from sys_role where role_key = 'operator'"),
    adminRole: await one("select role_id id from sys_role where role_key = 'admin'"),
    admin: await one("select user_id id from sys_user where user_name = 'admin'"),
    demoAdmin: await one("select user_id id from sys_user where user_name = 'demo_admin'"),
    operator: await one("select user_id id from sys_user where user_name = 'demo_operator'"),
    post: await one("select post_id id from sys_post where post_code = 'operator'"),
  };
}

export async function menuId(t: TestApp, key: string): Promise<number> {
  const [row] = await t.deps.database.query<{ id: number }>('select menu_id id from sys_menu where menu_key = $1', [
    key,
  ]);
  if (!row) throw new Error(`no menu ${key}`);
  return Number(row.id);
}

/** A multipart body with one file field, as a browser sends it. */
export function multipart(name: string, content: Buffer, field = 'file', fields: Record<string, string> = {}) {
  const boundary = '----luxgrid-system';
  const body = Buffer.concat([
    ...Object.entries(fields).map(([key, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An .xlsx with a header row and the given rows. */
export async function workbook(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('users');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The rows of the first sheet of an .xlsx answer. */
export async function readSheet(body: Buffer | string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((Buffer.isBuffer(body) ? body : Buffer.from(body, 'binary')) as unknown as ArrayBuffer);
  const out: string[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return out;
}

/** Calls a download route and returns the raw bytes and headers. */
export async function download(
  t: TestApp,
  url: string,
  opts: { token: string; lang?: 'zh-CN' | 'en-US'; body?: object; headers?: Record<string, string> },
) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      access_token: opts.token,
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      ...opts.headers,
    },
    payload: opts.body ?? {},
  });
  return { status: res.statusCode, headers: res.headers, data: res.rawPayload };
}
