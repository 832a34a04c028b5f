import {
  DEFAULT_SLA,
  type PartBody,
  type SlaSettings,
  type WorkOrderAction,
  type WorkOrderAddBody,
  type WorkOrderDetail,
  type WorkOrderEditBody,
  type WorkOrderPriority,
  type WorkOrderRow,
  type WorkOrderState,
} from '@luxgrid/contracts';
import type { Database } from '../../../platform/db.ts';
import type { Page } from '../../../platform/paging.ts';
import { type Scope, SqlParams, scopeSql } from '../../../platform/scope.ts';

/**
 * The only SQL over work orders. Every read and write takes the scope's customer (and the
 * chosen project for lists): another customer's order is simply not found.
 */

export interface OrderFilter {
  projectId?: number;
  keyword?: string;
  state?: string;
  source?: string;
  priority?: string;
  teamId?: number;
  breached?: string;
  /** 'true': open orders only; 'false': closed ones */
  open?: string;
  begin?: Date;
  end?: Date;
}

/** Sortable columns of the list. */
export const ORDER_SORTABLE: Record<string, string> = {
  orderId: 'o.order_id',
  createTime: 'o.create_time',
  priority: "array_position(array['dangerous','serious','urgent','ordinary']::text[], o.priority::text)",
  state:
    "array_position(array['CREATED','DISPATCHED','ACCEPTED','ON_SITE','RESOLVED','APPROVED','CLOSED']::text[], o.state::text)",
  resolveDue: 'o.resolve_due',
  acceptDue: 'o.accept_due',
};

