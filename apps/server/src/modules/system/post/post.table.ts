import { char, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref } from '../../../db/columns.ts';

export const sysPost = pgTable(
  'sys_post',
  {
    postId: id('post_id'),
    clientId: ref('client_id'),
    postCode: varchar('post_code', { length: 64 }).notNull(),
    postName: varchar('post_name', { length: 50 }).notNull(),
    postSort: integer('post_sort').notNull().default(0),
    status: char('status', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [index('sys_post_client_idx').on(t.clientId, t.postSort)],
);
