import { IMPORT_TYPES, message } from '@luxgrid/contracts';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/platform/http.ts';
import { secondCustomer } from './fixtures.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { multipart } from './system/helpers.ts';

/**
 * Every route of the route table, called by the demo customer's administrator (who holds every
 * permission of its customer) with the ids of a second customer's records in the path and in
 * the body: no answer shows the rival's records, no by-id route answers 200, and the rival's
 * rows are the same after the walk as before it. A new route is walked without more code; a
 * new path parameter must be named in RECORD_PARAMS or PLAIN_PARAMS below.
 */

let t: TestApp;
let demo: string;
let rivalClientId: number;
let rivalToken: string;
/** every name of the rival's records carries this mark, so a list or export that shows one is caught */
const MARK = 'Zq9rival';

/** the answers that refuse a record: forbidden, not found, or a clear message */
const REFUSED = [403, 404, 500];
const UNKNOWN = [message('http.500', 'zh-CN'), message('http.500', 'en-US')];

/** the id of the rival's pending command */
const COMMAND_ID = '00000000-0000-4000-8000-00000000c0de';

/** the rival's record ids, by kind */
const rival: Record<string, number | string> = {};

/** path (and body) parameter → the kind of the rival's record it names */
const RECORD_PARAMS: Record<string, string> = {
  userId: 'user',
  userIds: 'user',
  roleId: 'role',
  roleIds: 'role',
  deptId: 'dept',
  deptIds: 'dept',
  postId: 'post',
  postIds: 'post',
  noticeId: 'notice',
  noticeIds: 'notice',
  projectId: 'project',
  projectIds: 'project',
  clientId: 'client',
  clientIds: 'client',
  deviceId: 'device',
  deviceIds: 'device',
  coverId: 'cover',
  coverIds: 'cover',
  categoryId: 'assetCategory',
  categoryIds: 'assetCategory',
  assetId: 'asset',
  assetIds: 'asset',
  roadId: 'road',
  roadIds: 'road',
  alarmId: 'alarm',
  alarmIds: 'alarm',
  channelId: 'notifyChannel',
  channelIds: 'notifyChannel',
  importId: 'userImport',
  recordId: 'importRecord',
  subscriptionId: 'subscription',
  subscriptionIds: 'subscription',
  groupId: 'group',
  tagId: 'tag',
  tagIds: 'tag',
  modelId: 'model',
  locationId: 'location',
  serverId: 'server',
  strategyId: 'strategy',
  strategyIds: 'strategy',
  planId: 'virtualDimming',
  planIds: 'virtualDimming',
  commandIds: 'command',
  batchId: 'task',
  operId: 'operLog',
  operIds: 'operLog',
  infoIds: 'loginLog',
  logId: 'deviceLog',
  fileName: 'file',
  resource: 'file',
  orderId: 'workOrder',
  orderIds: 'workOrder',
  teamId: 'team',
  teamIds: 'team',
  warehouseId: 'warehouse',
  warehouseIds: 'warehouse',
  consumableId: 'consumable',
  consumableIds: 'consumable',
  stockInId: 'stockIn',
  stockOutId: 'stockOut',
  versionId: 'appVersion',
  versionIds: 'appVersion',
  terminalId: 'terminal',
  terminalIds: 'terminal',
  pushId: 'push',
  pushIds: 'push',
  feedbackId: 'feedback',
  feedbackIds: 'feedback',
};

