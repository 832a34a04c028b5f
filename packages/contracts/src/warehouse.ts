import { z } from 'zod';
import { auditFields, dateTimeText } from './answers.ts';
import {
  CONSUMABLE_CATEGORIES,
  MOVEMENT_DIRECTIONS,
  STOCK_IN_TYPES,
  STOCK_OUT_PURPOSES,
  STOCK_OUT_STATES,
} from './enums.ts';
import { flag01, idNumber, optionalText, rule, scalarNumber, text } from './validation.ts';

/* The warehouse of operation and maintenance: warehouses, consumables, stock in and out, levels, movements. */

/** The most lines one stock-in or stock-out document carries. */
export const MAX_STOCK_LINES = 100;
/** The most of one consumable one line moves. */
export const MAX_LINE_QUANTITY = 1_000_000;

const quantity = () =>
  z.preprocess(
    scalarNumber,
    z
      .number({ error: rule('valid.type') })
      .int({ error: rule('valid.type') })
      .min(1, { error: rule('valid.range', { min: 1, max: MAX_LINE_QUANTITY }) })
      .max(MAX_LINE_QUANTITY, { error: rule('valid.range', { min: 1, max: MAX_LINE_QUANTITY }) }),
  );

const money = () =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : scalarNumber(v)),
    z
      .number({ error: rule('valid.type') })
      .min(0, { error: rule('valid.range', { min: 0, max: 99_999_999 }) })
      .max(99_999_999, { error: rule('valid.range', { min: 0, max: 99_999_999 }) }),
  );

const optionalId = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), idNumber().optional());

/* ---------------------------------------------------------------- warehouses */

export const warehouseBody = z.object({
  warehouseId: optionalId(),
  /** the project it serves; none = every project of the customer */
  projectId: z.preprocess((v) => (v === '' ? null : v), idNumber().nullable().optional()),
  code: text(1, 32),
  name: text(1, 40),
  keeper: optionalText(30),
  phone: optionalText(20),
  address: optionalText(200),
  status: flag01().optional(),
  remark: optionalText(500),
});
export type WarehouseBody = z.infer<typeof warehouseBody>;

export const warehouseRow = z.looseObject({
  warehouseId: z.number().int(),
  clientId: z.number().int(),
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  keeper: z.string(),
  phone: z.string(),
  address: z.string(),
  status: z.string(),
  ...auditFields,
});
export type WarehouseRow = z.infer<typeof warehouseRow>;

/* ---------------------------------------------------------------- consumables */

export const consumableBody = z.object({
  consumableId: optionalId(),
  code: text(1, 32),
  name: text(1, 60),
  category: z.enum(CONSUMABLE_CATEGORIES, { error: rule('valid.enum') }),
  model: optionalText(60),
  unit: text(1, 10),
  /** below this (all warehouses together) the consumable is flagged as low */
  minStock: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : scalarNumber(v)),
    z
      .number({ error: rule('valid.type') })
      .int({ error: rule('valid.type') })
      .min(0, { error: rule('valid.range', { min: 0, max: MAX_LINE_QUANTITY }) })
      .max(MAX_LINE_QUANTITY, { error: rule('valid.range', { min: 0, max: MAX_LINE_QUANTITY }) }),
  ),
  unitPrice: money().optional(),
  status: flag01().optional(),
  remark: optionalText(500),
});
export type ConsumableBody = z.infer<typeof consumableBody>;

export const consumableRow = z.looseObject({
  consumableId: z.number().int(),
  clientId: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.string(),
  model: z.string(),
  unit: z.string(),
  minStock: z.number().int(),
  unitPrice: z.number(),
  status: z.string(),
  /** on hand in every warehouse together */
  quantity: z.number().int(),
  /** on hand below the minimum */
  low: z.boolean(),
  ...auditFields,
});
export type ConsumableRow = z.infer<typeof consumableRow>;

/* ---------------------------------------------------------------- stock in */

export const stockLineBody = z.object({
  consumableId: idNumber(),
  quantity: quantity(),
  unitPrice: money().optional(),
});
export type StockLineBody = z.infer<typeof stockLineBody>;

const lines = () =>
  z
    .array(stockLineBody, { error: rule('valid.type') })
    .min(1, { error: rule('valid.required') })
    .max(MAX_STOCK_LINES, { error: rule('valid.max', { max: MAX_STOCK_LINES }) });

export const stockInBody = z.object({
  warehouseId: idNumber(),
  inType: z.enum(STOCK_IN_TYPES, { error: rule('valid.enum') }),
  /** the supplier of a purchase */
  supplier: optionalText(60),
  /** the work order the parts of a return come back from */
  workOrderId: optionalId(),
  /** who delivered or brought them back */
  person: optionalText(30),
  lines: lines(),
  remark: optionalText(500),
});
export type StockInBody = z.infer<typeof stockInBody>;

