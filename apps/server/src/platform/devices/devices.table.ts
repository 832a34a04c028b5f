import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, ref, ts } from '../../db/columns.ts';

/**
 * Telemetry history: one row per reading, written in batches by COPY; unique per (device, ts), so
 * that a reading a device sends again (it was committed but not yet acknowledged) is stored once.
 */
export const ltTelemetry = pgTable(
  'lt_telemetry',
  {
    deviceId: ref('device_id').notNull(),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    ts: ts('ts').notNull(),
    data: jsonb('data').notNull(),
  },
  (t) => [uniqueIndex('lt_telemetry_device_ts_idx').on(t.deviceId, t.ts)],
);

/**
 * Latest state of each device: merged readings, last contact, online flag; upserted in batches at
 * most once a second per device. No index on last_seen: updates stay HOT (heap-only, with the free
 * room of fillfactor 70 set by the migration), and the offline sweep reads the table every 10 s.
 * The one partial index holds only faulty devices (faults.ts) and
 * changes only when a fault is raised or cleared.
 */
export const ltDeviceState = pgTable(
  'lt_device_state',
  {
    deviceId: ref('device_id').primaryKey(),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    online: boolean('online').notNull().default(false),
    lastSeen: ts('last_seen'),
    dataTs: ts('data_ts'),
    data: jsonb('data').notNull().default({}),
    firmware: varchar('firmware', { length: 40 }),
    /** the device is faulty now: it has active fault codes (rules: faults.ts) */
    fault: boolean('fault').notNull().default(false),
    /** active fault codes (event types) with the time each was raised */
    faultCodes: jsonb('fault_codes').notNull().default({}),
  },
  // the few faulty devices, for the home figure and the list filter; readings never change `fault`, so their updates stay HOT
  (t) => [index('lt_device_state_fault_idx').on(t.projectId, t.deviceId).where(sql`fault`)],
);

/** Runtime log: device events, online/offline transitions. */
export const ltDeviceEvent = pgTable(
  'lt_device_event',
  {
    eventId: id('event_id'),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    deviceId: ref('device_id').notNull(),
    ts: ts('ts').notNull(),
    /** ONLINE, OFFLINE, a device event type (RtuTilt, LampFault …) */
    eventType: varchar('event_type', { length: 40 }).notNull(),
    level: varchar('level', { length: 12 }).notNull().default('ordinary'),
    data: jsonb('data'),
  },
  (t) => [
    index('lt_device_event_project_idx').on(t.projectId, t.ts),
    index('lt_device_event_device_idx').on(t.deviceId, t.ts),
  ],
);

/** A set of commands issued together (a group or multi-device control, a batch query). */
export const ltCommandBatch = pgTable(
  'lt_command_batch',
  {
    batchId: varchar('batch_id', { length: 36 }).primaryKey(),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    /** CONTROL, QUERY (batch query center), CONFIG */
    source: varchar('source', { length: 10 }).notNull(),
    action: varchar('action', { length: 20 }).notNull(),
    name: varchar('name', { length: 64 }).notNull().default(''),
    total: integer('total').notNull(),
    groupId: ref('group_id'),
    /** control tasks: what the task was applied to (DEVICE, GROUP, TAG, BOX, PROJECT) */
    targetKind: varchar('target_kind', { length: 10 }),
    /** "retry the failed": the task whose failed devices this one takes again */
    parentBatchId: varchar('parent_batch_id', { length: 36 }),
    operName: varchar('oper_name', { length: 50 }).notNull().default(''),
    createTime: ts('create_time').notNull(),
  },
  (t) => [
    index('lt_command_batch_project_idx').on(t.projectId, t.source, t.createTime),
    index('lt_command_batch_client_idx').on(t.clientId, t.createTime),
  ],
);

/**
 * One command to one device with its lifecycle PENDING → SENT → DELIVERED → SUCCESS | FAILED | TIMEOUT | EXPIRED | CANCELED.
 * A command whose session is online is recorded SENT at once (platform/devices/commands.ts); every
 * end sets `finish_time`. No index holds `status`, `sent_time` or `delivered_time`: going SENT or
 * DELIVERED adds no index entry (a heap-only update where its page has room), and only the end
 * writes index entries again, as the command leaves the open index (unfinished commands by session).
 */
export const ltCommand = pgTable(
  'lt_command',
  {
    commandId: varchar('command_id', { length: 36 }).primaryKey(),
    batchId: varchar('batch_id', { length: 36 }).notNull(),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    deviceId: ref('device_id').notNull(),
    /** the device whose session carries the command */
    sessionId: ref('session_id').notNull(),
    action: varchar('action', { length: 20 }).notNull(),
    value: smallint('value'),
    params: jsonb('params'),
    status: varchar('status', { length: 10 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    result: jsonb('result'),
    error: varchar('error', { length: 200 }).notNull().default(''),
    /**
     * A command cancelled after its session took it: SENT once the cancel message went down,
     * CONFIRMED when the device answered that it dropped it, TOO_LATE when it answered with the
     * result of having carried it out; null for commands never cancelled or cancelled before sending.
     */
    cancelState: varchar('cancel_state', { length: 10 }),
    logId: ref('log_id'),
    operName: varchar('oper_name', { length: 50 }).notNull().default(''),
    createTime: ts('create_time').notNull(),
    sentTime: ts('sent_time'),
    deliveredTime: ts('delivered_time'),
    finishTime: ts('finish_time'),
    expireTime: ts('expire_time').notNull(),
  },
  (t) => [
    index('lt_command_batch_idx').on(t.batchId),
    index('lt_command_device_idx').on(t.deviceId, t.createTime),
    index('lt_command_project_idx').on(t.projectId, t.createTime),
    index('lt_command_open_idx').on(t.sessionId).where(sql`finish_time is null`),
  ],
);
