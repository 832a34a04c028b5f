import { and, asc, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { dateRange, type PageQuery } from '../../../platform/paging.ts';
import { EXPORT_LIMIT, type ListPage } from '../../../platform/resource-routes.ts';
import { customerWhere, type Scope } from '../../../platform/scope.ts';
import { sysClient } from '../customer/customer.table.ts';
import { projectView, scopedProject } from './project.service.ts';
import { bizProject } from './project.table.ts';

/** The project list and its export: each project with its customer's name, within the scope's customer. */

export interface ProjectFilter extends PageQuery {
  projectName?: string;
  projectCode?: string;
  city?: string;
  belongClient?: number;
  mapType?: string;
  commType?: string;
  status?: '0' | '1' | '';
}

export const PROJECT_SORTABLE = {
  projectId: bizProject.projectId,
  projectCode: bizProject.code,
  projectName: bizProject.name,
  city: bizProject.city,
  createTime: bizProject.createTime,
};
export const PROJECT_ORDER = [desc(bizProject.projectId)];

function filtered(scope: Scope, q: ProjectFilter): SQL | undefined {
  const { begin, end } = dateRange(q);
  return and(
    eq(bizProject.delFlag, '0'),
    customerWhere(scope, bizProject.clientId),
    q.belongClient ? eq(bizProject.clientId, q.belongClient) : undefined,
    q.projectName
      ? or(ilike(bizProject.name, `%${q.projectName}%`), ilike(bizProject.shortName, `%${q.projectName}%`))
      : undefined,
    q.projectCode ? ilike(bizProject.code, `%${q.projectCode}%`) : undefined,
    q.city ? ilike(bizProject.city, `%${q.city}%`) : undefined,
    q.mapType ? eq(bizProject.mapType, q.mapType) : undefined,
    q.commType ? eq(bizProject.commType, q.commType) : undefined,
    q.status ? eq(bizProject.status, q.status) : undefined,
    begin ? gte(bizProject.createTime, begin) : undefined,
    end ? lte(bizProject.createTime, end) : undefined,
  );
}

const withClientName = (db: Db) =>
  db
    .select({ project: bizProject, clientName: sysClient.name })
    .from(bizProject)
    .leftJoin(sysClient, eq(sysClient.clientId, bizProject.clientId));

export async function listProjects(db: Db, scope: Scope, q: ProjectFilter, page: ListPage) {
  const where = filtered(scope, q);
  const [rows, total] = await Promise.all([
    withClientName(db)
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    db.$count(bizProject, where),
  ]);
  return { rows: rows.map((r) => projectView(r.project, r.clientName)), total };
}

export async function exportProjects(db: Db, scope: Scope, q: ProjectFilter) {
  const rows = await withClientName(db)
    .where(filtered(scope, q))
    .orderBy(asc(bizProject.projectId))
    .limit(EXPORT_LIMIT);
  return rows.map((r) => projectView(r.project, r.clientName));
}

/** A project of the scope's customer with its customer's name; a foreign id is not found. */
export async function projectDetail(db: Db, scope: Ctx, projectId: number) {
  const project = await scopedProject(db, scope, projectId);
  const [client] = await db
    .select({ name: sysClient.name })
    .from(sysClient)
    .where(eq(sysClient.clientId, project.clientId));
  return projectView(project, client?.name ?? null);
}
