import {
  COMMUNICATION_STATES,
  DEVICE_TYPE_CODES,
  RUN_FAULT_STATES,
  TERMINAL_CONNECTIONS,
} from '@luxgrid/contracts/enums';
import { z } from 'zod';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { fail } from '../../../platform/errors.ts';
import { MAX_PAGE_SIZE, pageQuery } from '../../../platform/paging.ts';
import { lightingOnly } from '../family-scope.ts';

export const deviceListQuery = pageQuery.extend({
  projectId: z.coerce.number().int().positive().optional(),
  deviceType: z
    .enum(DEVICE_TYPE_CODES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** several types, comma separated */
  deviceTypes: z.string().max(200).optional(),
  commState: z
    .enum(COMMUNICATION_STATES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** several communication states, comma separated (the home page's "offline": OFF,INIT) */
  commStates: z.string().max(40).optional(),
  connection: z
    .enum(TERMINAL_CONNECTIONS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  located: z
    .enum(['LOCATED', 'UNLOCATED'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  configState: z.string().max(12).optional(),
  /** faulty now (true) or not (false): the device's own fault state, as the home figures count it */
  fault: z
    .enum(RUN_FAULT_STATES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** prefix of the UID or of the name */
  keyword: z.string().trim().max(64).optional(),
  groupId: z.coerce.number().int().positive().optional(),
  tagId: z.coerce.number().int().positive().optional(),
  parentId: z.coerce.number().int().positive().optional(),
  gatewayId: z.coerce.number().int().positive().optional(),
  modelId: z.coerce.number().int().positive().optional(),
  /** keyset paging: rows after this device id (in the default order, newest first) */
  afterId: z.coerce.number().int().positive().optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuery>;

const SORTABLE: Record<string, string> = {
  deviceId: 'd.device_id',
  uid: 'd.uid',
  name: 'd.name',
  deviceType: 'd.device_type',
  commState: 'd.comm_state',
  createTime: 'd.create_time',
  sort: 'd.sort',
};

/** Above this many matching rows the total is the planner's estimate (exact counts cost a full scan). */
export const EXACT_COUNT_LIMIT = 100_000;

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** WHERE clause and parameters of a device list; the customer scope is always part of it. */
export function deviceWhere(
  ctx: Pick<Ctx, 'clientId' | 'projectId'>,
  q: DeviceListQuery,
): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const conds: string[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (ctx.clientId !== null) conds.push(`d.client_id = ${p(ctx.clientId)}`);
  conds.push(lightingOnly('d'));
  const projectId = q.projectId ?? ctx.projectId;
  if (projectId) conds.push(`d.project_id = ${p(projectId)}`);
  if (q.deviceType) conds.push(`d.device_type = ${p(q.deviceType)}`);
  if (q.deviceTypes) {
    const types = q.deviceTypes.split(',').filter((t) => (DEVICE_TYPE_CODES as readonly string[]).includes(t));
    if (types.length) conds.push(`d.device_type = any(${p(types)}::text[])`);
  }
  if (q.commState) conds.push(`d.comm_state = ${p(q.commState)}`);
  if (q.commStates) {
    const states = q.commStates.split(',').filter((s) => (COMMUNICATION_STATES as readonly string[]).includes(s));
    if (states.length) conds.push(`d.comm_state = any(${p(states)}::text[])`);
  }
  if (q.connection) conds.push(`d.connection = ${p(q.connection)}`);
  if (q.configState) conds.push(`d.config_state = ${p(q.configState)}`);
  if (q.fault === 'true') conds.push('d.device_id in (select fs.device_id from lt_device_state fs where fs.fault)');
  if (q.fault === 'false')
    conds.push('not exists (select 1 from lt_device_state fs where fs.device_id = d.device_id and fs.fault)');
  if (q.located === 'LOCATED') conds.push('d.longitude is not null and d.latitude is not null');
  if (q.located === 'UNLOCATED') conds.push('(d.longitude is null or d.latitude is null)');
  if (q.parentId) conds.push(`d.parent_id = ${p(q.parentId)}`);
  if (q.gatewayId) conds.push(`d.gateway_id = ${p(q.gatewayId)}`);
  if (q.modelId) conds.push(`d.model_id = ${p(q.modelId)}`);
  if (q.keyword) {
    const kw = p(likePrefix(q.keyword));
    conds.push(`(d.uid like ${kw} or d.name like ${kw})`);
  }
  if (q.groupId)
    conds.push(
      `exists (select 1 from lt_group_member gm where gm.group_id = ${p(q.groupId)} and gm.device_id = d.device_id)`,
    );
  if (q.tagId)
    conds.push(
      `exists (select 1 from lt_device_tag dt where dt.tag_id = ${p(q.tagId)} and dt.device_id = d.device_id)`,
    );
  return { where: conds.length ? `where ${conds.join(' and ')}` : '', params };
}

/** Counts exactly up to EXACT_COUNT_LIMIT rows, estimates beyond. */
export async function countDevices(
  deps: Deps,
  where: string,
  params: unknown[],
): Promise<{ total: number; exact: boolean }> {
  const [row] = await deps.database.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from lt_device d ${where} limit ${EXACT_COUNT_LIMIT + 1}) x`,
    params,
  );
  if (row!.n <= EXACT_COUNT_LIMIT) return { total: row!.n, exact: true };
  const plan = await deps.database.query<{ 'QUERY PLAN': unknown }>(
    `explain (format json) select 1 from lt_device d ${where}`,
    params,
  );
  const raw = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return { total: Math.max(EXACT_COUNT_LIMIT + 1, Math.round(parsed[0]!.Plan['Plan Rows'])), exact: false };
}

export interface DeviceListRow {
  deviceId: number;
  clientId: number;
  projectId: number;
  uid: string;
  name: string;
  deviceType: string;
  modelId: number | null;
  modelName: string | null;
  parentId: number | null;
  gatewayId: number | null;
  connection: string | null;
  commState: string;
  configState: string | null;
  longitude: number | null;
  latitude: number | null;
  located: string;
  lastSeen: string | null;
  dataTs: string | null;
  live: Record<string, unknown>;
  fault: boolean;
  faultCodes: Record<string, string>;
  /** lamp heads: the controller whose values `live` shows */
  liveFrom: { deviceId: number; uid: string } | null;
}

/**
 * The latest state a row shows: its own, or for a lamp head that never reported by itself, its
 * controller's (the RTU carrying it measures the lamp: voltage, power, dim level, lamp state).
 */
export const LIVE_STATE_JOIN = `left join lt_device_state fs on fs.device_id = d.device_id
     left join lt_device_state ps on d.device_type = 'LIGHT' and fs.device_id is null and ps.device_id = d.parent_id
     left join lt_device pd on pd.device_id = ps.device_id`;

/** Columns of the state a row shows (see LIVE_STATE_JOIN). */
export const LIVE_STATE_COLUMNS = `to_char(coalesce(fs.last_seen, ps.last_seen) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastSeen",
       to_char(coalesce(fs.data_ts, ps.data_ts) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "dataTs",
       coalesce(fs.data, ps.data, '{}'::jsonb) as live,
       coalesce(fs.fault, false) as fault, coalesce(fs.fault_codes, '{}'::jsonb) as "faultCodes",
       case when ps.device_id is not null then json_build_object('deviceId', ps.device_id, 'uid', pd.uid) end as "liveFrom"`;

/** A page of devices with their latest values: one query for the rows, one for the count, no N+1. */
export async function listDevices(deps: Deps, ctx: Ctx, q: DeviceListQuery) {
  const { where, params } = deviceWhere(ctx, q);
  const whereParams = params.length;
  const size = Math.min(q.pageSize ?? q.size ?? 20, MAX_PAGE_SIZE);
  let order = 'd.device_id desc';
  let keyset = '';
  if (q.orderByColumn) {
    const column = SORTABLE[q.orderByColumn];
    if (!column) throw fail('valid.sortColumn', { field: q.orderByColumn });
    const dir = q.isAsc === 'desc' || q.isAsc === 'descending' ? 'desc' : 'asc';
    order = `${column} ${dir}, d.device_id desc`;
  } else if (q.keyword && !q.afterId) {
    // a search: the exact UID first, then devices that report before poles and lamp heads, then the closest prefix
    const kw = `$${params.length + 1}`;
    params.push(q.keyword);
    order = `(d.uid = ${kw}) desc, (d.device_type in ('POLE', 'LIGHT')) asc, length(d.uid) asc, d.uid asc, d.device_id desc`;
  } else if (q.afterId) {
    params.push(q.afterId);
    keyset = `${where ? ' and' : 'where'} d.device_id < $${params.length}`;
  }
  const offset = keyset ? 0 : ((q.pageNum ?? q.current ?? 1) - 1) * size;
  const countParams = params.length > whereParams ? params.slice(0, whereParams) : params;
  // the page and the count side by side on the pool: the wait is the longer of the two, not the sum
  const [rows, { total, exact }] = await Promise.all([
    deps.database.query<DeviceListRow>(
      `select d.device_id as "deviceId", d.client_id as "clientId", d.project_id as "projectId", d.uid, d.name,
       d.device_type as "deviceType", d.model_id as "modelId", m.name as "modelName", d.parent_id as "parentId",
       d.gateway_id as "gatewayId", d.connection, d.comm_state as "commState", d.config_state as "configState",
       d.longitude, d.latitude,
       case when d.longitude is not null and d.latitude is not null then 'LOCATED' else 'UNLOCATED' end as located,
       ${LIVE_STATE_COLUMNS}
     from (select * from lt_device d ${where}${keyset} order by ${order} limit ${size} offset ${offset}) d
     ${LIVE_STATE_JOIN}
     left join lt_device_model m on m.model_id = d.model_id
     order by ${order}`,
      params,
    ),
    countDevices(deps, where, countParams),
  ]);
  return { rows, total, exact };
}
