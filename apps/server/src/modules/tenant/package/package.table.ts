import { sql } from 'drizzle-orm';
import { char, integer, numeric, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref } from '../../../db/columns.ts';

/** A subscription package: a price, a period and the subsystems it grants. */
export const sysPackage = pgTable(
  'sys_package',
  {
    packageId: id('package_id'),
    packageName: varchar('package_name', { length: 40 }).notNull(),
    /** yuan, two decimals */
    subscriptionPrice: numeric('subscription_price', { precision: 12, scale: 2 }).notNull().default('0'),
    /** 'time' (by time period) or 'package' (by package) */
    mode: varchar('mode', { length: 10 }).notNull().default('time'),
    /** day, month, quarter or year; null for a package without a period */
    period: varchar('period', { length: 10 }),
    periodCount: integer('period_count').notNull().default(1),
    /** '0' enabled, '1' disabled (no new subscriptions; running ones keep their grants) */
    status: char('status', { length: 1 }).notNull().default('0'),
    delFlag: char('del_flag', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_package_name_uq').on(t.packageName).where(sql`${t.delFlag} = '0'`)],
);

/** Subsystems a package grants. */
export const sysPackageSystem = pgTable(
  'sys_package_system',
  { packageId: ref('package_id').notNull(), systemId: integer('system_id').notNull() },
  (t) => [primaryKey({ columns: [t.packageId, t.systemId] })],
);
