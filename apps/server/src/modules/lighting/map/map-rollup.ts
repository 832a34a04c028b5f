import { LAMP_DEVICE_TYPE } from '@luxgrid/contracts/lighting';
import {
  MAP_COORD_SCALE,
  MAP_POINT_ZOOM,
  MAP_ROLLUP_ZOOM,
  MAP_STATES,
  type MapCells,
  type MapViewport,
  type MapViewportQuery,
} from '@luxgrid/contracts/map';
import type { Deps } from '../../../platform/context.ts';
import type { Scope } from '../../../platform/scope.ts';
import { deviceWhere } from '../device/device-query.ts';
import {
  cellDegrees,
  FROM,
  MAP_DEVICE_TYPES,
  MAP_STATE_SQL,
  mapSummaryOf,
  viewport,
  viewportCells,
} from './map.repository.ts';

type Db = Deps['database'];

/*
 * The city at a glance without reading every lamp: a project's placed devices counted per base
 * grid cell (the cells of MAP_ROLLUP_ZOOM), device type and map state, kept in lt_map_rollup. Any
 * coarser zoom merges whole base cells, so its cells are exactly those a count of every device
 * would give. A large city (MAP_ROLLUP_MIN_DEVICES placed devices and more) is answered from the
 * summary, which is counted again in the background once it is older than MAP_ROLLUP_MAX_AGE_MS;
 * a smaller one is counted for every answer (exact, and quick at that size).
 */

/** From this many placed devices on, low zoom reads the kept summary. */
export const MAP_ROLLUP_MIN_DEVICES = 50_000;
/** A summary older than this is counted again (in the background; the answer does not wait). */
export const MAP_ROLLUP_MAX_AGE_MS = 30_000;

/** Summaries being counted, per database and project: one count at a time. */
const counting = new WeakMap<Db, Map<number, Promise<void>>>();

/** Counts the project's summary again and stores it (one statement: readers see the old or the new one). */
export async function countRollup(db: Db, projectId: number, now: number): Promise<void> {
  const { where, params } = deviceWhere(
    { clientId: null, projectId: null },
    { projectId, deviceTypes: MAP_DEVICE_TYPES.join(',') },
  );
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const side = `${p(cellDegrees(MAP_ROLLUP_ZOOM))}::float8`;
  const types = `${p([...MAP_DEVICE_TYPES])}::text[]`;
  const empty = (type: string) => `'{}'::${type}[]`;
  await db.query(
    `insert into lt_map_rollup (project_id, built_at, devices, cx, cy, t, s, n, sx, sy, west, south, east, north)
     select ${p(projectId)}, ${p(now)}, coalesce(sum(n), 0)::int,
            coalesce(array_agg(cx), ${empty('int')}), coalesce(array_agg(cy), ${empty('int')}),
            coalesce(array_agg(t), ${empty('smallint')}), coalesce(array_agg(s), ${empty('smallint')}),
            coalesce(array_agg(n), ${empty('int')}), coalesce(array_agg(sx), ${empty('float8')}),
            coalesce(array_agg(sy), ${empty('float8')}), min(w), min(so), max(e), max(no)
       from (select floor(d.longitude / ${side})::int as cx, floor(d.latitude / ${side})::int as cy,
                    (array_position(${types}, d.device_type::text) - 1)::smallint as t,
                    (${MAP_STATE_SQL})::smallint as s,
                    count(*)::int as n, sum(d.longitude)::float8 as sx, sum(d.latitude)::float8 as sy,
                    min(d.longitude)::float8 as w, min(d.latitude)::float8 as so,
                    max(d.longitude)::float8 as e, max(d.latitude)::float8 as no
               ${FROM} ${where} and d.longitude is not null and d.latitude is not null
              group by 1, 2, 3, 4) g
     on conflict (project_id) do update set built_at = excluded.built_at, devices = excluded.devices,
        cx = excluded.cx, cy = excluded.cy, t = excluded.t, s = excluded.s, n = excluded.n,
        sx = excluded.sx, sy = excluded.sy, west = excluded.west, south = excluded.south,
        east = excluded.east, north = excluded.north`,
    params,
  );
}

/** Counts the summary unless a count of it is already running (then waits for that one). */
export function refreshRollup(db: Db, projectId: number, now: number): Promise<void> {
  const running = counting.get(db) ?? new Map<number, Promise<void>>();
  counting.set(db, running);
  const pending = running.get(projectId);
  if (pending) return pending;
  const next = countRollup(db, projectId, now).finally(() => running.delete(projectId));
  running.set(projectId, next);
  return next;
}

interface RollupRow {
  built_at: string | number;
  devices: number;
  cx: number[];
  cy: number[];
  t: number[];
  s: number[];
  n: number[];
  sx: number[];
  sy: number[];
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
}