const SCOPE = { client: 'o.client_id', project: 'o.project_id' };
const fmt = (column: string) => `to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;
const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The row of the list and the detail; `now` is the parameter holding the clock's time. */
const row = (now: string) => `o.order_id as "orderId", o.order_no as "orderNo", o.project_id as "projectId",
  p.name as "projectName", o.title, o.description, o.source, o.priority, o.state, o.outcome,
  o.device_id as "deviceId", d.uid as "deviceUid", d.name as "deviceName", o.alarm_config_type as "alarmConfigType",
  o.longitude, o.latitude, o.address, o.reporter, o.reporter_phone as "reporterPhone",
  o.team_id as "teamId", tm.name as "teamName", o.assignee_id as "assigneeId",
  coalesce(nullif(u.nick_name, ''), u.user_name) as "assigneeName", o.resolution,
  ${fmt('o.accept_due')} as "acceptDue", ${fmt('o.resolve_due')} as "resolveDue",
  case when o.accept_time is null and o.state <> 'CLOSED'
       then floor(extract(epoch from o.accept_due - ${now}))::int end as "acceptLeft",
  case when o.resolve_time is null and o.state <> 'CLOSED'
       then floor(extract(epoch from o.resolve_due - ${now}))::int end as "resolveLeft",
  (coalesce(o.accept_time, o.close_time, ${now}) > o.accept_due and coalesce(o.outcome, '') <> 'CANCELLED') as "acceptBreached",
  (coalesce(o.resolve_time, o.close_time, ${now}) > o.resolve_due and coalesce(o.outcome, '') <> 'CANCELLED') as "resolveBreached",
  ${fmt('o.create_time')} as "createTime", o.create_by as "createBy",
  ${fmt('o.dispatch_time')} as "dispatchTime", ${fmt('o.accept_time')} as "acceptTime",
  ${fmt('o.arrive_time')} as "arriveTime", ${fmt('o.resolve_time')} as "resolveTime",
  ${fmt('o.approve_time')} as "approveTime", ${fmt('o.close_time')} as "closeTime"`;

const FROM = `from ops_work_order o
  left join biz_project p on p.project_id = o.project_id
  left join lt_device d on d.device_id = o.device_id
  left join ops_team tm on tm.team_id = o.team_id
  left join sys_user u on u.user_id = o.assignee_id`;

/** Orders of a crew member: assigned to them, or to a team they belong to. */
const MINE = (user: string) =>
  `(o.assignee_id = ${user} or o.team_id in (select m.team_id from ops_team_member m where m.user_id = ${user}))`;

function where(
  scope: Pick<Scope, 'clientId' | 'projectId'>,
  f: OrderFilter,
  p: SqlParams,
  now: string,
  mine?: number,
): string {
  const conds = [scopeSql({ clientId: scope.clientId, projectId: f.projectId ?? scope.projectId }, p, SCOPE)];
  if (mine !== undefined) conds.push(MINE(p.add(mine)));
  if (f.keyword) {
    const k = p.add(like(f.keyword));
    conds.push(
      `(o.order_no ilike ${k} or o.title ilike ${k} or d.uid ilike ${k} or d.name ilike ${k} or o.address ilike ${k})`,
    );
  }
  if (f.state) conds.push(`o.state = ${p.add(f.state)}`);
  if (f.source) conds.push(`o.source = ${p.add(f.source)}`);
  if (f.priority) conds.push(`o.priority = ${p.add(f.priority)}`);
  if (f.teamId) conds.push(`o.team_id = ${p.add(f.teamId)}`);
  if (f.open === 'true') conds.push("o.state <> 'CLOSED'");
  if (f.open === 'false') conds.push("o.state = 'CLOSED'");
  if (f.begin) conds.push(`o.create_time >= ${p.add(f.begin)}`);
  if (f.end) conds.push(`o.create_time <= ${p.add(f.end)}`);
  if (f.breached) {
    const breached = `(coalesce(o.accept_time, o.close_time, ${now}) > o.accept_due or coalesce(o.resolve_time, o.close_time, ${now}) > o.resolve_due)
      and coalesce(o.outcome, '') <> 'CANCELLED'`;
    conds.push(f.breached === 'true' ? `(${breached})` : `not (${breached})`);
  }
  return conds.join(' and ');
}

export async function listOrders(
  db: Database,
  scope: Pick<Scope, 'clientId' | 'projectId'>,
  f: OrderFilter,
  order: string,
  page: Page,
  now: number,
  mine?: number,
): Promise<{ rows: WorkOrderRow[]; total: number }> {
  const p = new SqlParams(new Date(now));
  const cond = where(scope, f, p, '$1', mine);
  const [rows, count] = await Promise.all([
    db.query<WorkOrderRow>(
      `select ${row('$1')} ${FROM} where ${cond} order by ${order}, o.order_id desc limit ${page.limit} offset ${page.offset}`,
      p.values,
    ),
    // the clock's parameter is named in every statement, also when no filter reads it
    db.query<{ n: number }>(`select count(*)::int as n, $1::timestamptz as at ${FROM} where ${cond}`, p.values),
  ]);
  return { rows, total: count[0]!.n };
}

/** One order of the scope's customer (any project), with the crew check when `mine` is given. */
export async function findOrder(
  db: Database,
  scope: Pick<Scope, 'clientId'>,
  orderId: number,
  now: number,
  mine?: number,
): Promise<WorkOrderRow | undefined> {
  const p = new SqlParams(new Date(now), orderId);
  const cond = [`o.order_id = $2`, scopeSql({ clientId: scope.clientId }, p, SCOPE)];
  if (mine !== undefined) cond.push(MINE(p.add(mine)));
  const [found] = await db.query<WorkOrderRow>(`select ${row('$1')} ${FROM} where ${cond.join(' and ')}`, p.values);
  return found;
}

/** The history, photos, parts and alarms of an order the caller has already found. */
export async function orderDetail(db: Database, orderId: number) {
  type D = WorkOrderDetail;
  const [history, photos, parts, alarms] = await Promise.all([
    db.query<D['history'][number]>(
      `select history_id as "historyId", action, from_state as "fromState", to_state as "toState", oper_by as "operBy",
              ${fmt('oper_time')} as "operTime", comment, detail
         from ops_work_order_history where order_id = $1 order by oper_time, history_id`,
      [orderId],
    ),
    db.query<D['photos'][number]>(
      `select photo_id as "photoId", kind, url, ${fmt('taken_time')} as "takenTime", longitude, latitude, upload_by as "uploadBy"
         from ops_work_order_photo where order_id = $1 order by taken_time, photo_id`,
      [orderId],
    ),
    db.query<D['parts'][number]>(
      `select part_id as "partId", name, model, quantity, unit, record_by as "recordBy", ${fmt('record_time')} as "recordTime"
         from ops_work_order_part where work_order_id = $1 order by part_id`,
      [orderId],
    ),
    db.query<D['alarms'][number]>(
      `select a.alarm_id as "alarmId", a.alarm_config_type as "alarmConfigType", a.grade, a.state,
              ${fmt('a.first_time')} as "firstTime", ${fmt('a.recovered_time')} as "recoveredTime"
         from ops_work_order_alarm l join lt_alarm a on a.alarm_id = l.alarm_id where l.order_id = $1 order by a.alarm_id`,
      [orderId],
    ),
  ]);
  return { history, photos, parts, alarms };
}

/* ------------------------------------------------------------------ SLA */

export async function slaOf(db: Database, clientId: number): Promise<SlaSettings> {
  const [saved] = await db.query<{ clocks: SlaSettings['clocks']; verify_hold_minutes: number }>(
    'select clocks, verify_hold_minutes from ops_sla_setting where client_id = $1',
    [clientId],
  );
  if (!saved) return DEFAULT_SLA;
  return { clocks: { ...DEFAULT_SLA.clocks, ...saved.clocks }, verifyHoldMinutes: saved.verify_hold_minutes };
}

export async function saveSla(db: Database, clientId: number, sla: SlaSettings, by: string, now: number) {
  await db.query(
    `insert into ops_sla_setting (client_id, clocks, verify_hold_minutes, update_by, update_time)
     values ($1, $2, $3, $4, to_timestamp($5 / 1000.0))
     on conflict (client_id) do update set clocks = excluded.clocks, verify_hold_minutes = excluded.verify_hold_minutes,
       update_by = excluded.update_by, update_time = excluded.update_time`,
    [clientId, JSON.stringify(sla.clocks), sla.verifyHoldMinutes, by, now],
  );
}

/** When the clocks of an order of this priority, created at `from`, run out. */
export function duesOf(sla: SlaSettings, priority: WorkOrderPriority, from: number) {
  const clock = sla.clocks[priority];
  return {
    acceptDue: new Date(from + clock.acceptMinutes * 60_000),
    resolveDue: new Date(from + clock.resolveMinutes * 60_000),
  };
}

/* ------------------------------------------------------------------ writes */

export interface NewOrder extends Omit<WorkOrderAddBody, 'source'> {
  clientId: number;
  source: string;
  alarmConfigType?: string | null;
  acceptDue: Date;
  resolveDue: Date;
  by: string;
  at: number;
}

/**
 * Inserts an order; a device's second open order is refused by the partial unique index and
 * answers undefined (the caller joins or refuses). Records the CREATED step.
 */
export async function insertOrder(
  db: Database,
  o: NewOrder,
  comment = '',
): Promise<{ orderId: number; orderNo: string } | undefined> {
  const [created] = await db.query<{ order_id: number; order_no: string }>(
    `with n as (select nextval(pg_get_serial_sequence('ops_work_order', 'order_id')) as id),
     ins as (
       insert into ops_work_order (order_id, client_id, project_id, order_no, title, description, source, priority, device_id,
                                   alarm_config_type, longitude, latitude, address, reporter, reporter_phone,
                                   accept_due, resolve_due, create_by, create_time)
       select n.id, $1, $2, 'WO' || to_char(to_timestamp($17 / 1000.0), 'YYYYMMDD') || lpad(n.id::text, 6, '0'),
              $3, $4, $5, $6, $7, $8,
              coalesce($9::float8, d.longitude), coalesce($10::float8, d.latitude), $11, $12, $13, $14, $15, $16,
              to_timestamp($17 / 1000.0)
         from n left join lt_device d on d.device_id = $7::bigint
       on conflict (device_id) where state <> 'CLOSED' and device_id is not null do nothing
       returning order_id, order_no, client_id),
     h as (
       insert into ops_work_order_history (order_id, client_id, action, to_state, oper_by, oper_time, comment)
       select order_id, client_id, 'CREATED', 'CREATED', $16, to_timestamp($17 / 1000.0), $18 from ins)
     select order_id, order_no from ins`,
    [
      o.clientId,
      o.projectId,
      o.title,
      o.description ?? '',
      o.source,
      o.priority,
      o.deviceId ?? null,
      o.alarmConfigType ?? null,
      o.longitude ?? null,
      o.latitude ?? null,
      o.address ?? '',
      o.reporter ?? '',
      o.reporterPhone ?? '',
      o.acceptDue,
      o.resolveDue,
      o.by,
      o.at,
      comment,
    ],
  );
  return created ? { orderId: created.order_id, orderNo: created.order_no } : undefined;
}

/** The open order of a device, if any. */
export async function openOrderOf(db: Database, deviceId: number) {
  const [found] = await db.query<{ order_id: number; order_no: string; client_id: number }>(
    "select order_id, order_no, client_id from ops_work_order where device_id = $1 and state <> 'CLOSED'",
    [deviceId],
  );
  return found;
}

export async function updateOrder(
  db: Database,
  scope: Pick<Scope, 'clientId'>,
  b: WorkOrderEditBody & { acceptDue: Date; resolveDue: Date },
  by: string,
  now: number,
): Promise<boolean> {
  const p = new SqlParams(
    b.orderId,
    b.title,
    b.description ?? '',
    b.priority,
    b.longitude ?? null,
    b.latitude ?? null,
    b.address ?? '',
    b.reporter ?? '',
    b.reporterPhone ?? '',
    b.acceptDue,
    b.resolveDue,
    by,
    new Date(now),
  );
  const rows = await db.query<{ order_id: number }>(
    `with u as (
       update ops_work_order o set title = $2, description = $3, priority = $4, longitude = $5, latitude = $6, address = $7,
              reporter = $8, reporter_phone = $9, accept_due = $10, resolve_due = $11, update_by = $12, update_time = $13
        where o.order_id = $1 and o.state <> 'CLOSED' and ${scopeSql(scope, p, SCOPE)}
        returning o.order_id, o.client_id, o.state)
     insert into ops_work_order_history (order_id, client_id, action, from_state, to_state, oper_by, oper_time)
     select order_id, client_id, 'EDITED', state, state, $12, $13 from u returning order_id`,
    p.values,
  );
  return rows.length > 0;
}

export interface Transition {
  orderId: number;
  from: readonly WorkOrderState[];
  to: WorkOrderState;
  action: WorkOrderAction;
  by: string;
  /** when it was done (a crew step sent later carries its own time) */
  at: number;
  comment?: string;
  detail?: Record<string, unknown> | null;
  /** further columns to set: column → value */
  set?: Record<string, unknown>;
  /** the crew's client-generated id: recorded with the step, so a replay is recognised */
  opId?: string;
}

const SETTABLE = new Set([
  'team_id',
  'assignee_id',
  'dispatch_time',
  'accept_time',
  'arrive_time',
  'resolve_time',
  'approve_time',
  'close_time',
  'outcome',
  'resolution',
]);

/**
 * Moves an order from one of `from` to `to` in one statement (the state checked in the UPDATE,
 * so two people acting at once cannot both move it), with its history row and the crew's op id.
 * Answers the order's client and device, or undefined when the order is not in a `from` state.
 */
export async function transition(
  db: Database,
  scope: Pick<Scope, 'clientId'>,
  t: Transition,
): Promise<{ clientId: number; deviceId: number | null; orderNo: string; fromState: string } | undefined> {
  const p = new SqlParams(
    t.orderId,
    [...t.from],
    t.to,
    t.by,
    new Date(t.at),
    t.comment ?? '',
    t.detail ? JSON.stringify(t.detail) : null,
    t.action,
  );
  const sets = ['state = $3', 'update_by = $4', 'update_time = $5'];
  for (const [column, value] of Object.entries(t.set ?? {})) {
    if (!SETTABLE.has(column)) throw new Error(`not a settable column: ${column}`);
    sets.push(`${column} = ${p.add(value)}`);
  }
  const op = t.opId ? p.add(t.opId) : null;
  const rows = await db.query<{ client_id: number; device_id: number | null; order_no: string; from_state: string }>(
    `with prev as (select o.order_id, o.state from ops_work_order o where o.order_id = $1 and ${scopeSql(scope, p, SCOPE)}),
     u as (
       update ops_work_order o set ${sets.join(', ')}
         from prev where o.order_id = prev.order_id and o.state = any($2::text[])
       returning o.order_id, o.client_id, o.device_id, o.order_no, prev.state as from_state),
     h as (
       insert into ops_work_order_history (order_id, client_id, action, from_state, to_state, oper_by, oper_time, comment, detail)
       select order_id, client_id, $8, from_state, $3, $4, $5, $6, $7::jsonb from u)
     ${
       op
         ? `, op as (insert into ops_work_order_op (op_id, client_id, order_id, action, oper_by, oper_time)
       select ${op}, client_id, order_id, $8, $4, $5 from u on conflict do nothing)`
         : ''
     }
     select client_id, device_id, order_no, from_state from u`,
    p.values,
  );
  const r = rows[0];
  return r ? { clientId: r.client_id, deviceId: r.device_id, orderNo: r.order_no, fromState: r.from_state } : undefined;
}

/** Whether the crew's step with this id was already applied. */
export async function opDone(db: Database, opId: string): Promise<boolean> {
  const rows = await db.query('select 1 from ops_work_order_op where op_id = $1', [opId]);
  return rows.length > 0;
}

/** Records a step that does not change the state (a photo, a part), with its op id. */
export async function note(
  db: Database,
  o: {
    orderId: number;
    clientId: number;
    state: string;
    action: WorkOrderAction;
    by: string;
    at: number;
    comment?: string;
    detail?: unknown;
    opId?: string;
  },
) {
  await db.query(
    `with h as (insert into ops_work_order_history (order_id, client_id, action, from_state, to_state, oper_by, oper_time, comment, detail)
                values ($1, $2, $3, $4, $4, $5, to_timestamp($6 / 1000.0), $7, $8::jsonb))
     insert into ops_work_order_op (op_id, client_id, order_id, action, oper_by, oper_time)
     select $9::varchar, $2, $1, $3, $5, to_timestamp($6 / 1000.0) where $9::varchar is not null on conflict do nothing`,
    [
      o.orderId,
      o.clientId,
      o.action,
      o.state,
      o.by,
      o.at,
      o.comment ?? '',
      o.detail ? JSON.stringify(o.detail) : null,
      o.opId ?? null,
    ],
  );
}

export async function insertParts(
  db: Database,
  orderId: number,
  clientId: number,
  parts: readonly (PartBody & { opId?: string | null })[],
  by: string,
  at: number,
): Promise<number> {
  if (!parts.length) return 0;
  const rows = await db.query(
    `insert into ops_work_order_part (work_order_id, client_id, name, model, quantity, unit, op_id, record_by, record_time)
     select $1, $2, x.name, coalesce(x.model, ''), x.quantity, coalesce(x.unit, ''), x.op, $4, to_timestamp($5 / 1000.0)
       from json_to_recordset($3::json) as x(name text, model text, quantity float8, unit text, op text)
     on conflict (op_id) do nothing returning part_id`,
    [orderId, clientId, JSON.stringify(parts.map((x) => ({ ...x, op: x.opId ?? null }))), by, at],
  );
  return rows.length;
}

export async function insertPhoto(
  db: Database,
  o: {
    orderId: number;
    clientId: number;
    kind: string;
    url: string;
    takenAt: number;
    longitude?: number | null;
    latitude?: number | null;
    opId: string;
    by: string;
    at: number;
  },
): Promise<boolean> {
  const rows = await db.query(
    `insert into ops_work_order_photo (order_id, client_id, kind, url, taken_time, longitude, latitude, op_id, upload_by, upload_time)
     values ($1, $2, $3, $4, to_timestamp($5 / 1000.0), $6, $7, $8, $9, to_timestamp($10 / 1000.0))
     on conflict (op_id) do nothing returning photo_id`,
    [o.orderId, o.clientId, o.kind, o.url, o.takenAt, o.longitude ?? null, o.latitude ?? null, o.opId, o.by, o.at],
  );
  return rows.length > 0;
}

/** Whether a stored upload (its path below the upload root) belongs to this customer. */
export async function fileOfCustomer(db: Database, path: string, clientId: number): Promise<boolean> {
  const rows = await db.query(
    "select 1 from sys_file where path = $1 and kind = 'upload' and (client_id = $2 or client_id is null)",
    [path, clientId],
  );
  return rows.length > 0;
}

/** A device of this project (for an order opened by hand). */
export async function deviceInProject(db: Database, deviceId: number, projectId: number) {
  const rows = await db.query('select 1 from lt_device where device_id = $1 and project_id = $2', [
    deviceId,
    projectId,
  ]);
  return rows.length > 0;
}

/** The project's customer, when the scope reaches it. */
export async function projectClient(db: Database, scope: Pick<Scope, 'clientId'>, projectId: number) {
  const p = new SqlParams(projectId);
  const [found] = await db.query<{ client_id: number }>(
    `select client_id from biz_project where project_id = $1 and ${scopeSql(scope, p)}`,
    p.values,
  );
  return found?.client_id;
}

/** A user of the customer (an assignee). */
export async function userOfCustomer(db: Database, userId: number, clientId: number) {
  const rows = await db.query("select 1 from sys_user where user_id = $1 and client_id = $2 and del_flag = '0'", [
    userId,
    clientId,
  ]);
  return rows.length > 0;
}

/** An enabled team of the customer and the projects it covers. */
export async function teamOfCustomer(db: Database, teamId: number, clientId: number) {
  const [found] = await db.query<{ name: string; project_ids: number[] }>(
    "select name, project_ids from ops_team where team_id = $1 and client_id = $2 and status = '0'",
    [teamId, clientId],
  );
  return found;
}

/** Devices of open orders are under maintenance (their alarms shelved) until the order closes. */
export async function holdMaintenance(db: Database, deviceId: number, orderNo: string, by: string, now: number) {
  await db.query(
    `insert into lt_device_maintenance (device_id, client_id, project_id, until, reason, set_by, set_time)
     select d.device_id, d.client_id, d.project_id, to_timestamp($2 / 1000.0) + interval '7 days', $3, $4, to_timestamp($2 / 1000.0)
       from lt_device d where d.device_id = $1
     on conflict (device_id) do update set until = greatest(lt_device_maintenance.until, excluded.until),
       reason = excluded.reason, set_by = excluded.set_by, set_time = excluded.set_time`,
    [deviceId, now, orderNo, by],
  );
}

/** Ends the maintenance an order put its device under (not one set by hand for another reason). */
export async function releaseMaintenance(db: Database, deviceId: number, orderNo: string) {
  await db.query('delete from lt_device_maintenance where device_id = $1 and reason = $2', [deviceId, orderNo]);
}

/** Extends the maintenance of devices whose open order outlives it (daily, from the worker). */
export async function extendMaintenance(db: Database, now: number) {
  await db.query(
    `update lt_device_maintenance m set until = to_timestamp($1 / 1000.0) + interval '7 days'
       from ops_work_order o
      where o.device_id = m.device_id and o.state <> 'CLOSED' and m.reason = o.order_no
        and m.until < to_timestamp($1 / 1000.0) + interval '1 day'`,
    [now],
  );
}

/** The crew app's last known position of a user. */
export async function savePosition(
  db: Database,
  o: { userId: number; clientId: number; orderId: number | null; longitude: number; latitude: number; at: number },
) {
  await db.query(
    `insert into ops_crew_position (user_id, client_id, order_id, longitude, latitude, report_time)
     values ($1, $2, $3, $4, $5, to_timestamp($6 / 1000.0))
     on conflict (user_id) do update set client_id = excluded.client_id, order_id = excluded.order_id,
       longitude = excluded.longitude, latitude = excluded.latitude, report_time = excluded.report_time`,
    [o.userId, o.clientId, o.orderId, o.longitude, o.latitude, o.at],
  );
}

/**
 * Removes orders that are new (not yet dispatched) or closed, with everything recorded on them.
 * Answers 'notFound' when an id is outside the scope, the state of an order in progress, or null.
 */
export async function removeOrders(
  db: Database,
  scope: Pick<Scope, 'clientId'>,
  ids: readonly number[],
): Promise<'notFound' | string | null> {
  const p = new SqlParams(ids);
  const found = await db.query<{ order_id: number; state: string; device_id: number | null; order_no: string }>(
    `select o.order_id, o.state, o.device_id, o.order_no from ops_work_order o
      where o.order_id = any($1::bigint[]) and ${scopeSql(scope, p, SCOPE)}`,
    p.values,
  );
  if (found.length !== ids.length) return 'notFound';
  const busy = found.find((o) => o.state !== 'CREATED' && o.state !== 'CLOSED');
  if (busy) return busy.state;
  await db.query(
    `with a as (delete from ops_work_order_alarm where order_id = any($1::bigint[])),
          h as (delete from ops_work_order_history where order_id = any($1::bigint[])),
          f as (delete from ops_work_order_photo where order_id = any($1::bigint[])),
          x as (delete from ops_work_order_part where work_order_id = any($1::bigint[])),
          q as (delete from ops_work_order_op where order_id = any($1::bigint[])),
          m as (delete from lt_device_maintenance m using ops_work_order o
                 where o.order_id = any($1::bigint[]) and m.device_id = o.device_id and m.reason = o.order_no)
     delete from ops_work_order where order_id = any($1::bigint[])`,
    [ids],
  );
  return null;
}
