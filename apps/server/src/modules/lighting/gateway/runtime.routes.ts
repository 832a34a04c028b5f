import { channelField, panidField, rule } from '@luxgrid/contracts';
import { COMMAND_LIFECYCLE, TASK_SOURCES } from '@luxgrid/contracts/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { dateRange, MAX_PAGE_SIZE, pageQuery } from '../../../platform/paging.ts';
import { dictLabels } from '../../system/dict/dict.service.ts';
import { loadDevice, projectInScope } from '../device/device.service.ts';
import { issueCommands } from './commands.ts';
import {
  type CommandFilter,
  cancelCommands,
  exportCommands,
  findCommands,
  findConfigTargets,
  findQueryTargets,
  type ListScope,
  markConfiguring,
  pageCommands,
  pageDeviceEvents,
  pageQueryBatches,
  pageTerminalConfigs,
  telemetryBuckets,
  telemetryRows,
} from './runtime.repository.ts';

/** Points a history chart needs at most; longer ranges are averaged into buckets. */
const MAX_POINTS = 500;
const MAX_RANGE_MS = 366 * 86_400_000;

const timeBound = (label: string) =>
  z
    .string()
    .max(30)
    .refine((v) => !Number.isNaN(Date.parse(v.includes('T') ? v : v.replace(' ', 'T'))), { error: rule('valid.type') })
    .transform((v) => new Date(v.includes('T') ? v : v.replace(' ', 'T')))
    .describe(label);

const pageOfQuery = (q: { pageNum?: number; pageSize?: number; current?: number; size?: number }) => {
  const size = Math.min(q.pageSize ?? q.size ?? 20, MAX_PAGE_SIZE);
  return { size, offset: ((q.pageNum ?? q.current ?? 1) - 1) * size };
};

/** Rows a task log export holds at most. */
const EXPORT_LIMIT = 100_000;

/** The task log filters: project, task, device, source, action, status, operator, time range. */
const commandQuery = pageQuery.extend({
  projectId: z.coerce.number().int().positive().optional(),
  deviceId: z.coerce.number().int().positive().optional(),
  batchId: z.string().uuid().optional(),
  status: z.enum(COMMAND_LIFECYCLE).optional(),
  action: z.string().max(20).optional(),
  source: z.enum(TASK_SOURCES).optional(),
  operName: z.string().max(50).optional(),
});
function commandFilter(query: z.infer<typeof commandQuery>): CommandFilter {
  const { begin, end } = dateRange(query);
  return {
    deviceId: query.deviceId,
    batchId: query.batchId,
    status: query.status,
    action: query.action,
    source: query.source,
    operName: query.operName || undefined,
    begin: begin?.getTime(),
    end: end?.getTime(),
  };
}

/** The customer and project a list is read for: the one asked for, else the one chosen in the top bar. */
function listScope(ctx: Ctx, projectId: number | undefined): ListScope {
  return { clientId: ctx.clientId, projectId: projectId ?? ctx.projectId ?? null };
}

