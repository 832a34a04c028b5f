import type { Ctx, Deps } from '../../platform/context.ts';
import { SqlParams, scopeSql } from '../../platform/scope.ts';
import { ALARM_TYPES, MANHOLE_COVER_TYPE } from './cover.model.ts';

/*
 * The only SQL of the manhole covers. Covers are rows of the shared device registry (lt_device,
 * type MANHOLE_COVER); their readings, latest state and events are what the device hub
 * writes (lt_telemetry, lt_device_state, lt_device_event); their alarms are the alarm area's (lt_alarm). Every query carries the caller's
 * customer (none = all customers, platform users) and, where given, the project.
 */

type Db = Deps['database'];

/** A cover's open alarms: its active alarms of the alarm area (lt_alarm), by kind. */
const openAlarms = (p: SqlParams, device: string) => `(
  select coalesce(array_agg(a.alarm_config_type order by a.alarm_config_type), '{}'::text[]) from lt_alarm a
   where a.device_id = ${device} and a.state = 'NEW' and a.alarm_config_type = any(${p.add(ALARM_TYPES)}::text[]))`;

export interface CoverFilter {
  projectId?: number | null;
  keyword?: string;
  commState?: 'ON' | 'OFF' | 'INIT';
  online?: 'online' | 'offline';
  /** an open alarm of this type */
  alarm?: string;
  located?: boolean;
}

