import {
  ACTION_PERMISSION,
  type ControlBody,
  controlBody,
  deviceBody,
  mqttUserName,
  permResource,
} from '@luxgrid/contracts';
import { CONTROL_ACTIONS } from '@luxgrid/contracts/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, forbidden, notFound } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { hasPermission } from '../../../platform/rbac.ts';
import { formatDate } from '../../system/user/user-info.ts';
import { issueCommands } from '../gateway/commands.ts';
import { checkOperatePassword, expandControlTargets } from './control-targets.ts';
import {
  type ControlRow,
  controlRows,
  deviceDetailParts,
  deviceStates,
  deviceTreeLevel,
  deviceTypesOf,
  exportDeviceRows,
  findGroupProject,
  groupControlRows,
  sessionDevices,
  setSecretHashes,
} from './device.repository.ts';
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
/** Control: which device types each action reaches, and how containers expand to what they hold. */
async function controlTargets(deps: Deps, ctx: Ctx, body: ControlBody) {
  const db = deps.database;
  let devices: ControlRow[];
  if (body.groupId) {
    if ((await findGroupProject(db, ctx, body.groupId)) === undefined) throw notFound();
    devices = await groupControlRows(db, body.groupId);
  } else {
    if (!body.deviceIds?.length) throw fail('lighting.select.first');
    devices = await controlRows(db, ctx, body.deviceIds);
    if (devices.length !== new Set(body.deviceIds).size) throw notFound();
  }
  const projects = new Set(devices.map((d) => d.projectId));
  if (projects.size > 1) throw fail('lighting.parent.otherProject');
  const targets = await expandControlTargets(db, body.action, devices, !body.groupId);
  return { targets, projectId: [...projects][0]! };
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
        const rows = await deviceTreeLevel(deps.database, project, {
          parentId: req.query.parentId,
          afterId: req.query.afterId,
          limit: limit + 1,
        });
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
        const states = await deviceStates(
          deps.database,
          [device.deviceId, device.deviceType === 'LIGHT' ? device.parentId : null].filter((v) => v !== null),
        );
        const own = states.find((r) => r.device_id === device.deviceId);
        const state = own ?? states[0];
        const {
          tags: tagRows,
          groups: groupRows,
          related,
          childCount,
          model,
        } = await deviceDetailParts(
          deps.database,
          device,
          [device.parentId, device.gatewayId, device.poleId].filter((v) => v !== null),
        );
        const byId = new Map(related.map((r) => [r.deviceId, r]));
        return ok(req.lang, {
          ...deviceView(device),
          config: device.config,
          model,
          parent: device.parentId ? (byId.get(device.parentId) ?? null) : null,
          session: device.gatewayId ? (byId.get(device.gatewayId) ?? null) : null,
          pole: device.poleId ? (byId.get(device.poleId) ?? null) : null,
          childCount,
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
        const rows = await sessionDevices(deps.database, ctx, req.body.deviceIds);
        for (const type of new Set(rows.map((r) => r.device_type))) requireTypePerm(ctx, type, 'edit');
        const issued = rows.map((r) => ({ ...r, ...newDeviceSecret() }));
        await setSecretHashes(
          deps.database,
          issued.map((r) => ({ deviceId: r.device_id, hash: r.hash })),
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
        for (const type of await deviceTypesOf(deps.database, ids)) requireTypePerm(ctx, type, 'remove');
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
        const rows = await exportDeviceRows(deps.database, deviceWhere(ctx, q));
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
        await checkOperatePassword(project, req.body.operatePwd);
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