/** Runtime data and logs, command records, terminal configuration, batch query center. */
export function runtimeRoutes(deps: Deps): FastifyPluginAsyncZod {
  const q = deps.database;
  return async (app) => {
    const tags = ['lighting/runtime'];

    app.get(
      '/lighting/runtime/data',
      {
        config: { perm: 'lighting:runtimeData:list' },
        schema: {
          tags,
          summary: "A device's telemetry over a time range; long ranges come averaged per bucket",
          querystring: z.object({
            deviceId: z.coerce.number().int().positive(),
            beginTime: timeBound('start'),
            endTime: timeBound('end'),
            /** bucket width in seconds; chosen from the range when absent (0 = raw rows) */
            bucketSeconds: z.coerce.number().int().min(0).max(86_400).optional(),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const device = await loadDevice(deps, ctx, req.query.deviceId);
        const begin = req.query.beginTime.getTime();
        const end = req.query.endTime.getTime();
        if (end <= begin || end - begin > MAX_RANGE_MS)
          throw fail('valid.range', { field: 'endTime', min: 'beginTime', max: '366d' });
        const bucket = req.query.bucketSeconds ?? Math.max(0, Math.ceil((end - begin) / 1000 / MAX_POINTS));
        if (bucket === 0) {
          const rows = await telemetryRows(q, device, begin, end, MAX_POINTS * 4);
          return ok(req.lang, {
            deviceId: device.deviceId,
            bucketSeconds: 0,
            points: rows.map((r) => ({ t: r.t, values: r.data })),
          });
        }
        const rows = await telemetryBuckets(q, device, begin, end, bucket);
        const points = new Map<number, Record<string, number>>();
        for (const r of rows) {
          const point = points.get(r.t) ?? {};
          point[r.k] = Math.round(r.v * 1000) / 1000;
          points.set(r.t, point);
        }
        return ok(req.lang, {
          deviceId: device.deviceId,
          bucketSeconds: bucket,
          points: [...points].map(([t, values]) => ({ t, values })),
        });
      },
    );

    app.get(
      '/lighting/runtime/log/list',
      {
        config: { perm: 'lighting:runtimeLog:list' },
        schema: {
          tags,
          summary: 'Device events: online/offline transitions, faults, alarms reported by devices',
          querystring: pageQuery.extend({
            projectId: z.coerce.number().int().positive().optional(),
            deviceId: z.coerce.number().int().positive().optional(),
            eventType: z.string().max(40).optional(),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const { size, offset } = pageOfQuery(req.query);
        const page = await pageDeviceEvents(
          q,
          listScope(ctx, req.query.projectId),
          { deviceId: req.query.deviceId, eventType: req.query.eventType },
          { size, offset },
        );
        return table(req.lang, page.rows, page.total);
      },
    );

    app.get(
      '/lighting/command/list',
      {
        config: { perm: { any: ['lighting:taskLog:list', 'lighting:runtimeLog:list', 'lighting:batchQuery:query'] } },
        schema: {
          tags,
          summary:
            'Commands and their lifecycle (PENDING → SENT → DELIVERED → SUCCESS | FAILED | TIMEOUT | EXPIRED | CANCELED)',
          querystring: commandQuery,
        },
      },
      async (req) => {
        const ctx = req.auth();
        const { size, offset } = pageOfQuery(req.query);
        const page = await pageCommands(
          q,
          listScope(ctx, req.query.batchId ? undefined : req.query.projectId),
          commandFilter(req.query),
          { size, offset },
        );
        return table(req.lang, page.rows, page.total);
      },
    );

    app.post(
      '/lighting/command/export',
      {
        config: { perm: 'lighting:taskLog:export', operLog: { title: 'commands', businessType: 5 } },
        schema: {
          tags,
          summary: `The task log as a workbook (the newest ${EXPORT_LIMIT} commands the filters keep)`,
          body: commandQuery.partial().optional(),
        },
      },
      async (req, reply) => {
        const ctx = req.auth();
        const query = commandQuery.parse(req.body ?? {});
        const rows = await exportCommands(
          q,
          listScope(ctx, query.batchId ? undefined : query.projectId),
          commandFilter(query),
          EXPORT_LIMIT,
        );
        const [status, action, source] = await Promise.all([
          dictLabels(deps, req.lang, 'task_command_state'),
          dictLabels(deps, req.lang, 'lighting_command_action'),
          dictLabels(deps, req.lang, 'lighting_task_source'),
        ]);
        const en = req.lang === 'en-US';
        return sendWorkbook(
          reply,
          en ? 'task-log' : '任务日志',
          [
            { header: en ? 'Created' : '创建时间', key: 'createTime', width: 20 },
            { header: en ? 'Project' : '项目', key: 'projectName', width: 18 },
            { header: en ? 'Source' : '来源', key: 'source', width: 12 },
            { header: 'UID', key: 'uid', width: 24 },
            { header: en ? 'Name' : '名称', key: 'name', width: 20 },
            { header: en ? 'Action' : '指令动作', key: 'action', width: 14 },
            { header: en ? 'Value' : '值', key: 'value', width: 8 },
            { header: en ? 'Status' : '指令状态', key: 'status', width: 12 },
            { header: en ? 'Reason' : '原因', key: 'error', width: 24 },
            { header: en ? 'Operator' : '操作人', key: 'operName', width: 14 },
            { header: en ? 'Sent' : '发送时间', key: 'sentTime', width: 20 },
            { header: en ? 'Finished' : '完成时间', key: 'finishTime', width: 20 },
            { header: en ? 'Task' : '任务', key: 'batchId', width: 38 },
          ],
          rows.map((r) => ({ ...r, status: status(r.status), action: action(r.action), source: source(r.source) })),
        );
      },
    );

    app.put(
      '/lighting/command/cancel/:commandIds',
      {
        config: { perm: 'lighting:taskLog:cancel', operLog: { title: 'commands', businessType: 2 } },
        schema: {
          tags,
          params: z.object({
            commandIds: z
              .string()
              .max(4000)
              .regex(/^[0-9a-f-]{36}(,[0-9a-f-]{36})*$/),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const ids = req.params.commandIds.split(',');
        const found = await findCommands(q, ctx, ids);
        if (found.length !== new Set(ids).size) throw notFound();
        if (found.some((c) => !['PENDING', 'SENT', 'DELIVERED'].includes(c.status)))
          throw fail('lighting.command.notCancelable');
        const now = deps.clock.now();
        await cancelCommands(q, ids, now);
        // commands a session already took: the device is told to drop them, and its answer is recorded
        await deps.deviceHub?.cancel(ids);
        return ok(req.lang);
      },
    );

    app.get(
      '/lighting/terminalConfig/list',
      {
        config: { perm: 'lighting:terminalConfig:list' },
        schema: {
          tags,
          summary: 'Non-direct terminals with their configuration state and the configuration they hold',
          querystring: pageQuery.extend({
            projectId: z.coerce.number().int().positive().optional(),
            configState: z.string().max(12).optional(),
            keyword: z.string().max(64).optional(),
            gatewayId: z.coerce.number().int().positive().optional(),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const { size, offset } = pageOfQuery(req.query);
        const page = await pageTerminalConfigs(
          q,
          listScope(ctx, req.query.projectId),
          { configState: req.query.configState, gatewayId: req.query.gatewayId, keyword: req.query.keyword },
          { size, offset },
        );
        return table(req.lang, page.rows, page.total);
      },
    );

    app.post(
      '/lighting/terminalConfig/issue',
      {
        config: { perm: 'lighting:paramConfig:issue', operLog: { title: 'terminal configuration', businessType: 2 } },
        schema: {
          tags,
          summary: 'Issue channel and PANID to non-direct terminals (config state CONFIGURING until they answer)',
          body: z.object({
            deviceIds: z
              .array(z.coerce.number().int().positive())
              .min(1, { error: rule('lighting.select.first') })
              .max(10_000),
            channel: channelField().optional(),
            panid: panidField().optional(),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const ids = [...new Set(req.body.deviceIds)];
        const devices = await findConfigTargets(q, ctx, ids);
        if (devices.length !== ids.length) throw notFound();
        if (devices.some((d) => d.configState === null)) throw fail('lighting.config.nonDirectOnly');
        if (devices.some((d) => d.configState === 'CONFIGURING')) throw fail('lighting.config.busy');
        if (new Set(devices.map((d) => d.projectId)).size > 1) throw fail('lighting.parent.otherProject');
        const project = await projectInScope(deps, ctx, devices[0]!.projectId);
        const params: Record<string, unknown> = {};
        if (req.body.channel !== undefined) params.channel = req.body.channel;
        if (req.body.panid !== undefined) params.panid = req.body.panid;
        await markConfiguring(q, ids, req.body.channel ?? null, req.body.panid ?? null);
        const result = await issueCommands(deps, ctx, {
          clientId: project.clientId,
          projectId: project.projectId,
          targets: devices,
          action: 'config',
          params,
          source: 'CONFIG',
        });
        return ok(req.lang, result);
      },
    );

    app.post(
      '/lighting/batchQuery',
      {
        config: { perm: 'lighting:batchQuery:add', operLog: { title: 'batch query', businessType: 1 } },
        schema: {
          tags,
          summary: "Read back ('calling') the state of many devices; their answers are collected under one batch",
          body: z.object({
            projectId: z.coerce.number().int().positive(),
            name: z.string().max(64).optional(),
            deviceIds: z.array(z.coerce.number().int().positive()).max(100_000).optional(),
            groupId: z.coerce.number().int().positive().optional(),
            deviceType: z.string().max(20).optional(),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const project = await projectInScope(deps, ctx, req.body.projectId);
        const query = findQueryTargets(q, project.projectId, {
          deviceIds: req.body.deviceIds,
          groupId: req.body.groupId,
          deviceType: req.body.deviceType,
        });
        if (!query.filtered) throw fail('lighting.select.first');
        const targets = await query.run();
        if (!targets.length) throw fail('lighting.terminal.none');
        const result = await issueCommands(deps, ctx, {
          clientId: project.clientId,
          projectId: project.projectId,
          targets,
          action: 'calling',
          source: 'QUERY',
          name: req.body.name,
          groupId: req.body.groupId,
        });
        return ok(req.lang, result);
      },
    );

    app.get(
      '/lighting/batchQuery/list',
      {
        config: { perm: 'lighting:batchQuery:list' },
        schema: { tags, querystring: pageQuery.extend({ projectId: z.coerce.number().int().positive().optional() }) },
      },
      async (req) => {
        const ctx = req.auth();
        const { size, offset } = pageOfQuery(req.query);
        const page = await pageQueryBatches(q, listScope(ctx, req.query.projectId), { size, offset });
        return table(req.lang, page.rows, page.total);
      },
    );
  };
}
