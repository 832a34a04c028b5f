import type { Deps } from '../../../platform/context.ts';
import { type Scope, SqlParams, scopeSql } from '../../../platform/scope.ts';
import { lightingOnly } from '../family-scope.ts';
import type { CommandTarget } from '../gateway/commands.ts';

/*
 * The SQL of the device screens beyond the list (device-query.ts): the tree, the detail, control
 * targets, session credentials and the export. Look-ups by id carry the caller's customer (none =
 * all customers, platform users).
 */

type Db = Deps['database'];
type CustomerScope = Pick<Scope, 'clientId'>;

/** A device as a control target: who carries the command out, and where it belongs. */
export type ControlRow = CommandTarget & {
  deviceType: string;
  projectId: number;
  clientId: number;
  doIndex: number | null;
};
const CONTROL_SELECT = `select device_id as "deviceId", uid, name, gateway_id as "gatewayId", device_type as "deviceType",
    project_id as "projectId", client_id as "clientId", do_index as "doIndex" from lt_device`;

/** The project of a group of the caller's customer; undefined when there is no such group. */
export async function findGroupProject(db: Db, scope: CustomerScope, groupId: number) {
  const p = new SqlParams(groupId);
  const [group] = await db.query<{ project_id: number }>(
    `select project_id from lt_group where group_id = $1 and ${scopeSql(scope, p)}`,
    p.values,
  );
  return group?.project_id;
}

/** The members of a group, as control targets. */
export function groupControlRows(db: Db, groupId: number) {
  return db.query<ControlRow>(
    `${CONTROL_SELECT} where device_id in (select device_id from lt_group_member where group_id = $1)`,
    [groupId],
  );
}

/** The devices of these ids that belong to the caller's customer, as control targets. */
export function controlRows(db: Db, scope: CustomerScope, ids: number[]) {
  const p = new SqlParams(ids);
  return db.query<ControlRow>(
    `${CONTROL_SELECT} where device_id = any($1::bigint[]) and ${scopeSql(scope, p)}`,
    p.values,
  );
}

/** What a device holds, as control targets: by its parent link (circuits) or its session (concentrators, boxes). */
export function heldControlRows(db: Db, link: 'parent_id' | 'gateway_id', deviceId: number, types: readonly string[]) {
  return db.query<ControlRow>(`${CONTROL_SELECT} where ${link} = $1 and device_type = any($2::text[])`, [
    deviceId,
    types,
  ]);
}

/** The circuits of a box: those it holds itself and those of the controllers inside it. */
export function boxCircuitRows(db: Db, boxId: number, types: readonly string[]) {
  return db.query<ControlRow>(
    `${CONTROL_SELECT} where device_type = any($2::text[])
       and (parent_id = $1 or parent_id in (select device_id from lt_device where parent_id = $1))`,
    [boxId, types],
  );
}

export interface TreeNodeRow {
  deviceId: number;
  uid: string;
  name: string;
  deviceType: string;
  commState: string;
  connection: string | null;
  fault: boolean;
  childCount: number;
}

/** One level of a project's lighting device tree, by device id after `afterId`, at most `limit` rows. */
export function deviceTreeLevel(
  db: Db,
  project: { projectId: number; clientId: number },
  level: { parentId?: number; afterId?: number; limit: number },
) {
  return db.query<TreeNodeRow>(
    `select d.device_id as "deviceId", d.uid, d.name, d.device_type as "deviceType", d.comm_state as "commState",
       d.connection, d.longitude, d.latitude, coalesce(s.fault, false) as fault,
       (select count(*)::int from lt_device c where c.parent_id = d.device_id) as "childCount"
     from lt_device d left join lt_device_state s on s.device_id = d.device_id
     where d.project_id = $1 and d.client_id = $2 and ${lightingOnly('d')} and ${level.parentId ? 'd.parent_id = $3' : 'd.parent_id is null and $3::int = 0'}
       and d.device_id > $4
     order by d.device_id limit ${level.limit}`,
    [project.projectId, project.clientId, level.parentId ?? 0, level.afterId ?? 0],
  );
}

