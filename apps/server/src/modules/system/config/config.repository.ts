import { and, asc, desc, eq, gte, ilike, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { localized } from '../../../platform/i18n.ts';
import { dateRange, type PageQuery } from '../../../platform/paging.ts';
import { findIn, readExport, readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { created, type Scope, updated } from '../../../platform/scope.ts';
import { formatDate } from '../user/user-info.ts';
import { sysConfig } from './config.table.ts';

/**
 * Parameters (sys_config): the platform's own settings, the only SQL over them. The scope
 * carries the reader's language (names) and the writer's name; parameters belong to no customer.
 */

export interface ConfigFilter extends PageQuery {
  configName?: string;
  configKey?: string;
  configType?: 'Y' | 'N' | '';
}
export interface ConfigValues {
  configName: string;
  configNameEn?: string;
  configKey: string;
  configValue: string;
  configType: 'Y' | 'N';
  remark?: string;
}

export const CONFIG_SORTABLE = {
  configId: sysConfig.configId,
  configKey: sysConfig.configKey,
  configName: sysConfig.configName,
  createTime: sysConfig.createTime,
};
export const CONFIG_ORDER = [desc(sysConfig.configId)];

/** Parameters that hold a credential: answered masked, and the mask sent back keeps the saved value. */
export const SECRET_CONFIG_KEYS = new Set(['sys.mail.password', 'gis.map.key.tianditu']);
export const CONFIG_MASK = '******';

const view = (row: typeof sysConfig.$inferSelect, scope: Scope) => ({
  ...row,
  configValue: SECRET_CONFIG_KEYS.has(row.configKey) && row.configValue ? CONFIG_MASK : row.configValue,
  // the list shows the name in the reader's language; the form edits both
  configName: localized(scope.lang, row.configName, row.configNameEn),
  configNameZh: row.configName,
  createTime: formatDate(row.createTime),
  updateTime: formatDate(row.updateTime),
});

function filtered(q: ConfigFilter): SQL | undefined {
  const { begin, end } = dateRange(q);
  return and(
    q.configName ? ilike(sysConfig.configName, `%${q.configName}%`) : undefined,
    q.configKey ? ilike(sysConfig.configKey, `%${q.configKey}%`) : undefined,
    q.configType ? eq(sysConfig.configType, q.configType) : undefined,
    begin ? gte(sysConfig.createTime, begin) : undefined,
    end ? lte(sysConfig.createTime, end) : undefined,
  );
}

async function ensureUniqueKey(db: Db, key: string, name: string, selfId?: number) {
  const [clash] = await db
    .select({ id: sysConfig.configId })
    .from(sysConfig)
    .where(and(eq(sysConfig.configKey, key), selfId ? ne(sysConfig.configId, selfId) : undefined));
  if (clash) throw fail('config.keyExists', { name });
}

export async function listConfigs(db: Db, scope: Scope, q: ConfigFilter, page: ListPage) {
  const { rows, total } = await readPage(db, sysConfig, filtered(q), page);
  return { rows: rows.map((r) => view(r, scope)), total };
}

export async function exportConfigs(db: Db, scope: Scope, q: ConfigFilter) {
  const rows = await readExport(db, sysConfig, filtered(q), asc(sysConfig.configId));
  return rows.map((r) => view(r, scope));
}

/** One parameter as its form edits it: the name as stored (zh-CN), beside its English name. */
export async function findConfig(db: Db, scope: Scope, configId: number) {
  const row = await findIn(db, sysConfig, sysConfig.configId, configId, undefined);
  return row && { ...view(row, scope), configName: row.configName };
}

export async function insertConfig(db: Db, scope: Scope, now: number, values: ConfigValues) {
  await ensureUniqueKey(db, values.configKey, values.configName);
  await db.insert(sysConfig).values({
    ...values,
    configNameEn: values.configNameEn ?? '',
    remark: values.remark ?? '',
    ...created(scope, now),
  });
}

export async function updateConfig(db: Db, scope: Scope, now: number, configId: number, values: ConfigValues) {
  await ensureUniqueKey(db, values.configKey, values.configName, configId);
  const keep = SECRET_CONFIG_KEYS.has(values.configKey) && values.configValue === CONFIG_MASK;
  const { configValue, ...rest } = values;
  const changed = await db
    .update(sysConfig)
    .set({ ...rest, ...(keep ? {} : { configValue }), remark: values.remark ?? '', ...updated(scope, now) })
    .where(eq(sysConfig.configId, configId))
    .returning({ id: sysConfig.configId });
  if (!changed.length) throw notFound();
}

/** Removes user-defined parameters; a built-in one refuses the whole removal. */
export async function deleteConfigs(db: Db, _scope: Scope, ids: number[]) {
  const rows = await db.select().from(sysConfig).where(inArray(sysConfig.configId, ids));
  const builtIn = rows.find((r) => r.configType === 'Y');
  if (builtIn) throw fail('config.builtinDelete', { key: builtIn.configKey });
  if (rows.length !== ids.length) throw notFound();
  await db.delete(sysConfig).where(inArray(sysConfig.configId, ids));
}
