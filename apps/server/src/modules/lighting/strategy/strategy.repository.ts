import type { StrategyBody, StrategyTargets, VirtualDimmingBody } from '@luxgrid/contracts';
import { and, asc, desc, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { findIn, readExport, readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { created, type Scope, scopeWhere, updated } from '../../../platform/scope.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { ltScheduleIssue, ltStrategy, ltVirtualDimming } from './strategy.table.ts';

/**
 * The only SQL over strategies and virtual dimming plans. Every function takes the scope first:
 * lists are narrowed to a project (the filter's, else the one chosen in the top bar), by-id
 * lookups to the customer.
 */

export interface PlanFilter {
  projectId?: number;
  name?: string;
  issueState?: string;
  status?: string;
}

const byId = { projectId: null };
const like = (text: string) => `%${text}%`;
const audit = <T extends { createTime: Date; updateTime: Date | null }>(row: T) => ({
  ...row,
  createTime: formatDate(row.createTime),
  updateTime: formatDate(row.updateTime),
});

/** The lamps (lamp controllers and heads) a set of targets reaches: devices, group and tag members, and everything under them. */
export async function targetLamps(database: Database, projectId: number, t: StrategyTargets): Promise<Set<number>> {
  const rows = await database.query<{ device_id: number }>(
    `with recursive roots as (
       select device_id from lt_device where project_id = $1 and device_id = any($2::bigint[])
       union select m.device_id from lt_group_member m join lt_group g on g.group_id = m.group_id
             where g.project_id = $1 and m.group_id = any($3::bigint[])
       union select dt.device_id from lt_device_tag dt join lt_tag tg on tg.tag_id = dt.tag_id
             where tg.project_id = $1 and dt.tag_id = any($4::bigint[])
     ), tree as (
       select device_id from roots
       union select d.device_id from lt_device d join tree on d.parent_id = tree.device_id
     )
     select d.device_id from tree join lt_device d using (device_id) where d.device_type in ('RTU', 'LIGHT')`,
    [projectId, [...t.deviceIds, ...t.boxIds], t.groupIds, t.tagIds],
  );
  return new Set(rows.map((r) => Number(r.device_id)));
}

/** Every target must be a record of the project (boxes must be boxes); the sensor a luxometer of it. */
async function checkTargets(database: Database, projectId: number, t: StrategyTargets, sensorId?: number) {
  const missing = async (kind: string, table: string, column: string, ids: number[], extra = '') => {
    if (!ids.length) return;
    const found = await database.query<{ id: number }>(
      `select ${column} as id from ${table} where project_id = $1 and ${column} = any($2::bigint[]) ${extra}`,
      [projectId, ids],
    );
    const have = new Set(found.map((r) => Number(r.id)));
    const absent = ids.filter((id) => !have.has(id));
    if (absent.length) throw fail('strategy.target.notFound', { kind, ids: absent.join(', ') });
  };
  await missing('groupIds', 'lt_group', 'group_id', t.groupIds);
  await missing('tagIds', 'lt_tag', 'tag_id', t.tagIds);
  await missing('boxIds', 'lt_device', 'device_id', t.boxIds, "and device_type = 'BOX'");
  await missing('deviceIds', 'lt_device', 'device_id', t.deviceIds);
  if (sensorId) {
    const [sensor] = await database.query<{ id: number }>(
      "select device_id as id from lt_device where project_id = $1 and device_id = $2 and device_type = 'LUXOMETER'",
      [projectId, sensorId],
    );
    if (!sensor) throw fail('strategy.sensor.notLuxometer');
  }
}

/** Newest first, unless the list asks for another order. */
export const STRATEGY_ORDER = [desc(ltStrategy.strategyId)];
export const PLAN_ORDER = [desc(ltVirtualDimming.planId)];

export function strategyRepository(database: Database) {
  const { db } = database;

  const nameFree = async (
    table: typeof ltStrategy | typeof ltVirtualDimming,
    projectId: number,
    name: string,
    selfId?: number,
  ) => {
    const idColumn = 'strategyId' in table ? table.strategyId : table.planId;
    const [clash] = await db
      .select({ id: idColumn })
      .from(table)
      .where(and(eq(table.projectId, projectId), eq(table.name, name), selfId ? ne(idColumn, selfId) : undefined));
    if (clash) throw fail('lighting.name.exists', { name });
  };

  /** A removed plan's copies: no longer expected on its controllers, nor run by the platform. */
  const forgetCopies = (kind: 'STRATEGY' | 'DIMMING', ids: number[]) =>
    db.delete(ltScheduleIssue).where(and(eq(ltScheduleIssue.kind, kind), inArray(ltScheduleIssue.planId, ids)));

  /* ---------------------------------------------------------------- strategies */

  /** The list filter of strategies and virtual dimming plans alike: project, name, issue state, status. */
  const filterWhere = (table: typeof ltStrategy | typeof ltVirtualDimming, scope: Scope, q: PlanFilter) =>
    and(
      scopeWhere(scope, table, { projectId: q.projectId ?? scope.projectId }),
      q.name ? ilike(table.name, like(q.name)) : undefined,
      q.issueState ? eq(table.issueState, q.issueState) : undefined,
      q.status ? eq(table.status, q.status) : undefined,
    );
  const strategyWhere = (scope: Scope, q: PlanFilter) => filterWhere(ltStrategy, scope, q);
  const strategyValues = (b: StrategyBody) => ({
    name: b.name,
    startDate: b.startDate,
    endDate: b.endDate,
    weekDays: b.weekDays,
    entries: b.entries,
    sensor: b.sensor ?? null,
    polarDay: b.polarDay,
    polarNight: b.polarNight,
    priority: b.priority,
    targets: b.targets,
    status: b.status,
    remark: b.remark ?? '',
  });

  const strategies = {
    sortable: {
      strategyId: ltStrategy.strategyId,
      name: ltStrategy.name,
      startDate: ltStrategy.startDate,
      priority: ltStrategy.priority,
    },
    async list(scope: Scope, q: PlanFilter, page: ListPage) {
      const { rows, total } = await readPage(db, ltStrategy, strategyWhere(scope, q), page);
      return { rows: rows.map(audit), total };
    },
    async exportRows(scope: Scope, q: PlanFilter) {
      return (await readExport(db, ltStrategy, strategyWhere(scope, q), asc(ltStrategy.strategyId))).map(audit);
    },
    async find(scope: Scope, id: number) {
      const row = await findIn(db, ltStrategy, ltStrategy.strategyId, id, scopeWhere(scope, ltStrategy, byId));
      return row && audit(row);
    },
    async insert(scope: Scope, now: number, project: { projectId: number; clientId: number }, body: StrategyBody) {
      await checkTargets(database, project.projectId, body.targets, body.sensor?.deviceId);
      await nameFree(ltStrategy, project.projectId, body.name);
      const [row] = await db
        .insert(ltStrategy)
        .values({ ...strategyValues(body), ...project, ...created(scope, now) })
        .returning({ strategyId: ltStrategy.strategyId });
      return row!;
    },
    async update(scope: Scope, now: number, id: number, body: StrategyBody) {
      const existing = await findIn(db, ltStrategy, ltStrategy.strategyId, id, scopeWhere(scope, ltStrategy, byId));
      if (!existing) throw notFound();
      await checkTargets(database, existing.projectId, body.targets, body.sensor?.deviceId);
      await nameFree(ltStrategy, existing.projectId, body.name, id);
      // a changed strategy is no longer what its controllers hold
      await db
        .update(ltStrategy)
        .set({ ...strategyValues(body), issueState: 'UN_PUSH', ...updated(scope, now) })
        .where(eq(ltStrategy.strategyId, id));
      return existing;
    },
    async remove(scope: Scope, ids: number[]) {
      const where = and(inArray(ltStrategy.strategyId, ids), scopeWhere(scope, ltStrategy, byId));
      if ((await db.$count(ltStrategy, where)) !== ids.length) throw notFound();
      await db.delete(ltStrategy).where(where);
      await forgetCopies('STRATEGY', ids);
    },
    /** A copy of a strategy in its project, named "<name> (n)" with the first free n, not issued. */
    async copy(scope: Scope, now: number, id: number) {
      const source = await findIn(db, ltStrategy, ltStrategy.strategyId, id, scopeWhere(scope, ltStrategy, byId));
      if (!source) throw notFound();
      const taken = new Set(
        (
          await db
            .select({ name: ltStrategy.name })
            .from(ltStrategy)
            .where(
              and(eq(ltStrategy.projectId, source.projectId), ilike(ltStrategy.name, `${source.name.slice(0, 34)}%`)),
            )
        ).map((r) => r.name),
      );
      let n = 2;
      const nameOf = (k: number) => `${source.name.slice(0, 40 - ` (${k})`.length)} (${k})`;
      while (taken.has(nameOf(n))) n++;
      const { strategyId: _id, createTime: _c, createBy: _b, updateTime: _u, updateBy: _ub, ...values } = source;
      const [row] = await db
        .insert(ltStrategy)
        .values({ ...values, name: nameOf(n), issueState: 'UN_PUSH', ...created(scope, now) })
        .returning({ strategyId: ltStrategy.strategyId, name: ltStrategy.name });
      return row!;
    },
    /** The project's other enabled strategies whose validity meets [from, to]. */
    async others(projectId: number, selfId: number | undefined, from: string, to: string) {
      const rows = await db
        .select()
        .from(ltStrategy)
        .where(and(eq(ltStrategy.projectId, projectId), eq(ltStrategy.status, '0')));
      return rows.filter((r) => r.strategyId !== selfId && r.startDate <= to && r.endDate >= from);
    },
  };

  /* ---------------------------------------------------------------- virtual dimming plans */

  const planWhere = (scope: Scope, q: PlanFilter) => filterWhere(ltVirtualDimming, scope, q);
  const planValues = (b: VirtualDimmingBody) => ({
    name: b.name,
    startDate: b.startDate,
    endDate: b.endDate,
    weekDays: b.weekDays,
    bands: b.bands,
    targets: b.targets,
    status: b.status,
    remark: b.remark ?? '',
  });

  const plans = {
    sortable: { planId: ltVirtualDimming.planId, name: ltVirtualDimming.name, startDate: ltVirtualDimming.startDate },
    async list(scope: Scope, q: PlanFilter, page: ListPage) {
      const { rows, total } = await readPage(db, ltVirtualDimming, planWhere(scope, q), page);
      return { rows: rows.map(audit), total };
    },
    async find(scope: Scope, id: number) {
      const row = await findIn(
        db,
        ltVirtualDimming,
        ltVirtualDimming.planId,
        id,
        scopeWhere(scope, ltVirtualDimming, byId),
      );
      return row && audit(row);
    },
    async insert(
      scope: Scope,
      now: number,
      project: { projectId: number; clientId: number },
      body: VirtualDimmingBody,
    ) {
      await checkTargets(database, project.projectId, body.targets);
      await nameFree(ltVirtualDimming, project.projectId, body.name);
      const [row] = await db
        .insert(ltVirtualDimming)
        .values({ ...planValues(body), ...project, ...created(scope, now) })
        .returning({ planId: ltVirtualDimming.planId });
      return row!;
    },
    async update(scope: Scope, now: number, id: number, body: VirtualDimmingBody) {
      const existing = await findIn(
        db,
        ltVirtualDimming,
        ltVirtualDimming.planId,
        id,
        scopeWhere(scope, ltVirtualDimming, byId),
      );
      if (!existing) throw notFound();
      await checkTargets(database, existing.projectId, body.targets);
      await nameFree(ltVirtualDimming, existing.projectId, body.name, id);
      await db
        .update(ltVirtualDimming)
        .set({ ...planValues(body), issueState: 'UN_PUSH', ...updated(scope, now) })
        .where(eq(ltVirtualDimming.planId, id));
    },
    async remove(scope: Scope, ids: number[]) {
      const where = and(inArray(ltVirtualDimming.planId, ids), scopeWhere(scope, ltVirtualDimming, byId));
      if ((await db.$count(ltVirtualDimming, where)) !== ids.length) throw notFound();
      await db.delete(ltVirtualDimming).where(where);
      await forgetCopies('DIMMING', ids);
    },
  };

  return { strategies, plans };
}
