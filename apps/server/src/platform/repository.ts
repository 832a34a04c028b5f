import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db.ts';
import { EXPORT_LIMIT, type ListPage } from './resource-routes.ts';

/**
 * The few queries every customer table is read with. Feature repositories build on these and
 * always pass the scope's condition (`scopeWhere`), so a foreign id is simply not found.
 */

/** One page of `from` under `where`, in the order the list asked for, and the total. */
export async function readPage<T extends PgTable>(
  db: Db,
  from: T,
  where: SQL | undefined,
  page: ListPage,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(from as PgTable)
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    db.$count(from as PgTable, where),
  ]);
  return { rows: rows as T['$inferSelect'][], total };
}

/** Every row of `from` under `where` for an export, in `order`, at most EXPORT_LIMIT. */
export async function readExport<T extends PgTable>(
  db: Db,
  from: T,
  where: SQL | undefined,
  ...order: SQL[]
): Promise<T['$inferSelect'][]> {
  const rows = await db
    .select()
    .from(from as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(EXPORT_LIMIT);
  return rows as T['$inferSelect'][];
}

/** The row of `from` with this id that `where` (the scope) lets the caller see, if any. */
export async function findIn<T extends PgTable>(
  db: Db,
  from: T,
  idColumn: AnyPgColumn,
  id: number,
  where: SQL | undefined,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(from as PgTable)
    .where(and(eq(idColumn, id), where));
  return row as T['$inferSelect'] | undefined;
}

/** Whether every id names a row of `from` that `where` (the scope) lets the caller see or change. */
export async function allIn(
  db: Db,
  from: PgTable,
  idColumn: AnyPgColumn,
  ids: number[],
  where: SQL | undefined,
): Promise<boolean> {
  const rows = await db
    .select({ id: idColumn })
    .from(from)
    .where(and(inArray(idColumn, ids), where));
  return rows.length === ids.length;
}

/** How many rows of `from` refer to each of these ids (tag → devices, group → members). */
export async function countPer(
  db: Db,
  from: PgTable,
  column: AnyPgColumn,
  ids: number[],
): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const counts = await db
    .select({ id: column, n: sql<number>`count(*)::int` })
    .from(from)
    .where(inArray(column, ids))
    .groupBy(column);
  return new Map(counts.map((c) => [c.id as number, c.n]));
}
