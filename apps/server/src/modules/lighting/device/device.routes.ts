import {
  ACTION_PERMISSION,
  type ControlBody,
  commandOf,
  controlBody,
  deviceBody,
  LIGHTING,
  mqttUserName,
  permResource,
} from '@luxgrid/contracts';
import { CONTROL_ACTIONS } from '@luxgrid/contracts/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyPassword } from '../../../platform/auth/password.ts';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, forbidden, notFound } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { hasPermission } from '../../../platform/rbac.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { lightingOnly } from '../family-scope.ts';
import { type CommandTarget, issueCommands } from '../gateway/commands.ts';
import {
  createDevice,
  deleteDevices,
  deviceView,
  loadDevice,
  projectInScope,
  resetSecret,
  setTags,
  updateDevice,
} from './device.service.ts';
import { deviceListQuery, deviceWhere, listDevices } from './device-query.ts';

const idParam = z.object({ deviceId: z.coerce.number().int().positive() });
const idsParam = z.object({ deviceIds: z.string().regex(/^\d{1,15}(,\d{1,15})*$/) });

const anyOf = (action: string) => ({
  any: [`lighting:device:${action}`, `lighting:box:${action}`, `lighting:branch:${action}`],
});
function requireTypePerm(ctx: Ctx, type: string, action: string) {
  if (!hasPermission(ctx.principal, `lighting:${permResource(type)}:${action}`)) throw forbidden();
}

const TREE_LIMIT = 500;
/** Circuits: the lamps they hold are their children (a concentrator's or box's follow its session). */
const CIRCUIT_TYPES = new Set(LIGHTING.types.filter((type) => permResource(type.code) === 'branch').map((t) => t.code));

/** Control: which device types each action reaches, and how containers expand to what they hold. */
async function controlTargets(deps: Deps, ctx: Ctx, body: ControlBody) {
  const db = deps.database;
  let devices: (CommandTarget & { deviceType: string; projectId: number; clientId: number; doIndex: number | null })[];
  const select = `select device_id as "deviceId", uid, name, gateway_id as "gatewayId", device_type as "deviceType",
    project_id as "projectId", client_id as "clientId", do_index as "doIndex" from lt_device`;
  if (body.groupId) {
    const [group] = await db.query<{ project_id: number }>(
      'select project_id from lt_group where group_id = $1 and ($2::bigint is null or client_id = $2)',
      [body.groupId, ctx.clientId],
    );
    if (!group) throw notFound();
    devices = await db.query(
      `${select} where device_id in (select device_id from lt_group_member where group_id = $1)`,
      [body.groupId],
    );
  } else {
    if (!body.deviceIds?.length) throw fail('lighting.select.first');
    devices = await db.query(
      `${select} where device_id = any($1::bigint[]) and ($2::bigint is null or client_id = $2)`,
      [body.deviceIds, ctx.clientId],
    );
    if (devices.length !== new Set(body.deviceIds).size) throw notFound();
  }
  const projects = new Set(devices.map((d) => d.projectId));
  if (projects.size > 1) throw fail('lighting.parent.otherProject');
  const light = body.action.startsWith('LIGHT_');
  const breaker = body.action.startsWith('BREAKER_');
  const out: typeof devices = [];
  for (const d of devices) {
    // the thing model says who carries the action out: the device itself, or what it holds
    const command = commandOf(d.deviceType, body.action);
    if (!command) {
      if (!body.groupId) throw fail('lighting.control.notSupported');
    } else if (!command.passedTo) {
      // a circuit switches by its switch module's output (DO), which it must have
      if (!breaker || d.doIndex !== null) out.push(d);
      else if (!body.groupId) throw fail('lighting.circuit.noDo');
    } else if (light) {
      // lamp commands reach the terminals a circuit holds, or that a concentrator or box carries
      const column = CIRCUIT_TYPES.has(d.deviceType) ? 'parent_id' : 'gateway_id';
      const terminals = await db.query<(typeof devices)[number]>(
        `${select} where ${column} = $1 and device_type = any($2::text[])`,
        [d.deviceId, command.passedTo],
      );
      if (!terminals.length && !body.groupId) throw fail('lighting.terminal.none');
      out.push(...terminals);
    } else {
      const circuits = await db.query<(typeof devices)[number]>(
        `${select} where parent_id = $1 and device_type = any($2::text[])`,
        [d.deviceId, command.passedTo],
      );
      if (!circuits.length) throw fail('lighting.circuit.none');
      const driven = circuits.filter((c) => c.doIndex !== null);
      if (!driven.length) throw fail('lighting.circuit.noDo');
      out.push(...driven);
    }
  }
  const reachable = out.filter((d) => d.gatewayId !== null);
  if (!reachable.length) throw fail(body.groupId ? 'lighting.group.noControllable' : 'lighting.control.notSupported');
  const unique = new Map(reachable.map((d) => [d.deviceId, d]));
  return { targets: [...unique.values()], projectId: [...projects][0]! };
}

