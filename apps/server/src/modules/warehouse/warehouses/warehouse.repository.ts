import type { WarehouseBody } from '@luxgrid/contracts';
import { and, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { allIn, findIn } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { created, customerWhere, type Scope, updated } from '../../../platform/scope.ts';
import { bizProject } from '../../tenant/project/project.table.ts';
import { audit, like } from '../shared.ts';
import { opsStock, opsStockIn, opsStockOut, opsWarehouse } from '../warehouse.table.ts';

export interface WarehouseFilter {
  projectId?: number;
  name?: string;
  status?: string;
}

/** The customer's warehouses: the only SQL over ops_warehouse. */
export function warehouseRepository(database: Database) {
  const { db } = database;
  const where = (scope: Scope, q: WarehouseFilter) =>
    and(
      customerWhere(scope, opsWarehouse.clientId),
      // a project's screens show its own warehouses and the customer-wide ones
      q.projectId ? or(eq(opsWarehouse.projectId, q.projectId), sql`${opsWarehouse.projectId} is null`) : undefined,
      q.name ? or(ilike(opsWarehouse.name, like(q.name)), ilike(opsWarehouse.code, like(q.name))) : undefined,
      q.status ? eq(opsWarehouse.status, q.status) : undefined,
    );
  const select = () =>
    db
      .select({ w: opsWarehouse, projectName: bizProject.name })
      .from(opsWarehouse)
      .leftJoin(bizProject, eq(bizProject.projectId, opsWarehouse.projectId));
  const shape = (r: { w: typeof opsWarehouse.$inferSelect; projectName: string | null }) => ({
    ...audit(r.w),
    projectName: r.projectName,
  });
  const uniqueCode = async (clientId: number, code: string, selfId?: number) => {
    const [clash] = await db
      .select({ id: opsWarehouse.warehouseId })
      .from(opsWarehouse)
      .where(
        and(
          eq(opsWarehouse.clientId, clientId),
          eq(opsWarehouse.code, code),
          selfId ? ne(opsWarehouse.warehouseId, selfId) : undefined,
        ),
      );
    if (clash) throw fail('warehouse.code.exists', { code });
  };
  const values = (b: WarehouseBody) => ({
    projectId: b.projectId ?? null,
    code: b.code,
    name: b.name,
    keeper: b.keeper ?? '',
    phone: b.phone ?? '',
    address: b.address ?? '',
    status: b.status ?? '0',
    remark: b.remark ?? '',
  });

  return {
    sortable: { warehouseId: opsWarehouse.warehouseId, code: opsWarehouse.code, name: opsWarehouse.name },
    order: [desc(opsWarehouse.warehouseId)],
    async list(scope: Scope, q: WarehouseFilter, page: ListPage) {
      const w = where(scope, q);
      const [rows, total] = await Promise.all([
        select()
          .where(w)
          .orderBy(...page.orderBy)
          .limit(page.limit)
          .offset(page.offset),
        db.$count(opsWarehouse, w),
      ]);
      return { rows: rows.map(shape), total };
    },
    async exportRows(scope: Scope, q: WarehouseFilter) {
      const rows = await select().where(where(scope, q)).orderBy(desc(opsWarehouse.warehouseId)).limit(100_000);
      return rows.map(shape);
    },
    async find(scope: Scope, id: number) {
      const [row] = await select().where(
        and(eq(opsWarehouse.warehouseId, id), customerWhere(scope, opsWarehouse.clientId)),
      );
      return row ? shape(row) : undefined;
    },
    async insert(scope: Scope, now: number, clientId: number, body: WarehouseBody) {
      await uniqueCode(clientId, body.code);
      const [row] = await db
        .insert(opsWarehouse)
        .values({ clientId, ...values(body), ...created(scope, now) })
        .returning({ warehouseId: opsWarehouse.warehouseId });
      return row;
    },
    async update(scope: Scope, now: number, body: WarehouseBody & { warehouseId: number }, projectClientId?: number) {
      const existing = await findIn(
        db,
        opsWarehouse,
        opsWarehouse.warehouseId,
        body.warehouseId,
        customerWhere(scope, opsWarehouse.clientId),
      );
      if (!existing || (projectClientId !== undefined && projectClientId !== existing.clientId)) throw notFound();
      await uniqueCode(existing.clientId, body.code, existing.warehouseId);
      await db
        .update(opsWarehouse)
        .set({ ...values(body), ...updated(scope, now) })
        .where(eq(opsWarehouse.warehouseId, existing.warehouseId));
    },
    async remove(scope: Scope, ids: number[]) {
      if (!(await allIn(db, opsWarehouse, opsWarehouse.warehouseId, ids, customerWhere(scope, opsWarehouse.clientId))))
        throw notFound();
      // a warehouse with parts on the shelf or documents keeps its history
      const [used] = await db
        .select({ name: opsWarehouse.name })
        .from(opsWarehouse)
        .where(
          and(
            inArray(opsWarehouse.warehouseId, ids),
            or(
              sql`exists (select 1 from ${opsStock} where ${opsStock.warehouseId} = ${opsWarehouse.warehouseId} and ${opsStock.quantity} > 0)`,
              sql`exists (select 1 from ${opsStockIn} where ${opsStockIn.warehouseId} = ${opsWarehouse.warehouseId})`,
              sql`exists (select 1 from ${opsStockOut} where ${opsStockOut.warehouseId} = ${opsWarehouse.warehouseId})`,
            ),
          ),
        )
        .limit(1);
      if (used) throw fail('warehouse.inUse', { name: used.name });
      await db.delete(opsStock).where(inArray(opsStock.warehouseId, ids));
      await db.delete(opsWarehouse).where(inArray(opsWarehouse.warehouseId, ids));
    },
  };
}
