import { deviceTypeDefinition } from '@luxgrid/contracts';
import ExcelJS from 'exceljs';

/** A thin client of the Luxgrid HTTP API (RuoYi envelope: code 200 = ok). */
export class Api {
  constructor(
    readonly url: string,
    private token = '',
  ) {}

  async login(username: string, password: string): Promise<void> {
    const captcha = await this.call<{ captchaEnabled?: boolean }>('GET', '/captchaImage');
    if (captcha.captchaEnabled)
      throw new Error(
        'the server asks for a captcha at sign-in: pass --token <access token> (or --token-file), or start the server with CAPTCHA_ENABLED=false',
      );
    const res = await this.call<{ token: string }>('POST', '/adminlogin', { username, password });
    this.token = res.token;
  }

  // biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field
  async call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const res = await fetch(this.url + path, {
      method,
      headers: {
        ...(this.token ? { access_token: this.token } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        'accept-language': 'en-US',
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; msg: string } & T;
    if (json.code !== 200) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`);
    return json;
  }

  /** Uploads rows as an .xlsx import of one device type and waits for the job to finish. */
  /** Imports rows through the type's Excel template; `columns` are the thing model's column keys. */
  async importRows(projectId: number, type: string, columns: string[], rows: unknown[][]) {
    if (!rows.length) return { successCount: 0, failCount: 0 };
    const headers = columns.map((key) => {
      const column = deviceTypeDefinition(type)?.importColumns?.find((c) => c.key === key);
      if (!column) throw new Error(`the ${type} template has no column ${key}`);
      return column.label.en;
    });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(type);
    sheet.addRow(headers);
    for (const row of rows) sheet.addRow(row);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const form = new FormData();
    form.append('file', new Blob([file]), `${type}.xlsx`);
    const res = await fetch(`${this.url}/lighting/import/${type}?projectId=${projectId}`, {
      method: 'POST',
      headers: { access_token: this.token, 'accept-language': 'en-US' },
      body: form,
    });
    const json = (await res.json()) as { code: number; msg: string; data: { recordId: number } };
    if (json.code !== 200) throw new Error(`import ${type}: ${json.msg}`);
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const progress = await this.call<{ data: { status: string; successCount: number; failCount: number } }>(
        'GET',
        `/lighting/import/progress/${json.data.recordId}`,
      );
      if (progress.data.status === 'DONE') {
        if (progress.data.failCount) {
          const fails = await this.call<{ rows: { message: string }[] }>(
            'GET',
            `/lighting/import/importRecordDetail/page?recordId=${json.data.recordId}&result=FAIL&pageSize=3`,
          );
          console.warn(
            `  ${type}: ${progress.data.failCount} rows refused, e.g. ${fails.rows.map((r) => r.message).join(' | ')}`,
          );
        }
        return progress.data;
      }
      if (progress.data.status === 'FAILED') throw new Error(`import ${type} failed`);
    }
  }

  /** Registers manhole covers from an .xlsx (UID, name, longitude, latitude); answers each new cover's secret. */
  async importCovers(projectId: number, rows: unknown[][]): Promise<{ uid: string; secret: string }[]> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('covers');
    sheet.addRow(['UID', 'Name', 'Longitude', 'Latitude']);
    for (const row of rows) sheet.addRow(row);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(await workbook.xlsx.writeBuffer())]), 'covers.xlsx');
    const res = await fetch(`${this.url}/manhole/device/import?projectId=${projectId}`, {
      method: 'POST',
      headers: { access_token: this.token, 'accept-language': 'en-US' },
      body: form,
    });
    const json = (await res.json()) as {
      code: number;
      msg: string;
      data: { failures: { row: number; reason: string }[]; credentials: { uid: string; secret: string }[] };
    };
    if (json.code !== 200) throw new Error(`import covers: ${json.msg}`);
    if (json.data.failures.length)
      console.warn(`  covers: ${json.data.failures.length} rows refused, e.g. ${json.data.failures[0]!.reason}`);
    return json.data.credentials;
  }
}
