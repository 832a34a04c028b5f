import { char, index, numeric, pgTable } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref, ts } from '../../../db/columns.ts';

/**
 * A customer's subscription to a package for a period. The customer's validity follows its
 * subscriptions, and the subsystems of the ones running now are granted to it.
 */
export const sysClientSubscription = pgTable(
  'sys_client_subscription',
  {
    subscriptionId: id('subscription_id'),
    clientId: ref('client_id').notNull(),
    packageId: ref('package_id').notNull(),
    startTime: ts('start_time').notNull(),
    /** inclusive */
    endTime: ts('end_time').notNull(),
    /** the package price when subscribed, yuan */
    price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
    /** '0' normal, '1' cancelled */
    status: char('status', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [
    index('sys_client_subscription_client_idx').on(t.clientId, t.endTime),
    index('sys_client_subscription_package_idx').on(t.packageId),
  ],
);