/** `:id`/`:ids` name the record of the route's own area */
const AREA_IDS: [RegExp, string][] = [
  [/^\/lighting\/model\//, 'model'],
  [/^\/lighting\/tag\//, 'tag'],
  [/^\/lighting\/group\//, 'group'],
  [/^\/lighting\/location\//, 'location'],
  [/^\/lighting\/server\//, 'server'],
  [/^\/info\//, 'client'],
];

/**
 * Parameters that name no customer's record (platform records, names, keys): they get a plain
 * value and the answer is only checked for the rival's names.
 */
const PLAIN_PARAMS: Record<string, string> = {
  configId: '1',
  configIds: '1',
  dictType: 'sys_user_sex',
  dictCode: '1',
  dictCodes: '1',
  dictId: '1',
  dictIds: '1',
  configKey: 'sys.user.initPassword',
  menuId: '1',
  packageId: '1',
  packageIds: '1',
  systemId: '100',
  systemIds: '100',
  jobId: '1',
  jobIds: '1',
  jobLogId: '1',
  jobLogIds: '1',
  cacheName: 'none',
  cacheKey: 'none',
  tableId: '1',
  tableIds: '1',
  tableName: 'none',
  userName: 'rival_admin',
  tokenId: 'a'.repeat(32),
  deviceType: IMPORT_TYPES[0],
};

/**
 * Routes that still show or change another customer's records. Each entry is a defect to fix;
 * the test reports them and fails when one of them stops leaking (so the entry is removed).
 */
const knownLeaks: string[] = [];

/** routes whose id parameter only narrows the caller's own list (a department tree without that department) */
const FILTERS = new Set(['GET /system/dept/list/exclude/:deptId']);

/** signing out and the live socket end or hold the walker's session; own-account routes touch no record */
const SKIPPED = new Set([
  'POST /logout',
  'GET /ws',
  'POST /unlockscreen',
  'PUT /system/user/profile/updatePwd',
  'PUT /system/user/profile',
  'POST /system/user/profile/avatar',
]);

function kindOf(param: string, url: string): string | undefined {
  if (param === 'id' || param === 'ids') return AREA_IDS.find(([re]) => re.test(url))?.[1];
  return RECORD_PARAMS[param];
}

/** A sample value for a zod schema: enough for validation to let the ids through to the lookup. */
function sample(schema: unknown, key: string, url: string, depth = 0): unknown {
  const kind = kindOf(key, url);
  if (kind) return key.endsWith('s') ? [rival[kind]] : rival[kind];
  if (!schema || typeof schema !== 'object' || depth > 8) return undefined;
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return undefined;
  switch (def.type) {
    case 'object': {
      const shape = (def.shape ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(shape)
          .map(([k, v]) => [k, sample(v, k, url, depth + 1)])
          .filter(([, v]) => v !== undefined),
      );
    }
    case 'string':
      if (/phone|mobile/i.test(key)) return '13800138000';
      if (/email/i.test(key)) return 'probe@example.com';
      if (/code|key|uid/i.test(key)) return 'probe1';
      if (/longitude/i.test(key)) return '117.2';
      if (/latitude/i.test(key)) return '39.1';
      if (/zone/i.test(key)) return 'Asia/Shanghai';
      if (TIME_KEY.test(key)) return '2026-01-01 00:00:00';
      return `${MARK}-probe`;
    case 'number':
    case 'int':
      if (/longitude/i.test(key)) return 117.2;
      if (/latitude/i.test(key)) return 39.1;
      if (/channelCount/i.test(key)) return undefined;
      if (/channel/i.test(key)) return 11;
      return 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'enum':
      return Object.values((def.entries ?? {}) as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])?.[0];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return sample(def.innerType, key, url, depth + 1);
    case 'pipe':
      // a preprocess is a transform piped into the real schema
      return sample(def.in, key, url, depth + 1) ?? sample(def.out, key, url, depth + 1);
    case 'union':
      return sample((def.options as unknown[])[0], key, url, depth + 1);
    case 'intersection':
      return {
        ...(sample(def.left, key, url, depth + 1) as object),
        ...(sample(def.right, key, url, depth + 1) as object),
      };
    default:
      return undefined;
  }
}

/** the time fields a route may require (a chart's window) */
const TIME_KEY = /(Time|Date)$|^(start|end|begin)/;

/** id fields the routes that read their input by hand look for */
const COMMON_KEYS = [
  'userId',
  'userIds',
  'roleId',
  'roleIds',
  'deptId',
  'projectId',
  'clientId',
  'deviceIds',
  'ids',
  'id',
];

/** The field names of a zod object schema, through its wrappers. */
function keysOf(schema: unknown, depth = 0): string[] {
  const value = sample(schema, '', '/', depth);
  return value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
}

/** A body with every field filled (the rival's ids in the id fields), or with the id fields only. */
function bodyFor(route: RouteEntry, idsOnly: boolean): Record<string, unknown> {
  const fromSchema = sample(route.schema?.body, '', route.url);
  const full: Record<string, unknown> =
    fromSchema && typeof fromSchema === 'object' && !Array.isArray(fromSchema)
      ? (fromSchema as Record<string, unknown>)
      : {};
  const body = idsOnly ? Object.fromEntries(Object.entries(full).filter(([k]) => kindOf(k, route.url))) : full;
  for (const key of COMMON_KEYS) {
    const value = sample(undefined, key, route.url);
    if (value !== undefined && !(key in body)) body[key] = value;
  }
  return body;
}

/** A query naming the rival's records in every id field the route reads. */
function queryFor(route: RouteEntry): string {
  const keys = [...new Set([...keysOf(route.schema?.querystring), ...COMMON_KEYS])];
  const pairs = keys.flatMap((key) => {
    const kind = kindOf(key, route.url);
    if (kind) return [`${key}=${encodeURIComponent(String(rival[kind]))}`];
    return TIME_KEY.test(key) ? [`${key}=${encodeURIComponent('2026-01-01 00:00:00')}`] : [];
  });
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** The path with the rival's ids; the record parameters it holds; or the unknown parameters. */
function pathFor(url: string): { path: string; records: string[]; unknown: string[] } {
  const records: string[] = [];
  const unknown: string[] = [];
  const path = url
    .replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const kind = kindOf(name, url);
      if (kind) {
        records.push(name);
        return String(rival[kind]);
      }
      if (name in PLAIN_PARAMS) return encodeURIComponent(PLAIN_PARAMS[name]!);
      unknown.push(name);
      return '1';
    })
    .replace(/\*/g, 'x.png');
  return { path, records, unknown };
}

async function rivalRecords(): Promise<void> {
  const db = t.deps.database;
  const id = async (sql: string, params: unknown[]): Promise<number> => {
    const [row] = await db.query<{ id: number }>(sql, params);
    return Number(row!.id);
  };
  const c = rivalClientId;
  rival.client = c;
  rival.project = await id('select project_id as id from biz_project where client_id = $1', [c]);
  const p = rival.project;
  rival.user = await id("select user_id as id from sys_user where user_name = 'rival_admin'", []);
  rival.role = await id("select role_id as id from sys_role where role_key = 'rival_admin'", []);
  rival.dept = await id(
    `insert into sys_dept (client_id, parent_id, ancestors, dept_name) values ($1, 0, '0', '${MARK} dept') returning dept_id as id`,
    [c],
  );
  await db.query('update sys_user set dept_id = $1 where user_id = $2', [rival.dept, rival.user]);
  rival.post = await id(
    `insert into sys_post (client_id, post_code, post_name) values ($1, '${MARK}', '${MARK} post') returning post_id as id`,
    [c],
  );
  rival.notice = await id(
    `insert into sys_notice (client_id, notice_title, notice_type, notice_content) values ($1, '${MARK} notice', '1', '${MARK}') returning notice_id as id`,
    [c],
  );
  rival.model = await id(
    `insert into lt_device_model (client_id, name, device_type, comm_type) values ($1, '${MARK} model', 'BOX', 1) returning model_id as id`,
    [c],
  );
  rival.location = await id(
    `insert into lt_location (client_id, project_id, name) values ($1, $2, '${MARK} location') returning location_id as id`,
    [c, p],
  );
  rival.device = await id(
    `insert into lt_device (client_id, project_id, uid, name, device_type, model_id, location_id) values ($1, $2, '${MARK}-gw', '${MARK} gateway', 'BOX', $3, $4) returning device_id as id`,
    [c, p, rival.model, rival.location],
  );
  // a manhole cover of the rival, reporting and with an open alarm, so that every cover list, alarm and figure could show it
  rival.cover = await id(
    `insert into lt_device (client_id, project_id, uid, name, device_type, longitude, latitude) values ($1, $2, '${MARK}-mh', '${MARK} cover', 'MANHOLE_COVER', 117.2, 39.1) returning device_id as id`,
    [c, p],
  );
  await db.query('update lt_device set gateway_id = device_id where device_id = $1', [rival.cover]);
  await db.query(
    `insert into lt_device_state (device_id, client_id, project_id, online, data) values ($1, $2, $3, true, '{"battery": 50, "coverState": "OPEN"}')`,
    [rival.cover, c, p],
  );
  await db.query(
    `insert into lt_device_event (client_id, project_id, device_id, ts, event_type, level, data) values ($1, $2, $3, now(), 'COVER_OPENED', 'urgent', '{"note": "${MARK}"}')`,
    [c, p, rival.cover],
  );
  await db.query(
    `insert into lt_telemetry (device_id, client_id, project_id, ts, data) values ($1, $2, $3, now(), '{"tilt": 40, "note": "${MARK}"}')`,
    [rival.cover, c, p],
  );
  // an active, unacknowledged alarm of the rival's box with its history and the box under maintenance
  rival.notifyChannel = await id(
    `insert into lt_notify_channel (client_id, project_id, kind, name, url, secret)
     values ($1, $2, 'WEBHOOK', '${MARK} webhook', 'http://127.0.0.1:9/${MARK}', '${MARK}') returning channel_id as id`,
    [c, p],
  );
  rival.alarm = await id(
    `insert into lt_alarm (client_id, project_id, device_id, alarm_config_type, alarm_type, grade, first_time, last_time, detail)
     values ($1, $2, $3, 'LineLeakage', 'BOX', 'dangerous', now(), now(), '{"note": "${MARK}"}') returning alarm_id as id`,
    [c, p, rival.device],
  );
  await db.query(
    `insert into lt_alarm_history (alarm_id, client_id, action, oper_time, comment) values ($1, $2, 'RAISED', now(), '${MARK}')`,
    [rival.alarm, c],
  );
  await db.query(
    `insert into lt_device_maintenance (device_id, client_id, project_id, until, reason, set_time) values ($1, $2, $3, now() + interval '1 day', '${MARK}', now())`,
    [rival.device, c, p],
  );
  await db.query(
    `insert into lt_alarm_setting (client_id, project_id, alarm_config_type, enabled, grade, threshold, hold_seconds, push, sound, notify, work_order, remark)
     values ($1, $2, 'LineLeakage', true, 'dangerous', 30, 5, true, true, false, false, '${MARK}')`,
    [c, p],
  );
  // the rival's asset register: a category, a road through its city and a pole on it
  rival.assetCategory = await id(
    `insert into gis_asset_category (client_id, name, asset_kind) values ($1, '${MARK} poles', 'POLE') returning category_id as id`,
    [c],
  );
  rival.road = await id(
    `insert into gis_road (client_id, project_id, name, lighting_class, width, path, west, south, east, north)
     values ($1, $2, '${MARK} road', 'M3', 10, '[[117.2, 39.1], [117.21, 39.1]]', 117.19, 39.09, 117.22, 39.11) returning road_id as id`,
    [c, p],
  );
  rival.asset = await id(
    `insert into gis_asset (client_id, project_id, category_id, asset_code, name, asset_kind, road_id, longitude, latitude)
     values ($1, $2, $3, '${MARK}-P1', '${MARK} pole', 'POLE', $4, 117.2, 39.1) returning asset_id as id`,
    [c, p, rival.assetCategory, rival.road],
  );
  rival.tag = await id(
    `insert into lt_tag (client_id, project_id, name) values ($1, $2, '${MARK} tag') returning tag_id as id`,
    [c, p],
  );
  await db.query('insert into lt_device_tag (tag_id, device_id, client_id) values ($1, $2, $3)', [
    rival.tag,
    rival.device,
    c,
  ]);
  rival.group = await id(
    `insert into lt_group (client_id, project_id, name) values ($1, $2, '${MARK} group') returning group_id as id`,
    [c, p],
  );
  await db.query('insert into lt_group_member (group_id, device_id, client_id) values ($1, $2, $3)', [
    rival.group,
    rival.device,
    c,
  ]);
  rival.strategy = await id(
    `insert into lt_strategy (client_id, project_id, name, start_date, end_date, week_days, entries, targets) values ($1, $2, '${MARK} strategy', '2026-01-01', '2026-12-31', '["MONDAY"]', '[{"timeMode":"FIXED","time":"18:00","action":"ON","applyTo":"LAMP","heads":[]}]', $3) returning strategy_id as id`,
    [c, p, JSON.stringify({ groupIds: [rival.group], tagIds: [], boxIds: [], deviceIds: [] })],
  );
  rival.virtualDimming = await id(
    `insert into lt_virtual_dimming (client_id, project_id, name, start_date, end_date, week_days, bands, targets) values ($1, $2, '${MARK} plan', '2026-01-01', '2026-12-31', '["MONDAY"]', '[{"start":"22:00","end":"05:00","cap":60}]', $3) returning plan_id as id`,
    [c, p, JSON.stringify({ groupIds: [rival.group], tagIds: [], boxIds: [], deviceIds: [] })],
  );
  rival.server = await id(
    `insert into lt_server (client_id, name, host, port) values ($1, '${MARK} server', '${MARK}.example', 1883) returning server_id as id`,
    [c],
  );
  rival.importRecord = await id(
    `insert into lt_import_record (client_id, project_id, device_type, file_name, status, create_time) values ($1, $2, 'BOX', '${MARK}.xlsx', 'done', now()) returning record_id as id`,
    [c, p],
  );
  await db.query("insert into lt_import_detail (record_id, client_id, row_no, result) values ($1, $2, 1, 'ok')", [
    rival.importRecord,
    c,
  ]);
  rival.userImport = await id(
    `insert into sys_user_import (client_id, file_name, oper_name) values ($1, '${MARK}.xlsx', 'rival_admin') returning import_id as id`,
    [c],
  );
  const batch = `${MARK}-batch`;
  await db.query(
    "insert into lt_command_batch (batch_id, client_id, project_id, source, action, total, create_time) values ($1, $2, $3, 'manual', 'on', 1, now())",
    [batch, c, p],
  );
  await db.query(
    "insert into lt_command (command_id, batch_id, client_id, project_id, device_id, session_id, action, status, create_time, expire_time) values ($1, $2, $3, $4, $5, 0, 'on', 'pending', now(), now() + interval '1 day')",
    [COMMAND_ID, batch, c, p, rival.device],
  );
  rival.command = COMMAND_ID;
  rival.task = batch;
  rival.subscription = await id(
    "insert into sys_client_subscription (client_id, package_id, start_time, end_time) select $1, package_id, now(), now() + interval '1 year' from sys_package limit 1 returning subscription_id as id",
    [c],
  );
  rival.operLog = await id(
    `insert into sys_oper_log (client_id, title, oper_name) values ($1, '${MARK} op', 'rival_admin') returning oper_id as id`,
    [c],
  );
  rival.loginLog = await id(
    `insert into sys_logininfor (client_id, user_name, msg) values ($1, 'rival_admin', '${MARK}') returning info_id as id`,
    [c],
  );
  rival.deviceLog = await id(
    `insert into sys_device_log (client_id, project_id, device_id, device_name) values ($1, $2, $3, '${MARK} gateway') returning log_id as id`,
    [c, p, rival.device],
  );
  // an uploaded plan of the rival, uploaded as its administrator: its content carries the mark
  const { body, headers } = multipart('plan.txt', Buffer.from(`${MARK} cabinet plan`));
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/common/upload',
    payload: body,
    headers: { ...headers, access_token: rivalToken },
  });
  rival.file = uploaded.json().fileName as string;
  expect(rival.file).toMatch(/upload/);
  rival.workOrder = await id(
    // a citizen's report, on no device: the alarm-order sweep leaves it as it is during the walk
    `insert into ops_work_order (client_id, project_id, order_no, title, source, priority, state, accept_due, resolve_due, create_time)
     values ($1, $2, 'WO-RIVAL-1', '${MARK} order', 'CITIZEN', 'ordinary', 'RESOLVED', now(), now(), now()) returning order_id as id`,
    [c, p],
  );
  rival.team = await id(`insert into ops_team (client_id, name) values ($1, '${MARK} crew') returning team_id as id`, [
    c,
  ]);
  // the rival's store with a part on the shelf, a purchase received and parts waiting for approval
  rival.warehouse = await id(
    `insert into ops_warehouse (client_id, project_id, code, name) values ($1, $2, '${MARK}-WH', '${MARK} store') returning warehouse_id as id`,
    [c, p],
  );
  rival.consumable = await id(
    `insert into ops_consumable (client_id, code, name, category, unit, min_stock) values ($1, '${MARK}-LED', '${MARK} lamp head', 'LAMP', 'pcs', 5) returning consumable_id as id`,
    [c],
  );
  await db.query('insert into ops_stock (warehouse_id, consumable_id, client_id, quantity) values ($1, $2, $3, 3)', [
    rival.warehouse,
    rival.consumable,
    c,
  ]);
  rival.stockIn = await id(
    `insert into ops_stock_in (client_id, in_no, warehouse_id, in_type, supplier) values ($1, '${MARK}-IN', $2, 'PURCHASE', '${MARK}') returning stock_in_id as id`,
    [c, rival.warehouse],
  );
  rival.stockOut = await id(
    `insert into ops_stock_out (client_id, out_no, warehouse_id, purpose, work_order_id, recipient) values ($1, '${MARK}-OUT', $2, 'WORK_ORDER', $3, '${MARK}') returning stock_out_id as id`,
    [c, rival.warehouse, rival.workOrder],
  );
  await db.query(
    "insert into ops_stock_line (doc_type, doc_id, consumable_id, quantity) values ('IN', $1, $3, 3), ('OUT', $2, $3, 1)",
    [rival.stockIn, rival.stockOut, rival.consumable],
  );
  // the rival's own app release, its crew's phone, a message sent to its crews and their feedback
  rival.appVersion = await id(
    `insert into app_version (client_id, platform, version_code, version_name, url, release_notes) values ($1, 'ANDROID', 99, '${MARK}', 'https://${MARK}.example/app', '${MARK}') returning version_id as id`,
    [c],
  );
  rival.terminal = await id(
    `insert into app_terminal (client_id, user_id, terminal_code, platform, device_model, first_seen, last_seen) values ($1, $2, '${MARK}-phone', 'ANDROID', '${MARK}', now(), now()) returning terminal_id as id`,
    [c, rival.user],
  );
  rival.push = await id(
    `insert into app_push (client_id, title, content, target, state, sent_time) values ($1, '${MARK} notice', '${MARK}', 'ALL', 'SENT', now()) returning push_id as id`,
    [c],
  );
  await db.query('insert into app_push_receipt (push_id, user_id) values ($1, $2)', [rival.push, rival.user]);
  rival.feedback = await id(
    `insert into app_feedback (client_id, user_id, user_name, feedback_type, content) values ($1, $2, 'rival_admin', 'BUG', '${MARK} feedback') returning feedback_id as id`,
    [c, rival.user],
  );
}

/** The tables whose rows the walk must leave as they are. */
const SNAPSHOT = [
  'sys_client',
  'sys_user',
  'sys_role',
  'sys_dept',
  'sys_post',
  'sys_notice',
  'biz_project',
  'lt_device',
  'lt_device_state',
  'lt_device_event',
  'lt_device_model',
  'lt_alarm',
  'lt_alarm_history',
  'lt_alarm_setting',
  'lt_device_maintenance',
  'ops_work_order',
  'ops_work_order_history',
  'ops_team',
  'ops_warehouse',
  'ops_consumable',
  'ops_stock',
  'ops_stock_in',
  'ops_stock_out',
  'app_version',
  'app_terminal',
  'app_push',
  'app_feedback',
  'lt_tag',
  'lt_group',
  'lt_strategy',
  'lt_virtual_dimming',
  'lt_location',
  'lt_server',
  'lt_import_record',
  'lt_import_detail',
  'lt_command',
  'sys_user_import',
  'sys_file',
  'sys_client_subscription',
  'sys_client_system',
  'sys_client_menu',
  'sys_oper_log',
  'sys_logininfor',
  'sys_device_log',
];

/**
 * Link tables carry no customer: their rows that touch one of the rival's records on either
 * side (a demo role granted the rival's department, a demo user given the rival's role).
 */
const LINKS: Record<string, string> = {
  sys_user_role:
    'user_id in (select user_id from sys_user where client_id = $1) or role_id in (select role_id from sys_role where client_id = $1)',
  sys_user_post:
    'user_id in (select user_id from sys_user where client_id = $1) or post_id in (select post_id from sys_post where client_id = $1)',
  sys_role_dept:
    'role_id in (select role_id from sys_role where client_id = $1) or dept_id in (select dept_id from sys_dept where client_id = $1)',
  sys_role_menu: 'role_id in (select role_id from sys_role where client_id = $1)',
  sys_notice_read:
    'notice_id in (select notice_id from sys_notice where client_id = $1) or user_id in (select user_id from sys_user where client_id = $1)',
  lt_group_member:
    'client_id = $1 or group_id in (select group_id from lt_group where client_id = $1) or device_id in (select device_id from lt_device where client_id = $1)',
  lt_device_tag:
    'client_id = $1 or tag_id in (select tag_id from lt_tag where client_id = $1) or device_id in (select device_id from lt_device where client_id = $1)',
};

async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of [...SNAPSHOT, ...Object.keys(LINKS)]) {
    const rows = await t.deps.database.query(`select * from ${table} where ${LINKS[table] ?? 'client_id = $1'}`, [
      rivalClientId,
    ]);
    out[table] = JSON.stringify(rows.map((r) => JSON.stringify(r)).sort());
  }
  return out;
}

