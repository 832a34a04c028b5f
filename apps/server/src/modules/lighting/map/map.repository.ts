import { LAMP_DEVICE_TYPE } from '@luxgrid/contracts/lighting';
import {
  LAMP_FAILURE_CODES,
  MAP_CELL_PX,
  MAP_COORD_SCALE,
  MAP_POINT_LIMIT,
  MAP_POINT_ZOOM,
  MAP_STATES,
  type MapCells,
  type MapPoints,
  type MapState,
  type MapViewportQuery,
} from '@luxgrid/contracts/map';
import type { Deps } from '../../../platform/context.ts';
import type { Scope } from '../../../platform/scope.ts';
import { deviceWhere } from '../device/device-query.ts';

type Db = Deps['database'];

/** Device types the map draws: everything that stands somewhere (lamp heads sit on their controller's point). */
export const MAP_DEVICE_TYPES = ['RTU', 'BOX', 'CCU', 'LUXOMETER', 'POLE', 'METER'] as const;

/**
 * The map state of a device row `d` with its state row `fs`, in SQL: the same rule as `mapState`
 * (packages/contracts/src/map.ts), answered as the index into MAP_STATES.
 */
const idx = (state: MapState) => MAP_STATES.indexOf(state);
const DIM = `case when jsonb_typeof(fs.data->'dimLevel') = 'number' then (fs.data->>'dimLevel')::numeric end`;
export const MAP_STATE_SQL = `case
    when coalesce(fs.fault, false) or fs.data->>'lampState' = 'ALARM' or fs.data->'fault' = 'true'::jsonb then ${idx('fault')}
    when d.comm_state = 'INIT' then ${idx('init')}
    when d.comm_state <> 'ON' then ${idx('offline')}
    when d.device_type <> '${LAMP_DEVICE_TYPE}' then ${idx('online')}
    when fs.data->>'lampState' is distinct from 'ON' then ${idx('off')}
    when ${DIM} < 100 then ${idx('dimmed')}
    else ${idx('on')} end`;
const DIM_SQL = `case when d.device_type = '${LAMP_DEVICE_TYPE}' and fs.data->>'lampState' = 'ON'
    then round(coalesce(${DIM}, 100))::int else 0 end`;

/** 1 when the device is faulty by lamp failures only (a lit report clears them), else 0. */
const LIT_CLEARS_SQL = `case when coalesce(fs.fault, false) and fs.fault_codes <> '{}'::jsonb and not exists (
    select 1 from jsonb_object_keys(coalesce(fs.fault_codes, '{}'::jsonb)) k
     where k <> all(array[${LAMP_FAILURE_CODES.map((c) => `'${c}'`).join(', ')}])) then 1 else 0 end`;

