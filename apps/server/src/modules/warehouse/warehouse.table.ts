import { sql } from 'drizzle-orm';
import { char, check, index, integer, numeric, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref, ts } from '../../db/columns.ts';

/** Money as a number in JavaScript (two decimals in the database). */
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** A store of spare parts of a customer, for one of its projects or for all of them. */
export const opsWarehouse = pgTable(
  'ops_warehouse',
  {
    warehouseId: id('warehouse_id'),
    clientId: ref('client_id').notNull(),
    /** null: serves every project of the customer */
    projectId: ref('project_id'),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    keeper: varchar('keeper', { length: 30 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    status: char('status', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('ops_warehouse_code_uq').on(t.clientId, t.code)],
);

/** A kind of part the crews use: lamp heads, controllers, drivers, fuses, cables … */
export const opsConsumable = pgTable(
  'ops_consumable',
  {
    consumableId: id('consumable_id'),
    clientId: ref('client_id').notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    category: varchar('category', { length: 20 }).notNull(),
    model: varchar('model', { length: 60 }).notNull().default(''),
    unit: varchar('unit', { length: 10 }).notNull(),
    minStock: integer('min_stock').notNull().default(0),
    unitPrice: money('unit_price').notNull().default(0),
    status: char('status', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('ops_consumable_code_uq').on(t.clientId, t.code),
    check('ops_consumable_min_stock_ck', sql`${t.minStock} >= 0`),
  ],
);

/**
 * What is on the shelf: one row per warehouse and consumable. The quantity can never go below
 * zero: the check refuses it, and a stock-out takes parts with a conditional update that holds
 * the row's lock, so two crews taking the last part at once cannot both have it.
 */
export const opsStock = pgTable(
  'ops_stock',
  {
    warehouseId: ref('warehouse_id').notNull(),
    consumableId: ref('consumable_id').notNull(),
    clientId: ref('client_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.warehouseId, t.consumableId] }),
    index('ops_stock_client_idx').on(t.clientId, t.consumableId),
    check('ops_stock_quantity_ck', sql`${t.quantity} >= 0`),
  ],
);

/** A stock-in document: a purchase received, or parts brought back from the field. */
export const opsStockIn = pgTable(
  'ops_stock_in',
  {
    stockInId: id('stock_in_id'),
    clientId: ref('client_id').notNull(),
    inNo: varchar('in_no', { length: 32 }).notNull(),
    warehouseId: ref('warehouse_id').notNull(),
    inType: varchar('in_type', { length: 20 }).notNull(),
    supplier: varchar('supplier', { length: 60 }).notNull().default(''),
    workOrderId: ref('work_order_id'),
    person: varchar('person', { length: 30 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('ops_stock_in_no_uq').on(t.clientId, t.inNo), index('ops_stock_in_wh_idx').on(t.warehouseId)],
);

/** A stock-out document: parts for a work order, a team or a person, taken once approved. */
export const opsStockOut = pgTable(
  'ops_stock_out',
  {
    stockOutId: id('stock_out_id'),
    clientId: ref('client_id').notNull(),
    outNo: varchar('out_no', { length: 32 }).notNull(),
    warehouseId: ref('warehouse_id').notNull(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    /** the work order the parts are for (work orders live in the O&M area) */
    workOrderId: ref('work_order_id'),
    recipient: varchar('recipient', { length: 40 }).notNull().default(''),
    recipientUserId: ref('recipient_user_id'),
    state: varchar('state', { length: 10 }).notNull().default('PENDING'),
    approveBy: varchar('approve_by', { length: 64 }).notNull().default(''),
    approveTime: ts('approve_time'),
    approveComment: varchar('approve_comment', { length: 200 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('ops_stock_out_no_uq').on(t.clientId, t.outNo),
    index('ops_stock_out_wh_idx').on(t.warehouseId),
    index('ops_stock_out_order_idx').on(t.workOrderId),
    check('ops_stock_out_traceable_ck', sql`${t.workOrderId} is not null or ${t.recipient} <> ''`),
  ],
);

/** The lines of a stock-in or stock-out document (`doc_type` IN / OUT, `doc_id` its id). */
export const opsStockLine = pgTable(
  'ops_stock_line',
  {
    lineId: id('line_id'),
    docType: varchar('doc_type', { length: 3 }).notNull(),
    docId: ref('doc_id').notNull(),
    consumableId: ref('consumable_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull().default(0),
  },
  (t) => [
    index('ops_stock_line_doc_idx').on(t.docType, t.docId),
    index('ops_stock_line_consumable_idx').on(t.consumableId),
    check('ops_stock_line_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

/**
 * Every change of a shelf, written in the same transaction as the change: which document, the
 * work order or the person it went to or came from, who did it, and what was left.
 */
export const opsStockMovement = pgTable(
  'ops_stock_movement',
  {
    movementId: id('movement_id'),
    clientId: ref('client_id').notNull(),
    warehouseId: ref('warehouse_id').notNull(),
    consumableId: ref('consumable_id').notNull(),
    direction: varchar('direction', { length: 3 }).notNull(),
    reason: varchar('reason', { length: 20 }).notNull(),
    docType: varchar('doc_type', { length: 3 }).notNull(),
    docId: ref('doc_id').notNull(),
    docNo: varchar('doc_no', { length: 32 }).notNull(),
    quantity: integer('quantity').notNull(),
    balance: integer('balance').notNull(),
    workOrderId: ref('work_order_id'),
    person: varchar('person', { length: 40 }).notNull().default(''),
    operator: varchar('operator', { length: 64 }).notNull(),
    time: ts('time').notNull(),
  },
  (t) => [
    index('ops_stock_movement_scope_idx').on(t.clientId, t.time),
    index('ops_stock_movement_consumable_idx').on(t.consumableId, t.time),
    index('ops_stock_movement_order_idx').on(t.workOrderId),
    check('ops_stock_movement_traceable_ck', sql`${t.workOrderId} is not null or ${t.person} <> ''`),
    check('ops_stock_movement_balance_ck', sql`${t.balance} >= 0`),
  ],
);
