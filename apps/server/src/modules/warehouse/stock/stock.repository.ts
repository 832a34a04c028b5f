import type { StockInBody, StockLineBody, StockOutApproveBody, StockOutBody } from '@luxgrid/contracts';
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { EXPORT_LIMIT, type ListPage } from '../../../platform/resource-routes.ts';
import { created, customerWhere, type Scope } from '../../../platform/scope.ts';
import { sysUser } from '../../system/user/user.table.ts';
import { isLow } from '../consumables/consumable.repository.ts';
import { audit, docNo, formatDate, like } from '../shared.ts';
import {
  opsConsumable,
  opsStock,
  opsStockIn,
  opsStockLine,
  opsStockMovement,
  opsStockOut,
  opsWarehouse,
} from '../warehouse.table.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface StockFilter {
  warehouseId?: number;
  consumableId?: number;
  name?: string;
  category?: string;
  low?: string;
}

export interface DocFilter {
  warehouseId?: number;
  no?: string;
  inType?: string;
  purpose?: string;
  state?: string;
  workOrderId?: number;
  begin?: Date;
  end?: Date;
}

export interface MovementFilter {
  warehouseId?: number;
  consumableId?: number;
  direction?: string;
  workOrderId?: number;
  person?: string;
  no?: string;
  begin?: Date;
  end?: Date;
}

/** The customer's total on hand of the consumable in the current row. */
const totalOf = (consumableId: SQL | typeof opsConsumable.consumableId) =>
  sql<number>`coalesce((select sum(s2.quantity) from ops_stock s2 where s2.consumable_id = ${consumableId}), 0)::int`;

/**
 * Stock in, stock out (approved before the parts leave), levels and movements: the only SQL over
 * ops_stock*. Every change of a shelf happens in one transaction with its movement; a stock-out
 * takes parts with `quantity = quantity - n where quantity >= n` (the row lock orders concurrent
 * takers; the one who finds too little is refused) and the table's check refuses any negative level.
 */
