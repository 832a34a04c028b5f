import { addDays, localParts } from '@luxgrid/contracts';
import { LAMP_DEVICE_TYPE } from '@luxgrid/contracts/lighting';
import type { Database } from '../../../platform/db.ts';
import type { FigureScope } from '../../../platform/home-figures.ts';
import { SqlParams, scopeSql } from '../../../platform/scope.ts';
import { ALARM_SCOPE } from '../../alarm/list/alarm.repository.ts';
import { formatDate } from '../../system/user/user-info.ts';

/** Alarms the latest-alarms panel lists. */
export const LATEST_ALARMS = 10;
/** Days of the energy trend. */
export const ENERGY_DAYS = 14;
/** Lamps drawn on the small map at most (the map screen draws all of them). */
export const MAP_POINTS = 5_000;

/** The newest open alarms (active, not inhibited), newest first; the socket's alarm.update tells when to read again. */
export async function latestAlarms(db: Database, scope: FigureScope) {
  const p = new SqlParams();
  const rows = await db.query<{
    alarmId: number;
    projectId: number;
    deviceName: string;
    uid: string;
    alarmConfigType: string;
    grade: string;
    lastTime: Date;
    acknowledged: boolean;
  }>(
    `select a.alarm_id as "alarmId", a.project_id as "projectId", d.name as "deviceName", d.uid,
            a.alarm_config_type as "alarmConfigType", a.grade, a.last_time as "lastTime", a.acknowledged
       from lt_alarm a join lt_device d on d.device_id = a.device_id
      where ${scopeSql(scope, p, ALARM_SCOPE)} and a.state = 'NEW' and a.inhibited_by is null
      order by a.last_time desc, a.alarm_id desc limit ${LATEST_ALARMS}`,
    p.values,
  );
  return rows.map((r) => ({
    ...r,
    alarmId: Number(r.alarmId),
    projectId: Number(r.projectId),
    lastTime: formatDate(r.lastTime),
  }));
}

/**
 * Energy per local day (`zone`) from the cumulative kWh (`energy`) the lamp controllers report in
 * their stored telemetry: each controller's day is its last reading of the day less its last
 * reading of the day before (its first reading of the day when it has none before); a counter that
 * went back (replaced controller) counts nothing. Days without readings are 0; `reported` says
 * whether any controller reported energy in the period.
 */
export async function energyTrend(db: Database, scope: FigureScope, zone: string, now: number) {
  const p = new SqlParams(zone, new Date(now - (ENERGY_DAYS + 1) * 86_400_000));
  const rows = await db.query<{ day: string; kwh: number; devices: number }>(
    `with readings as (
       select t.device_id, (t.ts at time zone $1)::date as day,
              max((t.data->>'energy')::float8) as top, min((t.data->>'energy')::float8) as bottom
         from lt_telemetry t
        where t.device_id in (select d.device_id from lt_device d
                               where d.device_type = '${LAMP_DEVICE_TYPE}'
                                 and ${scopeSql(scope, p, { client: 'd.client_id', project: 'd.project_id' })})
          and t.ts >= $2 and jsonb_typeof(t.data->'energy') = 'number'
        group by 1, 2),
     days as (
       select device_id, day, top - coalesce(lag(top) over (partition by device_id order by day), bottom) as used
         from readings)
     select to_char(day, 'YYYY-MM-DD') as day, sum(greatest(used, 0))::float8 as kwh, count(*)::int as devices
       from days group by day order by day`,
    p.values,
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days: { day: string; kwh: number; devices: number }[] = [];
  const today = localParts(now, zone).date;
  for (let i = ENERGY_DAYS - 1; i >= 0; i--) {
    const day = addDays(today, -i);
    const row = byDay.get(day);
    days.push({ day, kwh: row ? Math.round(Number(row.kwh) * 1000) / 1000 : 0, devices: row?.devices ?? 0 });
  }
  return { unit: 'kWh', reported: rows.length > 0, days };
}

/** Lamps with a position, their state now (fault, offline, never connected, on, dimmed, off) for the small map. */
export async function mapPoints(db: Database, scope: FigureScope) {
  const p = new SqlParams();
  const rows = await db.query<{ lng: number; lat: number; state: string }>(
    `select d.longitude as lng, d.latitude as lat,
            case when s.fault then 'fault'
                 when d.comm_state = 'INIT' then 'never'
                 when d.comm_state <> 'ON' then 'offline'
                 when s.data->>'lampState' = 'ON' and jsonb_typeof(s.data->'dimLevel') = 'number'
                      and (s.data->>'dimLevel')::float8 < 100 then 'dimmed'
                 when s.data->>'lampState' = 'ON' then 'on'
                 else 'off' end as state
       from lt_device d left join lt_device_state s on s.device_id = d.device_id
      where d.device_type = '${LAMP_DEVICE_TYPE}' and d.longitude is not null and d.latitude is not null
        and ${scopeSql(scope, p, { client: 'd.client_id', project: 'd.project_id' })}
      order by d.device_id limit ${MAP_POINTS + 1}`,
    p.values,
  );
  return {
    points: rows.slice(0, MAP_POINTS).map((r) => [r.lng, r.lat, r.state] as const),
    more: rows.length > MAP_POINTS,
  };
}
