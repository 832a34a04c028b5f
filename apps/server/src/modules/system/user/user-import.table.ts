import { boolean, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { id, ref, ts } from '../../../db/columns.ts';

/** One failed row of an import: its number in the sheet and the failures, kept as rule strings to render in the reader's language. */
export interface ImportRowError {
  row: number;
  userName: string;
  issues: { path: string[]; message: string; code?: string }[];
}

/** Every user import: who, when, which file, how many rows succeeded and failed, and why each failure failed. */
export const sysUserImport = pgTable(
  'sys_user_import',
  {
    importId: id('import_id'),
    clientId: ref('client_id'),
    fileName: varchar('file_name', { length: 255 }).notNull().default(''),
    updateSupport: boolean('update_support').notNull().default(false),
    total: integer('total').notNull().default(0),
    successCount: integer('success_count').notNull().default(0),
    insertCount: integer('insert_count').notNull().default(0),
    updateCount: integer('update_count').notNull().default(0),
    failCount: integer('fail_count').notNull().default(0),
    errors: jsonb('errors').$type<ImportRowError[]>().notNull().default([]),
    costTime: integer('cost_time').notNull().default(0),
    operName: varchar('oper_name', { length: 64 }).notNull().default(''),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('sys_user_import_client_idx').on(t.clientId, t.createTime)],
);
