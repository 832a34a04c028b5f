import { and, asc, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { dateRange, type PageQuery } from '../../../platform/paging.ts';
import { readExport, readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { type Scope, sameCustomer } from '../../../platform/scope.ts';
import { sysDept } from '../../system/dept/dept.table.ts';
import { sysRole } from '../../system/role/role.table.ts';
import { sysUser } from '../../system/user/user.table.ts';
import { sysPackage } from '../package/package.table.ts';
import { bizProject } from '../project/project.table.ts';
import { runningAt } from '../subscription/subscription.service.ts';
import { sysClientSubscription } from '../subscription/subscription.table.ts';
import { sysSystem } from '../subsystem/subsystem.table.ts';
import { customerView, listExtras, validStateFilter } from './customer.service.ts';
import { sysClient, sysClientSystem } from './customer.table.ts';
import type { ValidState } from './validity.ts';

/** The customer list and its export: the SQL over sys_client the list screens read. */

export interface CustomerFilter extends PageQuery {
  code?: string;
  name?: string;
  status?: '0' | '1' | '';
  validState?: ValidState | '';
}

export const CUSTOMER_SORTABLE = {
  clientId: sysClient.clientId,
  code: sysClient.code,
  name: sysClient.name,
  validFrom: sysClient.validFrom,
  validTo: sysClient.validTo,
  status: sysClient.status,
  createTime: sysClient.createTime,
};

export const CUSTOMER_ORDER = [desc(sysClient.clientId)];

/** Customer users see their own customer only; the clientId header does not narrow this list. */
function filtered(scope: Scope, now: number, q: CustomerFilter): SQL | undefined {
  const { begin, end } = dateRange(q);
  return and(
    eq(sysClient.delFlag, '0'),
    scope.platform ? undefined : sameCustomer(sysClient.clientId, scope.clientId),
    q.code ? ilike(sysClient.code, `%${q.code}%`) : undefined,
    q.name ? or(ilike(sysClient.name, `%${q.name}%`), ilike(sysClient.shortName, `%${q.name}%`)) : undefined,
    q.status ? eq(sysClient.status, q.status) : undefined,
    q.validState ? validStateFilter(q.validState, now) : undefined,
    begin ? gte(sysClient.createTime, begin) : undefined,
    end ? lte(sysClient.createTime, end) : undefined,
  );
}

/** Customers with their main account, running package and project and user counts. */
async function withExtras(db: Db, rows: (typeof sysClient.$inferSelect)[], now: number) {
  const extras = await listExtras(db, rows, now);
  return rows.map((r) => ({ ...customerView(r, now), ...extras.get(r.clientId) }));
}

export async function listCustomers(db: Db, scope: Scope, now: number, q: CustomerFilter, page: ListPage) {
  const { rows, total } = await readPage(db, sysClient, filtered(scope, now, q), page);
  return { rows: await withExtras(db, rows, now), total };
}

export async function exportCustomers(db: Db, scope: Scope, now: number, q: CustomerFilter) {
  return withExtras(db, await readExport(db, sysClient, filtered(scope, now, q), asc(sysClient.clientId)), now);
}

/** What a customer holds: its main account, latest subscriptions, the running one, subsystems and counts. */
export async function customerHoldings(db: Db, clientId: number, mainUserId: number | null, now: number) {
  const withPackage = () =>
    db
      .select({ subscription: sysClientSubscription, packageName: sysPackage.packageName })
      .from(sysClientSubscription)
      .innerJoin(sysPackage, eq(sysPackage.packageId, sysClientSubscription.packageId));
  const [mainAccount, subscriptions, systems, projects, users, departments, roles, running] = await Promise.all([
    mainUserId
      ? db
          .select({ userName: sysUser.userName })
          .from(sysUser)
          .where(eq(sysUser.userId, mainUserId))
          .then((r) => r[0]?.userName ?? null)
      : null,
    withPackage()
      .where(eq(sysClientSubscription.clientId, clientId))
      .orderBy(desc(sysClientSubscription.endTime))
      .limit(20),
    db
      .select()
      .from(sysSystem)
      .innerJoin(sysClientSystem, eq(sysClientSystem.systemId, sysSystem.systemId))
      .where(eq(sysClientSystem.clientId, clientId))
      .orderBy(asc(sysSystem.orderNum)),
    db.$count(bizProject, and(eq(bizProject.clientId, clientId), eq(bizProject.delFlag, '0'))),
    db.$count(sysUser, and(eq(sysUser.clientId, clientId), eq(sysUser.delFlag, '0'))),
    db.$count(sysDept, and(eq(sysDept.clientId, clientId), eq(sysDept.delFlag, '0'))),
    db.$count(sysRole, and(eq(sysRole.clientId, clientId), eq(sysRole.delFlag, '0'))),
    withPackage()
      .where(and(eq(sysClientSubscription.clientId, clientId), runningAt(new Date(now))))
      .orderBy(desc(sysClientSubscription.endTime))
      .limit(1),
  ]);
  return { mainAccount, subscriptions, systems, projects, users, departments, roles, running };
}
