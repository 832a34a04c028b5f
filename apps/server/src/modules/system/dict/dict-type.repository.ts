import type { DictTypeAddBody } from '@luxgrid/contracts';
import { and, asc, eq, gte, ilike, inArray, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { localized } from '../../../platform/i18n.ts';
import { dateRange, type PageQuery } from '../../../platform/paging.ts';
import { containing } from '../../../platform/params.ts';
import { findIn, readExport, readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { created, type Scope, updated } from '../../../platform/scope.ts';
import { formatDate } from '../user/user-info.ts';
import { sysDictData, sysDictType } from './dict.table.ts';

/**
 * Dictionary types (sys_dict_type), the platform's own: the only SQL over them. Entries live in
 * sys_dict_data and follow a renamed type.
 */

export interface DictTypeFilter extends PageQuery {
  dictName?: string;
  dictType?: string;
  status?: '0' | '1' | '';
}

export const DICT_TYPE_SORTABLE = {
  dictId: sysDictType.dictId,
  dictName: sysDictType.dictName,
  dictType: sysDictType.dictType,
  createTime: sysDictType.createTime,
};
export const DICT_TYPE_ORDER = [asc(sysDictType.dictId)];

const view = (row: typeof sysDictType.$inferSelect, scope: Scope) => ({
  ...row,
  title: localized(scope.lang, row.dictName, row.dictNameEn),
  createTime: formatDate(row.createTime),
  updateTime: formatDate(row.updateTime),
});

function filtered(q: DictTypeFilter): SQL | undefined {
  const { begin, end } = dateRange(q);
  return and(
    q.dictName
      ? or(ilike(sysDictType.dictName, containing(q.dictName)), ilike(sysDictType.dictNameEn, containing(q.dictName)))
      : undefined,
    q.dictType ? ilike(sysDictType.dictType, containing(q.dictType)) : undefined,
    q.status ? eq(sysDictType.status, q.status) : undefined,
    begin ? gte(sysDictType.createTime, begin) : undefined,
    end ? lte(sysDictType.createTime, end) : undefined,
  );
}

async function ensureUnique(db: Db, dictType: string, dictName: string, selfId?: number) {
  const [clash] = await db
    .select({ id: sysDictType.dictId })
    .from(sysDictType)
    .where(and(eq(sysDictType.dictType, dictType), selfId ? ne(sysDictType.dictId, selfId) : undefined));
  if (clash) throw fail('system.dict.typeExists', { dictName });
}

export async function listDictTypes(db: Db, scope: Scope, q: DictTypeFilter, page: ListPage) {
  const { rows, total } = await readPage(db, sysDictType, filtered(q), page);
  return { rows: rows.map((r) => view(r, scope)), total };
}

export async function exportDictTypes(db: Db, scope: Scope, q: DictTypeFilter) {
  const rows = await readExport(db, sysDictType, filtered(q), ...DICT_TYPE_ORDER);
  return rows.map((r) => view(r, scope));
}

/** Every type, for selects. */
export async function allDictTypes(db: Db, scope: Scope) {
  const rows = await db.select().from(sysDictType).orderBy(asc(sysDictType.dictType));
  return rows.map((r) => view(r, scope));
}

export async function findDictType(db: Db, scope: Scope, dictId: number) {
  const row = await findIn(db, sysDictType, sysDictType.dictId, dictId, undefined);
  return row && view(row, scope);
}

export async function insertDictType(db: Db, scope: Scope, now: number, body: DictTypeAddBody) {
  await ensureUnique(db, body.dictType, body.dictName);
  const [row] = await db
    .insert(sysDictType)
    .values({
      dictName: body.dictName,
      dictNameEn: body.dictNameEn ?? '',
      dictType: body.dictType,
      status: body.status ?? '0',
      remark: body.remark ?? '',
      ...created(scope, now),
    })
    .returning({ id: sysDictType.dictId });
  return { dictId: row!.id };
}

export async function updateDictType(db: Db, scope: Scope, now: number, dictId: number, body: DictTypeAddBody) {
  const [target] = await db.select().from(sysDictType).where(eq(sysDictType.dictId, dictId));
  if (!target) throw notFound();
  await ensureUnique(db, body.dictType, body.dictName, dictId);
  await db.transaction(async (tx) => {
    await tx
      .update(sysDictType)
      .set({
        dictName: body.dictName,
        dictNameEn: body.dictNameEn ?? '',
        dictType: body.dictType,
        status: body.status ?? target.status,
        remark: body.remark ?? '',
        ...updated(scope, now),
      })
      .where(eq(sysDictType.dictId, dictId));
    // a renamed type takes its entries along
    if (body.dictType !== target.dictType)
      await tx.update(sysDictData).set({ dictType: body.dictType }).where(eq(sysDictData.dictType, target.dictType));
  });
}

/** Removes types without entries. */
export async function deleteDictTypes(db: Db, _scope: Scope, ids: number[]) {
  const rows = await db.select().from(sysDictType).where(inArray(sysDictType.dictId, ids));
  if (rows.length !== ids.length) throw notFound();
  const [used] = await db
    .select({ dictType: sysDictData.dictType })
    .from(sysDictData)
    .where(
      inArray(
        sysDictData.dictType,
        rows.map((r) => r.dictType),
      ),
    )
    .limit(1);
  if (used)
    throw fail('system.dict.typeAssigned', { dictName: rows.find((r) => r.dictType === used.dictType)!.dictName });
  await db.delete(sysDictType).where(inArray(sysDictType.dictId, ids));
}
