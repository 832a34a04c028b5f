import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, ref, ts } from '../../../db/columns.ts';

/**
 * Work orders: from a fault (by hand, an alarm, an inspection finding, a citizen's report) to a
 * verified fix. A device has at most one open order, enforced by a partial unique index: a second
 * alarm on the device joins the open order.
 */
export const opsWorkOrder = pgTable(
  'ops_work_order',
  {
    orderId: id('order_id'),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    orderNo: varchar('order_no', { length: 24 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 1000 }).notNull().default(''),
    /** MANUAL, ALARM, INSPECTION, CITIZEN */
    source: varchar('source', { length: 12 }).notNull(),
    /** the alarm grades: dangerous, serious, urgent, ordinary */
    priority: varchar('priority', { length: 12 }).notNull(),
    state: varchar('state', { length: 12 }).notNull().default('CREATED'),
    /** DONE, VERIFIED, CANCELLED once closed */
    outcome: varchar('outcome', { length: 12 }),
    deviceId: ref('device_id'),
    /** the alarm type that opened it */
    alarmConfigType: varchar('alarm_config_type', { length: 40 }),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    address: varchar('address', { length: 200 }).notNull().default(''),
    reporter: varchar('reporter', { length: 64 }).notNull().default(''),
    reporterPhone: varchar('reporter_phone', { length: 20 }).notNull().default(''),
    teamId: ref('team_id'),
    assigneeId: ref('assignee_id'),
    resolution: varchar('resolution', { length: 1000 }).notNull().default(''),
    /** the SLA clocks, set from the customer's settings and the priority */
    acceptDue: ts('accept_due').notNull(),
    resolveDue: ts('resolve_due').notNull(),
    dispatchTime: ts('dispatch_time'),
    acceptTime: ts('accept_time'),
    arriveTime: ts('arrive_time'),
    resolveTime: ts('resolve_time'),
    approveTime: ts('approve_time'),
    closeTime: ts('close_time'),
    createBy: varchar('create_by', { length: 64 }).notNull().default(''),
    createTime: ts('create_time').notNull(),
    updateBy: varchar('update_by', { length: 64 }).notNull().default(''),
    updateTime: ts('update_time'),
  },
  (t) => [
    uniqueIndex('ops_work_order_no_uq').on(t.orderNo),
    uniqueIndex('ops_work_order_device_open_uq').on(t.deviceId).where(sql`state <> 'CLOSED' and device_id is not null`),
    index('ops_work_order_client_idx').on(t.clientId, t.createTime),
    index('ops_work_order_project_idx').on(t.projectId, t.state),
    index('ops_work_order_assignee_idx').on(t.assigneeId).where(sql`state <> 'CLOSED'`),
    index('ops_work_order_team_idx').on(t.teamId).where(sql`state <> 'CLOSED'`),
  ],
);

/** Every step of an order: who, when, with what comment. */
export const opsWorkOrderHistory = pgTable(
  'ops_work_order_history',
  {
    historyId: id('history_id'),
    orderId: ref('order_id').notNull(),
    clientId: ref('client_id').notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    fromState: varchar('from_state', { length: 12 }),
    toState: varchar('to_state', { length: 12 }),
    /** the user; '' = the platform */
    operBy: varchar('oper_by', { length: 64 }).notNull().default(''),
    operTime: ts('oper_time').notNull(),
    comment: varchar('comment', { length: 500 }).notNull().default(''),
    detail: jsonb('detail'),
  },
  (t) => [index('ops_work_order_history_order_idx').on(t.orderId, t.operTime)],
);

/** The alarms an order handles: the one that opened it and those that joined it. */
export const opsWorkOrderAlarm = pgTable(
  'ops_work_order_alarm',
  {
    alarmId: ref('alarm_id').primaryKey(),
    orderId: ref('order_id').notNull(),
    clientId: ref('client_id').notNull(),
    linkTime: ts('link_time').notNull(),
  },
  (t) => [index('ops_work_order_alarm_order_idx').on(t.orderId)],
);

/** Photos before and after the repair, with when and where they were taken. */
export const opsWorkOrderPhoto = pgTable(
  'ops_work_order_photo',
  {
    photoId: id('photo_id'),
    orderId: ref('order_id').notNull(),
    clientId: ref('client_id').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    url: varchar('url', { length: 255 }).notNull(),
    takenTime: ts('taken_time').notNull(),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    opId: varchar('op_id', { length: 36 }).notNull(),
    uploadBy: varchar('upload_by', { length: 64 }).notNull(),
    uploadTime: ts('upload_time').notNull(),
  },
  (t) => [uniqueIndex('ops_work_order_photo_op_uq').on(t.opId), index('ops_work_order_photo_order_idx').on(t.orderId)],
);

/** Parts used on an order; the warehouse's stock-out refers to the order by `work_order_id`. */
export const opsWorkOrderPart = pgTable(
  'ops_work_order_part',
  {
    partId: id('part_id'),
    workOrderId: ref('work_order_id').notNull(),
    clientId: ref('client_id').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    model: varchar('model', { length: 64 }).notNull().default(''),
    quantity: doublePrecision('quantity').notNull(),
    unit: varchar('unit', { length: 12 }).notNull().default(''),
    opId: varchar('op_id', { length: 40 }),
    recordBy: varchar('record_by', { length: 64 }).notNull(),
    recordTime: ts('record_time').notNull(),
  },
  (t) => [
    uniqueIndex('ops_work_order_part_op_uq').on(t.opId),
    index('ops_work_order_part_order_idx').on(t.workOrderId),
  ],
);

/** Steps the crew's phones sent, by their client-generated id: a step replayed is applied once. */
export const opsWorkOrderOp = pgTable('ops_work_order_op', {
  opId: varchar('op_id', { length: 36 }).primaryKey(),
  clientId: ref('client_id').notNull(),
  orderId: ref('order_id').notNull(),
  action: varchar('action', { length: 16 }).notNull(),
  operBy: varchar('oper_by', { length: 64 }).notNull(),
  operTime: ts('oper_time').notNull(),
});

/** A customer's SLA clocks per priority and the verification hold of alarm orders. */
export const opsSlaSetting = pgTable('ops_sla_setting', {
  clientId: ref('client_id').primaryKey(),
  clocks: jsonb('clocks').notNull(),
  verifyHoldMinutes: integer('verify_hold_minutes').notNull(),
  updateBy: varchar('update_by', { length: 64 }).notNull().default(''),
  updateTime: ts('update_time'),
});

/** Last known position of a crew member, reported by the crew app while an order is in progress. */
export const opsCrewPosition = pgTable(
  'ops_crew_position',
  {
    userId: ref('user_id').notNull(),
    clientId: ref('client_id').notNull(),
    orderId: ref('order_id'),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    reportTime: ts('report_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId] })],
);
