import { bigint, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Audit columns every admin table carries (ADMIN-CONTRACT.md). */
export const auditColumns = () => ({
  createBy: varchar('create_by', { length: 64 }).notNull().default(''),
  createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updateBy: varchar('update_by', { length: 64 }).notNull().default(''),
  updateTime: timestamp('update_time', { withTimezone: true, mode: 'date' }),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
});

export const id = (name: string) => bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
export const ref = (name: string) => bigint(name, { mode: 'number' });
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
