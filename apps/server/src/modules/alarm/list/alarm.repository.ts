import type { AlarmConfigType, AlarmGrade, AlarmRow, MaintenanceRow } from '@luxgrid/contracts';

import type { Database } from '../../../platform/db.ts';
import type { Page } from '../../../platform/paging.ts';
import { type Scope, SqlParams, scopeSql } from '../../../platform/scope.ts';

export interface AlarmFilter {
  projectId?: number;
  alarmConfigType?: string;
  alarmType?: string;
  grade?: string;
  state?: string;
  deviceId?: number;
  keyword?: string;
  acknowledged?: boolean;
  begin?: Date;
  end?: Date;
  /** the children an alarm inhibits (otherwise inhibited alarms are left out) */
  inhibitedBy?: number;
  /** only these kinds (a family's alarms) */
  kinds?: readonly string[];
}

/** Sortable columns of the list. */
export const ALARM_SORTABLE: Record<string, string> = {
  lastTime: 'a.last_time',
  firstTime: 'a.first_time',
  count: 'a.count',
  grade: "array_position(array['dangerous','serious','urgent','ordinary']::text[], a.grade::text)",
  alarmConfigType: 'a.alarm_config_type',
};

/** The customer and project columns of `lt_alarm a`, for `scopeSql`. */
export const ALARM_SCOPE = { client: 'a.client_id', project: 'a.project_id' };

/** A LIKE pattern for text starting with the keyword, its wildcards taken literally. */
const startsWith = (keyword: string) => `${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const fmt = (column: string) => `to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;

const ROW = `a.alarm_id as "alarmId", a.device_id as "deviceId", d.uid, d.name as "deviceName", d.device_type as "deviceType",
  a.project_id as "projectId", a.alarm_type as "alarmType", a.alarm_config_type as "alarmConfigType", a.grade, a.state,
  a.count, ${fmt('a.first_time')} as "firstTime", ${fmt('a.last_time')} as "lastTime",
  ${fmt('a.recovered_time')} as "recoveredTime", a.acknowledged, a.ack_by as "ackBy", ${fmt('a.ack_time')} as "ackTime",
  case when a.shelved_until > :now then ${fmt('a.shelved_until')} end as "shelvedUntil", a.maintenance,
  a.inhibited_by as "inhibitedBy", a.cleared_by as "clearedBy", a.detail,
  (select count(*)::int from lt_alarm c where c.inhibited_by = a.alarm_id) as "inhibitedCount"`;

/** The columns of a row, with the time shelving is compared to as parameter `$n`. */
const row = (n: number) => ROW.replace(':now', `$${n}`);

/** The scope (customer, chosen or filtered project) and the filters as SQL. */
function where(scope: Pick<Scope, 'clientId' | 'projectId'>, f: AlarmFilter) {
  const params = new SqlParams();
  const add = (value: unknown) => params.add(value);
  const parts = [
    scopeSql({ clientId: scope.clientId, projectId: f.projectId ?? scope.projectId }, params, ALARM_SCOPE),
  ];
  if (f.inhibitedBy) parts.push(`a.inhibited_by = ${add(f.inhibitedBy)}`);
  else parts.push('a.inhibited_by is null');
  if (f.alarmConfigType) parts.push(`a.alarm_config_type = ${add(f.alarmConfigType)}`);
  if (f.kinds) parts.push(`a.alarm_config_type = any(${add(f.kinds)}::text[])`);
  if (f.alarmType) parts.push(`a.alarm_type = ${add(f.alarmType)}`);
  if (f.grade) parts.push(`a.grade = ${add(f.grade)}`);
  if (f.state) parts.push(`a.state = ${add(f.state)}`);
  if (f.deviceId) parts.push(`a.device_id = ${add(f.deviceId)}`);
  if (f.acknowledged !== undefined) parts.push(`a.acknowledged = ${add(f.acknowledged)}`);
  if (f.keyword) {
    const p = add(startsWith(f.keyword));
    parts.push(`(d.uid like ${p} or d.name like ${p})`);
  }
  if (f.begin) parts.push(`a.last_time >= ${add(f.begin)}`);
  if (f.end) parts.push(`a.first_time <= ${add(f.end)}`);
  return { sql: parts.join(' and '), params: params.values };
}

