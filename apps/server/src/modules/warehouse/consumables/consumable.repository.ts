import type { ConsumableBody } from '@luxgrid/contracts';
import { and, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { allIn, findIn } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { created, customerWhere, type Scope, updated } from '../../../platform/scope.ts';
import { audit, like } from '../shared.ts';
import { opsConsumable, opsStock, opsStockLine } from '../warehouse.table.ts';

export interface ConsumableFilter {
  name?: string;
  category?: string;
  status?: string;
  /** '1': only those below their minimum */
  low?: string;
}

/** On hand in every warehouse together. */
const onHand = sql<number>`coalesce((select sum(${opsStock.quantity}) from ${opsStock} where ${opsStock.consumableId} = ${opsConsumable.consumableId}), 0)::int`;
/** Below its minimum (a minimum of 0 is never low). */
export const isLow = (quantity: SQL<number>, minStock: SQL | typeof opsConsumable.minStock) =>
  sql<boolean>`(${minStock} > 0 and ${quantity} < ${minStock})`;

/** The customer's consumables with what is on hand: the only SQL over ops_consumable. */
export function consumableRepository(database: Database) {
  const { db } = database;
  const where = (scope: Scope, q: ConsumableFilter) =>
    and(
      customerWhere(scope, opsConsumable.clientId),
      q.name
        ? or(
            ilike(opsConsumable.name, like(q.name)),
            ilike(opsConsumable.code, like(q.name)),
            ilike(opsConsumable.model, like(q.name)),
          )
        : undefined,
      q.category ? eq(opsConsumable.category, q.category) : undefined,
      q.status ? eq(opsConsumable.status, q.status) : undefined,
      q.low === '1' ? isLow(onHand, opsConsumable.minStock) : undefined,
    );
  const select = () =>
    db.select({ c: opsConsumable, quantity: onHand, low: isLow(onHand, opsConsumable.minStock) }).from(opsConsumable);
  const shape = (r: { c: typeof opsConsumable.$inferSelect; quantity: number; low: boolean }) => ({
    ...audit(r.c),
    unitPrice: Number(r.c.unitPrice),
    quantity: Number(r.quantity),
    low: Boolean(r.low),
  });
  const values = (b: ConsumableBody) => ({
    code: b.code,
    name: b.name,
    category: b.category,
    model: b.model ?? '',
    unit: b.unit,
    minStock: b.minStock,
    unitPrice: b.unitPrice ?? 0,
    status: b.status ?? '0',
    remark: b.remark ?? '',
  });
  const uniqueCode = async (clientId: number, code: string, selfId?: number) => {
    const [clash] = await db
      .select({ id: opsConsumable.consumableId })
      .from(opsConsumable)
      .where(
        and(
          eq(opsConsumable.clientId, clientId),
          eq(opsConsumable.code, code),
          selfId ? ne(opsConsumable.consumableId, selfId) : undefined,
        ),
      );
    if (clash) throw fail('consumable.code.exists', { code });
  };

  return {
    sortable: {
      consumableId: opsConsumable.consumableId,
      code: opsConsumable.code,
      name: opsConsumable.name,
      category: opsConsumable.category,
    },
    order: [desc(opsConsumable.consumableId)],
    async list(scope: Scope, q: ConsumableFilter, page: ListPage) {
      const w = where(scope, q);
      const [rows, total] = await Promise.all([
        select()
          .where(w)
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
        db.$count(opsConsumable, w),
      ]);
      return { rows: rows.map(shape), total };
    },
    async exportRows(scope: Scope, q: ConsumableFilter) {
      const rows = await select().where(where(scope, q)).orderBy(desc(opsConsumable.consumableId)).limit(100_000);
      return rows.map((r) => ({ ...shape(r), low: r.low ? 'Y' : 'N' }));
    },
    async find(scope: Scope, id: number) {
      const [row] = await select().where(
        and(eq(opsConsumable.consumableId, id), customerWhere(scope, opsConsumable.clientId)),
      );
      return row ? shape(row) : undefined;
    },
    async insert(scope: Scope, now: number, clientId: number, body: ConsumableBody) {
      await uniqueCode(clientId, body.code);
      const [row] = await db
        .insert(opsConsumable)
        .values({ clientId, ...values(body), ...created(scope, now) })
        .returning({ consumableId: opsConsumable.consumableId });
      return row;
    },
    async update(scope: Scope, now: number, id: number, body: ConsumableBody) {
      const existing = await findIn(
        db,
        opsConsumable,
        opsConsumable.consumableId,
        id,
        customerWhere(scope, opsConsumable.clientId),
      );
      if (!existing) throw notFound();
      await uniqueCode(existing.clientId, body.code, existing.consumableId);
      await db
        .update(opsConsumable)
        .set({ ...values(body), ...updated(scope, now) })
        .where(eq(opsConsumable.consumableId, id));
    },
    async remove(scope: Scope, ids: number[]) {
      const mine = customerWhere(scope, opsConsumable.clientId);
      if (!(await allIn(db, opsConsumable, opsConsumable.consumableId, ids, mine))) throw notFound();
      const [used] = await db
        .select({ name: opsConsumable.name })
        .from(opsConsumable)
        .where(
          and(
            inArray(opsConsumable.consumableId, ids),
            or(
              sql`exists (select 1 from ${opsStock} where ${opsStock.consumableId} = ${opsConsumable.consumableId} and ${opsStock.quantity} > 0)`,
              sql`exists (select 1 from ${opsStockLine} where ${opsStockLine.consumableId} = ${opsConsumable.consumableId})`,
            ),
          ),
        )
        .limit(1);
      if (used) throw fail('consumable.inUse', { name: used.name });
      await db.delete(opsStock).where(inArray(opsStock.consumableId, ids));
      await db.delete(opsConsumable).where(inArray(opsConsumable.consumableId, ids));
    },
    /** Codes of this customer already taken, among these. */
    async takenCodes(clientId: number, codes: string[]) {
      if (!codes.length) return new Map<string, number>();
      const rows = await db
        .select({ id: opsConsumable.consumableId, code: opsConsumable.code })
        .from(opsConsumable)
        .where(and(eq(opsConsumable.clientId, clientId), inArray(opsConsumable.code, codes)));
      return new Map(rows.map((r) => [r.code, r.id]));
    },
    /** Imports rows: new codes are added; known ones are updated when asked, else refused by the caller. */
    async importRows(
      scope: Scope,
      now: number,
      clientId: number,
      rows: { body: ConsumableBody; existingId?: number }[],
    ) {
      await db.transaction(async (tx) => {
        const fresh = rows.filter((r) => !r.existingId);
        if (fresh.length)
          await tx
            .insert(opsConsumable)
            .values(fresh.map((r) => ({ clientId, ...values(r.body), ...created(scope, now) })));
        for (const r of rows.filter((x) => x.existingId))
          await tx
            .update(opsConsumable)
            .set({ ...values(r.body), ...updated(scope, now) })
            .where(and(eq(opsConsumable.consumableId, r.existingId!), eq(opsConsumable.clientId, clientId)));
      });
    },
  };
}
