import type { Deps } from '../../../platform/context.ts';
import { type Scope, SqlParams, scopeSql } from '../../../platform/scope.ts';
import type { ControlRow } from '../device/device.repository.ts';

/*
 * The SQL of control tasks: what a task is applied to (groups, tags, boxes, a project), the tasks
 * with their per-state counts, and the devices a retry takes again. Look-ups carry the caller's
 * customer (none = all customers, platform users).
 */

type Db = Deps['database'];
type CustomerScope = Pick<Scope, 'clientId'>;

const CONTROL_SELECT = `select d.device_id as "deviceId", d.uid, d.name, d.gateway_id as "gatewayId", d.device_type as "deviceType",
    d.project_id as "projectId", d.client_id as "clientId", d.do_index as "doIndex" from lt_device d`;
const fmt = (column: string) => `to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;

/** How many of these groups, tags or boxes exist in the project for the caller. */
export async function countOwned(
  db: Db,
  scope: CustomerScope,
  kind: 'GROUP' | 'TAG' | 'BOX',
  projectId: number,
  ids: number[],
) {
  const p = new SqlParams(ids, projectId);
  const source = {
    GROUP: 'lt_group where group_id',
    TAG: 'lt_tag where tag_id',
    BOX: "lt_device where device_type = 'BOX' and device_id",
  }[kind];
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from ${source} = any($1::bigint[]) and project_id = $2 and ${scopeSql(scope, p)}`,
    p.values,
  );
  return row!.n;
}

/** The devices a task over groups, tags or boxes starts from (boxes pass the action on to what they hold). */
export function memberControlRows(db: Db, kind: 'GROUP' | 'TAG' | 'BOX', projectId: number, ids: number[]) {
  const where = {
    GROUP: 'd.device_id in (select device_id from lt_group_member where group_id = any($1::bigint[]))',
    TAG: 'd.device_id in (select device_id from lt_device_tag where tag_id = any($1::bigint[]))',
    BOX: 'd.device_id = any($1::bigint[])',
  }[kind];
  return db.query<ControlRow>(`${CONTROL_SELECT} where ${where} and d.project_id = $2`, [ids, projectId]);
}

/** Every device of a project of these types (the ones that carry an action out themselves). */
export function projectControlRows(db: Db, projectId: number, types: readonly string[]) {
  return db.query<ControlRow>(`${CONTROL_SELECT} where d.project_id = $1 and d.device_type = any($2::text[])`, [
    projectId,
    types,
  ]);
}

export interface TaskRow {
  batchId: string;
  clientId: number;
  projectId: number;
  source: string;
  action: string;
  value: number | null;
  total: number;
  groupId: number | null;
  targetKind: string | null;
  parentBatchId: string | null;
  name: string;
  operName: string;
  createTime: string;
}
const TASK_SELECT = `select b.batch_id as "batchId", b.client_id as "clientId", b.project_id as "projectId", b.source,
    b.action, (select c.value from lt_command c where c.batch_id = b.batch_id limit 1) as value, b.total,
    b.group_id as "groupId", b.target_kind as "targetKind", b.parent_batch_id as "parentBatchId", b.name,
    b.oper_name as "operName", ${fmt('b.create_time')} as "createTime"
  from lt_command_batch b`;

/** One task of the caller's customer, or undefined. */
export async function findTask(db: Db, scope: CustomerScope, batchId: string) {
  const p = new SqlParams(batchId);
  const [row] = await db.query<TaskRow>(
    `${TASK_SELECT} where b.batch_id = $1 and ${scopeSql(scope, p, { client: 'b.client_id' })}`,
    p.values,
  );
  return row;
}

/** A page of control tasks, newest first. */
export async function pageTasks(
  db: Db,
  scope: { clientId: number | null; projectId: number | null },
  filter: { source?: string; action?: string; operName?: string; begin?: number; end?: number },
  page: { size: number; offset: number },
) {
  const p = new SqlParams();
  let where = `where ${scopeSql(scope, p, { client: 'b.client_id', project: 'b.project_id' })}`;
  if (filter.source) where += ` and b.source = ${p.add(filter.source)}`;
  if (filter.action) where += ` and b.action = ${p.add(filter.action)}`;
  if (filter.operName) where += ` and b.oper_name = ${p.add(filter.operName)}`;
  if (filter.begin !== undefined) where += ` and b.create_time >= to_timestamp(${p.add(filter.begin)} / 1000.0)`;
  if (filter.end !== undefined) where += ` and b.create_time <= to_timestamp(${p.add(filter.end)} / 1000.0)`;
  const [rows, count] = await Promise.all([
    db.query<TaskRow>(
      `${TASK_SELECT} ${where} order by b.create_time desc, b.batch_id limit ${page.size} offset ${page.offset}`,
      p.values,
    ),
    db.query<{ n: number }>(
      `select count(*)::int as n from (select 1 from lt_command_batch b ${where} limit 100001) x`,
      p.values,
    ),
  ]);
  return { rows, total: count[0]!.n };
}

/** The commands of a task still waiting or under way. */
export async function openCommandIds(db: Db, batchId: string) {
  const rows = await db.query<{ command_id: string }>(
    `select command_id from lt_command where batch_id = $1 and status in ('PENDING', 'SENT', 'DELIVERED')`,
    [batchId],
  );
  return rows.map((r) => r.command_id);
}

/** The devices of a task whose command ended in one of these states, as control targets. */
export function devicesEndedIn(db: Db, batchId: string, statuses: readonly string[]) {
  return db.query<ControlRow>(
    `${CONTROL_SELECT} where d.device_id in (select device_id from lt_command where batch_id = $1 and status = any($2::text[]))`,
    [batchId, statuses],
  );
}
