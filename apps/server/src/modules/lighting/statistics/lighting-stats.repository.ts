import type { Database } from '../../../platform/db.ts';
import { SqlParams, scopeSql } from '../../../platform/scope.ts';
import { lightingOnly } from '../family-scope.ts';
import { COUNTED_DEVICE_SQL, LAMP_SQL } from '../home/device-figures.ts';

/**
 * The only SQL of the lighting statistics: the lit-period rollup written on ingest, the
 * 10-minute samples, and the reports over both. Report functions take the scope first.
 */

/** A closed lit period of a lamp (epoch ms). */
export interface LitPeriod {
  d: number;
  c: number;
  p: number;
  s: number;
  u: number;
}

/**
 * SQL splitting lit periods `src(d, c, p, s, u)` into the local days of each lamp's project
 * (daylight saving included): one row (d, c, p, day, secs) per lamp and day.
 */
const splitByDay = (src: string) => `
  select x.d, x.c, x.p, g.day::date as day,
         extract(epoch from least(x.u, (g.day + interval '1 day') at time zone pr.iana_time_zone)
                          - greatest(x.s, g.day at time zone pr.iana_time_zone)) as secs
    from (${src}) x
    join biz_project pr on pr.project_id = x.p
   cross join lateral generate_series(date_trunc('day', x.s at time zone pr.iana_time_zone),
                                      date_trunc('day', x.u at time zone pr.iana_time_zone), interval '1 day') g(day)
   where x.u > x.s`;

/** The open lit periods of the lamps asked: device id → lit since (ms). */
export async function openPeriods(db: Database, deviceIds: number[]): Promise<Map<number, number>> {
  const rows = await db.query<{ device_id: number; lit_since: Date }>(
    'select device_id, lit_since from lt_lamp_lit where device_id = any($1::bigint[]) and lit_since is not null',
    [deviceIds],
  );
  return new Map(rows.map((r) => [Number(r.device_id), new Date(r.lit_since).getTime()]));
}

/** Records where each lamp's lit period stands now (null: not lit) and adds the closed periods to the daily rollup. */
export async function writeLit(
  db: Database,
  states: { d: number; c: number; p: number; since: number | null }[],
  closed: LitPeriod[],
): Promise<void> {
  if (closed.length)
    await db.query(
      `with input as (
         select d, c, p, day, round(sum(secs))::int as secs from (${splitByDay(
           `select d, c, p, to_timestamp(s / 1000.0) as s, to_timestamp(u / 1000.0) as u
              from json_to_recordset($1::json) as r(d bigint, c bigint, p bigint, s float8, u float8)`,
         )}) y group by 1, 2, 3, 4 having round(sum(secs)) > 0
       ), lamp as (
         insert into lt_lighting_day as l (device_id, client_id, project_id, day, lit_seconds)
         select d, c, p, day, secs from input
         on conflict (device_id, day) do update set lit_seconds = l.lit_seconds + excluded.lit_seconds
         returning device_id, project_id, day, (xmax = 0) as fresh
       ), month as (
         insert into lt_lighting_lamp_month as m (device_id, month, client_id, project_id, lit_seconds, days)
         select d, month, min(c), min(p), sum(secs), sum(n) from (
           select d, date_trunc('month', day)::date as month, c, p, secs, 0 as n from input
           union all
           select device_id, date_trunc('month', day)::date, null, null, 0, 1 from lamp where fresh) x
          group by 1, 2
         on conflict (device_id, month) do update
           set lit_seconds = m.lit_seconds + excluded.lit_seconds, days = m.days + excluded.days
       )
       -- lit days counted from the rows the rollup did not hold yet; no join of the 10^5 rows back to their input
       insert into lt_lighting_project_day as pd (project_id, day, client_id, lit_seconds, lamps)
       select p, day, min(c), sum(secs), sum(n) from (
         select p, day, c, secs, 0 as n from input
         union all
         select project_id, day, null, 0, 1 from lamp where fresh) x
        group by 1, 2
       on conflict (project_id, day) do update
         set lit_seconds = pd.lit_seconds + excluded.lit_seconds, lamps = pd.lamps + excluded.lamps`,
      [JSON.stringify(closed)],
    );
  if (states.length)
    await db.query(
      `insert into lt_lamp_lit as l (device_id, client_id, project_id, lit_since)
       select d, c, p, case when since is null then null else to_timestamp(since / 1000.0) end
         from json_to_recordset($1::json) as r(d bigint, c bigint, p bigint, since float8)
       on conflict (device_id) do update set lit_since = excluded.lit_since, project_id = excluded.project_id`,
      [JSON.stringify(states)],
    );
}