export function stockRepository(database: Database) {
  const { db } = database;

  /** The warehouse (in scope, enabled) a document is written to. */
  const warehouseFor = async (tx: Tx | Db, scope: Scope, warehouseId: number) => {
    const [w] = await tx
      .select()
      .from(opsWarehouse)
      .where(and(eq(opsWarehouse.warehouseId, warehouseId), customerWhere(scope, opsWarehouse.clientId)));
    if (!w) throw notFound();
    if (w.status !== '0') throw fail('warehouse.disabled', { name: w.name });
    return w;
  };

  /** The consumables of the lines, all of the warehouse's customer and enabled, each on one line. */
  const consumablesFor = async (tx: Tx | Db, clientId: number, lines: StockLineBody[]) => {
    const ids = lines.map((l) => l.consumableId);
    const rows = await tx
      .select()
      .from(opsConsumable)
      .where(and(inArray(opsConsumable.consumableId, ids), eq(opsConsumable.clientId, clientId)));
    const byId = new Map(rows.map((r) => [r.consumableId, r]));
    const seen = new Set<number>();
    for (const line of lines) {
      const c = byId.get(line.consumableId);
      if (!c) throw notFound();
      if (seen.has(c.consumableId)) throw fail('stock.line.duplicate', { name: c.name });
      seen.add(c.consumableId);
      if (c.status !== '0') throw fail('consumable.disabled', { name: c.name });
    }
    return byId;
  };

  /** The user a stock-out goes to, of the same customer. */
  const recipientUser = async (clientId: number, userId: number) => {
    const [u] = await db
      .select({ userId: sysUser.userId, nickName: sysUser.nickName, userName: sysUser.userName })
      .from(sysUser)
      .where(and(eq(sysUser.userId, userId), eq(sysUser.clientId, clientId), eq(sysUser.delFlag, '0')));
    if (!u) throw notFound();
    return u;
  };

  const insertLines = (
    tx: Tx,
    docType: 'IN' | 'OUT',
    docId: number,
    lines: StockLineBody[],
    prices: Map<number, number>,
  ) =>
    tx.insert(opsStockLine).values(
      lines.map((l) => ({
        docType,
        docId,
        consumableId: l.consumableId,
        quantity: l.quantity,
        unitPrice: l.unitPrice ?? prices.get(l.consumableId) ?? 0,
      })),
    );

  const linesOf = async (docType: 'IN' | 'OUT', docIds: number[]) => {
    if (!docIds.length) return new Map<number, ReturnType<typeof shapeLine>[]>();
    const rows = await db
      .select({
        l: opsStockLine,
        code: opsConsumable.code,
        name: opsConsumable.name,
        model: opsConsumable.model,
        unit: opsConsumable.unit,
      })
      .from(opsStockLine)
      .innerJoin(opsConsumable, eq(opsConsumable.consumableId, opsStockLine.consumableId))
      .where(and(eq(opsStockLine.docType, docType), inArray(opsStockLine.docId, docIds)))
      .orderBy(asc(opsStockLine.lineId));
    const out = new Map<number, ReturnType<typeof shapeLine>[]>();
    for (const r of rows) {
      const list = out.get(r.l.docId) ?? [];
      list.push(shapeLine(r));
      out.set(r.l.docId, list);
    }
    return out;
  };

  /** Totals of each document's lines. */
  const totals = (docType: 'IN' | 'OUT', docId: SQL | typeof opsStockIn.stockInId | typeof opsStockOut.stockOutId) => ({
    totalQuantity: sql<number>`coalesce((select sum(l.quantity) from ops_stock_line l where l.doc_type = ${docType} and l.doc_id = ${docId}), 0)::int`,
    totalAmount: sql<number>`coalesce((select sum(l.quantity * l.unit_price) from ops_stock_line l where l.doc_type = ${docType} and l.doc_id = ${docId}), 0)::float8`,
  });

  /* ---------------------------------------------------------------- stock in */

  const inWhere = (scope: Scope, q: DocFilter) =>
    and(
      customerWhere(scope, opsStockIn.clientId),
      q.warehouseId ? eq(opsStockIn.warehouseId, q.warehouseId) : undefined,
      q.no ? ilike(opsStockIn.inNo, like(q.no)) : undefined,
      q.inType ? eq(opsStockIn.inType, q.inType) : undefined,
      q.workOrderId ? eq(opsStockIn.workOrderId, q.workOrderId) : undefined,
      q.begin ? gte(opsStockIn.createTime, q.begin) : undefined,
      q.end ? lte(opsStockIn.createTime, q.end) : undefined,
    );
  const inSelect = () =>
    db
      .select({ d: opsStockIn, warehouseName: opsWarehouse.name, ...totals('IN', opsStockIn.stockInId) })
      .from(opsStockIn)
      .innerJoin(opsWarehouse, eq(opsWarehouse.warehouseId, opsStockIn.warehouseId));
  const shapeIn = (r: {
    d: typeof opsStockIn.$inferSelect;
    warehouseName: string;
    totalQuantity: number;
    totalAmount: number;
  }) => ({
    ...audit(r.d),
    warehouseName: r.warehouseName,
    totalQuantity: Number(r.totalQuantity),
    totalAmount: Number(r.totalAmount),
  });

  const stockIn = {
    sortable: { stockInId: opsStockIn.stockInId, inNo: opsStockIn.inNo, createTime: opsStockIn.createTime },
    order: [desc(opsStockIn.stockInId)],
    async list(scope: Scope, q: DocFilter, page: ListPage) {
      const w = inWhere(scope, q);
      const [rows, total] = await Promise.all([
        inSelect()
          .where(w)
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
        db.$count(opsStockIn, w),
      ]);
      return { rows: rows.map(shapeIn), total };
    },
    async find(scope: Scope, id: number) {
      const [row] = await inSelect().where(
        and(eq(opsStockIn.stockInId, id), customerWhere(scope, opsStockIn.clientId)),
      );
      if (!row) return undefined;
      return { ...shapeIn(row), lines: (await linesOf('IN', [id])).get(id) ?? [] };
    },
    /** One row per line, for the export. */
    async exportRows(scope: Scope, q: DocFilter) {
      const rows = await db
        .select({
          d: opsStockIn,
          warehouseName: opsWarehouse.name,
          l: opsStockLine,
          code: opsConsumable.code,
          name: opsConsumable.name,
          model: opsConsumable.model,
          unit: opsConsumable.unit,
        })
        .from(opsStockIn)
        .innerJoin(opsWarehouse, eq(opsWarehouse.warehouseId, opsStockIn.warehouseId))
        .innerJoin(opsStockLine, and(eq(opsStockLine.docType, 'IN'), eq(opsStockLine.docId, opsStockIn.stockInId)))
        .innerJoin(opsConsumable, eq(opsConsumable.consumableId, opsStockLine.consumableId))
        .where(inWhere(scope, q))
        .orderBy(desc(opsStockIn.stockInId), asc(opsStockLine.lineId))
        .limit(EXPORT_LIMIT);
      return rows.map((r) => ({
        ...audit(r.d),
        warehouseName: r.warehouseName,
        ...shapeLine(r),
      }));
    },
    async insert(scope: Scope, now: number, body: StockInBody) {
      const time = new Date(now);
      return db.transaction(async (tx) => {
        const w = await warehouseFor(tx, scope, body.warehouseId);
        const consumables = await consumablesFor(tx, w.clientId, body.lines);
        const person = body.person || scope.userName;
        const [doc] = await tx
          .insert(opsStockIn)
          .values({
            clientId: w.clientId,
            inNo: `tmp-${now}-${Math.random().toString(36).slice(2, 10)}`,
            warehouseId: w.warehouseId,
            inType: body.inType,
            supplier: body.supplier ?? '',
            workOrderId: body.workOrderId ?? null,
            person: body.person ?? '',
            remark: body.remark ?? '',
            ...created(scope, now),
          })
          .returning({ id: opsStockIn.stockInId });
        const inNo = docNo('RK', now, doc!.id);
        await tx.update(opsStockIn).set({ inNo }).where(eq(opsStockIn.stockInId, doc!.id));
        const prices = new Map([...consumables.values()].map((c) => [c.consumableId, Number(c.unitPrice)]));
        await insertLines(tx, 'IN', doc!.id, body.lines, prices);
        // shelves in a fixed order, so that concurrent documents lock them alike
        for (const line of [...body.lines].sort((a, b) => a.consumableId - b.consumableId)) {
          const [level] = await tx
            .insert(opsStock)
            .values({
              warehouseId: w.warehouseId,
              consumableId: line.consumableId,
              clientId: w.clientId,
              quantity: line.quantity,
              updateTime: time,
            })
            .onConflictDoUpdate({
              target: [opsStock.warehouseId, opsStock.consumableId],
              set: { quantity: sql`ops_stock.quantity + ${line.quantity}`, updateTime: time },
            })
            .returning({ quantity: opsStock.quantity });
          await tx.insert(opsStockMovement).values({
            clientId: w.clientId,
            warehouseId: w.warehouseId,
            consumableId: line.consumableId,
            direction: 'IN',
            reason: body.inType,
            docType: 'IN',
            docId: doc!.id,
            docNo: inNo,
            quantity: line.quantity,
            balance: level!.quantity,
            workOrderId: body.workOrderId ?? null,
            person,
            operator: scope.userName,
            time,
          });
        }
        return { stockInId: doc!.id, inNo };
      });
    },
  };

  /* ---------------------------------------------------------------- stock out */

  const outWhere = (scope: Scope, q: DocFilter) =>
    and(
      customerWhere(scope, opsStockOut.clientId),
      q.warehouseId ? eq(opsStockOut.warehouseId, q.warehouseId) : undefined,
      q.no ? ilike(opsStockOut.outNo, like(q.no)) : undefined,
      q.purpose ? eq(opsStockOut.purpose, q.purpose) : undefined,
      q.state ? eq(opsStockOut.state, q.state) : undefined,
      q.workOrderId ? eq(opsStockOut.workOrderId, q.workOrderId) : undefined,
      q.begin ? gte(opsStockOut.createTime, q.begin) : undefined,
      q.end ? lte(opsStockOut.createTime, q.end) : undefined,
    );
  const outSelect = () =>
    db
      .select({ d: opsStockOut, warehouseName: opsWarehouse.name, ...totals('OUT', opsStockOut.stockOutId) })
      .from(opsStockOut)
      .innerJoin(opsWarehouse, eq(opsWarehouse.warehouseId, opsStockOut.warehouseId));
  const shapeOut = (r: {
    d: typeof opsStockOut.$inferSelect;
    warehouseName: string;
    totalQuantity: number;
    totalAmount: number;
  }) => ({
    ...audit(r.d),
    approveTime: formatDate(r.d.approveTime),
    warehouseName: r.warehouseName,
    totalQuantity: Number(r.totalQuantity),
    totalAmount: Number(r.totalAmount),
  });

  /** What is on the shelves of a warehouse, by consumable. */
  const levelsIn = async (tx: Tx | Db, warehouseId: number, ids: number[]) => {
    const rows = await tx
      .select({ id: opsStock.consumableId, quantity: opsStock.quantity })
      .from(opsStock)
      .where(and(eq(opsStock.warehouseId, warehouseId), inArray(opsStock.consumableId, ids)));
    return new Map(rows.map((r) => [r.id, r.quantity]));
  };
  const refuseShort = (c: typeof opsConsumable.$inferSelect, available: number, quantity: number) =>
    fail('stock.insufficient', { name: c.name, available, quantity, unit: c.unit });

  const stockOut = {
    sortable: { stockOutId: opsStockOut.stockOutId, outNo: opsStockOut.outNo, createTime: opsStockOut.createTime },
    order: [desc(opsStockOut.stockOutId)],
    async list(scope: Scope, q: DocFilter, page: ListPage) {
      const w = outWhere(scope, q);
      const [rows, total] = await Promise.all([
        outSelect()
          .where(w)
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
        db.$count(opsStockOut, w),
      ]);
      return { rows: rows.map(shapeOut), total };
    },
    async find(scope: Scope, id: number) {
      const [row] = await outSelect().where(
        and(eq(opsStockOut.stockOutId, id), customerWhere(scope, opsStockOut.clientId)),
      );
      if (!row) return undefined;
      return { ...shapeOut(row), lines: (await linesOf('OUT', [id])).get(id) ?? [] };
    },
    async exportRows(scope: Scope, q: DocFilter) {
      const rows = await db
        .select({
          d: opsStockOut,
          warehouseName: opsWarehouse.name,
          l: opsStockLine,
          code: opsConsumable.code,
          name: opsConsumable.name,
          model: opsConsumable.model,
          unit: opsConsumable.unit,
        })
        .from(opsStockOut)
        .innerJoin(opsWarehouse, eq(opsWarehouse.warehouseId, opsStockOut.warehouseId))
        .innerJoin(opsStockLine, and(eq(opsStockLine.docType, 'OUT'), eq(opsStockLine.docId, opsStockOut.stockOutId)))
        .innerJoin(opsConsumable, eq(opsConsumable.consumableId, opsStockLine.consumableId))
        .where(outWhere(scope, q))
        .orderBy(desc(opsStockOut.stockOutId), asc(opsStockLine.lineId))
        .limit(EXPORT_LIMIT);
      return rows.map((r) => ({
        ...audit(r.d),
        approveTime: formatDate(r.d.approveTime),
        warehouseName: r.warehouseName,
        ...shapeLine(r),
      }));
    },
    /** A request for parts: checked against what is on the shelf now, taken when approved. */
    async insert(scope: Scope, now: number, body: StockOutBody) {
      const w = await warehouseFor(db, scope, body.warehouseId);
      const consumables = await consumablesFor(db, w.clientId, body.lines);
      const levels = await levelsIn(db, w.warehouseId, [...consumables.keys()]);
      for (const line of body.lines) {
        const available = levels.get(line.consumableId) ?? 0;
        if (available < line.quantity) throw refuseShort(consumables.get(line.consumableId)!, available, line.quantity);
      }
      let recipient = body.recipient ?? '';
      if (body.recipientUserId) {
        const user = await recipientUser(w.clientId, body.recipientUserId);
        recipient ||= user.nickName || user.userName;
      }
      return db.transaction(async (tx) => {
        const [doc] = await tx
          .insert(opsStockOut)
          .values({
            clientId: w.clientId,
            outNo: `tmp-${now}-${Math.random().toString(36).slice(2, 10)}`,
            warehouseId: w.warehouseId,
            purpose: body.purpose,
            workOrderId: body.workOrderId ?? null,
            recipient,
            recipientUserId: body.recipientUserId ?? null,
            state: 'PENDING',
            remark: body.remark ?? '',
            ...created(scope, now),
          })
          .returning({ id: opsStockOut.stockOutId });
        const outNo = docNo('CK', now, doc!.id);
        await tx.update(opsStockOut).set({ outNo }).where(eq(opsStockOut.stockOutId, doc!.id));
        const prices = new Map([...consumables.values()].map((c) => [c.consumableId, Number(c.unitPrice)]));
        await insertLines(tx, 'OUT', doc!.id, body.lines, prices);
        return { stockOutId: doc!.id, outNo };
      });
    },
    /**
     * Approves (the parts leave the shelf, each line a movement) or rejects a pending stock-out.
     * The document is claimed with a conditional update, so it is decided once; a line that finds
     * too little on the shelf refuses the whole document and nothing moves.
     */
    async decide(scope: Scope, now: number, body: StockOutApproveBody) {
      const time = new Date(now);
      const [doc] = await db
        .select()
        .from(opsStockOut)
        .where(and(eq(opsStockOut.stockOutId, body.stockOutId), customerWhere(scope, opsStockOut.clientId)));
      if (!doc) throw notFound();
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(opsStockOut)
          .set({
            state: body.approved ? 'APPROVED' : 'REJECTED',
            approveBy: scope.userName,
            approveTime: time,
            approveComment: body.comment ?? '',
          })
          .where(and(eq(opsStockOut.stockOutId, doc.stockOutId), eq(opsStockOut.state, 'PENDING')))
          .returning({ id: opsStockOut.stockOutId });
        if (!claimed) throw fail('stockOut.notPending', { no: doc.outNo });
        if (!body.approved) return;
        const lines = await tx
          .select({ l: opsStockLine, c: opsConsumable })
          .from(opsStockLine)
          .innerJoin(opsConsumable, eq(opsConsumable.consumableId, opsStockLine.consumableId))
          .where(and(eq(opsStockLine.docType, 'OUT'), eq(opsStockLine.docId, doc.stockOutId)))
          .orderBy(asc(opsStockLine.consumableId));
        for (const { l, c } of lines) {
          const [level] = await tx
            .update(opsStock)
            .set({ quantity: sql`${opsStock.quantity} - ${l.quantity}`, updateTime: time })
            .where(
              and(
                eq(opsStock.warehouseId, doc.warehouseId),
                eq(opsStock.consumableId, l.consumableId),
                gte(opsStock.quantity, l.quantity),
              ),
            )
            .returning({ quantity: opsStock.quantity });
          if (!level) {
            const [now] = await tx
              .select({ quantity: opsStock.quantity })
              .from(opsStock)
              .where(and(eq(opsStock.warehouseId, doc.warehouseId), eq(opsStock.consumableId, l.consumableId)));
            throw refuseShort(c, now?.quantity ?? 0, l.quantity);
          }
          await tx.insert(opsStockMovement).values({
            clientId: doc.clientId,
            warehouseId: doc.warehouseId,
            consumableId: l.consumableId,
            direction: 'OUT',
            reason: doc.purpose,
            docType: 'OUT',
            docId: doc.stockOutId,
            docNo: doc.outNo,
            quantity: l.quantity,
            balance: level.quantity,
            workOrderId: doc.workOrderId,
            person: doc.recipient,
            operator: scope.userName,
            time,
          });
        }
      });
    },
  };

  /* ---------------------------------------------------------------- levels */

  const levelWhere = (scope: Scope, q: StockFilter) =>
    and(
      customerWhere(scope, opsStock.clientId),
      q.warehouseId ? eq(opsStock.warehouseId, q.warehouseId) : undefined,
      q.consumableId ? eq(opsStock.consumableId, q.consumableId) : undefined,
      q.name
        ? or(
            ilike(opsConsumable.name, like(q.name)),
            ilike(opsConsumable.code, like(q.name)),
            ilike(opsConsumable.model, like(q.name)),
          )
        : undefined,
      q.category ? eq(opsConsumable.category, q.category) : undefined,
      q.low === '1' ? isLow(totalOf(opsStock.consumableId as never), opsConsumable.minStock) : undefined,
    );
  const levelSelect = () =>
    db
      .select({
        s: opsStock,
        warehouseName: opsWarehouse.name,
        c: opsConsumable,
        low: isLow(totalOf(opsStock.consumableId as never), opsConsumable.minStock),
      })
      .from(opsStock)
      .innerJoin(opsWarehouse, eq(opsWarehouse.warehouseId, opsStock.warehouseId))
      .innerJoin(opsConsumable, eq(opsConsumable.consumableId, opsStock.consumableId));
  const shapeLevel = (r: {
    s: typeof opsStock.$inferSelect;
    warehouseName: string;
    c: typeof opsConsumable.$inferSelect;
    low: boolean;
  }) => ({
    warehouseId: r.s.warehouseId,
    warehouseName: r.warehouseName,
    consumableId: r.c.consumableId,
    consumableCode: r.c.code,
    consumableName: r.c.name,
    category: r.c.category,
    model: r.c.model,
    unit: r.c.unit,
    quantity: r.s.quantity,
    minStock: r.c.minStock,
    low: Boolean(r.low),
    updateTime: formatDate(r.s.updateTime),
  });

  const levels = {
    sortable: { quantity: opsStock.quantity, consumableCode: opsConsumable.code, warehouseName: opsWarehouse.name },
    order: [asc(opsWarehouse.name), asc(opsConsumable.code)],
    async list(scope: Scope, q: StockFilter, page: ListPage) {
      const w = levelWhere(scope, q);
      const [rows, [count]] = await Promise.all([
        levelSelect()
          .where(w)
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(opsStock)
          .innerJoin(opsConsumable, eq(opsConsumable.consumableId, opsStock.consumableId))
          .where(w),
      ]);
      return { rows: rows.map(shapeLevel), total: Number(count?.n ?? 0) };
    },
    async exportRows(scope: Scope, q: StockFilter) {
      const rows = await levelSelect()
        .where(levelWhere(scope, q))
        .orderBy(asc(opsWarehouse.name), asc(opsConsumable.code))
        .limit(EXPORT_LIMIT);
      return rows.map((r) => ({ ...shapeLevel(r), low: r.low ? 'Y' : 'N' }));
    },
    /** The consumables below their minimum (all warehouses together): the badge and the notice. */
    async low(scope: Scope) {
      const onHand = totalOf(opsConsumable.consumableId);
      const where = and(
        customerWhere(scope, opsConsumable.clientId),
        eq(opsConsumable.status, '0'),
        isLow(onHand, opsConsumable.minStock),
      );
      const [items, count] = await Promise.all([
        db
          .select({
            consumableId: opsConsumable.consumableId,
            code: opsConsumable.code,
            name: opsConsumable.name,
            unit: opsConsumable.unit,
            quantity: onHand,
            minStock: opsConsumable.minStock,
          })
          .from(opsConsumable)
          .where(where)
          .orderBy(asc(opsConsumable.code))
          .limit(20),
        db.$count(opsConsumable, where),
      ]);
      return { count, items: items.map((i) => ({ ...i, quantity: Number(i.quantity) })) };
    },
  };

  /* ---------------------------------------------------------------- movements */

  const movementWhere = (scope: Scope, q: MovementFilter) =>
    and(
      customerWhere(scope, opsStockMovement.clientId),
      q.warehouseId ? eq(opsStockMovement.warehouseId, q.warehouseId) : undefined,
      q.consumableId ? eq(opsStockMovement.consumableId, q.consumableId) : undefined,
      q.direction ? eq(opsStockMovement.direction, q.direction) : undefined,
      q.workOrderId ? eq(opsStockMovement.workOrderId, q.workOrderId) : undefined,
      q.person
        ? or(ilike(opsStockMovement.person, like(q.person)), ilike(opsStockMovement.operator, like(q.person)))
        : undefined,
      q.no ? ilike(opsStockMovement.docNo, like(q.no)) : undefined,
      q.begin ? gte(opsStockMovement.time, q.begin) : undefined,
      q.end ? lte(opsStockMovement.time, q.end) : undefined,
    );
  const movementSelect = () =>
    db
      .select({
        m: opsStockMovement,
        warehouseName: opsWarehouse.name,
        code: opsConsumable.code,
        name: opsConsumable.name,
        unit: opsConsumable.unit,
      })
      .from(opsStockMovement)
      .innerJoin(opsWarehouse, eq(opsWarehouse.warehouseId, opsStockMovement.warehouseId))
      .innerJoin(opsConsumable, eq(opsConsumable.consumableId, opsStockMovement.consumableId));
  const shapeMovement = (r: {
    m: typeof opsStockMovement.$inferSelect;
    warehouseName: string;
    code: string;
    name: string;
    unit: string;
  }) => ({
    movementId: r.m.movementId,
    warehouseId: r.m.warehouseId,
    warehouseName: r.warehouseName,
    consumableId: r.m.consumableId,
    consumableCode: r.code,
    consumableName: r.name,
    unit: r.unit,
    direction: r.m.direction,
    reason: r.m.reason,
    docNo: r.m.docNo,
    quantity: r.m.quantity,
    balance: r.m.balance,
    workOrderId: r.m.workOrderId,
    person: r.m.person,
    operator: r.m.operator,
    time: formatDate(r.m.time),
  });
  const movements = {
    sortable: { time: opsStockMovement.time, quantity: opsStockMovement.quantity },
    order: [desc(opsStockMovement.movementId)],
    async list(scope: Scope, q: MovementFilter, page: ListPage) {
      const w = movementWhere(scope, q);
      const [rows, total] = await Promise.all([
        movementSelect()
          .where(w)
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
        db.$count(opsStockMovement, w),
      ]);
      return { rows: rows.map(shapeMovement), total };
    },
    async exportRows(scope: Scope, q: MovementFilter) {
      const rows = await movementSelect()
        .where(movementWhere(scope, q))
        .orderBy(desc(opsStockMovement.movementId))
        .limit(EXPORT_LIMIT);
      return rows.map(shapeMovement);
    },
  };

  return { stockIn, stockOut, levels, movements };
}

function shapeLine(r: {
  l: typeof opsStockLine.$inferSelect;
  code: string;
  name: string;
  model: string;
  unit: string;
}) {
  const unitPrice = Number(r.l.unitPrice);
  return {
    lineId: r.l.lineId,
    consumableId: r.l.consumableId,
    consumableCode: r.code,
    consumableName: r.name,
    model: r.model,
    unit: r.unit,
    quantity: r.l.quantity,
    unitPrice,
    amount: Math.round(unitPrice * r.l.quantity * 100) / 100,
  };
}