function coverWhere(ctx: Ctx, f: CoverFilter, p: SqlParams): string {
  const conds = [`d.device_type = ${p.add(MANHOLE_COVER_TYPE)}`];
  conds.push(scopeSql(ctx, p, { client: 'd.client_id' }));
  // undefined: the request's project; null: any project of the scope (a by-id look-up)
  const projectId = f.projectId === undefined ? ctx.projectId : f.projectId;
  if (projectId) conds.push(`d.project_id = ${p.add(projectId)}`);
  if (f.keyword) {
    const like = p.add(`%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    conds.push(`(d.uid ilike ${like} or d.name ilike ${like})`);
  }
  if (f.commState) conds.push(`d.comm_state = ${p.add(f.commState)}`);
  if (f.online === 'online') conds.push(`d.comm_state = 'ON'`);
  if (f.online === 'offline') conds.push(`d.comm_state <> 'ON'`);
  if (f.located) conds.push('d.longitude is not null and d.latitude is not null');
  return conds.join(' and ');
}

export interface CoverRow {
  deviceId: number;
  clientId: number;
  projectId: number;
  uid: string;
  name: string;
  longitude: number | null;
  latitude: number | null;
  commState: string;
  online: boolean;
  lastSeen: Date | null;
  dataTs: Date | null;
  values: Record<string, unknown>;
  config: Record<string, unknown> | null;
  firmware: string | null;
  alarms: string[];
  locationName: string | null;
  createTime: Date | null;
  hasSecret: boolean;
}

const SORTABLE: Record<string, string> = {
  deviceId: 'd.device_id',
  uid: 'd.uid',
  name: 'd.name',
  commState: 'd.comm_state',
  createTime: 'd.create_time',
};
export const COVER_SORT_KEYS = Object.keys(SORTABLE);

function coverSelect(p: SqlParams): string {
  return `select d.device_id as "deviceId", d.client_id as "clientId", d.project_id as "projectId", d.uid, d.name,
      d.longitude, d.latitude, d.comm_state as "commState", coalesce(s.online, false) as online,
      s.last_seen as "lastSeen", s.data_ts as "dataTs", coalesce(s.data, '{}'::jsonb) as values, d.config,
      s.firmware, ${openAlarms(p, 'd.device_id')} as alarms, l.name as "locationName", d.create_time as "createTime",
      d.secret_hash is not null as "hasSecret"
    from lt_device d
    left join lt_device_state s on s.device_id = d.device_id
    left join lt_location l on l.location_id = d.location_id`;
}

/** A page of covers with their latest values and open alarms. */
export async function listCovers(
  db: Db,
  ctx: Ctx,
  f: CoverFilter,
  page: { limit: number; offset: number; sort?: string; desc?: boolean },
): Promise<{ rows: CoverRow[]; total: number }> {
  const p = new SqlParams();
  const select = coverSelect(p);
  const where = coverWhere(ctx, f, p);
  const alarm = f.alarm ? `where ${p.add(f.alarm)} = any(c.alarms)` : '';
  const order = page.sort && SORTABLE[page.sort] ? page.sort : 'deviceId';
  const direction = page.sort ? (page.desc ? 'desc' : 'asc') : 'desc';
  const rows = await db.query<CoverRow & { total: number }>(
    `select c.*, count(*) over ()::int as total from (${select} where ${where}) c ${alarm}
     order by c."${order}" ${direction}, c."deviceId" desc limit ${p.add(page.limit)} offset ${p.add(page.offset)}`,
    p.values,
  );
  const total = rows[0]?.total ?? (page.offset ? await countCovers(db, ctx, f) : 0);
  return { rows: rows.map(({ total: _t, ...r }) => r), total };
}

async function countCovers(db: Db, ctx: Ctx, f: CoverFilter): Promise<number> {
  const p = new SqlParams();
  const select = coverSelect(p);
  const where = coverWhere(ctx, f, p);
  const alarm = f.alarm ? `where ${p.add(f.alarm)} = any(c.alarms)` : '';
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from (${select} where ${where}) c ${alarm}`,
    p.values,
  );
  return row?.n ?? 0;
}

/** One cover in the caller's scope, or null (another customer's id is simply not found). */
export async function findCover(db: Db, ctx: Ctx, deviceId: number): Promise<CoverRow | null> {
  const p = new SqlParams();
  const select = coverSelect(p);
  const where = coverWhere(ctx, { projectId: null }, p);
  const [row] = await db.query<CoverRow>(`${select} where ${where} and d.device_id = ${p.add(deviceId)}`, [
    ...p.values,
  ]);
  return row ?? null;
}

/** Covers of the given ids in the caller's scope (for deletes). */
export async function coversIn(db: Db, ctx: Ctx, ids: number[]): Promise<{ deviceId: number; uid: string }[]> {
  const p = new SqlParams(ids, MANHOLE_COVER_TYPE);
  return db.query(
    `select device_id as "deviceId", uid from lt_device where device_id = any($1::bigint[]) and device_type = $2
       and ${scopeSql(ctx, p)}`,
    p.values,
  );
}

export async function uidTaken(db: Db, clientId: number, uids: string[], except?: number): Promise<string | null> {
  const [row] = await db.query<{ uid: string }>(
    'select uid from lt_device where client_id = $1 and uid = any($2::text[]) and device_id <> $3 limit 1',
    [clientId, uids, except ?? 0],
  );
  return row?.uid ?? null;
}

/** Which of these uids a device of the customer already holds (of any family: a uid is unique per customer). */
export async function takenUids(db: Db, clientId: number, uids: string[]): Promise<Set<string>> {
  const rows = await db.query<{ uid: string }>(
    'select uid from lt_device where client_id = $1 and uid = any($2::text[])',
    [clientId, uids],
  );
  return new Set(rows.map((r) => r.uid));
}

export interface NewCover {
  uid: string;
  name: string;
  longitude: number | null;
  latitude: number | null;
  secretHash: string;
}

/** Registers covers: each is its own session (gateway_id = itself), top level, with its secret's hash. */
export async function insertCovers(
  db: Db,
  scope: { clientId: number; projectId: number; userName: string },
  covers: NewCover[],
): Promise<{ deviceId: number; uid: string }[]> {
  if (!covers.length) return [];
  const created = await db.query<{ deviceId: number; uid: string }>(
    `insert into lt_device (client_id, project_id, uid, name, device_type, longitude, latitude, secret_hash, create_by, create_time)
     select $2, $3, x.u, x.n, $4, x.lng, x.lat, x.h, $5, now()
     from json_to_recordset($1::json) as x(u text, n text, lng float8, lat float8, h text)
     returning device_id as "deviceId", uid`,
    [
      JSON.stringify(covers.map((c) => ({ u: c.uid, n: c.name, lng: c.longitude, lat: c.latitude, h: c.secretHash }))),
      scope.clientId,
      scope.projectId,
      MANHOLE_COVER_TYPE,
      scope.userName,
    ],
  );
  await db.query('update lt_device set gateway_id = device_id where device_id = any($1::bigint[])', [
    created.map((c) => c.deviceId),
  ]);
  return created;
}

export async function updateCover(
  db: Db,
  ctx: Ctx,
  deviceId: number,
  patch: { uid: string; name: string; longitude: number | null; latitude: number | null; userName: string },
): Promise<boolean> {
  const p = new SqlParams(
    deviceId,
    patch.uid,
    patch.name,
    patch.longitude,
    patch.latitude,
    patch.userName,
    MANHOLE_COVER_TYPE,
  );
  const rows = await db.query(
    `update lt_device set uid = $2, name = $3, longitude = $4, latitude = $5, update_by = $6, update_time = now()
     where device_id = $1 and device_type = $7 and ${scopeSql(ctx, p)} returning device_id`,
    p.values,
  );
  return rows.length > 0;
}

export async function setSecretHash(db: Db, deviceId: number, hash: string): Promise<void> {
  await db.query('update lt_device set secret_hash = $2 where device_id = $1', [deviceId, hash]);
}

/** Removes covers with their state, tags and group memberships (history stays, as for every device). */
export async function deleteCovers(db: Db, ids: number[]): Promise<void> {
  await db.query('delete from lt_device_tag where device_id = any($1::bigint[])', [ids]);
  await db.query('delete from lt_group_member where device_id = any($1::bigint[])', [ids]);
  await db.query('delete from lt_device_state where device_id = any($1::bigint[])', [ids]);
  await db.query('delete from lt_device where device_id = any($1::bigint[])', [ids]);
}

/** The readings of one field of one cover in a time window, oldest first. */
export async function fieldHistory(
  db: Db,
  deviceId: number,
  field: string,
  begin: Date,
  end: Date,
  limit: number,
): Promise<{ ts: Date; value: unknown }[]> {
  return db.query(
    `select ts, data -> $2 as value from lt_telemetry
     where device_id = $1 and ts >= $3 and ts <= $4 and data ? $2 order by ts limit $5`,
    [deviceId, field, begin, end, limit],
  );
}

/** Commands issued to a cover, newest first. */
export async function recentCommands(db: Db, deviceId: number, limit: number) {
  return db.query<{
    commandId: string;
    action: string;
    params: Record<string, unknown> | null;
    status: string;
    error: string;
    createTime: Date;
    finishTime: Date | null;
  }>(
    `select command_id as "commandId", action, params, status, error, create_time as "createTime", finish_time as "finishTime"
     from lt_command where device_id = $1 order by create_time desc limit $2`,
    [deviceId, limit],
  );
}

/** Counts of the covers by state: online, offline, and each open alarm. */
export async function stateCounts(db: Db, ctx: Ctx, projectId: number | null): Promise<Record<string, number>> {
  const p = new SqlParams();
  const alarms = openAlarms(p, 'd.device_id');
  const where = coverWhere(ctx, { projectId }, p);
  const [row] = await db.query<{ total: number; online: number; alarms: Record<string, number> | null }>(
    `with c as (select d.comm_state, ${alarms} as alarms from lt_device d where ${where})
     select (select count(*)::int from c) as total, (select count(*)::int from c where comm_state = 'ON') as online,
       (select jsonb_object_agg(a, n) from (select a, count(*)::int as n from c, unnest(c.alarms) a group by a) x) as alarms`,
    p.values,
  );
  return { total: row?.total ?? 0, online: row?.online ?? 0, ...(row?.alarms ?? {}) };
}

/** Alarms of the covers first raised per day (in the time zone given) and kind, since `since`. */
export async function alarmsPerDay(
  db: Db,
  ctx: Ctx,
  projectId: number | null,
  since: Date,
  timeZone: string,
): Promise<{ day: string; eventType: string; n: number }[]> {
  const p = new SqlParams();
  const where = coverWhere(ctx, { projectId }, p);
  return db.query(
    `select to_char(a.first_time at time zone ${p.add(timeZone)}, 'YYYY-MM-DD') as day, a.alarm_config_type as "eventType",
            count(*)::int as n
     from lt_alarm a join lt_device d on d.device_id = a.device_id
     where ${where} and a.first_time >= ${p.add(since)} and a.alarm_config_type = any(${p.add(ALARM_TYPES)}::text[])
     group by 1, 2 order by 1, 2`,
    p.values,
  );
}

/** How many covers report a battery level in each band [from, below); those that never reported are counted apart. */
export async function batteryBands(
  db: Db,
  ctx: Ctx,
  projectId: number | null,
  bands: readonly (readonly [number, number])[],
): Promise<{ counts: number[]; unknown: number }> {
  const p = new SqlParams();
  const where = coverWhere(ctx, { projectId }, p);
  const rows = await db.query<{ battery: number | null }>(
    `select case when jsonb_typeof(s.data -> 'battery') = 'number' then (s.data ->> 'battery')::float8 end as battery
     from lt_device d left join lt_device_state s on s.device_id = d.device_id where ${where}`,
    p.values,
  );
  const counts = bands.map(() => 0);
  let unknown = 0;
  for (const { battery } of rows) {
    const band = battery === null ? -1 : bands.findIndex(([from, below]) => battery >= from && battery < below);
    if (band < 0) unknown++;
    else counts[band]!++;
  }
  return { counts, unknown };
}

/** The project's IANA time zone (days of the statistics are its days). */
export async function projectTimeZone(db: Db, projectId: number | null): Promise<string> {
  if (!projectId) return 'Asia/Shanghai';
  const [row] = await db.query<{ tz: string }>('select iana_time_zone as tz from biz_project where project_id = $1', [
    projectId,
  ]);
  return row?.tz ?? 'Asia/Shanghai';
}