/** The latest state of these devices. */
export function deviceStates(db: Db, ids: number[]) {
  return db.query<{
    device_id: number;
    online: boolean;
    last_seen: Date | null;
    data_ts: Date | null;
    data: Record<string, unknown>;
    firmware: string | null;
    fault: boolean;
    fault_codes: Record<string, string>;
  }>(
    'select device_id, online, last_seen, data_ts, data, firmware, fault, fault_codes from lt_device_state where device_id = any($1::bigint[])',
    [ids],
  );
}

/** What a device's detail shows beside its row: its tags, groups, related devices, number of children, model. */
export async function deviceDetailParts(
  db: Db,
  device: { deviceId: number; modelId: number | null },
  relatedIds: number[],
) {
  const [tags, groups, related, counts, models] = await Promise.all([
    db.query<{ tagId: number; name: string }>(
      'select t.tag_id as "tagId", t.name from lt_device_tag dt join lt_tag t on t.tag_id = dt.tag_id where dt.device_id = $1 order by t.tag_id',
      [device.deviceId],
    ),
    db.query<{ groupId: number; name: string }>(
      'select g.group_id as "groupId", g.name from lt_group_member gm join lt_group g on g.group_id = gm.group_id where gm.device_id = $1 order by g.group_id',
      [device.deviceId],
    ),
    db.query<{ deviceId: number; uid: string; name: string; deviceType: string }>(
      'select device_id as "deviceId", uid, name, device_type as "deviceType" from lt_device where device_id = any($1::bigint[])',
      [relatedIds],
    ),
    db.query<{ n: number }>('select count(*)::int as n from lt_device where parent_id = $1', [device.deviceId]),
    device.modelId
      ? db.query<Record<string, unknown>>(
          'select model_id as "modelId", name, comm_type as "commType", lamp_head_limit as "lampHeadLimit", channel_count as "channelCount" from lt_device_model where model_id = $1',
          [device.modelId],
        )
      : Promise.resolve([null]),
  ]);
  return { tags, groups, related, childCount: counts[0]!.n, model: models[0] };
}

/** The session devices (those holding their own MQTT session) of these ids in the caller's customer. */
export function sessionDevices(db: Db, scope: CustomerScope, ids: number[]) {
  const p = new SqlParams(ids);
  return db.query<{ device_id: number; uid: string; project_id: number; device_type: string }>(
    `select device_id, uid, project_id, device_type from lt_device where device_id = any($1::bigint[])
       and ${scopeSql(scope, p)} and gateway_id = device_id`,
    p.values,
  );
}

/** Stores new secret hashes of devices. */
export async function setSecretHashes(db: Db, hashes: { deviceId: number; hash: string }[]) {
  if (!hashes.length) return;
  await db.query(
    'update lt_device d set secret_hash = x.h from json_to_recordset($1::json) as x(i bigint, h text) where d.device_id = x.i',
    [JSON.stringify(hashes.map((r) => ({ i: r.deviceId, h: r.hash })))],
  );
}

/** The distinct device types among these ids. */
export async function deviceTypesOf(db: Db, ids: number[]) {
  const rows = await db.query<{ device_type: string }>(
    'select distinct device_type from lt_device where device_id = any($1::bigint[])',
    [ids],
  );
  return rows.map((r) => r.device_type);
}

/** The devices of a list's filter (see `deviceWhere`) for the export, at most 100 000. */
export function exportDeviceRows(db: Db, filter: { where: string; params: unknown[] }) {
  return db.query<Record<string, unknown>>(
    `select d.uid, d.name, d.device_type, d.connection, d.comm_state, d.longitude, d.latitude, p.uid as parent_uid
     from lt_device d left join lt_device p on p.device_id = d.parent_id ${filter.where} order by d.device_id limit 100000`,
    filter.params,
  );
}