/** Devices: list, tree, detail, registry CRUD with every rule, credentials, control. */
export function deviceRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['lighting/device'];

    app.get(
      '/lighting/device/list',
      { config: { perm: anyOf('list') }, schema: { tags, querystring: deviceListQuery } },
      async (req) => {
        const { rows, total, exact } = await listDevices(deps, req.auth(), req.query);
        return { ...table(req.lang, rows, total), totalExact: exact };
      },
    );

    app.get(
      '/lighting/device/tree',
      {
        config: { perm: anyOf('list') },
        schema: {
          tags,
          summary: 'One level of the device tree (box → controller → branch → terminal → lamp heads), loaded lazily',
          querystring: z.object({
            projectId: z.coerce.number().int().positive().optional(),
            parentId: z.coerce.number().int().positive().optional(),
            afterId: z.coerce.number().int().min(0).optional(),
            limit: z.coerce.number().int().min(1).max(TREE_LIMIT).optional(),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const project = await projectInScope(deps, ctx, req.query.projectId ?? ctx.projectId);
        const limit = req.query.limit ?? TREE_LIMIT;
        const rows = await deps.database.query<{
          deviceId: number;
          uid: string;
          name: string;
          deviceType: string;
          commState: string;
          connection: string | null;
          fault: boolean;
          childCount: number;
        }>(
          `select d.device_id as "deviceId", d.uid, d.name, d.device_type as "deviceType", d.comm_state as "commState",
             d.connection, d.longitude, d.latitude, coalesce(s.fault, false) as fault,
             (select count(*)::int from lt_device c where c.parent_id = d.device_id) as "childCount"
           from lt_device d left join lt_device_state s on s.device_id = d.device_id
           where d.project_id = $1 and d.client_id = $2 and ${lightingOnly('d')} and ${req.query.parentId ? 'd.parent_id = $3' : 'd.parent_id is null and $3::int = 0'}
             and d.device_id > $4
           order by d.device_id limit ${limit + 1}`,
          [project.projectId, project.clientId, req.query.parentId ?? 0, req.query.afterId ?? 0],
        );
        const more = rows.length > limit;
        const nodes = rows.slice(0, limit).map((r) => ({ ...r, isLeaf: r.childCount === 0 }));
        return ok(req.lang, { nodes, hasMore: more, nextAfterId: more ? nodes[nodes.length - 1]!.deviceId : null });
      },
    );

    app.get(
      '/lighting/gateway/stats',
      { config: { perm: anyOf('list') }, schema: { tags, summary: 'Device gateway counters' } },
      async (req) => {
        req.auth();
        return ok(req.lang, deps.deviceHub?.health() ?? null);
      },
    );

    app.get(
      '/lighting/device/:deviceId',
      { config: { perm: anyOf('query') }, schema: { tags, params: idParam } },
      async (req) => {
        const ctx = req.auth();
        const device = await loadDevice(deps, ctx, req.params.deviceId);
        // a lamp head that never reported by itself shows its controller's latest values
        const states = await deps.database.query<{
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
          [[device.deviceId, device.deviceType === 'LIGHT' ? device.parentId : null].filter((v) => v !== null)],
        );
        const own = states.find((r) => r.device_id === device.deviceId);
        const state = own ?? states[0];
        const [tagRows, groupRows, related, counts] = await Promise.all([
          deps.database.query<{ tagId: number; name: string }>(
            'select t.tag_id as "tagId", t.name from lt_device_tag dt join lt_tag t on t.tag_id = dt.tag_id where dt.device_id = $1 order by t.tag_id',
            [device.deviceId],
          ),
          deps.database.query<{ groupId: number; name: string }>(
            'select g.group_id as "groupId", g.name from lt_group_member gm join lt_group g on g.group_id = gm.group_id where gm.device_id = $1 order by g.group_id',
            [device.deviceId],
          ),
          deps.database.query<{ deviceId: number; uid: string; name: string; deviceType: string }>(
            'select device_id as "deviceId", uid, name, device_type as "deviceType" from lt_device where device_id = any($1::bigint[])',
            [[device.parentId, device.gatewayId, device.poleId].filter((v) => v !== null)],
          ),
          deps.database.query<{ n: number }>('select count(*)::int as n from lt_device where parent_id = $1', [
            device.deviceId,
          ]),
        ]);
        const byId = new Map(related.map((r) => [r.deviceId, r]));
        const [model] = device.modelId
          ? await deps.database.query(
              'select model_id as "modelId", name, comm_type as "commType", lamp_head_limit as "lampHeadLimit", channel_count as "channelCount" from lt_device_model where model_id = $1',
              [device.modelId],
            )
          : [null];
        return ok(req.lang, {
          ...deviceView(device),
          config: device.config,
          model,
          parent: device.parentId ? (byId.get(device.parentId) ?? null) : null,
          session: device.gatewayId ? (byId.get(device.gatewayId) ?? null) : null,
          pole: device.poleId ? (byId.get(device.poleId) ?? null) : null,
          childCount: counts[0]!.n,
          tags: tagRows,
          groups: groupRows,
          live: state
            ? {
                online: state.online,
                lastSeen: formatDate(state.last_seen),
                dataTs: formatDate(state.data_ts),
                firmware: state.firmware,
                values: state.data,
                from: state === own ? null : (byId.get(state.device_id) ?? null),
              }
            : { online: false, lastSeen: null, dataTs: null, firmware: null, values: {}, from: null },
          fault: own?.fault ?? false,
          faultCodes: own?.fault_codes ?? {},
        });
      },
    );

    app.post(
      '/lighting/device',
      {
        config: { perm: anyOf('add'), operLog: { title: 'devices', businessType: 1 } },
        schema: { tags, body: deviceBody },
      },
      async (req) => {
        const ctx = req.auth();
        requireTypePerm(ctx, req.body.deviceType, 'add');
        const { devices, secret } = await createDevice(deps, ctx, req.body);
        return ok(req.lang, {
          deviceId: devices[0]!.deviceId,
          deviceIds: devices.map((d) => d.deviceId),
          uids: devices.map((d) => d.uid),
          mqttUserName: secret ? mqttUserName(devices[0]!.projectId, devices[0]!.uid) : null,
          secret,
        });
      },
    );

    app.put(
      '/lighting/device',
      {
        config: { perm: anyOf('edit'), operLog: { title: 'devices', businessType: 2 } },
        schema: { tags, body: deviceBody },
      },
      async (req) => {
        const ctx = req.auth();
        requireTypePerm(ctx, req.body.deviceType, 'edit');
        const { secret } = await updateDevice(deps, ctx, req.body);
        return ok(req.lang, { secret });
      },
    );

    app.put(
      '/lighting/device/tags',
      {
        config: { perm: anyOf('edit'), operLog: { title: 'devices', businessType: 2 } },
        schema: {
          tags,
          body: z.object({
            deviceId: z.coerce.number().int().positive(),
            tagIds: z.array(z.coerce.number().int().positive()).max(100),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const device = await loadDevice(deps, ctx, req.body.deviceId);
        requireTypePerm(ctx, device.deviceType, 'edit');
        await setTags(deps, device, req.body.tagIds);
        return ok(req.lang);
      },
    );

    app.post(
      '/lighting/device/:deviceId/secret',
      {
        config: { perm: anyOf('edit'), operLog: { title: 'device credentials', businessType: 2 } },
        schema: { tags, summary: 'Issue a new MQTT secret (shown once)', params: idParam },
      },
      async (req) => {
        const ctx = req.auth();
        const { secret, device } = await resetSecret(deps, ctx, req.params.deviceId);
        requireTypePerm(ctx, device.deviceType, 'edit');
        return ok(req.lang, { mqttUserName: mqttUserName(device.projectId, device.uid), secret });
      },
    );

    app.post(
      '/lighting/device/credentials',
      {
        config: { perm: anyOf('edit'), operLog: { title: 'device credentials', businessType: 2 } },
        schema: {
          tags,
          summary: 'Issue new MQTT secrets for many session devices at once (shown once)',
          body: z.object({ deviceIds: z.array(z.coerce.number().int().positive()).min(1).max(20_000) }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const { newDeviceSecret } = await import('../../../platform/devices/sessions.ts');
        const rows = await deps.database.query<{
          device_id: number;
          uid: string;
          project_id: number;
          device_type: string;
        }>(
          `select device_id, uid, project_id, device_type from lt_device where device_id = any($1::bigint[])
             and ($2::bigint is null or client_id = $2) and gateway_id = device_id`,
          [req.body.deviceIds, ctx.clientId],
        );
        for (const type of new Set(rows.map((r) => r.device_type))) requireTypePerm(ctx, type, 'edit');
        const issued = rows.map((r) => ({ ...r, ...newDeviceSecret() }));
        if (issued.length)
          await deps.database.query(
            'update lt_device d set secret_hash = x.h from json_to_recordset($1::json) as x(i bigint, h text) where d.device_id = x.i',
            [JSON.stringify(issued.map((r) => ({ i: r.device_id, h: r.hash })))],
          );
        if (issued.length)
          await deps.brokerCredentials.issued(
            issued.map((r) => ({ projectId: r.project_id, uid: r.uid, secret: r.secret })),
          );
        return ok(
          req.lang,
          issued.map((r) => ({
            deviceId: r.device_id,
            uid: r.uid,
            mqttUserName: mqttUserName(r.project_id, r.uid),
            secret: r.secret,
          })),
        );
      },
    );

    app.delete(
      '/lighting/device/:deviceIds',
      {
        config: { perm: anyOf('remove'), operLog: { title: 'devices', businessType: 3 } },
        schema: { tags, params: idsParam },
      },
      async (req) => {
        const ctx = req.auth();
        const ids = req.params.deviceIds.split(',').map(Number);
        const types = await deps.database.query<{ device_type: string }>(
          'select distinct device_type from lt_device where device_id = any($1::bigint[])',
          [ids],
        );
        for (const t of types) requireTypePerm(ctx, t.device_type, 'remove');
        await deleteDevices(deps, ctx, ids);
        return ok(req.lang);
      },
    );

    app.post(
      '/lighting/device/export',
      {
        config: { perm: anyOf('export'), operLog: { title: 'devices', businessType: 5 } },
        schema: { tags, body: deviceListQuery.partial().optional() },
      },
      async (req, reply) => {
        const ctx = req.auth();
        const q = deviceListQuery.parse(req.body ?? {});
        const { where, params } = deviceWhere(ctx, q);
        const rows = await deps.database.query<Record<string, unknown>>(
          `select d.uid, d.name, d.device_type, d.connection, d.comm_state, d.longitude, d.latitude, p.uid as parent_uid
           from lt_device d left join lt_device p on p.device_id = d.parent_id ${where} order by d.device_id limit 100000`,
          params,
        );
        const en = req.lang === 'en-US';
        return sendWorkbook(
          reply,
          en ? 'devices' : '设备',
          [
            { header: 'UID', key: 'uid', width: 24 },
            { header: en ? 'Name' : '名称', key: 'name', width: 24 },
            { header: en ? 'Type' : '设备类型', key: 'device_type', width: 14 },
            { header: en ? 'Parent UID' : '上级设备UID', key: 'parent_uid', width: 24 },
            { header: en ? 'Connection' : '接入方式', key: 'connection', width: 12 },
            { header: en ? 'State' : '通信状态', key: 'comm_state', width: 10 },
            { header: en ? 'Longitude' : '经度', key: 'longitude', width: 12 },
            { header: en ? 'Latitude' : '纬度', key: 'latitude', width: 12 },
          ],
          rows,
        );
      },
    );

    app.post(
      '/lighting/device/control',
      {
        config: {
          perm: {
            any: CONTROL_ACTIONS.flatMap((a) => [
              `lighting:device:${a}`,
              `lighting:group:${a}`,
              `lighting:box:${a}`,
              `lighting:branch:${a}`,
            ]),
          },
          operLog: { title: 'device control', businessType: 0 },
        },
        schema: {
          tags,
          summary: 'Control devices or a group; commands to offline devices wait for them',
          body: controlBody,
        },
      },
      async (req) => {
        const ctx = req.auth();
        const suffix = ACTION_PERMISSION[req.body.action];
        const allowed = ['device', 'box', 'branch', ...(req.body.groupId ? ['group'] : [])].some((r) =>
          hasPermission(ctx.principal, `lighting:${r}:${suffix}`),
        );
        if (!allowed) throw forbidden();
        const { targets, projectId } = await controlTargets(deps, ctx, req.body);
        const project = await projectInScope(deps, ctx, projectId);
        if (project.operatePwd) {
          if (!req.body.operatePwd) throw fail('lighting.operatePwd.required');
          const { ok: good } = await verifyPassword(req.body.operatePwd, project.operatePwd);
          if (!good) throw fail('lighting.operatePwd.wrong');
        }
        const result = await issueCommands(deps, ctx, {
          clientId: project.clientId,
          projectId,
          targets,
          action: req.body.action,
          value: req.body.value,
          source: 'CONTROL',
          groupId: req.body.groupId,
          ttlMs: req.body.ttlMinutes ? req.body.ttlMinutes * 60_000 : undefined,
        });
        return ok(req.lang, result);
      },
    );
  };
}
