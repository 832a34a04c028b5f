import { bigint, char, index, integer, jsonb, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref, ts } from '../../db/columns.ts';

/** A release of the crews' app: an installable package or the address of the web app. */
export const appVersion = pgTable(
  'app_version',
  {
    versionId: id('version_id'),
    /** null: the platform's release, offered to every customer */
    clientId: ref('client_id'),
    platform: varchar('platform', { length: 10 }).notNull(),
    versionCode: integer('version_code').notNull(),
    versionName: varchar('version_name', { length: 30 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull().default(''),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    url: varchar('url', { length: 500 }).notNull().default(''),
    releaseNotes: varchar('release_notes', { length: 2000 }).notNull().default(''),
    forceUpdate: char('force_update', { length: 1 }).notNull().default('0'),
    status: char('status', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [index('app_version_latest_idx').on(t.platform, t.versionCode)],
);

/** A phone or tablet that signed in from the app; revoked, its sessions end and it may not sign in again. */
export const appTerminal = pgTable(
  'app_terminal',
  {
    terminalId: id('terminal_id'),
    clientId: ref('client_id'),
    userId: ref('user_id').notNull(),
    terminalCode: varchar('terminal_code', { length: 64 }).notNull(),
    platform: varchar('platform', { length: 10 }).notNull(),
    deviceModel: varchar('device_model', { length: 60 }).notNull().default(''),
    osVersion: varchar('os_version', { length: 30 }).notNull().default(''),
    appVersion: varchar('app_version', { length: 30 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
    ipaddr: varchar('ipaddr', { length: 128 }).notNull().default(''),
    /** the sessions it signed in with (ended on revoke) */
    tokenIds: jsonb('token_ids').$type<string[]>().notNull().default([]),
    firstSeen: ts('first_seen'),
    lastSeen: ts('last_seen'),
    status: char('status', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('app_terminal_user_code_uq').on(t.userId, t.terminalCode),
    index('app_terminal_client_idx').on(t.clientId),
  ],
);

/** A message pushed to the crews: everyone, chosen users, or chosen departments (teams). */
export const appPush = pgTable(
  'app_push',
  {
    pushId: id('push_id'),
    clientId: ref('client_id').notNull(),
    title: varchar('title', { length: 60 }).notNull(),
    content: varchar('content', { length: 1000 }).notNull(),
    target: varchar('target', { length: 10 }).notNull(),
    targetIds: jsonb('target_ids').$type<number[]>().notNull().default([]),
    state: varchar('state', { length: 10 }).notNull().default('DRAFT'),
    sentTime: ts('sent_time'),
    ...auditColumns(),
  },
  (t) => [index('app_push_client_idx').on(t.clientId)],
);

/** Who a sent message reached, and when each read it. */
export const appPushReceipt = pgTable(
  'app_push_receipt',
  {
    pushId: ref('push_id').notNull(),
    userId: ref('user_id').notNull(),
    readTime: ts('read_time'),
  },
  (t) => [primaryKey({ columns: [t.pushId, t.userId] }), index('app_push_receipt_user_idx').on(t.userId)],
);

/** What a crew member reported from the app, and the answer. */
export const appFeedback = pgTable(
  'app_feedback',
  {
    feedbackId: id('feedback_id'),
    clientId: ref('client_id'),
    userId: ref('user_id').notNull(),
    userName: varchar('user_name', { length: 50 }).notNull(),
    feedbackType: varchar('feedback_type', { length: 12 }).notNull(),
    content: varchar('content', { length: 1000 }).notNull(),
    contact: varchar('contact', { length: 60 }).notNull().default(''),
    image: varchar('image', { length: 255 }).notNull().default(''),
    appVersion: varchar('app_version', { length: 30 }).notNull().default(''),
    terminalCode: varchar('terminal_code', { length: 64 }).notNull().default(''),
    state: varchar('state', { length: 10 }).notNull().default('PENDING'),
    reply: varchar('reply', { length: 1000 }).notNull().default(''),
    handleBy: varchar('handle_by', { length: 64 }).notNull().default(''),
    handleTime: ts('handle_time'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('app_feedback_client_idx').on(t.clientId, t.state)],
);
