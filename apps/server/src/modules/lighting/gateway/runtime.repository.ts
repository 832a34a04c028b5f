import type { Deps } from '../../../platform/context.ts';
import { SqlParams, scopeSql } from '../../../platform/scope.ts';
import type { CommandTarget } from './commands.ts';

/*
 * The SQL of the gateway's runtime screens: telemetry history, device events, commands and their
 * batches, terminal configuration. Every list carries the caller's customer (none = all customers,
 * platform users) and, when one is given, the project.
 */

type Db = Deps['database'];
/** the customer and the project a list is read for (null = every customer / project) */
export interface ListScope {
  clientId: number | null;
  projectId: number | null;
}
export interface Page {
  size: number;
  offset: number;
}

const fmt = (column: string) => `to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;
const scoped = (scope: ListScope, p: SqlParams, alias: string) =>
  scopeSql(scope, p, { client: `${alias}.client_id`, project: `${alias}.project_id` });

/** Raw telemetry rows of one device in [begin, end), oldest first. */
export function telemetryRows(
  db: Db,
  device: { deviceId: number; clientId: number },
  begin: number,
  end: number,
  limit: number,
) {
  return db.query<{ t: number; data: Record<string, unknown> }>(
    `select (extract(epoch from ts) * 1000)::float8 as t, data from lt_telemetry
     where device_id = $1 and client_id = $2 and ts >= to_timestamp($3 / 1000.0) and ts < to_timestamp($4 / 1000.0)
     order by ts limit ${limit}`,
    [device.deviceId, device.clientId, begin, end],
  );
}

/** The numeric telemetry of one device in [begin, end), averaged per bucket of `bucket` seconds and per key. */
export function telemetryBuckets(
  db: Db,
  device: { deviceId: number; clientId: number },
  begin: number,
  end: number,
  bucket: number,
) {
  return db.query<{ t: number; k: string; v: number; n: number }>(
    `select (extract(epoch from b) * 1000)::float8 as t, k, avg(v)::float8 as v, count(*)::int as n from (
       select date_bin(make_interval(secs => $5), ts, to_timestamp($3 / 1000.0)) as b, e.key as k, (e.value #>> '{}')::float8 as v
       from lt_telemetry, jsonb_each(data) e
       where device_id = $1 and client_id = $2 and ts >= to_timestamp($3 / 1000.0) and ts < to_timestamp($4 / 1000.0)
         and jsonb_typeof(e.value) = 'number') x
     group by b, k order by b`,
    [device.deviceId, device.clientId, begin, end, bucket],
  );
}

async function pageOf(db: Db, select: string, count: string, values: unknown[]) {
  const [rows, n] = await Promise.all([
    db.query<Record<string, unknown>>(select, values),
    db.query<{ n: number }>(count, values),
  ]);
  return { rows, total: n[0]!.n };
}

/** A page of device events, newest first (the total is counted up to 100 001). */
export function pageDeviceEvents(
  db: Db,
  scope: ListScope,
  filter: { deviceId?: number; eventType?: string },
  page: Page,
) {
  const p = new SqlParams();
  let where = `where ${scoped(scope, p, 'e')}`;
  if (filter.deviceId) where += ` and e.device_id = ${p.add(filter.deviceId)}`;
  if (filter.eventType) where += ` and e.event_type = ${p.add(filter.eventType)}`;
  return pageOf(
    db,
    `select e.event_id as "eventId", e.device_id as "deviceId", d.uid, d.name, d.device_type as "deviceType",
       e.event_type as "eventType", e.level, e.data, ${fmt('e.ts')} as ts
     from (select * from lt_device_event e ${where} order by e.ts desc, e.event_id desc limit ${page.size} offset ${page.offset}) e
     left join lt_device d on d.device_id = e.device_id order by e.ts desc, e.event_id desc`,
    `select count(*)::int as n from (select 1 from lt_device_event e ${where} limit 100001) x`,
    p.values,
  );
}

export interface CommandFilter {
  deviceId?: number;
  batchId?: string;
  status?: string;
  action?: string;
  /** the task's source (CONTROL, QUERY, CONFIG) */
  source?: string;
  operName?: string;
  /** epoch ms bounds of the creation time */
  begin?: number;
  end?: number;
}

function commandWhere(scope: ListScope, filter: CommandFilter, p: SqlParams) {
  let where = `where ${scoped(scope, p, 'c')}`;
  for (const [column, value] of [
    ['device_id', filter.deviceId],
    ['batch_id', filter.batchId],
    ['status', filter.status],
    ['action', filter.action],
    ['oper_name', filter.operName],
  ] as const) {
    if (value !== undefined) where += ` and c.${column} = ${p.add(value)}`;
  }
  if (filter.begin !== undefined) where += ` and c.create_time >= to_timestamp(${p.add(filter.begin)} / 1000.0)`;
  if (filter.end !== undefined) where += ` and c.create_time <= to_timestamp(${p.add(filter.end)} / 1000.0)`;
  if (filter.source)
    where += ` and c.batch_id in (select batch_id from lt_command_batch b where b.source = ${p.add(filter.source)})`;
  return where;
}

const COMMAND_COLUMNS = `c.command_id as "commandId", c.batch_id as "batchId", c.device_id as "deviceId", d.uid, d.name,
       d.device_type as "deviceType", c.action, c.value, c.status, c.attempts, c.result, c.error,
       c.cancel_state as "cancelState",
       c.oper_name as "operName", ${fmt('c.create_time')} as "createTime", ${fmt('c.sent_time')} as "sentTime",
       ${fmt('c.delivered_time')} as "deliveredTime", ${fmt('c.finish_time')} as "finishTime", ${fmt('c.expire_time')} as "expireTime"`;

/** A page of commands, newest first (the total is counted up to 100 001). */
export function pageCommands(db: Db, scope: ListScope, filter: CommandFilter, page: Page) {
  const p = new SqlParams();
  const where = commandWhere(scope, filter, p);
  return pageOf(
    db,
    `select ${COMMAND_COLUMNS}
     from (select * from lt_command c ${where} order by c.create_time desc, c.command_id limit ${page.size} offset ${page.offset}) c
     left join lt_device d on d.device_id = c.device_id order by c.create_time desc, c.command_id`,
    `select count(*)::int as n from (select 1 from lt_command c ${where} limit 100001) x`,
    p.values,
  );
}

/** The commands a task log export holds, newest first, with their task's source (at most `limit`). */
export function exportCommands(db: Db, scope: ListScope, filter: CommandFilter, limit: number) {
  const p = new SqlParams();
  const where = commandWhere(scope, filter, p);
  return db.query<Record<string, unknown>>(
    `select ${COMMAND_COLUMNS}, b.source, p.name as "projectName"
     from (select * from lt_command c ${where} order by c.create_time desc, c.command_id limit ${limit}) c
     left join lt_device d on d.device_id = c.device_id
     left join lt_command_batch b on b.batch_id = c.batch_id
     left join biz_project p on p.project_id = c.project_id
     order by c.create_time desc, c.command_id`,
    p.values,
  );
}

/** The commands of these ids that belong to the caller's customer, with their status. */
export function findCommands(db: Db, scope: { clientId: number | null }, ids: string[]) {
  const p = new SqlParams(ids);
  return db.query<{ command_id: string; status: string }>(
    `select command_id, status from lt_command where command_id = any($1::text[]) and ${scopeSql(scope, p)}`,
    p.values,
  );
}

/** Cancels the commands still waiting or under way, and closes their device log entries. */
export async function cancelCommands(db: Db, ids: string[], now: number) {
  const rows = await db.query<{ log_id: number | null }>(
    `update lt_command set status = 'CANCELED', finish_time = to_timestamp($2 / 1000.0)
     where command_id = any($1::text[]) and status in ('PENDING', 'SENT', 'DELIVERED') returning log_id`,
    [ids, now],
  );
  await db.query(
    `update sys_device_log set status = 1, response = '{"status":"CANCELED"}', finish_time = to_timestamp($2 / 1000.0)
     where log_id = any($1::bigint[])`,
    [rows.map((r) => r.log_id).filter((v) => v !== null), now],
  );
}

/** A page of non-direct terminals with their configuration state (the total is counted up to 100 001). */
export function pageTerminalConfigs(
  db: Db,
  scope: ListScope,
  filter: { configState?: string; gatewayId?: number; keyword?: string },
  page: Page,
) {
  const p = new SqlParams();
  let where = `where ${scoped(scope, p, 'd')}
    and d.config_state is not null`;
  if (filter.configState) where += ` and d.config_state = ${p.add(filter.configState)}`;
  if (filter.gatewayId) where += ` and d.gateway_id = ${p.add(filter.gatewayId)}`;
  if (filter.keyword) {
    const like = p.add(`${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where += ` and (d.uid like ${like} or d.name like ${like})`;
  }
  return pageOf(
    db,
    `select d.device_id as "deviceId", d.uid, d.name, d.device_type as "deviceType", d.config_state as "configState",
       d.channel, d.panid, d.comm_state as "commState", d.config, g.uid as "gatewayUid"
     from (select * from lt_device d ${where} order by d.device_id limit ${page.size} offset ${page.offset}) d
     left join lt_device g on g.device_id = d.gateway_id order by d.device_id`,
    `select count(*)::int as n from (select 1 from lt_device d ${where} limit 100001) x`,
    p.values,
  );
}

