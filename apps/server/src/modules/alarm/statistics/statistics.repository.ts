import { ALARM_RULES, type AlarmConfigType } from '@luxgrid/contracts';
import type { Database } from '../../../platform/db.ts';

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

/** Alarms a parent's offline inhibits are consequences, not faults of their own: left out, as in the list. */
const BASE = `from lt_alarm a
  where ($1::bigint is null or a.client_id = $1) and ($2::bigint is null or a.project_id = $2)
    and a.inhibited_by is null and a.first_time >= $3 and a.first_time <= $4`;

const params = (s: StatsScope) => [s.clientId, s.projectId, s.begin, s.end];
const DAY = `to_char(a.first_time, 'YYYY-MM-DD')`;

export interface Count {
  key: string;
  count: number;
}

/** Alarm statistics of a period: by type, grade, project, day (by grade), time to recover per type, the ten noisiest devices. */
export async function alarmStatistics(db: Database, s: StatsScope) {
  const p = params(s);
  const [byType, byGrade, byProject, byDay, mttr, topDevices, totals] = await Promise.all([
    db.query<Count>(
      `select a.alarm_config_type as key, count(*)::int as count ${BASE} group by 1 order by 2 desc, 1`,
      p,
    ),
    db.query<Count>(`select a.grade as key, count(*)::int as count ${BASE} group by 1 order by 2 desc, 1`, p),
    db.query<{ projectId: number; projectName: string; count: number }>(
      `select a.project_id as "projectId", coalesce(pr.name, '') as "projectName", count(*)::int as count
         from (select a.project_id ${BASE}) a left join biz_project pr on pr.project_id = a.project_id
        group by 1, 2 order by 3 desc, 1`,
      p,
    ),
    db.query<{ day: string; grade: string; count: number }>(
      `select ${DAY} as day, a.grade, count(*)::int as count ${BASE} group by 1, 2 order by 1, 2`,
      p,
    ),
    db.query<{ key: string; recovered: number; minutes: number }>(
      `select a.alarm_config_type as key, count(*)::int as recovered,
              round((avg(extract(epoch from a.recovered_time - a.first_time)) / 60)::numeric, 1)::float8 as minutes
         ${BASE} and a.state = 'RECOVERED' and a.recovered_time is not null and a.cleared_by = ''
        group by 1 order by 3 desc, 1`,
      p,
    ),
    db.query<{ deviceId: number; uid: string; deviceName: string; deviceType: string; count: number; active: number }>(
      `select d.device_id as "deviceId", d.uid, d.name as "deviceName", d.device_type as "deviceType",
              x.count, x.active
         from (select a.device_id, count(*)::int as count, count(*) filter (where a.state = 'NEW')::int as active
                 ${BASE} group by 1 order by 2 desc, 1 limit 10) x
         join lt_device d on d.device_id = x.device_id
        order by x.count desc, d.device_id`,
      p,
    ),
    db.query<{ total: number; active: number; recovered: number; minutes: number | null }>(
      `select count(*)::int as total, count(*) filter (where a.state = 'NEW')::int as active,
              count(*) filter (where a.state = 'RECOVERED')::int as recovered,
              round((avg(extract(epoch from a.recovered_time - a.first_time))
                filter (where a.state = 'RECOVERED' and a.recovered_time is not null and a.cleared_by = '') / 60)::numeric, 1)::float8 as minutes
         ${BASE}`,
      p,
    ),
  ]);
  return { totals: totals[0]!, byType, byGrade, byProject, byDay, mttr, topDevices };
}

/** Fault statistics of a period: the device-reported fault types by type and day, and the faults open now (any period). */
export async function faultStatistics(db: Database, s: StatsScope) {
  const p = [...params(s), FAULT_TYPES];
  const [byType, byDay, open] = await Promise.all([
    db.query<{ key: string; count: number; recovered: number; cleared: number; active: number }>(
      `select a.alarm_config_type as key, count(*)::int as count,
              count(*) filter (where a.state = 'RECOVERED' and a.cleared_by = '')::int as recovered,
              count(*) filter (where a.state = 'RECOVERED' and a.cleared_by <> '')::int as cleared,
              count(*) filter (where a.state = 'NEW')::int as active
         ${BASE} and a.alarm_config_type = any($5::text[]) group by 1 order by 2 desc, 1`,
      p,
    ),
    db.query<{ day: string; key: string; count: number }>(
      `select ${DAY} as day, a.alarm_config_type as key, count(*)::int as count
         ${BASE} and a.alarm_config_type = any($5::text[]) group by 1, 2 order by 1, 2`,
      p,
    ),
    db.query<{ key: string; count: number; unacknowledged: number; oldest: string }>(
      `select a.alarm_config_type as key, count(*)::int as count,
              count(*) filter (where not a.acknowledged)::int as unacknowledged,
              to_char(min(a.first_time), 'YYYY-MM-DD HH24:MI:SS') as oldest
         from lt_alarm a
        where ($1::bigint is null or a.client_id = $1) and ($2::bigint is null or a.project_id = $2)
          and a.inhibited_by is null and a.state = 'NEW' and a.alarm_config_type = any($3::text[])
        group by 1 order by 2 desc, 1`,
      [s.clientId, s.projectId, FAULT_TYPES],
    ),
  ]);
  const total = byType.reduce((sum, r) => sum + r.count, 0);
  const openNow = open.reduce((sum, r) => sum + r.count, 0);
  return { totals: { total, open: openNow }, byType, byDay, open };
}