/**
 * Calls a route as the demo administrator; the answer as text, with a workbook or archive
 * unpacked so that an export is searched as well as a list.
 */
async function call(method: string, url: string, headers: Record<string, string>, body: unknown, token = demo) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { access_token: token, 'accept-language': 'en-US', ...headers },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  const raw = res.rawPayload;
  let text = res.body;
  let json: { code?: number } | undefined;
  if (raw[0] === 0x50 && raw[1] === 0x4b) {
    const files = unzipSync(new Uint8Array(raw));
    text = Object.values(files)
      .map((f) => new TextDecoder().decode(f))
      .join('\n');
  } else {
    try {
      json = JSON.parse(res.body);
    } catch {
      /* a file */
    }
  }
  return { status: res.statusCode, body: json as { code?: number; msg?: string } | undefined, text };
}

beforeAll(async () => {
  t = await startTestApp();
  ({ clientId: rivalClientId, token: rivalToken } = await secondCustomer(t));
  await rivalRecords();
  demo = await t.login('demo_admin');
}, 60_000);
afterAll(async () => t?.close());

describe("a customer never reaches another customer's records", () => {
  it('walks every route with the rival customer’s ids', async () => {
    const before = await snapshot();
    const routes = t.app.routeCatalog().filter((r) => !r.public && !SKIPPED.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(200);
    const unknownParams: string[] = [];
    const leaks: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const { path, records, unknown } = pathFor(route.url);
      if (unknown.length) {
        unknownParams.push(`${name}: add ${unknown.join(', ')} to RECORD_PARAMS (a customer's record) or PLAIN_PARAMS`);
        continue;
      }
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      // first as the screens send it; then inside the rival's project, with its ids in every id field
      const attempts: { url: string; headers: Record<string, string>; body: unknown }[] = [
        { url: path, headers: {}, body: withBody ? bodyFor(route, false) : undefined },
        {
          url: `${path}${queryFor(route)}`,
          headers: { projectid: String(rival.project) },
          body: withBody ? bodyFor(route, true) : undefined,
        },
      ];
      for (const [i, attempt] of attempts.entries()) {
        const send = () => call(route.method, attempt.url, attempt.headers, attempt.body);
        let res = await send();
        if (res.body?.code === 401) {
          demo = await t.login('demo_admin');
          res = await send();
        }
        sent++;
        const text = res.text.replaceAll(`${MARK}-probe`, '');
        const code = res.body?.code;
        if (process.env.CROSS_CUSTOMER_TRACE) console.log(name, i, attempt.url, res.status, text.slice(0, 140));
        if (text.includes(MARK)) leaks.push(`${name} shows the rival's records`);
        else if (UNKNOWN.includes(res.body?.msg ?? '')) leaks.push(`${name} fails with an unknown error`);
        // a named record of the rival is refused: not found (404), not permitted (403), or a message (500)
        else if (records.length && !FILTERS.has(name) && !REFUSED.includes(code ?? 0))
          leaks.push(`${name} answers ${code ?? `a file (${res.status})`} for the rival's ${records.join(', ')}`);
      }
    }
    expect(sent).toBeGreaterThan(400);
    expect(unknownParams).toEqual([]);
    const after = await snapshot();
    const changed = Object.keys(before)
      .filter((table) => before[table] !== after[table])
      .map((table) => `${table} changed`);
    const found = [...new Set([...leaks, ...changed])];
    expect(found.filter((l) => !knownLeaks.includes(l))).toEqual([]);
    expect(knownLeaks.filter((l) => !found.includes(l))).toEqual([]);
  }, 120_000);

  it("finds the rival's records where they may be seen: the platform administrator's lists, exports and details", async () => {
    const admin = await t.login('admin');
    const seen = async (method: string, url: string, headers: Record<string, string> = {}) =>
      (await call(method, url, headers, method === 'POST' ? {} : undefined, admin)).text.includes(MARK);
    expect(await seen('GET', '/system/dept/list', { clientid: String(rivalClientId) })).toBe(true);
    expect(await seen('POST', '/system/post/export', { clientid: String(rivalClientId) })).toBe(true);
    expect(await seen('GET', `/system/notice/${rival.notice}`)).toBe(true);
    expect(await seen('GET', `/lighting/device/${rival.device}`)).toBe(true);
    expect(await seen('GET', `/common/download/resource?resource=${encodeURIComponent(String(rival.file))}`)).toBe(
      true,
    );
  });
});