export async function listAlarms(
  db: Database,
  scope: Pick<Scope, 'clientId' | 'projectId'>,
  f: AlarmFilter,
  order: string,
  page: Page,
  now: number,
) {
  const w = where(scope, f);
  const [rows, count] = await Promise.all([
    db.query<AlarmRow>(
      `select ${row(w.params.length + 1)} from lt_alarm a join lt_device d on d.device_id = a.device_id
        where ${w.sql} order by ${order}, a.alarm_id desc limit ${page.limit} offset ${page.offset}`,
      [...w.params, new Date(now)],
    ),
    db.query<{ n: number }>(
      `select count(*)::int as n from lt_alarm a join lt_device d on d.device_id = a.device_id where ${w.sql}`,
      w.params,
    ),
  ]);
  return { rows, total: count[0]!.n };
}

/** One alarm of the caller's customer (any project), with its device's place. */
export async function findAlarm(db: Database, scope: Pick<Scope, 'clientId'>, alarmId: number, now: number) {
  const p = new SqlParams(alarmId, new Date(now));
  const [found] = await db.query<AlarmRow & Record<string, unknown>>(
    `select ${row(2)}, d.longitude, d.latitude, d.parent_id as "parentId",
            (select p.name from lt_device p where p.device_id = d.parent_id) as "parentName"
       from lt_alarm a join lt_device d on d.device_id = a.device_id
      where a.alarm_id = $1 and ${scopeSql(scope, p, ALARM_SCOPE)}`,
    p.values,
  );
  return found;
}

export async function alarmHistory(db: Database, alarmId: number) {
  return db.query(
    `select action, oper_by as "operBy", ${fmt('oper_time')} as "operTime", comment, detail
       from lt_alarm_history where alarm_id = $1 order by oper_time, history_id`,
    [alarmId],
  );
}

/** The alarms among these ids that the caller may handle (its customer's), with their type and state. */
export async function alarmsInScope(db: Database, scope: Pick<Scope, 'clientId'>, alarmIds: readonly number[]) {
  const p = new SqlParams(alarmIds);
  return db.query<{ alarm_id: number; client_id: number; alarm_config_type: string; state: string }>(
    `select alarm_id, client_id, alarm_config_type, state from lt_alarm
      where alarm_id = any($1::bigint[]) and ${scopeSql(scope, p)}`,
    p.values,
  );
}

/** Unacknowledged active alarms (not shelved, inhibited or under maintenance) and those raised in the last 10 minutes. */
export async function alarmCounts(db: Database, scope: Pick<Scope, 'clientId' | 'projectId'>, now: number) {
  const p = new SqlParams(new Date(now), new Date(now - 600_000));
  const [counts] = await db.query<{ unacknowledged: number; lastTenMinutes: number }>(
    `select count(*) filter (where a.state = 'NEW' and not a.acknowledged
                               and (a.shelved_until is null or a.shelved_until <= $1)) ::int as unacknowledged,
            count(*) filter (where a.first_time > $2)::int as "lastTenMinutes"
       from lt_alarm a
      where ${scopeSql(scope, p, ALARM_SCOPE)}
        and a.inhibited_by is null and not a.maintenance
        and (a.state = 'NEW' or a.first_time > $2)`,
    p.values,
  );
  return counts!;
}

/** Shelves alarms until a time (epoch milliseconds): they stay in the list but are not pushed. */
export async function shelveAlarms(db: Database, alarmIds: readonly number[], until: number) {
  await db.query('update lt_alarm set shelved_until = to_timestamp($2 / 1000.0) where alarm_id = any($1::bigint[])', [
    alarmIds,
    until,
  ]);
}

