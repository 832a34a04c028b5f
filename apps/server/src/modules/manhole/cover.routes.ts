import { deviceBody, idNumber, message, mqttUserName } from '@luxgrid/contracts';
import { MANHOLE_COVER } from '@luxgrid/contracts/things/manhole';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/context.ts';
import { devicesWithSecret } from '../../platform/devices/broker-credentials/index.ts';
import { newDeviceSecret } from '../../platform/devices/sessions.ts';
import { ok, table } from '../../platform/envelope.ts';
import { fail, forbidden, notFound } from '../../platform/errors.ts';
import { sendWorkbook } from '../../platform/excel.ts';
import { pageOf, pageQuery } from '../../platform/paging.ts';
import { idParam, idsParam, parseIds } from '../../platform/params.ts';
import { hasPermission } from '../../platform/rbac.ts';
import { projectInScope } from '../lighting/device/device.service.ts';
import { issueCommands } from '../lighting/gateway/commands.ts';
import { formatDate } from '../system/user/user-info.ts';
import { parseCoverSheet, templateWorkbook } from './cover.import.ts';
import { ALARM_TYPES, CHART_FIELDS, COMMAND_KEYS, checkParams, commandOf, eventLabel, labelOf } from './cover.model.ts';
import {
  COVER_SORT_KEYS,
  type CoverRow,
  coversIn,
  deleteCovers,
  fieldHistory,
  findCover,
  insertCovers,
  listCovers,
  recentCommands,
  setSecretHash,
  takenUids,
  uidTaken,
  updateCover,
} from './cover.repository.ts';

const coverIdParam = idParam('coverId');
const coverIdsParam = idsParam('coverIds');
const blank = z.literal('').transform(() => undefined);

export const coverListQuery = pageQuery.extend({
  projectId: z.coerce.number().int().positive().optional(),
  /** part of the UID or the name */
  keyword: z.string().trim().max(64).optional(),
  online: z.enum(['online', 'offline']).optional().or(blank),
  /** covers with an open alarm of this type (COVER_OPENED, TILTED …) */
  alarm: z
    .enum(ALARM_TYPES as [string, ...string[]])
    .optional()
    .or(blank),
});
type CoverListQuery = z.infer<typeof coverListQuery>;

/** A cover's registry fields, with the same rules (and messages) as any device's. */
const coverBody = deviceBody.pick({ uid: true, name: true, longitude: true, latitude: true }).extend({
  coverId: idNumber().optional(),
});

const filterOf = (q: CoverListQuery) => ({
  projectId: q.projectId,
  keyword: q.keyword,
  online: q.online,
  alarm: q.alarm,
});

/** A cover as the list, the map and the drawer show it. */
export function coverView(row: CoverRow) {
  return {
    deviceId: row.deviceId,
    projectId: row.projectId,
    uid: row.uid,
    name: row.name,
    deviceType: MANHOLE_COVER.code,
    longitude: row.longitude,
    latitude: row.latitude,
    commState: row.commState,
    online: row.commState === 'ON',
    lastSeen: formatDate(row.lastSeen),
    dataTs: formatDate(row.dataTs),
    values: row.values,
    alarms: row.alarms,
    locationName: row.locationName,
    createTime: formatDate(row.createTime),
  };
}

