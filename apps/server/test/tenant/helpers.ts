import type { TestApp } from '../harness.ts';

export const DAY = 86_400_000;

/** 'yyyy-MM-dd HH:mm:ss' in local time, as the forms send it. */
export function fmt(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export async function idOf(t: TestApp, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await t.deps.database.query<{ id: number }>(sql, params);
  if (!row) throw new Error(`no row for ${sql}`);
  return Number(row.id);
}

export const demoClientId = (t: TestApp) => idOf(t, "select client_id as id from sys_client where code = 'DEMO'");

export const systemsOf = async (t: TestApp, clientId: number) =>
  (
    await t.deps.database.query<{ system_id: number }>(
      'select system_id from sys_client_system where client_id = $1 order by system_id',
      [clientId],
    )
  ).map((r) => Number(r.system_id));

/** A valid customer form; override what a case is about. */
export function customerForm(code: string, extra: Record<string, unknown> = {}) {
  return {
    code,
    name: `${code} 城市照明`,
    shortName: code,
    address: '江苏省南京市',
    contacts: '王工',
    phone: '13900139000',
    platformName: `${code} 智慧照明`,
    mainAccount: `${code.toLowerCase()}_admin`,
    defaultPassword: 'Init@2026',
    systemIds: [100],
    ...extra,
  };
}

/** A valid project form; override what a case is about. */
export function projectForm(code: string, extra: Record<string, unknown> = {}) {
  return {
    projectCode: code,
    projectName: `${code} 城区`,
    projectShortName: code,
    city: '南京',
    address: '南京市玄武区',
    longitude: 118.79,
    latitude: 32.06,
    projectContacts: '赵工',
    projectContactsPhone: '13700137000',
    mapType: 'gaode',
    language: 'zh-CN',
    timeZone: '+8',
    operate: 'nanjing-ops',
    ...extra,
  };
}

export function packageForm(name: string, extra: Record<string, unknown> = {}) {
  return {
    packageName: name,
    subscriptionPrice: 1999.99,
    mode: 'time',
    period: 'year',
    periodCount: 1,
    status: '0',
    systemIds: [100],
    ...extra,
  };
}
