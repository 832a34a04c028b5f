import { and, eq, gte, lte, max, min, ne } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { sysClient } from '../customer/customer.table.ts';
import { sysPackage } from '../package/package.table.ts';
import { sysClientSubscription } from './subscription.table.ts';

export type SubscriptionState = 'cancelled' | 'pending' | 'active' | 'ended';

const PERIOD_MONTHS: Record<string, number> = { month: 1, quarter: 3, year: 12 };

/** `start` moved on by `count` periods in local calendar time; a month end stays a month end (31 Jan + 1 month = 28/29 Feb). */
export function addPeriods(start: Date, period: string, count: number): Date {
  const next = new Date(start.getTime());
  if (period === 'day') {
    next.setDate(next.getDate() + count);
    return next;
  }
  const months = (PERIOD_MONTHS[period] ?? 0) * count;
  const day = next.getDate();
  next.setDate(1);
  next.setMonth(next.getMonth() + months);
  const lastDay = new Date(next.getFullYear(), next.getMonth() + 1, 0).getDate();
  next.setDate(Math.min(day, lastDay));
  return next;
}

/** The last moment of a subscription that starts at `start`: one second before the period count runs out. */
export function periodEnd(start: Date, period: string, count: number): Date {
  return new Date(addPeriods(start, period, count).getTime() - 1000);
}

export function subscriptionState(
  row: { status: string; startTime: Date; endTime: Date },
  now: number,
): SubscriptionState {
  if (row.status !== '0') return 'cancelled';
  if (now < row.startTime.getTime()) return 'pending';
  if (now > row.endTime.getTime()) return 'ended';
  return 'active';
}

/** Subscriptions running at `at` (not cancelled, started, not yet ended). */
export const runningAt = (at: Date) =>
  and(
    eq(sysClientSubscription.status, '0'),
    lte(sysClientSubscription.startTime, at),
    gte(sysClientSubscription.endTime, at),
  );

/** The package a subscription may be taken on: present, not deleted, enabled. */
export async function subscribablePackage(db: Db, packageId: number) {
  const [pkg] = await db
    .select()
    .from(sysPackage)
    .where(and(eq(sysPackage.packageId, packageId), eq(sysPackage.delFlag, '0')));
  if (!pkg) throw notFound();
  return pkg;
}

/** The end of a subscription: given, or computed from the package's period. */
export function endOf(
  pkg: { period: string | null; periodCount: number },
  start: Date,
  end: Date | null | undefined,
): Date {
  if (end) {
    if (end.getTime() < start.getTime()) throw fail('tenant.timeRange');
    return end;
  }
  if (!pkg.period) throw fail('tenant.subscription.endRequired');
  return periodEnd(start, pkg.period, pkg.periodCount);
}

/**
 * The customer's validity follows its subscriptions: from the first start to the latest end of
 * the ones not cancelled. A customer without such subscriptions keeps the validity set by hand.
 */
export async function followSubscriptions(db: Db, clientId: number, by: string, now: number): Promise<void> {
  const [span] = await db
    .select({ from: min(sysClientSubscription.startTime), to: max(sysClientSubscription.endTime) })
    .from(sysClientSubscription)
    .where(and(eq(sysClientSubscription.clientId, clientId), ne(sysClientSubscription.status, '1')));
  if (!span?.from || !span.to) return;
  await db
    .update(sysClient)
    .set({ validFrom: span.from, validTo: span.to, updateBy: by, updateTime: new Date(now) })
    .where(eq(sysClient.clientId, clientId));
}
