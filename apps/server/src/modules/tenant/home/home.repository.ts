import { and, asc, count, eq, gte, lt, lte } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';
import { sysLogininfor } from '../../system/log/log.table.ts';
import { sysUser } from '../../system/user/user.table.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { validStateFilter } from '../customer/customer.service.ts';
import { sysClient } from '../customer/customer.table.ts';
import { sysPackage } from '../package/package.table.ts';
import { bizProject } from '../project/project.table.ts';
import { runningAt } from '../subscription/subscription.service.ts';
import { sysClientSubscription } from '../subscription/subscription.table.ts';

/** The home page's figures of the scope's customer (all customers for a platform user choosing none). */

const DAY_MS = 86_400_000;
export const EXPIRING_WITHIN_DAYS = 30;
const TREND_DAYS = 7;

/** Local midnight `daysAgo` days before `now`. */
function startOfDay(now: number, daysAgo: number): Date {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - daysAgo);
  return d;
}

export async function homeFigures(db: Db, scope: Scope, now: number) {
  const at = new Date(now);
  const clientId = scope.clientId;
  const ofClient = (column: AnyPgColumn) => (clientId === null ? undefined : eq(column, clientId));

  const expiringWhere = and(
    ofClient(sysClientSubscription.clientId),
    runningAt(at),
    lte(sysClientSubscription.endTime, new Date(now + EXPIRING_WITHIN_DAYS * DAY_MS)),
    eq(sysClient.delFlag, '0'),
  );
  const loginsSince = (from: Date, to?: Date) =>
    db.$count(
      sysLogininfor,
      and(
        ofClient(sysLogininfor.clientId),
        eq(sysLogininfor.status, '0'),
        gte(sysLogininfor.loginTime, from),
        to ? lt(sysLogininfor.loginTime, to) : undefined,
      ),
    );

  const [projects, users, expiringRows, [expiringTotal], recentLogins, trend, client] = await Promise.all([
    db.$count(bizProject, and(eq(bizProject.delFlag, '0'), ofClient(bizProject.clientId))),
    db.$count(sysUser, and(eq(sysUser.delFlag, '0'), ofClient(sysUser.clientId))),
    db
      .select({
        subscriptionId: sysClientSubscription.subscriptionId,
        clientId: sysClientSubscription.clientId,
        clientName: sysClient.name,
        packageName: sysPackage.packageName,
        endTime: sysClientSubscription.endTime,
      })
      .from(sysClientSubscription)
      .innerJoin(sysClient, eq(sysClient.clientId, sysClientSubscription.clientId))
      .innerJoin(sysPackage, eq(sysPackage.packageId, sysClientSubscription.packageId))
      .where(expiringWhere)
      .orderBy(asc(sysClientSubscription.endTime))
      .limit(10),
    db
      .select({ n: count() })
      .from(sysClientSubscription)
      .innerJoin(sysClient, eq(sysClient.clientId, sysClientSubscription.clientId))
      .where(expiringWhere),
    loginsSince(new Date(now - DAY_MS)),
    Promise.all(
      Array.from({ length: TREND_DAYS }, (_, i) => TREND_DAYS - 1 - i).map(async (daysAgo) => {
        const from = startOfDay(now, daysAgo);
        return {
          date: formatDate(from)!.slice(0, 10),
          count: await loginsSince(from, startOfDay(now, daysAgo - 1)),
        };
      }),
    ),
    clientId === null
      ? null
      : db
          .select()
          .from(sysClient)
          .where(eq(sysClient.clientId, clientId))
          .then((r) => r[0] ?? null),
  ]);

  const customers = scope.platform
    ? await Promise.all(
        (['normal', 'expired', 'not_started'] as const).map((state) =>
          db.$count(sysClient, and(eq(sysClient.delFlag, '0'), validStateFilter(state, now))),
        ),
      ).then(([normal, expired, notStarted]) => ({
        total: normal + expired + notStarted,
        normal,
        expired,
        notStarted,
      }))
    : null;

  return {
    projects,
    users,
    expiringRows,
    expiringTotal: expiringTotal?.n ?? 0,
    recentLogins,
    trend,
    client,
    customers,
  };
}
