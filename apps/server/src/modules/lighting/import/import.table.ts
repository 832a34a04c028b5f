import { index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { id, ref, ts } from '../../../db/columns.ts';

/** One batch import of devices from an Excel file, tracked while it runs. */
export const ltImportRecord = pgTable(
  'lt_import_record',
  {
    recordId: id('record_id'),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    deviceType: varchar('device_type', { length: 20 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull().default(''),
    /** RUNNING, DONE, FAILED */
    status: varchar('status', { length: 10 }).notNull(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    successCount: integer('success_count').notNull().default(0),
    failCount: integer('fail_count').notNull().default(0),
    message: varchar('message', { length: 500 }).notNull().default(''),
    operName: varchar('oper_name', { length: 50 }).notNull().default(''),
    createTime: ts('create_time').notNull(),
    finishTime: ts('finish_time'),
  },
  (t) => [index('lt_import_record_client_idx').on(t.clientId, t.projectId, t.recordId)],
);

/** One row of an import file and what became of it. */
export const ltImportDetail = pgTable(
  'lt_import_detail',
  {
    detailId: id('detail_id'),
    recordId: ref('record_id').notNull(),
    clientId: ref('client_id').notNull(),
    rowNo: integer('row_no').notNull(),
    uid: varchar('uid', { length: 64 }).notNull().default(''),
    name: varchar('name', { length: 64 }).notNull().default(''),
    /** SUCCESS, FAIL */
    result: varchar('result', { length: 10 }).notNull(),
    message: varchar('message', { length: 1000 }).notNull().default(''),
    data: jsonb('data'),
  },
  (t) => [index('lt_import_detail_record_idx').on(t.recordId, t.result, t.rowNo)],
);