/** The filtered devices of the viewport: scope, project and the map device filter, then the box. */
function viewportWhere(scope: Scope, projectId: number, q: MapViewportQuery) {
  const types = q.types?.length
    ? q.types.filter((type) => (MAP_DEVICE_TYPES as readonly string[]).includes(type))
    : MAP_DEVICE_TYPES;
  const { where, params } = deviceWhere(scope, {
    projectId,
    deviceTypes: types.join(',') || '-',
    groupId: q.groupId,
    tagId: q.tagId,
    keyword: q.keyword,
  });
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conds = [
    `d.longitude between ${p(q.west)} and ${p(q.east)}`,
    `d.latitude between ${p(q.south)} and ${p(q.north)}`,
  ];
  if (q.road)
    conds.push(
      `d.location_id in (select l.location_id from lt_location l where l.project_id = ${p(projectId)} and l.address ilike ${p(`%${q.road.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)})`,
    );
  if (q.states?.length) conds.push(`(${MAP_STATE_SQL}) = any(${p(q.states.map((s) => idx(s)))}::int[])`);
  return { sql: `${where} and ${conds.join(' and ')}`, params };
}

export const FROM = 'from lt_device d left join lt_device_state fs on fs.device_id = d.device_id';

/** The devices in view, at most MAP_POINT_LIMIT + 1 of them (one more says there are too many). */
export async function viewportPoints(
  db: Db,
  scope: Scope,
  projectId: number,
  q: MapViewportQuery,
): Promise<MapPoints | null> {
  const { sql, params } = viewportWhere(scope, projectId, q);
  const rows = await db.query<{ i: number; x: number; y: number; t: string; s: number; d: number; f: number }>(
    `select d.device_id::int as i, round(d.longitude * ${MAP_COORD_SCALE})::int as x,
            round(d.latitude * ${MAP_COORD_SCALE})::int as y, d.device_type as t, ${MAP_STATE_SQL} as s, ${DIM_SQL} as d,
            ${LIT_CLEARS_SQL} as f
       ${FROM} ${sql} order by d.device_id limit ${MAP_POINT_LIMIT + 1}`,
    params,
  );
  if (rows.length > MAP_POINT_LIMIT) return null;
  const types: string[] = [];
  const out: MapPoints = { mode: 'points', types, id: [], x: [], y: [], t: [], s: [], d: [], f: [] };
  let last = 0;
  for (const row of rows) {
    let type = types.indexOf(row.t);
    if (type < 0) type = types.push(row.t) - 1;
    out.id.push(row.i - last);
    last = row.i;
    out.x.push(row.x);
    out.y.push(row.y);
    out.t.push(type);
    out.s.push(row.s);
    out.d.push(row.d);
    if (row.f) out.f.push(out.id.length - 1);
  }
  return out;
}

/** The side of an aggregation cell in degrees at a zoom: MAP_CELL_PX screen pixels of a 256 px tile. */
export const cellDegrees = (zoom: number) => (360 * MAP_CELL_PX) / (256 * 2 ** Math.floor(zoom));

/** The devices in view aggregated on a grid of cells: per cell the centre of its devices and their states. */
export async function viewportCells(db: Db, scope: Scope, projectId: number, q: MapViewportQuery): Promise<MapCells> {
  const { sql, params } = viewportWhere(scope, projectId, q);
  params.push(cellDegrees(q.zoom));
  const cell = `$${params.length}::float8`;
  const rows = await db.query<{ x: number; y: number; n: number; s: number[] }>(
    `select round(avg(lng) * ${MAP_COORD_SCALE})::int as x, round(avg(lat) * ${MAP_COORD_SCALE})::int as y,
            count(*)::int as n,
            array[${MAP_STATES.map((_, i) => `count(*) filter (where s = ${i})::int`).join(', ')}] as s
       from (select d.longitude as lng, d.latitude as lat, ${MAP_STATE_SQL} as s,
                    floor(d.longitude / ${cell}) as cx, floor(d.latitude / ${cell}) as cy
               ${FROM} ${sql}) v
      group by cx, cy order by cx, cy`,
    params,
  );
  return {
    mode: 'cells',
    x: rows.map((r) => r.x),
    y: rows.map((r) => r.y),
    n: rows.map((r) => r.n),
    s: rows.map((r) => r.s),
    asOf: null,
  };
}

/** Cells below MAP_POINT_ZOOM or when the view holds too many devices; the devices themselves otherwise. */
export async function viewport(db: Db, scope: Scope, projectId: number, q: MapViewportQuery) {
  if (q.zoom >= MAP_POINT_ZOOM) {
    const points = await viewportPoints(db, scope, projectId, q);
    if (points) return points;
  }
  return viewportCells(db, scope, projectId, q);
}

/** Every lamp of the project by map state, how many devices are placed, and the box around them. */
export async function mapSummaryOf(db: Db, scope: Scope, projectId: number) {
  const { where, params } = deviceWhere(scope, { projectId, deviceTypes: MAP_DEVICE_TYPES.join(',') });
  const [row] = await db.query<{
    s: number[];
    located: number;
    west: number | null;
    south: number | null;
    east: number | null;
    north: number | null;
  }>(
    `select array[${MAP_STATES.map((_, i) => `count(*) filter (where d.device_type = '${LAMP_DEVICE_TYPE}' and ${MAP_STATE_SQL} = ${i})::int`).join(', ')}] as s,
            count(*) filter (where d.longitude is not null and d.latitude is not null)::int as located,
            min(d.longitude) as west, min(d.latitude) as south, max(d.longitude) as east, max(d.latitude) as north
       ${FROM} ${where}`,
    params,
  );
  const lamps = Object.fromEntries(MAP_STATES.map((state, i) => [state, row?.s[i] ?? 0])) as Record<MapState, number>;
  const bbox =
    row && row.west !== null
      ? ([row.west, row.south!, row.east!, row.north!] as [number, number, number, number])
      : null;
  return { lamps, located: row?.located ?? 0, bbox };
}

/** The project's map settings: map type and centre. */
export async function projectMap(db: Db, projectId: number) {
  const [row] = await db.query<{ map_type: string; longitude: number; latitude: number }>(
    'select map_type, longitude, latitude from biz_project where project_id = $1',
    [projectId],
  );
  return row;
}