/** The cells of a view merged from the summary's base cells: those whose base cell meets the box. */
export function mergeRollup(row: RollupRow, q: MapViewportQuery): MapCells {
  const side = cellDegrees(MAP_ROLLUP_ZOOM);
  const k = 2 ** (MAP_ROLLUP_ZOOM - Math.floor(q.zoom));
  const [c0, c1, r0, r1] = [q.west, q.east, q.south, q.north].map((v) => Math.floor(v / side)) as number[];
  const types = q.types?.length ? new Set(q.types.map((type) => MAP_DEVICE_TYPES.indexOf(type as never))) : null;
  const states = q.states?.length ? new Set(q.states.map((state) => MAP_STATES.indexOf(state))) : null;
  const cells = new Map<string, { gx: number; gy: number; n: number; sx: number; sy: number; s: number[] }>();
  for (let i = 0; i < row.n.length; i++) {
    const cx = row.cx[i]!;
    const cy = row.cy[i]!;
    if (cx < c0! || cx > c1! || cy < r0! || cy > r1!) continue;
    if ((types && !types.has(row.t[i]!)) || (states && !states.has(row.s[i]!))) continue;
    const gx = Math.floor(cx / k);
    const gy = Math.floor(cy / k);
    const key = `${gx}:${gy}`;
    const cell = cells.get(key) ?? { gx, gy, n: 0, sx: 0, sy: 0, s: MAP_STATES.map(() => 0) };
    cells.set(key, cell);
    cell.n += row.n[i]!;
    cell.sx += row.sx[i]!;
    cell.sy += row.sy[i]!;
    cell.s[row.s[i]!]! += row.n[i]!;
  }
  const sorted = [...cells.values()].sort((a, b) => a.gx - b.gx || a.gy - b.gy);
  return {
    mode: 'cells',
    x: sorted.map((c) => Math.round((c.sx / c.n) * MAP_COORD_SCALE)),
    y: sorted.map((c) => Math.round((c.sy / c.n) * MAP_COORD_SCALE)),
    n: sorted.map((c) => c.n),
    s: sorted.map((c) => c.s),
    asOf: Number(row.built_at),
  };
}

/** Whether a view can be answered from the summary: a zoom of whole base cells and no filter it does not keep. */
const fromRollup = (q: MapViewportQuery) =>
  Math.floor(q.zoom) <= MAP_ROLLUP_ZOOM && q.zoom < MAP_POINT_ZOOM && !q.groupId && !q.tagId && !q.road && !q.keyword;

/**
 * The kept summary of a large city (counted first when there is none, counted again in the
 * background when old), or null for a smaller one: it is counted for every answer.
 */
async function keptRollup(db: Db, projectId: number, now: number): Promise<RollupRow | null> {
  const read = () =>
    db.query<{ built_at: string | number; devices: number }>(
      'select built_at, devices from lt_map_rollup where project_id = $1',
      [projectId],
    );
  let [kept] = await read();
  if (!kept) {
    await refreshRollup(db, projectId, now);
    [kept] = await read();
  } else if (now - Number(kept.built_at) > MAP_ROLLUP_MAX_AGE_MS) {
    refreshRollup(db, projectId, now).catch(() => undefined);
  }
  if (!kept || kept.devices < MAP_ROLLUP_MIN_DEVICES) return null;
  const [row] = await db.query<RollupRow>('select * from lt_map_rollup where project_id = $1', [projectId]);
  return row ?? null;
}

/**
 * The viewport of the map: a large city's low zoom from the kept summary, everything else as
 * counted now.
 */
export async function mapViewport(
  db: Db,
  scope: Scope,
  projectId: number,
  q: MapViewportQuery,
  now: number,
): Promise<MapViewport> {
  if (!fromRollup(q)) return viewport(db, scope, projectId, q);
  const kept = await keptRollup(db, projectId, now);
  return kept ? mergeRollup(kept, q) : viewportCells(db, scope, projectId, q);
}

/** The legend's figures from a kept summary: its lamps by map state, its placed devices and their box. */
export function rollupLegend(kept: RollupRow) {
  const lamp = MAP_DEVICE_TYPES.indexOf(LAMP_DEVICE_TYPE as never);
  const lamps = Object.fromEntries(MAP_STATES.map((state) => [state, 0])) as Record<
    (typeof MAP_STATES)[number],
    number
  >;
  for (let i = 0; i < kept.n.length; i++) if (kept.t[i] === lamp) lamps[MAP_STATES[kept.s[i]!]!] += kept.n[i]!;
  const bbox =
    kept.west === null ? null : ([kept.west, kept.south!, kept.east!, kept.north!] as [number, number, number, number]);
  return { lamps, located: kept.devices, bbox, asOf: Number(kept.built_at) };
}

/** The legend's lamps by map state, the placed devices and their box: a large city's from the kept summary. */
export async function mapLegend(db: Db, scope: Scope, projectId: number, now: number) {
  const kept = await keptRollup(db, projectId, now);
  return kept ? rollupLegend(kept) : { ...(await mapSummaryOf(db, scope, projectId)), asOf: null };
}
