import { and, asc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import type { PageQuery } from '../../../platform/paging.ts';
import { containing } from '../../../platform/params.ts';
import { findIn, readExport, readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { created, type Scope, updated } from '../../../platform/scope.ts';
import { dictView } from './dict.service.ts';
import { sysDictData, sysDictType } from './dict.table.ts';

/** Dictionary entries (sys_dict_data), the platform's own: the only SQL that writes them. */

export interface DictDataFilter extends PageQuery {
  dictType?: string;
  dictLabel?: string;
  status?: '0' | '1' | '';
}
export interface DictDataValues {
  dictSort: number;
  dictLabel: string;
  dictLabelEn?: string;
  dictValue: string;
  dictType: string;
  cssClass?: string;
  listClass?: string;
  isDefault: 'Y' | 'N';
  status: '0' | '1';
  remark?: string;
}

export const DICT_DATA_SORTABLE = {
  dictCode: sysDictData.dictCode,
  dictSort: sysDictData.dictSort,
  dictValue: sysDictData.dictValue,
  dictLabel: sysDictData.dictLabel,
  createTime: sysDictData.createTime,
};
export const DICT_DATA_ORDER = [asc(sysDictData.dictType), asc(sysDictData.dictSort), asc(sysDictData.dictCode)];

function filtered(q: DictDataFilter): SQL | undefined {
  return and(
    q.dictType ? eq(sysDictData.dictType, q.dictType) : undefined,
    q.dictLabel
      ? or(
          ilike(sysDictData.dictLabel, containing(q.dictLabel)),
          ilike(sysDictData.dictLabelEn, containing(q.dictLabel)),
        )
      : undefined,
    q.status ? eq(sysDictData.status, q.status) : undefined,
  );
}

export async function listDictData(db: Db, scope: Scope, q: DictDataFilter, page: ListPage) {
  const { rows, total } = await readPage(db, sysDictData, filtered(q), page);
  return { rows: rows.map((r) => dictView(r, scope.lang)), total };
}

export async function exportDictData(db: Db, scope: Scope, q: DictDataFilter) {
  const rows = await readExport(db, sysDictData, filtered(q), ...DICT_DATA_ORDER);
  return rows.map((r) => dictView(r, scope.lang));
}

export async function findDictData(db: Db, scope: Scope, dictCode: number) {
  const row = await findIn(db, sysDictData, sysDictData.dictCode, dictCode, undefined);
  return row && dictView(row, scope.lang);
}

async function ensureTypeExists(db: Db, type: string) {
  const [found] = await db.select({ id: sysDictType.dictId }).from(sysDictType).where(eq(sysDictType.dictType, type));
  if (!found) throw fail('system.dict.typeMissing', { dictType: type });
}

/** A value appears once in its type. */
async function ensureUnique(db: Db, values: DictDataValues, selfId?: number) {
  const [clash] = await db
    .select({ id: sysDictData.dictCode })
    .from(sysDictData)
    .where(
      and(
        eq(sysDictData.dictType, values.dictType),
        eq(sysDictData.dictValue, values.dictValue),
        selfId ? ne(sysDictData.dictCode, selfId) : undefined,
      ),
    );
  if (clash) throw fail('system.dict.valueExists', { dictLabel: values.dictLabel, dictValue: values.dictValue });
}

const stored = (values: DictDataValues) => ({
  ...values,
  dictLabelEn: values.dictLabelEn ?? '',
  cssClass: values.cssClass ?? '',
  listClass: values.listClass ?? '',
  remark: values.remark ?? '',
});

export async function insertDictData(db: Db, scope: Scope, now: number, values: DictDataValues) {
  await ensureTypeExists(db, values.dictType);
  await ensureUnique(db, values);
  await db.insert(sysDictData).values({ ...stored(values), ...created(scope, now) });
}

export async function updateDictData(db: Db, scope: Scope, now: number, dictCode: number, values: DictDataValues) {
  await ensureTypeExists(db, values.dictType);
  await ensureUnique(db, values, dictCode);
  const changed = await db
    .update(sysDictData)
    .set({ ...stored(values), ...updated(scope, now) })
    .where(eq(sysDictData.dictCode, dictCode))
    .returning({ id: sysDictData.dictCode });
  if (!changed.length) throw notFound();
}

/** Removes the entries that exist; none of them → not found. */
export async function deleteDictData(db: Db, _scope: Scope, ids: number[]) {
  const removed = await db
    .delete(sysDictData)
    .where(inArray(sysDictData.dictCode, ids))
    .returning({ id: sysDictData.dictCode });
  if (!removed.length) throw notFound();
}
