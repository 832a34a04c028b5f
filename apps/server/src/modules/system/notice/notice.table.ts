import { char, index, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref, ts } from '../../../db/columns.ts';

export const sysNotice = pgTable(
  'sys_notice',
  {
    noticeId: id('notice_id'),
    clientId: ref('client_id'),
    noticeTitle: varchar('notice_title', { length: 50 }).notNull(),
    /** '1' notice, '2' announcement */
    noticeType: char('notice_type', { length: 1 }).notNull(),
    noticeContent: text('notice_content').notNull().default(''),
    status: char('status', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [index('sys_notice_client_idx').on(t.clientId, t.createTime)],
);

export const sysNoticeRead = pgTable(
  'sys_notice_read',
  {
    noticeId: ref('notice_id').notNull(),
    userId: ref('user_id').notNull(),
    readTime: ts('read_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('sys_notice_read_user_idx').on(t.userId)],
);
