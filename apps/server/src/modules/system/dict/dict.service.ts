import type { Lang } from '@luxgrid/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Deps } from '../../../platform/context.ts';
import { localized } from '../../../platform/i18n.ts';
import { sysDictData } from './dict.table.ts';

export const DICT_PREFIX = 'dict:';
const DICT_TTL_SECONDS = 3600;

type DictRow = typeof sysDictData.$inferSelect;

export function dictView(row: DictRow, lang: Lang) {
  return {
    dictCode: row.dictCode,
    dictSort: row.dictSort,
    dictLabel: localized(lang, row.dictLabel, row.dictLabelEn),
    dictLabelZh: row.dictLabel,
    dictLabelEn: row.dictLabelEn,
    dictValue: row.dictValue,
    dictType: row.dictType,
    cssClass: row.cssClass,
    listClass: row.listClass,
    isDefault: row.isDefault,
    status: row.status,
    remark: row.remark,
  };
}

/** Enabled entries of a dictionary type, cached until a dictionary edit clears them. */
export async function dictByType(deps: Deps, dictType: string): Promise<DictRow[]> {
  const cached = await deps.cache.get(DICT_PREFIX + dictType);
  if (cached) return JSON.parse(cached) as DictRow[];
  const rows = await deps.database.db
    .select()
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.status, '0')))
    .orderBy(asc(sysDictData.dictSort), asc(sysDictData.dictCode));
  await deps.cache.set(DICT_PREFIX + dictType, JSON.stringify(rows), DICT_TTL_SECONDS);
  return rows;
}

/** Turns a dictionary's values into its labels in the caller's language (exports); unknown values stay as they are. */
export async function dictLabels(deps: Deps, lang: Lang, dictType: string): Promise<(value: unknown) => string> {
  const labels = new Map(
    (await dictByType(deps, dictType)).map((item) => [
      item.dictValue,
      localized(lang, item.dictLabel, item.dictLabelEn),
    ]),
  );
  return (value) => (value === null || value === undefined ? '' : (labels.get(String(value)) ?? String(value)));
}

export async function clearDictCache(deps: Deps, dictType?: string): Promise<void> {
  if (dictType) await deps.cache.del(DICT_PREFIX + dictType);
  else await deps.cache.delPrefix(DICT_PREFIX);
}
