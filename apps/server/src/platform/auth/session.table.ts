import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { ref, ts } from '../../db/columns.ts';

/** Server-side sessions (embedded default); with REDIS_URL they live in Redis instead. */
export const sysSession = pgTable(
  'sys_session',
  {
    tokenId: varchar('token_id', { length: 64 }).primaryKey(),
    userId: ref('user_id').notNull(),
    clientId: ref('client_id'),
    userName: varchar('user_name', { length: 50 }).notNull(),
    deptName: varchar('dept_name', { length: 50 }).notNull().default(''),
    ipaddr: varchar('ipaddr', { length: 128 }).notNull().default(''),
    browser: varchar('browser', { length: 50 }).notNull().default(''),
    os: varchar('os', { length: 50 }).notNull().default(''),
    loginTime: ts('login_time').notNull(),
    lastAccess: ts('last_access').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sys_session_user_idx').on(t.userId), index('sys_session_expires_idx').on(t.expiresAt)],
);