export const stockLineRow = z.looseObject({
  lineId: z.number().int(),
  consumableId: z.number().int(),
  consumableCode: z.string(),
  consumableName: z.string(),
  model: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  amount: z.number(),
});
export type StockLineRow = z.infer<typeof stockLineRow>;

export const stockInRow = z.looseObject({
  stockInId: z.number().int(),
  clientId: z.number().int(),
  inNo: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  inType: z.string(),
  supplier: z.string(),
  workOrderId: z.number().int().nullable(),
  person: z.string(),
  totalQuantity: z.number().int(),
  totalAmount: z.number(),
  lines: z.array(stockLineRow).optional(),
  ...auditFields,
});
export type StockInRow = z.infer<typeof stockInRow>;

/* ---------------------------------------------------------------- stock out */

export const stockOutBody = z
  .object({
    warehouseId: idNumber(),
    purpose: z.enum(STOCK_OUT_PURPOSES, { error: rule('valid.enum') }),
    /** the work order the parts are for (purpose WORK_ORDER) */
    workOrderId: optionalId(),
    /** the team or person who takes them (always named: every movement is traceable) */
    recipient: optionalText(40),
    /** the recipient as a user of the platform, when it is one */
    recipientUserId: optionalId(),
    lines: lines(),
    remark: optionalText(500),
  })
  .superRefine((body, ctx) => {
    if (body.purpose === 'WORK_ORDER' && !body.workOrderId)
      ctx.addIssue({ code: 'custom', path: ['workOrderId'], message: rule('valid.required') });
    if (body.purpose !== 'WORK_ORDER' && !body.recipient && !body.recipientUserId)
      ctx.addIssue({ code: 'custom', path: ['recipient'], message: rule('valid.required') });
  });
export type StockOutBody = z.infer<typeof stockOutBody>;

export const stockOutApproveBody = z.object({
  stockOutId: idNumber(),
  /** true approves (the parts leave the shelf), false rejects */
  approved: z.boolean({ error: rule('valid.type') }),
  comment: optionalText(200),
});
export type StockOutApproveBody = z.infer<typeof stockOutApproveBody>;

export const stockOutRow = z.looseObject({
  stockOutId: z.number().int(),
  clientId: z.number().int(),
  outNo: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  purpose: z.string(),
  workOrderId: z.number().int().nullable(),
  recipient: z.string(),
  recipientUserId: z.number().int().nullable(),
  state: z.string(),
  approveBy: z.string(),
  approveTime: dateTimeText(),
  approveComment: z.string(),
  totalQuantity: z.number().int(),
  totalAmount: z.number(),
  lines: z.array(stockLineRow).optional(),
  ...auditFields,
});
export type StockOutRow = z.infer<typeof stockOutRow>;

/* ---------------------------------------------------------------- levels and movements */

export const stockRow = z.looseObject({
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  consumableId: z.number().int(),
  consumableCode: z.string(),
  consumableName: z.string(),
  category: z.string(),
  model: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  minStock: z.number().int(),
  /** the consumable's total on hand is below its minimum */
  low: z.boolean(),
  updateTime: dateTimeText(),
});
export type StockRow = z.infer<typeof stockRow>;

export const movementRow = z.looseObject({
  movementId: z.number().int(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  consumableId: z.number().int(),
  consumableCode: z.string(),
  consumableName: z.string(),
  unit: z.string(),
  direction: z.string(),
  /** the document's type: PURCHASE, RETURN, WORK_ORDER, TEAM, PERSON */
  reason: z.string(),
  docNo: z.string(),
  quantity: z.number().int(),
  /** on hand in that warehouse after the movement */
  balance: z.number().int(),
  workOrderId: z.number().int().nullable(),
  person: z.string(),
  operator: z.string(),
  time: dateTimeText(),
});
export type MovementRow = z.infer<typeof movementRow>;

/** What the low-stock badge reads. */
export const lowStockSummary = z.object({
  count: z.number().int(),
  items: z.array(
    z.object({
      consumableId: z.number().int(),
      code: z.string(),
      name: z.string(),
      unit: z.string(),
      quantity: z.number().int(),
      minStock: z.number().int(),
    }),
  ),
});
export type LowStockSummary = z.infer<typeof lowStockSummary>;

export { CONSUMABLE_CATEGORIES, MOVEMENT_DIRECTIONS, STOCK_IN_TYPES, STOCK_OUT_PURPOSES, STOCK_OUT_STATES };