/** Smart manhole covers: the registry of covers, their readings, history and commands. */
export function coverRoutes(deps: Deps): FastifyPluginAsyncZod {
  const db = deps.database;
  return async (app) => {
    const tags = ['manhole/device'];

    app.get(
      '/manhole/device/list',
      { config: { perm: 'manhole:device:list' }, schema: { tags, querystring: coverListQuery } },
      async (req) => {
        const ctx = req.auth();
        const q = req.query;
        if (q.orderByColumn && !COVER_SORT_KEYS.includes(q.orderByColumn))
          throw fail('valid.sortColumn', { field: q.orderByColumn });
        const { rows, total } = await listCovers(db, ctx, filterOf(q), {
          ...pageOf(q),
          sort: q.orderByColumn,
          desc: q.isAsc === 'desc' || q.isAsc === 'descending',
        });
        return table(req.lang, rows.map(coverView), total);
      },
    );

    app.get(
      '/manhole/map/list',
      {
        config: { perm: { any: ['manhole:map:list', 'manhole:device:list'] } },
        schema: {
          tags: ['manhole/map'],
          summary: 'Every located cover of the project with its state, for the map',
          querystring: z.object({ projectId: z.coerce.number().int().positive().optional() }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const { rows, total } = await listCovers(
          db,
          ctx,
          { projectId: req.query.projectId, located: true },
          { limit: 20_000, offset: 0 },
        );
        return table(req.lang, rows.map(coverView), total);
      },
    );

    app.get(
      '/manhole/device/:coverId',
      { config: { perm: 'manhole:device:query' }, schema: { tags, params: coverIdParam } },
      async (req) => {
        const ctx = req.auth();
        const row = await findCover(db, ctx, req.params.coverId);
        if (!row) throw notFound();
        const commands = await recentCommands(db, row.deviceId, 10);
        return ok(req.lang, {
          ...coverView(row),
          firmware: row.firmware,
          config: row.config ?? {},
          hasSecret: row.hasSecret,
          mqttUserName: mqttUserName(row.projectId, row.uid),
          commands: commands.map((c) => ({
            ...c,
            createTime: formatDate(c.createTime),
            finishTime: formatDate(c.finishTime),
          })),
        });
      },
    );

    app.post(
      '/manhole/device',
      {
        config: { perm: 'manhole:device:add', operLog: { title: 'manhole covers', businessType: 1 } },
        schema: { tags, summary: 'Register a cover; answers its MQTT secret once', body: coverBody },
      },
      async (req) => {
        const ctx = req.auth();
        const project = await projectInScope(deps, ctx, ctx.projectId);
        const taken = await uidTaken(db, project.clientId, [req.body.uid]);
        if (taken) throw fail('lighting.uid.exists', { uid: taken });
        const credentials = newDeviceSecret();
        const [created] = await insertCovers(
          db,
          { clientId: project.clientId, projectId: project.projectId, userName: ctx.principal.userName },
          [
            {
              uid: req.body.uid,
              name: req.body.name,
              longitude: req.body.longitude ?? null,
              latitude: req.body.latitude ?? null,
              secretHash: credentials.hash,
            },
          ],
        );
        deps.devices.registryChanged([]);
        await deps.brokerCredentials.issued(
          [{ projectId: project.projectId, uid: created!.uid, secret: credentials.secret }],
          true,
        );
        return ok(req.lang, {
          deviceId: created!.deviceId,
          uid: created!.uid,
          mqttUserName: mqttUserName(project.projectId, created!.uid),
          secret: credentials.secret,
        });
      },
    );

    app.put(
      '/manhole/device',
      {
        config: { perm: 'manhole:device:edit', operLog: { title: 'manhole covers', businessType: 2 } },
        schema: { tags, body: coverBody },
      },
      async (req) => {
        const ctx = req.auth();
        if (!req.body.coverId) throw notFound();
        const existing = await findCover(db, ctx, req.body.coverId);
        if (!existing) throw notFound();
        const taken = await uidTaken(db, existing.clientId, [req.body.uid], existing.deviceId);
        if (taken) throw fail('lighting.uid.exists', { uid: taken });
        await updateCover(db, ctx, existing.deviceId, {
          uid: req.body.uid,
          name: req.body.name,
          longitude: req.body.longitude ?? null,
          latitude: req.body.latitude ?? null,
          userName: ctx.principal.userName,
        });
        deps.devices.registryChanged([existing.deviceId]);
        // a renamed cover keeps its stored secret, which the broker cannot be given: its old account goes
        if (existing.uid !== req.body.uid && existing.hasSecret) await deps.brokerCredentials.revoked([existing]);
        return ok(req.lang);
      },
    );

    app.post(
      '/manhole/device/:coverId/secret',
      {
        config: { perm: 'manhole:device:edit', operLog: { title: 'device credentials', businessType: 2 } },
        schema: { tags, summary: 'Issue a new MQTT secret (shown once)', params: coverIdParam },
      },
      async (req) => {
        const ctx = req.auth();
        const cover = await findCover(db, ctx, req.params.coverId);
        if (!cover) throw notFound();
        const credentials = newDeviceSecret();
        await setSecretHash(db, cover.deviceId, credentials.hash);
        await deps.brokerCredentials.issued([{ ...cover, secret: credentials.secret }]);
        return ok(req.lang, { mqttUserName: mqttUserName(cover.projectId, cover.uid), secret: credentials.secret });
      },
    );

    app.delete(
      '/manhole/device/:coverIds',
      {
        config: { perm: 'manhole:device:remove', operLog: { title: 'manhole covers', businessType: 3 } },
        schema: { tags, params: coverIdsParam },
      },
      async (req) => {
        const ctx = req.auth();
        const ids = parseIds(req.params.coverIds);
        const found = await coversIn(db, ctx, ids);
        if (found.length !== ids.length) throw notFound();
        const withSecret = await devicesWithSecret(deps.database, ids);
        await deleteCovers(db, ids);
        deps.devices.registryChanged(ids);
        if (withSecret.length) await deps.brokerCredentials.revoked(withSecret);
        return ok(req.lang);
      },
    );

    app.post(
      '/manhole/device/export',
      {
        config: { perm: 'manhole:device:export', operLog: { title: 'manhole covers', businessType: 5 } },
        schema: { tags, body: coverListQuery.partial().optional() },
      },
      async (req, reply) => {
        const ctx = req.auth();
        const q = coverListQuery.parse(req.body ?? {});
        const { rows } = await listCovers(db, ctx, filterOf(q), { limit: 100_000, offset: 0 });
        const lang = req.lang;
        const en = lang === 'en-US';
        const fields = MANHOLE_COVER.telemetry;
        return sendWorkbook(
          reply,
          en ? 'manhole_covers' : '井盖',
          [
            { header: 'UID', key: 'uid', width: 20 },
            { header: en ? 'Name' : '名称', key: 'name', width: 24 },
            { header: en ? 'Online' : '在线状态', key: 'online', width: 10 },
            ...fields.map((f) => ({
              header: `${labelOf(f.label, lang)}${'unit' in f ? ` (${f.unit})` : ''}`,
              key: f.key,
              width: 14,
            })),
            { header: en ? 'Open alarms' : '当前告警', key: 'alarms', width: 28 },
            { header: en ? 'Longitude' : '经度', key: 'longitude', width: 12 },
            { header: en ? 'Latitude' : '纬度', key: 'latitude', width: 12 },
            { header: en ? 'Last report' : '最后上报', key: 'lastSeen', width: 20 },
          ],
          rows.map((r) => ({
            uid: r.uid,
            name: r.name,
            online: r.commState === 'ON' ? (en ? 'Online' : '在线') : en ? 'Offline' : '离线',
            ...Object.fromEntries(fields.map((f) => [f.key, r.values[f.key] ?? ''])),
            coverState:
              r.values.coverState === 'OPEN'
                ? en
                  ? 'Open'
                  : '开启'
                : r.values.coverState === 'CLOSED'
                  ? en
                    ? 'Closed'
                    : '关闭'
                  : '',
            alarms: r.alarms.map((a) => eventLabel(a, lang)).join(', '),
            longitude: r.longitude,
            latitude: r.latitude,
            lastSeen: formatDate(r.lastSeen),
          })),
        );
      },
    );

    app.get(
      '/manhole/device/import/template',
      {
        config: { perm: 'manhole:device:import' },
        schema: { tags, summary: 'The Excel template of covers, in the request language' },
      },
      async (req, reply) => {
        req.auth();
        const buffer = await templateWorkbook(req.lang);
        const name = `${req.lang === 'en-US' ? 'manhole_import_template' : '井盖导入模板'}.xlsx`;
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('download-filename', encodeURIComponent(name))
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
          .header('access-control-expose-headers', 'download-filename')
          .send(buffer);
      },
    );

    app.post(
      '/manhole/device/import',
      {
        config: { perm: 'manhole:device:import', operLog: { title: 'manhole import', businessType: 6 } },
        schema: {
          tags,
          summary:
            'Register covers from an .xlsx (multipart field "file"); answers the rows refused and, once, the secrets',
          consumes: ['multipart/form-data'],
          querystring: z.object({ projectId: z.coerce.number().int().positive().optional() }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const file = await req.file().catch(() => undefined);
        if (!file) throw fail('upload.required');
        const project = await projectInScope(deps, ctx, req.query.projectId ?? ctx.projectId);
        if (!/\.xlsx$/i.test(file.filename)) throw fail('upload.formatWrong');
        const data = await file.toBuffer();
        if (file.file.truncated) throw fail('upload.tooLarge', { size: '20 MB' });
        const sheet = await parseCoverSheet(data, req.lang);
        const uids = sheet.rows.map((r) => r.uid);
        const taken = await takenUids(db, project.clientId, uids);
        const failures = [...sheet.failures];
        const fresh = sheet.rows.filter((r) => {
          if (!taken.has(r.uid)) return true;
          failures.push({ row: r.row, reason: message('lighting.uid.exists', req.lang, { uid: r.uid }) });
          return false;
        });
        const issued = fresh.map((r) => ({ ...r, ...newDeviceSecret() }));
        await insertCovers(
          db,
          { clientId: project.clientId, projectId: project.projectId, userName: ctx.principal.userName },
          issued.map((r) => ({
            uid: r.uid,
            name: r.name,
            longitude: r.longitude,
            latitude: r.latitude,
            secretHash: r.hash,
          })),
        );
        if (issued.length) deps.devices.registryChanged([]);
        if (issued.length)
          await deps.brokerCredentials.issued(
            issued.map((r) => ({ projectId: project.projectId, uid: r.uid, secret: r.secret })),
            true,
          );
        return ok(req.lang, {
          total: sheet.rows.length + sheet.failures.length,
          created: issued.length,
          failures: failures.sort((a, b) => a.row - b.row),
          credentials: issued.map((r) => ({
            uid: r.uid,
            mqttUserName: mqttUserName(project.projectId, r.uid),
            secret: r.secret,
          })),
        });
      },
    );

    app.get(
      '/manhole/device/:coverId/history',
      {
        config: { perm: 'manhole:device:query' },
        schema: {
          tags,
          summary: 'The readings of one field in a window (default: the last 24 hours), for the chart',
          params: coverIdParam,
          querystring: z.object({
            field: z.enum(CHART_FIELDS as [string, ...string[]]),
            beginTime: z.string().max(20).optional(),
            endTime: z.string().max(20).optional(),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const cover = await findCover(db, ctx, req.params.coverId);
        if (!cover) throw notFound();
        const parse = (s: string | undefined) => {
          const date = s ? new Date(s.replace(' ', 'T')) : null;
          return date && !Number.isNaN(date.getTime()) ? date : null;
        };
        const end = parse(req.query.endTime) ?? new Date(deps.clock.now());
        const begin = parse(req.query.beginTime) ?? new Date(end.getTime() - 24 * 3600_000);
        const points = await fieldHistory(db, cover.deviceId, req.query.field, begin, end, 5_000);
        return ok(req.lang, {
          field: req.query.field,
          points: points.map((p) => [p.ts.getTime(), typeof p.value === 'number' ? p.value : Number(p.value)]),
        });
      },
    );

    app.post(
      '/manhole/device/:coverId/command',
      {
        config: {
          perm: { any: [...new Set(MANHOLE_COVER.commands.map((c) => c.permission))] },
          operLog: { title: 'manhole commands', businessType: 0 },
        },
        schema: {
          tags,
          summary: "Send one of the cover's commands (calling, setThresholds, setReportInterval)",
          params: coverIdParam,
          body: z.object({
            command: z.enum(COMMAND_KEYS),
            params: z.record(z.string(), z.unknown()).optional(),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const command = commandOf(req.body.command);
        if (!hasPermission(ctx.principal, command.permission)) throw forbidden();
        const cover = await findCover(db, ctx, req.params.coverId);
        if (!cover) throw notFound();
        const declared = 'params' in command ? command.params : [];
        const params = checkParams(declared, req.body.params ?? {}, req.lang);
        const result = await issueCommands(deps, ctx, {
          clientId: cover.clientId,
          projectId: cover.projectId,
          targets: [{ deviceId: cover.deviceId, uid: cover.uid, name: cover.name, gatewayId: cover.deviceId }],
          action: command.action,
          params: declared.length ? params : undefined,
          source: command.action === 'config' ? 'CONFIG' : 'QUERY',
          name: labelOf(command.label, req.lang),
        });
        return ok(req.lang, result);
      },
    );
  };
}
