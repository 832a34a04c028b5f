import type { Database } from '../../../platform/db.ts';
import type { FigureScope } from '../../../platform/home-figures.ts';
import { SqlParams, scopeSql } from '../../../platform/scope.ts';

/** Customers and projects of the scope (a customer user: its own customer and its projects). */
export async function scopeCounts(db: Database, scope: FigureScope) {
  const p = new SqlParams();
  const [row] = await db.query<{ customers: number; projects: number }>(
    `select (select count(*)::int from sys_client c
              where c.del_flag = '0' and ${scopeSql(scope, p, { client: 'c.client_id' })}) as customers,
            (select count(*)::int from biz_project pr
              where pr.del_flag = '0' and ${scopeSql(scope, p, { client: 'pr.client_id', project: 'pr.project_id' })}) as projects`,
    p.values,
  );
  return { customers: row?.customers ?? 0, projects: row?.projects ?? 0 };
}

/** The scheduled jobs: enabled and all, the latest fire, the runs that failed in the last 24 hours. */
export async function jobCounts(db: Database) {
  const [row] = await db.query<{ enabled: number; total: number; lastFire: Date | null; failedToday: number }>(
    `select count(*) filter (where status = '0')::int as enabled, count(*)::int as total,
            max(last_fire_time) as "lastFire",
            (select count(*)::int from sys_job_log
              where status = '1' and create_time > now() - interval '24 hours') as "failedToday"
       from sys_job`,
  );
  return {
    enabled: row?.enabled ?? 0,
    total: row?.total ?? 0,
    lastFire: row?.lastFire ?? null,
    failedToday: row?.failedToday ?? 0,
  };
}
