import { and, asc, desc, eq, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { dateRange, type PageQuery } from '../../../platform/paging.ts';
import { readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { initialColumn, initialTable } from './gen.metadata.ts';
import { genTable, genTableColumn } from './gen.table.ts';

/** The code generator's imported tables and their column settings: the SQL over gen_table(_column). */

export interface GenTableFilter extends PageQuery {
  tableName?: string;
  tableComment?: string;
}

export const GEN_SORTABLE = {
  tableId: genTable.tableId,
  tableName: genTable.tableName,
  className: genTable.className,
  createTime: genTable.createTime,
  updateTime: genTable.updateTime,
};
export const GEN_ORDER = [desc(genTable.tableId)];

export type GenTableRow = typeof genTable.$inferSelect;
export type GenColumnRow = typeof genTableColumn.$inferSelect;
type SchemaTable = Parameters<typeof initialTable>[0];
type SchemaColumn = Parameters<typeof initialColumn>[0];

export const tableView = (row: GenTableRow) => ({
  ...row,
  createTime: formatDate(row.createTime),
  updateTime: formatDate(row.updateTime),
});
export const columnView = (row: GenColumnRow) => ({
  ...row,
  createTime: formatDate(row.createTime),
  updateTime: formatDate(row.updateTime),
});

export async function listGenTables(db: Db, q: GenTableFilter, page: ListPage) {
  const { begin, end } = dateRange(q);
  const where = and(
    q.tableName ? ilike(genTable.tableName, `%${q.tableName}%`) : undefined,
    q.tableComment ? ilike(genTable.tableComment, `%${q.tableComment}%`) : undefined,
    begin ? gte(genTable.createTime, begin) : undefined,
    end ? lte(genTable.createTime, end) : undefined,
  );
  const { rows, total } = await readPage(db, genTable, where, page);
  return { rows: rows.map(tableView), total };
}

/** An imported table by id or name, with its columns in order; "not found" otherwise. */
export async function loadTable(db: Db, by: { tableId: number } | { tableName: string }) {
  const where: SQL = 'tableId' in by ? eq(genTable.tableId, by.tableId) : eq(genTable.tableName, by.tableName);
  const [row] = await db.select().from(genTable).where(where);
  if (!row) throw notFound();
  const columns = await db
    .select()
    .from(genTableColumn)
    .where(eq(genTableColumn.tableId, row.tableId))
    .orderBy(asc(genTableColumn.sort), asc(genTableColumn.columnId));
  return { row, columns };
}

/** Every imported table by name, for the edit form's choices. */
export async function genTableChoices(db: Db) {
  const tables = await db.select().from(genTable).orderBy(asc(genTable.tableName)).limit(500);
  return tables.map(tableView);
}

/** The first of these names that is imported already, if any. */
export async function importedAmong(db: Db, names: string[]): Promise<string | undefined> {
  const [imported] = await db
    .select({ name: genTable.tableName })
    .from(genTable)
    .where(inArray(genTable.tableName, names));
  return imported?.name;
}

/** Imports one table of the schema with its columns' first settings; answers its id. */
export function importTable(db: Db, table: SchemaTable, columns: SchemaColumn[], by: string, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(genTable)
      .values(initialTable(table, by, now))
      .returning({ tableId: genTable.tableId });
    if (columns.length)
      await tx
        .insert(genTableColumn)
        .values(columns.map((c, i) => ({ ...initialColumn(c, i + 1, by, now), tableId: row!.tableId })));
    return row!.tableId;
  });
}

/** The columns follow the database again; the user's choices for the kept ones stay. */
export async function syncColumns(
  db: Db,
  row: GenTableRow,
  columns: GenColumnRow[],
  fresh: SchemaColumn[],
  by: string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    for (const [i, c] of fresh.entries()) {
      const initial = initialColumn(c, i + 1, by, now);
      const kept = columns.find((k) => k.columnName === c.column_name);
      if (kept)
        // what the database says about the column is refreshed
        await tx
          .update(genTableColumn)
          .set({
            columnType: initial.columnType,
            isPk: initial.isPk,
            isIncrement: initial.isIncrement,
            maxLength: initial.maxLength,
            sort: i + 1,
            updateBy: by,
            updateTime: now,
          })
          .where(eq(genTableColumn.columnId, kept.columnId));
      else await tx.insert(genTableColumn).values({ ...initial, tableId: row.tableId });
    }
    const gone = columns.filter((k) => !fresh.some((c) => c.column_name === k.columnName)).map((k) => k.columnId);
    if (gone.length) await tx.delete(genTableColumn).where(inArray(genTableColumn.columnId, gone));
  });
}

/** Saves a table's generator settings and its columns' settings in one transaction. */
export async function updateGenTable(
  db: Db,
  tableId: number,
  values: Partial<typeof genTable.$inferInsert>,
  columns: ({ columnId: number } & Partial<typeof genTableColumn.$inferInsert>)[],
  by: string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(genTable)
      .set({
        ...values,
        tableComment: values.tableComment ?? '',
        functionNameEn: values.functionNameEn ?? '',
        functionAuthor: values.functionAuthor ?? '',
        remark: values.remark ?? '',
        updateBy: by,
        updateTime: now,
      })
      .where(eq(genTable.tableId, tableId));
    for (const { columnId, ...c } of columns)
      await tx
        .update(genTableColumn)
        .set({ ...c, columnComment: c.columnComment ?? '', updateBy: by, updateTime: now })
        .where(and(eq(genTableColumn.columnId, columnId), eq(genTableColumn.tableId, tableId)));
  });
}

/** Forgets imported tables with their columns; every id must name one. */
export async function deleteGenTables(db: Db, ids: number[]) {
  const rows = await db.select({ id: genTable.tableId }).from(genTable).where(inArray(genTable.tableId, ids));
  if (rows.length !== ids.length) throw notFound();
  await db.transaction(async (tx) => {
    await tx.delete(genTableColumn).where(inArray(genTableColumn.tableId, ids));
    await tx.delete(genTable).where(inArray(genTable.tableId, ids));
  });
}
