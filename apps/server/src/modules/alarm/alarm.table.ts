import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, id, ref, ts } from '../../db/columns.ts';

/**
 * Alarms of devices. One active (NEW) alarm per device and type, enforced by a partial unique
 * index: a repeat raises its count and last time (insert … on conflict do update), never a second row.
 */
export const ltAlarm = pgTable(
  'lt_alarm',
  {
    alarmId: id('alarm_id'),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    deviceId: ref('device_id').notNull(),
    /** one of the 33 alarm configuration types */
    alarmConfigType: varchar('alarm_config_type', { length: 40 }).notNull(),
    /** SYSTEM, BOX, CCU, RTU, LUXOMETER */
    alarmType: varchar('alarm_type', { length: 12 }).notNull(),
    grade: varchar('grade', { length: 12 }).notNull(),
    /** NEW (active) or RECOVERED */
    state: varchar('state', { length: 10 }).notNull().default('NEW'),
    count: integer('count').notNull().default(1),
    firstTime: ts('first_time').notNull(),
    lastTime: ts('last_time').notNull(),
    recoveredTime: ts('recovered_time'),
    /** what raised it: the reading beyond its threshold, the event's data */
    detail: jsonb('detail'),
    acknowledged: boolean('acknowledged').notNull().default(false),
    ackBy: varchar('ack_by', { length: 64 }).notNull().default(''),
    ackTime: ts('ack_time'),
    /** hidden from the badge and not pushed until then */
    shelvedUntil: ts('shelved_until'),
    /** raised while the device was under maintenance: shelved, not pushed */
    maintenance: boolean('maintenance').notNull().default(false),
    /** the parent's offline alarm that inhibits it (not in the list, recovers with it) */
    inhibitedBy: bigint('inhibited_by', { mode: 'number' }),
    /** the operator who cleared it by hand */
    clearedBy: varchar('cleared_by', { length: 64 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('lt_alarm_active_uq').on(t.deviceId, t.alarmConfigType).where(sql`state = 'NEW'`),
    index('lt_alarm_project_idx').on(t.projectId, t.lastTime),
    index('lt_alarm_client_idx').on(t.clientId, t.lastTime),
    index('lt_alarm_device_idx').on(t.deviceId, t.lastTime),
    index('lt_alarm_inhibited_idx').on(t.inhibitedBy).where(sql`inhibited_by is not null`),
    index('lt_alarm_open_idx').on(t.clientId, t.projectId).where(sql`state = 'NEW' and not acknowledged`),
  ],
);

/** What happened to an alarm and who did it: raised, repeated, inhibited, acknowledged, shelved, cleared, recovered. */
export const ltAlarmHistory = pgTable(
  'lt_alarm_history',
  {
    historyId: id('history_id'),
    alarmId: ref('alarm_id').notNull(),
    clientId: ref('client_id').notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    /** the user; '' = the platform */
    operBy: varchar('oper_by', { length: 64 }).notNull().default(''),
    operTime: ts('oper_time').notNull(),
    comment: varchar('comment', { length: 500 }).notNull().default(''),
    detail: jsonb('detail'),
  },
  (t) => [index('lt_alarm_history_alarm_idx').on(t.alarmId, t.operTime)],
);

/** A project's own setting of an alarm type; types without a row use the platform default. */
export const ltAlarmSetting = pgTable(
  'lt_alarm_setting',
  {
    settingId: id('setting_id'),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    alarmConfigType: varchar('alarm_config_type', { length: 40 }).notNull(),
    enabled: boolean('enabled').notNull(),
    grade: varchar('grade', { length: 12 }).notNull(),
    threshold: doublePrecision('threshold'),
    holdSeconds: integer('hold_seconds'),
    push: boolean('push').notNull(),
    sound: boolean('sound').notNull(),
    notify: boolean('notify').notNull(),
    workOrder: boolean('work_order').notNull(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('lt_alarm_setting_uq').on(t.projectId, t.alarmConfigType),
    index('lt_alarm_setting_client_idx').on(t.clientId),
  ],
);

/** A device under maintenance until a time: its alarms are shelved (recorded, not pushed). */
export const ltDeviceMaintenance = pgTable(
  'lt_device_maintenance',
  {
    deviceId: ref('device_id').primaryKey(),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    until: ts('until').notNull(),
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    setBy: varchar('set_by', { length: 64 }).notNull().default(''),
    setTime: ts('set_time').notNull(),
  },
  (t) => [index('lt_device_maintenance_project_idx').on(t.projectId)],
);