/* ---------------------------------------------------------------- samples */

/** The projects that have devices, for the samples. */
export async function sampledProjects(db: Database) {
  const rows = await db.query<{ project_id: number; client_id: number }>(
    `select pr.project_id, pr.client_id from biz_project pr
      where pr.del_flag = '0' and exists (select 1 from lt_device d where d.project_id = pr.project_id)
      order by pr.project_id`,
  );
  return rows.map((r) => ({ projectId: Number(r.project_id), clientId: Number(r.client_id) }));
}

/**
 * One project's sample: communicating devices and those online (the home page's rule, devices that
 * never connected count as offline), and of the lamps expected lit, those online and reporting lit.
 */
export async function countSample(db: Database, projectId: number, expectedOn: number[]) {
  const [row] = await db.query<{ devices: number; online: number; lit: number }>(
    `select count(*) filter (where ${COUNTED_DEVICE_SQL})::int as devices,
            count(*) filter (where ${COUNTED_DEVICE_SQL} and d.comm_state = 'ON')::int as online,
            (select count(*)::int from lt_device l join lt_device_state s on s.device_id = l.device_id
              where l.device_id = any($2::bigint[]) and l.project_id = $1 and l.comm_state = 'ON'
                and s.data->>'lampState' = 'ON') as lit
       from lt_device d where d.project_id = $1 and d.device_type <> 'POLE' and ${lightingOnly('d')}`,
    [projectId, expectedOn],
  );
  return { devices: row?.devices ?? 0, online: row?.online ?? 0, lit: row?.lit ?? 0 };
}

/** Stores a slot's sample once: a second process (or a second run) taking the same slot leaves the first. */
export async function insertSample(
  db: Database,
  s: {
    projectId: number;
    clientId: number;
    ts: number;
    devices: number;
    online: number;
    expected: number;
    lit: number;
  },
): Promise<boolean> {
  const rows = await db.query(
    `insert into lt_lighting_sample (project_id, ts, client_id, devices, online, expected, lit)
     values ($1, to_timestamp($2 / 1000.0), $3, $4, $5, $6, $7) on conflict do nothing returning project_id`,
    [s.projectId, s.ts, s.clientId, s.devices, s.online, s.expected, s.lit],
  );
  return rows.length > 0;
}

/** Whether a slot has been sampled for a project. */
export async function sampled(db: Database, projectId: number, ts: number): Promise<boolean> {
  const rows = await db.query(
    'select 1 from lt_lighting_sample where project_id = $1 and ts = to_timestamp($2 / 1000.0)',
    [projectId, ts],
  );
  return rows.length > 0;
}

/* ---------------------------------------------------------------- reports */

/** Whose data and when: a customer (null = all), a project (null = all of it), a group of lamps, local dates. */
export interface ReportScope {
  clientId: number | null;
  projectId: number | null;
  groupId: number | null;
  from: string;
  to: string;
  /** day: YYYY-MM-DD, month: YYYY-MM */
  period: 'day' | 'month';
}

const PERIOD_FORMAT = { day: 'YYYY-MM-DD', month: 'YYYY-MM' } as const;

/** The open lit periods of the scope, split into local days up to now: rows (d, c, p, day, secs). */
function openDays(s: ReportScope, p: SqlParams, scope: string, group: string, now: number) {
  return `select o.d, o.p, o.day, o.secs from (${splitByDay(
    `select device_id as d, client_id as c, project_id as p, lit_since as s, to_timestamp(${p.add(now / 1000)}) as u
       from lt_lamp_lit where lit_since is not null and ${scope} ${group}`,
  )}) o where o.day between ${p.add(s.from)}::date and ${p.add(s.to)}::date`;
}

/** 1 when an open period's lamp-day `o` is not yet in the rollup (a new lit day of the lamp), else 0. */
const NEW_DAY_SQL = `case when exists (select 1 from lt_lighting_day l where l.device_id = o.d and l.day = o.day) then 0 else 1 end`;

/**
 * Lit seconds per lamp and local day in the report's scope: the rollup plus the periods still open now,
 * `grouped`: only lamps in some group of the scope (the per-group table), read through each
 * member's rollup rows instead of every lamp of the project.
 */
