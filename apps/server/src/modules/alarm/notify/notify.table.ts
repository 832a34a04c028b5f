import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref, ts } from '../../../db/columns.ts';

/** A project's outward alarm channel: a webhook (URL and signing secret) or e-mail recipients. */
export const ltNotifyChannel = pgTable(
  'lt_notify_channel',
  {
    channelId: id('channel_id'),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    /** WEBHOOK or EMAIL */
    kind: varchar('kind', { length: 10 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** the webhook's URL */
    url: varchar('url', { length: 500 }).notNull().default(''),
    /** the webhook's HMAC-SHA256 key; never answered back */
    secret: varchar('secret', { length: 200 }).notNull().default(''),
    /** e-mail recipients, comma separated */
    recipients: varchar('recipients', { length: 1000 }).notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns(),
  },
  (t) => [index('lt_notify_channel_project_idx').on(t.projectId)],
);

/**
 * One alarm to deliver through one channel: queued in the database so it outlives a restart,
 * picked by one process (`for update skip locked`), retried with exponential backoff.
 */
export const ltNotifyDelivery = pgTable(
  'lt_notify_delivery',
  {
    deliveryId: id('delivery_id'),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    channelId: ref('channel_id').notNull(),
    /** null for a test message */
    alarmId: ref('alarm_id'),
    /** NEW, RECOVERED, CLEARED (or TEST for a test message) */
    action: varchar('action', { length: 12 }).notNull(),
    payload: jsonb('payload').notNull(),
    /** PENDING, SENDING (leased), SENT or FAILED */
    status: varchar('status', { length: 10 }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextTime: ts('next_time').notNull(),
    lastError: varchar('last_error', { length: 500 }).notNull().default(''),
    responseCode: integer('response_code'),
    createTime: ts('create_time').notNull(),
    sentTime: ts('sent_time'),
  },
  (t) => [
    index('lt_notify_delivery_due_idx').on(t.nextTime).where(sql`status in ('PENDING', 'SENDING')`),
    index('lt_notify_delivery_project_idx').on(t.projectId, t.deliveryId),
  ],
);