/** The devices of these ids that belong to the caller's customer, as targets of a configuration. */
export function findConfigTargets(db: Db, scope: { clientId: number | null }, ids: number[]) {
  const p = new SqlParams(ids);
  return db.query<CommandTarget & { configState: string | null; projectId: number; clientId: number }>(
    `select device_id as "deviceId", uid, name, gateway_id as "gatewayId", config_state as "configState",
       project_id as "projectId", client_id as "clientId"
     from lt_device where device_id = any($1::bigint[]) and ${scopeSql(scope, p)}`,
    p.values,
  );
}

/** Terminals being configured: the channel and PANID sent take their place until they answer. */
export async function markConfiguring(db: Db, ids: number[], channel: number | null, panid: number | null) {
  await db.query(
    `update lt_device set config_state = 'CONFIGURING', channel = coalesce($2, channel), panid = coalesce($3, panid)
     where device_id = any($1::bigint[])`,
    [ids, channel, panid],
  );
}

/** The terminals of one project a batch query reads back; none without a filter. */
export function findQueryTargets(
  db: Db,
  projectId: number,
  filter: { deviceIds?: number[]; groupId?: number; deviceType?: string },
) {
  const p = new SqlParams(projectId);
  let conds = '';
  if (filter.deviceIds?.length) conds += ` and device_id = any(${p.add(filter.deviceIds)}::bigint[])`;
  if (filter.groupId)
    conds += ` and device_id in (select device_id from lt_group_member where group_id = ${p.add(filter.groupId)})`;
  if (filter.deviceType) conds += ` and device_type = ${p.add(filter.deviceType)}`;
  return {
    filtered: conds !== '',
    run: () =>
      db.query<CommandTarget>(
        `select device_id as "deviceId", uid, name, gateway_id as "gatewayId" from lt_device
     where project_id = $1 and gateway_id is not null
       and device_type in ('RTU', 'LUXOMETER', 'CCU', 'CCU_IN_BOX', 'BOX', 'METER', 'LIGHT')${conds}`,
        p.values,
      ),
  };
}

/** A page of batch queries, newest first, with how many of their commands succeeded, failed or wait. */
export function pageQueryBatches(db: Db, scope: ListScope, page: Page) {
  const p = new SqlParams();
  const where = `where b.source = 'QUERY' and ${scoped(scope, p, 'b')}`;
  return pageOf(
    db,
    `select b.batch_id as "batchId", b.project_id as "projectId", b.name, b.action, b.total, b.oper_name as "operName",
       ${fmt('b.create_time')} as "createTime",
       (select count(*)::int from lt_command c where c.batch_id = b.batch_id and c.status = 'SUCCESS') as "successCount",
       (select count(*)::int from lt_command c where c.batch_id = b.batch_id and c.status in ('FAILED', 'TIMEOUT', 'EXPIRED', 'CANCELED')) as "failCount",
       (select count(*)::int from lt_command c where c.batch_id = b.batch_id and c.status in ('PENDING', 'SENT', 'DELIVERED')) as "waitingCount"
     from (select * from lt_command_batch b ${where} order by b.create_time desc limit ${page.size} offset ${page.offset}) b
     order by b.create_time desc`,
    `select count(*)::int as n from lt_command_batch b ${where}`,
    p.values,
  );
}
