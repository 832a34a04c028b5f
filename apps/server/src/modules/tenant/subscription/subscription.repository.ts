import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import type { PageQuery } from '../../../platform/paging.ts';
import { EXPORT_LIMIT, type ListPage } from '../../../platform/resource-routes.ts';
import { customerWhere, type Scope } from '../../../platform/scope.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { sysClient } from '../customer/customer.table.ts';
import { applyEntitlements } from '../customer/entitlements.ts';
import { sysPackage } from '../package/package.table.ts';
import { followSubscriptions, type SubscriptionState, subscriptionState } from './subscription.service.ts';
import { sysClientSubscription } from './subscription.table.ts';

/** Customers' subscriptions: the SQL over sys_client_subscription, within the scope's customer. */

export const SUBSCRIPTION_STATES = [
  'cancelled',
  'pending',
  'active',
  'ended',
] as const satisfies readonly SubscriptionState[];

export interface SubscriptionFilter extends PageQuery {
  clientId?: number;
  packageId?: number;
  state?: SubscriptionState | '';
  /** running subscriptions that end within this many days */
  expiringDays?: number;
}

export const SUBSCRIPTION_SORTABLE = {
  subscriptionId: sysClientSubscription.subscriptionId,
  clientId: sysClientSubscription.clientId,
  startTime: sysClientSubscription.startTime,
  endTime: sysClientSubscription.endTime,
  createTime: sysClientSubscription.createTime,
};
export const SUBSCRIPTION_ORDER = [desc(sysClientSubscription.subscriptionId)];

const DAY_MS = 86_400_000;

function filtered(scope: Scope, now: number, q: SubscriptionFilter): SQL | undefined {
  const at = new Date(now);
  const s = sysClientSubscription;
  const byState: Record<SubscriptionState, SQL | undefined> = {
    cancelled: eq(s.status, '1'),
    pending: and(eq(s.status, '0'), gt(s.startTime, at)),
    active: and(eq(s.status, '0'), lte(s.startTime, at), gte(s.endTime, at)),
    ended: and(eq(s.status, '0'), lt(s.endTime, at)),
  };
  return and(
    customerWhere(scope, s.clientId),
    eq(sysClient.delFlag, '0'),
    q.clientId ? eq(s.clientId, q.clientId) : undefined,
    q.packageId ? eq(s.packageId, q.packageId) : undefined,
    q.state ? byState[q.state] : undefined,
    q.expiringDays !== undefined
      ? and(byState.active, lte(s.endTime, new Date(at.getTime() + q.expiringDays * DAY_MS)))
      : undefined,
  );
}

const withNames = (db: Db) =>
  db
    .select({ subscription: sysClientSubscription, clientName: sysClient.name, packageName: sysPackage.packageName })
    .from(sysClientSubscription)
    .innerJoin(sysClient, eq(sysClient.clientId, sysClientSubscription.clientId))
    .innerJoin(sysPackage, eq(sysPackage.packageId, sysClientSubscription.packageId));

type Joined = { subscription: typeof sysClientSubscription.$inferSelect; clientName: string; packageName: string };

/** A subscription as screens show it: its customer and package by name, its state and days left at `now`. */
function view(r: Joined, now: number) {
  const s = r.subscription;
  return {
    ...s,
    clientName: r.clientName,
    packageName: r.packageName,
    price: Number(s.price),
    startTime: formatDate(s.startTime),
    endTime: formatDate(s.endTime),
    state: subscriptionState(s, now),
    daysLeft: Math.max(0, Math.ceil((s.endTime.getTime() - now) / DAY_MS)),
    createTime: formatDate(s.createTime),
    updateTime: formatDate(s.updateTime),
  };
}

export async function listSubscriptions(db: Db, scope: Scope, now: number, q: SubscriptionFilter, page: ListPage) {
  const where = filtered(scope, now, q);
  const [rows, [total]] = await Promise.all([
    withNames(db)
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(sysClientSubscription)
      .innerJoin(sysClient, eq(sysClient.clientId, sysClientSubscription.clientId))
      .where(where),
  ]);
  return { rows: rows.map((r) => view(r, now)), total: total?.n ?? 0 };
}

export async function exportSubscriptions(db: Db, scope: Scope, now: number, q: SubscriptionFilter) {
  const rows = await withNames(db)
    .where(filtered(scope, now, q))
    .orderBy(asc(sysClientSubscription.subscriptionId))
    .limit(EXPORT_LIMIT);
  return rows.map((r) => view(r, now));
}

/** The subscription with this id within the scope; a foreign or unknown id is not found. */
async function scoped(db: Db, scope: Scope, subscriptionId: number): Promise<Joined> {
  const [row] = await withNames(db).where(
    and(eq(sysClientSubscription.subscriptionId, subscriptionId), customerWhere(scope, sysClientSubscription.clientId)),
  );
  if (!row) throw notFound();
  return row;
}

export async function findSubscription(db: Db, scope: Scope, now: number, subscriptionId: number) {
  return view(await scoped(db, scope, subscriptionId), now);
}

/** The stored subscription with this id within the scope, for a change. */
export async function subscriptionToChange(db: Db, scope: Scope, subscriptionId: number) {
  return (await scoped(db, scope, subscriptionId)).subscription;
}

/** The customer (not deleted) a subscription is added for, or "not found". */
export async function liveCustomerId(db: Db, clientId: number): Promise<number> {
  const [client] = await db
    .select({ id: sysClient.clientId })
    .from(sysClient)
    .where(and(eq(sysClient.clientId, clientId), eq(sysClient.delFlag, '0')));
  if (!client) throw notFound();
  return client.id;
}

/** The package a subscription already holds (it may since have been disabled). */
export async function heldPackage(db: Db, packageId: number) {
  const [row] = await db.select().from(sysPackage).where(eq(sysPackage.packageId, packageId));
  return row!;
}

export async function insertSubscription(db: Db, values: typeof sysClientSubscription.$inferInsert): Promise<number> {
  const [row] = await db
    .insert(sysClientSubscription)
    .values(values)
    .returning({ id: sysClientSubscription.subscriptionId });
  return row!.id;
}

export async function updateSubscription(
  db: Db,
  subscriptionId: number,
  values: Partial<typeof sysClientSubscription.$inferInsert>,
): Promise<void> {
  await db.update(sysClientSubscription).set(values).where(eq(sysClientSubscription.subscriptionId, subscriptionId));
}

/** Removes subscriptions of the scope (every id must be the scope's); answers the customers they belonged to. */
export async function deleteSubscriptions(db: Db, scope: Scope, ids: number[], allowed: () => void): Promise<number[]> {
  const rows = await db
    .select({ id: sysClientSubscription.subscriptionId, clientId: sysClientSubscription.clientId })
    .from(sysClientSubscription)
    .where(
      and(inArray(sysClientSubscription.subscriptionId, ids), customerWhere(scope, sysClientSubscription.clientId)),
    );
  if (rows.length !== ids.length) throw notFound();
  allowed();
  await db.delete(sysClientSubscription).where(inArray(sysClientSubscription.subscriptionId, ids));
  return rows.map((r) => r.clientId);
}

/** After a change to a customer's subscriptions: validity follows them, grants follow the running ones. */
export function settleCustomer(db: Db, clientId: number, by: string, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await followSubscriptions(tx, clientId, by, now);
    return applyEntitlements(tx, clientId, now);
  });
}