function litDays(s: ReportScope, p: SqlParams, now: number, opts: { grouped?: boolean } = {}) {
  const scope = scopeSql(s, p, { client: 'client_id', project: 'project_id' });
  const members =
    s.groupId !== null
      ? `where group_id = ${p.add(s.groupId)}`
      : opts.grouped
        ? `where ${scopeSql(s, p, { client: 'client_id' })}`
        : null;
  const group = members === null ? '' : `and device_id in (select device_id from lt_group_member ${members})`;
  return `(select device_id, project_id, day, lit_seconds::float8 as secs from lt_lighting_day
            where ${scope} ${group} and day between ${p.add(s.from)}::date and ${p.add(s.to)}::date
           union all
           select d, p, day, secs from (${openDays(s, p, scope, group, now)}) o)`;
}

/**
 * Lit seconds and lamps lit per project and local day, without a group: the project rollup plus
 * the periods open now (a lamp lit now adds to the day's lamps unless the day already counts it).
 */
function projectDays(s: ReportScope, p: SqlParams, now: number) {
  const scope = scopeSql(s, p, { client: 'client_id', project: 'project_id' });
  return `(select project_id, day, sum(secs) as secs, sum(lamps)::int as lamps from (
             select project_id, day, lit_seconds::float8 as secs, lamps from lt_lighting_project_day
              where ${scope} and day between ${p.add(s.from)}::date and ${p.add(s.to)}::date
             union all
             select o.p, o.day, o.secs, ${NEW_DAY_SQL}
               from (${openDays(s, p, scope, '', now)}) o) x group by 1, 2)`;
}

/**
 * Lighting duration: hours per day or month (lamps lit: those lit on the day; for a month, the
 * most on one of its days when no group is chosen), per project and per group, of the scope.
 * Without a group, the chart and the projects read the project rollup; groups read the lamps'.
 */
