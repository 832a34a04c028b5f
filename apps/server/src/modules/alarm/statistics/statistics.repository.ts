import { ALARM_RULES, type AlarmConfigType } from '@luxgrid/contracts';
import type { Database } from '../../../platform/db.ts';
import { SqlParams, scopeSql } from '../../../platform/scope.ts';
import { ALARM_SCOPE } from '../list/alarm.repository.ts';

/** Whose alarms and when: one customer (or all, null), optionally one project, first raised in [begin, end]. */
export interface StatsScope {
  clientId: number | null;
  projectId: number | null;
  begin: Date;
  end: Date;
}

/** Fault types: those a device reports as its own fault (lamp failure, branch abnormal, …), cleared by hand if never recovered. */
export const FAULT_TYPES = (Object.keys(ALARM_RULES) as AlarmConfigType[]).filter(
  (type) => ALARM_RULES[type].manualClear,
);

/**
 * One statement over the alarms of a period: `from` is the scope and period (alarms a parent's
 * offline inhibits are consequences, not faults of their own: left out, as in the list).
 */
function over<T>(db: Database, s: StatsScope, build: (from: string, p: SqlParams) => string) {
  const p = new SqlParams();
  const from = `from lt_alarm a
  where ${scopeSql(s, p, ALARM_SCOPE)}
    and a.inhibited_by is null and a.first_time >= ${p.add(s.begin)} and a.first_time <= ${p.add(s.end)}`;
  return db.query<T>(build(from, p), p.values);
}

const DAY = `to_char(a.first_time, 'YYYY-MM-DD')`;

export interface Count {
  key: string;
  count: number;
}

/** Alarm statistics of a period: by type, grade, project, day (by grade), time to recover per type, the ten noisiest devices. */
export async function alarmStatistics(db: Database, s: StatsScope) {
  const [byType, byGrade, byProject, byDay, mttr, topDevices, totals] = await Promise.all([
    over<Count>(
      db,
      s,
      (from) => `select a.alarm_config_type as key, count(*)::int as count ${from} group by 1 order by 2 desc, 1`,
    ),
    over<Count>(db, s, (from) => `select a.grade as key, count(*)::int as count ${from} group by 1 order by 2 desc, 1`),
    over<{ projectId: number; projectName: string; count: number }>(
      db,
      s,
      (from) => `select a.project_id as "projectId", coalesce(pr.name, '') as "projectName", count(*)::int as count
         from (select a.project_id ${from}) a left join biz_project pr on pr.project_id = a.project_id
        group by 1, 2 order by 3 desc, 1`,
    ),
    over<{ day: string; grade: string; count: number }>(
      db,
      s,
      (from) => `select ${DAY} as day, a.grade, count(*)::int as count ${from} group by 1, 2 order by 1, 2`,
    ),
    over<{ key: string; recovered: number; minutes: number }>(
      db,
      s,
      (from) => `select a.alarm_config_type as key, count(*)::int as recovered,
              round((avg(extract(epoch from a.recovered_time - a.first_time)) / 60)::numeric, 1)::float8 as minutes
         ${from} and a.state = 'RECOVERED' and a.recovered_time is not null and a.cleared_by = ''
        group by 1 order by 3 desc, 1`,
    ),
    over<{ deviceId: number; uid: string; deviceName: string; deviceType: string; count: number; active: number }>(
      db,
      s,
      (from) => `select d.device_id as "deviceId", d.uid, d.name as "deviceName", d.device_type as "deviceType",
              x.count, x.active
         from (select a.device_id, count(*)::int as count, count(*) filter (where a.state = 'NEW')::int as active
                 ${from} group by 1 order by 2 desc, 1 limit 10) x
         join lt_device d on d.device_id = x.device_id
        order by x.count desc, d.device_id`,
    ),
    over<{ total: number; active: number; recovered: number; minutes: number | null }>(
      db,
      s,
      (from) => `select count(*)::int as total, count(*) filter (where a.state = 'NEW')::int as active,
              count(*) filter (where a.state = 'RECOVERED')::int as recovered,
              round((avg(extract(epoch from a.recovered_time - a.first_time))
                filter (where a.state = 'RECOVERED' and a.recovered_time is not null and a.cleared_by = '') / 60)::numeric, 1)::float8 as minutes
         ${from}`,
    ),
  ]);
  return { totals: totals[0]!, byType, byGrade, byProject, byDay, mttr, topDevices };
}

/** Fault statistics of a period: the device-reported fault types by type and day, and the faults open now (any period). */
export async function faultStatistics(db: Database, s: StatsScope) {
  const faults = (p: SqlParams) => `a.alarm_config_type = any(${p.add(FAULT_TYPES)}::text[])`;
  const openScope = new SqlParams();
  const [byType, byDay, open] = await Promise.all([
    over<{ key: string; count: number; recovered: number; cleared: number; active: number }>(
      db,
      s,
      (from, p) => `select a.alarm_config_type as key, count(*)::int as count,
              count(*) filter (where a.state = 'RECOVERED' and a.cleared_by = '')::int as recovered,
              count(*) filter (where a.state = 'RECOVERED' and a.cleared_by <> '')::int as cleared,
              count(*) filter (where a.state = 'NEW')::int as active
         ${from} and ${faults(p)} group by 1 order by 2 desc, 1`,
    ),
    over<{ day: string; key: string; count: number }>(
      db,
      s,
      (from, p) => `select ${DAY} as day, a.alarm_config_type as key, count(*)::int as count
         ${from} and ${faults(p)} group by 1, 2 order by 1, 2`,
    ),
    db.query<{ key: string; count: number; unacknowledged: number; oldest: string }>(
      `select a.alarm_config_type as key, count(*)::int as count,
              count(*) filter (where not a.acknowledged)::int as unacknowledged,
              to_char(min(a.first_time), 'YYYY-MM-DD HH24:MI:SS') as oldest
         from lt_alarm a
        where ${scopeSql(s, openScope, ALARM_SCOPE)}
          and a.inhibited_by is null and a.state = 'NEW' and ${faults(openScope)}
        group by 1 order by 2 desc, 1`,
      openScope.values,
    ),
  ]);
  const total = byType.reduce((sum, r) => sum + r.count, 0);
  const openNow = open.reduce((sum, r) => sum + r.count, 0);
  return { totals: { total, open: openNow }, byType, byDay, open };
}
