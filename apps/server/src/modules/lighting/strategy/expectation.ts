import {
  type ApplyTo,
  addDays,
  type ExpectPlan,
  expectedLevel,
  type LightSensor,
  type LuxReading,
  localParts,
  type Place,
  rankPlans,
  type StrategyEntry,
  type StrategyTargets,
  sensorLevel,
  sensorWindows,
} from '@luxgrid/contracts';
import type { Database } from '../../../platform/db.ts';

/** The device types each kind of strategy entry switches. */
const SWITCHED: Record<ApplyTo, readonly string[]> = { LAMP: ['RTU'], BRANCH: ['BRANCH', 'LOOP'] };

/**
 * The devices of some types that a strategy's targets reach: the devices named, the members of
 * its groups and tags, the boxes named, and everything under each of them.
 */
async function targetDevices(
  database: Database,
  projectId: number,
  t: StrategyTargets,
  types: readonly string[],
): Promise<number[]> {
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
     select d.device_id from tree join lt_device d using (device_id) where d.device_type = any($5::text[])`,
    [projectId, [...t.deviceIds, ...t.boxIds], t.groupIds, t.tagIds, types],
  );
  return rows.map((r) => Number(r.device_id));
}

/** A project's place and its enabled strategies, ranked (higher priority, then saved last), with their targets. */
export async function projectPlans(database: Database, projectId: number) {
  const [project] = await database.query<{ latitude: number | null; longitude: number | null; zone: string }>(
    `select latitude, longitude, iana_time_zone as zone from biz_project where project_id = $1 and del_flag = '0'`,
    [projectId],
  );
  const latitude = Number(project?.latitude);
  const longitude = Number(project?.longitude);
  if (!project || project.latitude === null || project.longitude === null || !Number.isFinite(latitude + longitude))
    return null;
  const rows = await database.query<{
    strategy_id: number;
    start_date: string;
    end_date: string;
    week_days: string[];
    entries: StrategyEntry[];
    polar_day: 'STAY_ON' | 'STAY_OFF';
    polar_night: 'STAY_ON' | 'STAY_OFF';
    priority: number;
    targets: StrategyTargets;
    sensor: LightSensor | null;
    saved_at: Date;
  }>(
    `select strategy_id, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date,
            week_days, entries, polar_day, polar_night, priority, targets, sensor, coalesce(update_time, create_time) as saved_at
       from lt_strategy where project_id = $1 and status = '0'`,
    [projectId],
  );
  const plans = rows.map((r) => ({
    strategyId: Number(r.strategy_id),
    startDate: r.start_date,
    endDate: r.end_date,
    weekDays: r.week_days as ExpectPlan['weekDays'],
    entries: r.entries,
    polarDay: r.polar_day,
    polarNight: r.polar_night,
    priority: Number(r.priority),
    savedAt: new Date(r.saved_at).getTime(),
    targets: r.targets,
    sensor: r.sensor ?? null,
  }));
  const place: Place = { latitude, longitude, zone: project.zone };
  return { place, plans: rankPlans(plans) };
}

/** The illuminance readings of a luxometer from `from` to `to` (its telemetry history). */
export async function luxReadings(
  database: Database,
  deviceId: number,
  from: number,
  to: number,
): Promise<LuxReading[]> {
  const rows = await database.query<{ t: number; lux: number }>(
    `select (extract(epoch from ts) * 1000)::float8 as t, (data->>'lux')::float8 as lux from lt_telemetry
     where device_id = $1 and ts >= to_timestamp($2 / 1000.0) and ts <= to_timestamp($3 / 1000.0) and data ? 'lux'
     order by ts`,
    [deviceId, from, to],
  );
  return rows.map((r) => ({ ts: Number(r.t), lux: Number(r.lux) }));
}

/**
 * The level one plan sets at `ms`, its light sensor applied when it has one: within a window
 * around dusk or dawn the luxometer's readings decide (packages/contracts strategy-sensor.ts).
 */
export async function planLevel(
  database: Database,
  plan: ExpectPlan & { sensor?: LightSensor | null },
  applyTo: ApplyTo,
  ms: number,
  place: Place,
): Promise<number | null> {
  const clock = (t: number) => expectedLevel(plan, applyTo, t, place);
  if (!plan.sensor) return clock(ms);
  const today = localParts(ms, place.zone).date;
  const windows = sensorWindows(plan.sensor, place, addDays(today, -1), today).flatMap((d) => d.windows);
  const window = windows.find((w) => w.start <= ms && ms < w.end);
  if (!window) return clock(ms);
  const readings = await luxReadings(database, plan.sensor.deviceId, window.start, ms);
  return sensorLevel(plan.sensor, windows, clock, readings, ms).level;
}

/**
 * What each lamp (RTU) or branch (BRANCH, LOOP) of a project should be at instant `ms`:
 * device id → level (0 off, 1–100 lit), for the devices some enabled strategy says something
 * about. The first strategy in rank that says something wins (packages/contracts strategy-expect.ts).
 * A strategy with a light sensor lets its luxometer decide around dusk and dawn.
 */
export async function expectedStates(
  database: Database,
  projectId: number,
  applyTo: ApplyTo,
  ms: number,
): Promise<Map<number, number>> {
  const expected = new Map<number, number>();
  const loaded = await projectPlans(database, projectId);
  if (!loaded) return expected;
  for (const plan of loaded.plans) {
    if (!plan.entries.some((e) => (e.applyTo ?? 'LAMP') === applyTo)) continue;
    const level = await planLevel(database, plan, applyTo, ms, loaded.place);
    if (level === null) continue;
    for (const id of await targetDevices(database, projectId, plan.targets, SWITCHED[applyTo]))
      if (!expected.has(id)) expected.set(id, level);
  }
  return expected;
}