export async function durationReport(db: Database, s: ReportScope, now: number) {
  const fmt = PERIOD_FORMAT[s.period];
  const hours = `round((sum(secs) / 3600)::numeric, 2)::float8`;
  let series: { period: string; hours: number; lamps: number }[];
  let byProject: { projectId: number; projectName: string; hours: number; lamps: number }[];
  if (s.groupId === null) {
    const p = new SqlParams();
    const days = projectDays(s, p, now);
    series = await db.query(
      `select to_char(day, '${fmt}') as period, ${hours} as hours, max(lamps)::int as lamps
         from (select day, sum(secs) as secs, sum(lamps) as lamps from ${days} x group by 1) y group by 1 order by 1`,
      p.values,
    );
    byProject = await db.query(
      `select x.project_id as "projectId", coalesce(pr.name, '') as "projectName", ${hours} as hours,
              max(x.lamps)::int as lamps
         from ${days} x left join biz_project pr on pr.project_id = x.project_id group by 1, 2 order by 3 desc, 1`,
      p.values,
    );
  } else {
    const p = new SqlParams();
    const lit = litDays(s, p, now);
    series = await db.query(
      `select to_char(day, '${fmt}') as period, ${hours} as hours, count(distinct device_id)::int as lamps
         from ${lit} x group by 1 order by 1`,
      p.values,
    );
    byProject = await db.query(
      `select x.project_id as "projectId", coalesce(pr.name, '') as "projectName", ${hours} as hours,
              count(distinct x.device_id)::int as lamps
         from ${lit} x left join biz_project pr on pr.project_id = x.project_id group by 1, 2 order by 3 desc, 1`,
      p.values,
    );
  }
  const g = new SqlParams();
  const byGroup = await db.query<{ groupId: number; groupName: string; hours: number; lamps: number }>(
    `select g.group_id as "groupId", g.name as "groupName", ${hours} as hours, count(distinct x.device_id)::int as lamps
       from ${litDays(s, g, now, { grouped: true })} x join lt_group_member m on m.device_id = x.device_id join lt_group g on g.group_id = m.group_id
      group by 1, 2 order by 3 desc, 1`,
    g.values,
  );
  const withAverage = <T extends { hours: number; lamps: number }>(r: T) => ({
    ...r,
    avgHours: r.lamps ? Math.round((r.hours / r.lamps) * 100) / 100 : 0,
  });
  return { series: series.map(withAverage), byProject: byProject.map(withAverage), byGroup: byGroup.map(withAverage) };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * A date range as whole months of the per-lamp month rollup plus day ranges of the daily one, each
 * added or taken away: a month in part reads its days in the range, or, when they are most of the
 * month, the month less its days out of the range; so no lamp has more than half a month of days read.
 */
export function monthPieces(from: string, to: string) {
  const months: string[] = [];
  const days: { from: string; to: string; sign: 1 | -1 }[] = [];
  const [fromMs, toMs] = [Date.parse(from), Date.parse(to)];
  for (let m = Date.parse(`${from.slice(0, 7)}-01`); m <= toMs; ) {
    const d = new Date(m);
    const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    const [a, b] = [Math.max(fromMs, m), Math.min(toMs, next - DAY_MS)];
    const inRange = (b - a) / DAY_MS + 1;
    if (inRange * 2 <= (next - m) / DAY_MS && (a > m || b < next - DAY_MS))
      days.push({ from: isoDay(a), to: isoDay(b), sign: 1 });
    else {
      months.push(isoDay(m));
      if (a > m) days.push({ from: isoDay(m), to: isoDay(a - DAY_MS), sign: -1 });
      if (b < next - DAY_MS) days.push({ from: isoDay(b + DAY_MS), to: isoDay(next - DAY_MS), sign: -1 });
    }
    m = next;
  }
  return { months, days };
}

/**
 * Lighting duration per lamp of the scope (lamps lit at all in the period), most hours first, one
 * page: whole months from the per-lamp month rollup, the rest of the range from the daily one, and
 * the periods open now; aggregated per lamp in one hashed pass before the page's lamps are named.
 */
export async function durationByLamp(
  db: Database,
  s: ReportScope,
  now: number,
  page: { limit: number; offset: number },
) {
  const p = new SqlParams();
  const scope = scopeSql(s, p, { client: 'client_id', project: 'project_id' });
  const group =
    s.groupId === null
      ? ''
      : `and device_id in (select device_id from lt_group_member where group_id = ${p.add(s.groupId)})`;
  const { months, days } = monthPieces(s.from, s.to);
  const parts = [
    `select device_id, lit_seconds::float8 as secs, days from lt_lighting_lamp_month
      where ${scope} ${group} and month = any(${p.add(months)}::date[])`,
    ...days.map(
      (r) => `select device_id, ${r.sign} * lit_seconds::float8, ${r.sign} from lt_lighting_day
               where ${scope} ${group} and day between ${p.add(r.from)}::date and ${p.add(r.to)}::date`,
    ),
    `select o.d, o.secs, ${NEW_DAY_SQL} from (${openDays(s, p, scope, group, now)}) o`,
  ];
  const rows = await db.query<{
    deviceId: number;
    uid: string;
    deviceName: string;
    hours: number;
    days: number;
    total: number;
  }>(
    `select x.device_id as "deviceId", d.uid, d.name as "deviceName",
            round((x.secs / 3600)::numeric, 2)::float8 as hours, x.days::int as days, count(*) over ()::int as total
       from (select device_id, sum(secs) as secs, sum(days) as days from (${parts.join(' union all ')}) l
              group by 1 having sum(days) > 0) x
       join lt_device d on d.device_id = x.device_id and ${LAMP_SQL}
      order by 4 desc, 1 limit ${p.add(page.limit)} offset ${p.add(page.offset)}`,
    p.values,
  );
  return { rows: rows.map(({ total: _, ...r }) => r), total: rows[0]?.total ?? 0 };
}

/**
 * The samples of the scope by day or month (each project's local dates), or each sample when
 * `period` is 'sample': lighting rate = lamps lit among those expected lit; online rate = online
 * among communicating devices; both in percent, null when nothing was expected / counted.
 */
export async function sampleReport(
  db: Database,
  s: Omit<ReportScope, 'groupId' | 'period'> & { period: 'day' | 'month' | 'sample' },
) {
  const p = new SqlParams();
  const scope = scopeSql(s, p, { client: 'x.client_id', project: 'x.project_id' });
  const local = `(x.ts at time zone pr.iana_time_zone)`;
  const key =
    s.period === 'sample'
      ? `to_char(${local}, 'YYYY-MM-DD HH24:MI')`
      : `to_char(${local}, '${PERIOD_FORMAT[s.period]}')`;
  const rows = await db.query<{
    period: string;
    expected: number;
    lit: number;
    devices: number;
    online: number;
    samples: number;
  }>(
    `select ${key} as period, sum(x.expected)::int as expected, sum(x.lit)::int as lit,
            sum(x.devices)::int as devices, sum(x.online)::int as online, count(*)::int as samples
       from lt_lighting_sample x join biz_project pr on pr.project_id = x.project_id
      where ${scope} and ${local}::date between ${p.add(s.from)}::date and ${p.add(s.to)}::date
      group by 1 order by 1`,
    p.values,
  );
  const rate = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 10 : null);
  return rows.map((r) => ({ ...r, lightingRate: rate(r.lit, r.expected), onlineRate: rate(r.online, r.devices) }));
}