/** How many of these devices the scope reaches. */
export async function countDevicesInScope(db: Database, scope: Pick<Scope, 'clientId'>, deviceIds: readonly number[]) {
  const p = new SqlParams(deviceIds);
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from lt_device where device_id = any($1::bigint[]) and ${scopeSql(scope, p)}`,
    p.values,
  );
  return row?.n ?? 0;
}

/** Puts devices under maintenance until a time: their alarms are shelved, not pushed. */
export async function setMaintenance(
  db: Database,
  deviceIds: readonly number[],
  m: { until: Date; reason: string; by: string; at: number },
) {
  await db.query(
    `insert into lt_device_maintenance (device_id, client_id, project_id, until, reason, set_by, set_time)
     select d.device_id, d.client_id, d.project_id, $2, $3, $4, to_timestamp($5 / 1000.0)
       from lt_device d where d.device_id = any($1::bigint[])
     on conflict (device_id) do update set until = excluded.until, reason = excluded.reason,
       set_by = excluded.set_by, set_time = excluded.set_time`,
    [deviceIds, m.until, m.reason, m.by, m.at],
  );
}

/** Devices under maintenance now (until a later time) of the scope's customer and project, the soonest to end first. */
export async function listMaintenance(
  db: Database,
  scope: Pick<Scope, 'clientId' | 'projectId'>,
  f: { projectId?: number; keyword?: string },
  page: Page,
  now: number,
) {
  const p = new SqlParams(new Date(now));
  const conds = [
    'm.until > $1',
    scopeSql({ clientId: scope.clientId, projectId: f.projectId ?? scope.projectId }, p, {
      client: 'm.client_id',
      project: 'm.project_id',
    }),
  ];
  if (f.keyword) {
    const k = p.add(startsWith(f.keyword));
    conds.push(`(d.uid like ${k} or d.name like ${k})`);
  }
  const from = `from lt_device_maintenance m join lt_device d on d.device_id = m.device_id where ${conds.join(' and ')}`;
  const [rows, count] = await Promise.all([
    db.query<MaintenanceRow>(
      `select m.device_id as "deviceId", d.uid, d.name as "deviceName", d.device_type as "deviceType",
              m.project_id as "projectId", ${fmt('m.until')} as until, m.reason, m.set_by as "setBy",
              ${fmt('m.set_time')} as "setTime"
         ${from} order by m.until, m.device_id limit ${page.limit} offset ${page.offset}`,
      p.values,
    ),
    db.query<{ n: number }>(`select count(*)::int as n ${from}`, p.values),
  ]);
  return { rows, total: count[0]!.n };
}

/** Ends a device's maintenance; false when the scope does not reach it or it was not under maintenance. */
export async function endMaintenance(db: Database, scope: Pick<Scope, 'clientId'>, deviceId: number) {
  const p = new SqlParams(deviceId);
  const rows = await db.query(
    `delete from lt_device_maintenance where device_id = $1 and ${scopeSql(scope, p)} returning device_id`,
    p.values,
  );
  return rows.length > 0;
}

/** Acknowledges the alarms not yet acknowledged; answers those it acknowledged. */
export function acknowledgeAlarms(db: Database, alarmIds: readonly number[], by: string, at: number) {
  return db.query<{ alarm_id: number; client_id: number }>(
    `update lt_alarm set acknowledged = true, ack_by = $2, ack_time = to_timestamp($3 / 1000.0)
      where alarm_id = any($1::bigint[]) and not acknowledged returning alarm_id, client_id`,
    [alarmIds, by, at],
  );
}

/** What a push of these alarms carries, with the customer and project it goes to. */
export function alarmsToPush(db: Database, alarmIds: readonly number[]) {
  return db.query<{
    alarm_id: number;
    client_id: number;
    project_id: number;
    device_id: number;
    uid: string;
    name: string;
    alarm_config_type: AlarmConfigType;
    grade: AlarmGrade;
    state: 'NEW' | 'RECOVERED';
  }>(
    `select a.alarm_id, a.client_id, a.project_id, a.device_id, d.uid, d.name, a.alarm_config_type, a.grade, a.state
       from lt_alarm a join lt_device d on d.device_id = a.device_id where a.alarm_id = any($1::bigint[])`,
    [alarmIds],
  );
}
