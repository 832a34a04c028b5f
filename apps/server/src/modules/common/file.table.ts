import { index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, ref, ts } from '../../db/columns.ts';

/** What a stored file is: an upload, or a temporary export that its author downloads once and deletes. */
export const FILE_KINDS = ['upload', 'export'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/**
 * Every file stored under the upload root: whose customer it belongs to (null = the platform's) and
 * who stored it. Downloads serve a customer's users only their customer's files.
 */
export const sysFile = pgTable(
  'sys_file',
  {
    fileId: id('file_id'),
    clientId: ref('client_id'),
    /** path below the upload root, '2026/11/21/<random>.png' */
    path: varchar('path', { length: 255 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull().default(''),
    kind: varchar('kind', { length: 10 }).$type<FileKind>().notNull().default('upload'),
    size: ref('size').notNull().default(0),
    userId: ref('user_id'),
    createBy: varchar('create_by', { length: 64 }).notNull().default(''),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_file_path_uq').on(t.path), index('sys_file_client_idx').on(t.clientId, t.createTime)],
);
