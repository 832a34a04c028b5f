import { channelField, panidField, rule } from '@luxgrid/contracts';
import { COMMAND_LIFECYCLE } from '@luxgrid/contracts/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { MAX_PAGE_SIZE, pageQuery } from '../../../platform/paging.ts';
import { loadDevice, projectInScope } from '../device/device.service.ts';
import { type CommandTarget, issueCommands } from './commands.ts';

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

function scopeArgs(ctx: Ctx, projectId: number | undefined) {
  return [ctx.clientId, projectId ?? ctx.projectId ?? null];
}

const fmt = (column: string) => `to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;

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
          const rows = await q.query<{ t: number; data: Record<string, unknown> }>(
            `select (extract(epoch from ts) * 1000)::float8 as t, data from lt_telemetry
             where device_id = $1 and client_id = $2 and ts >= to_timestamp($3 / 1000.0) and ts < to_timestamp($4 / 1000.0)
             order by ts limit ${MAX_POINTS * 4}`,
            [device.deviceId, device.clientId, begin, end],
          );
          return ok(req.lang, {
            deviceId: device.deviceId,
            bucketSeconds: 0,
            points: rows.map((r) => ({ t: r.t, values: r.data })),
          });
        }
        const rows = await q.query<{ t: number; k: string; v: number; n: number }>(
          `select (extract(epoch from b) * 1000)::float8 as t, k, avg(v)::float8 as v, count(*)::int as n from (
             select date_bin(make_interval(secs => $5), ts, to_timestamp($3 / 1000.0)) as b, e.key as k, (e.value #>> '{}')::float8 as v
             from lt_telemetry, jsonb_each(data) e
             where device_id = $1 and client_id = $2 and ts >= to_timestamp($3 / 1000.0) and ts < to_timestamp($4 / 1000.0)
               and jsonb_typeof(e.value) = 'number') x
           group by b, k order by b`,
          [device.deviceId, device.clientId, begin, end, bucket],
        );
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
        const params: unknown[] = [...scopeArgs(ctx, req.query.projectId)];
        let extra = '';
        if (req.query.deviceId) {
          params.push(req.query.deviceId);
          extra += ` and e.device_id = $${params.length}`;
        }
        if (req.query.eventType) {
          params.push(req.query.eventType);
          extra += ` and e.event_type = $${params.length}`;
        }
        const where = `where ($1::bigint is null or e.client_id = $1) and ($2::bigint is null or e.project_id = $2)${extra}`;
        const [rows, count] = await Promise.all([
          q.query(
            `select e.event_id as "eventId", e.device_id as "deviceId", d.uid, d.name, d.device_type as "deviceType",
               e.event_type as "eventType", e.level, e.data, ${fmt('e.ts')} as ts
             from (select * from lt_device_event e ${where} order by e.ts desc, e.event_id desc limit ${size} offset ${offset}) e
             left join lt_device d on d.device_id = e.device_id order by e.ts desc, e.event_id desc`,
            params,
          ),
          q.query<{ n: number }>(
            `select count(*)::int as n from (select 1 from lt_device_event e ${where} limit 100001) x`,
            params,
          ),
        ]);
        return table(req.lang, rows, count[0]!.n);
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
          querystring: pageQuery.extend({
            projectId: z.coerce.number().int().positive().optional(),
            deviceId: z.coerce.number().int().positive().optional(),
            batchId: z.string().uuid().optional(),
            status: z.enum(COMMAND_LIFECYCLE).optional(),
            action: z.string().max(20).optional(),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const { size, offset } = pageOfQuery(req.query);
        const params: unknown[] = [...scopeArgs(ctx, req.query.batchId ? undefined : req.query.projectId)];
        let extra = '';
        for (const [column, value] of [
          ['device_id', req.query.deviceId],
          ['batch_id', req.query.batchId],
          ['status', req.query.status],
          ['action', req.query.action],
        ] as const) {
          if (value === undefined) continue;
          params.push(value);
          extra += ` and c.${column} = $${params.length}`;
        }
        const where = `where ($1::bigint is null or c.client_id = $1) and ($2::bigint is null or c.project_id = $2)${extra}`;
        const [rows, count] = await Promise.all([
          q.query(
            `select c.command_id as "commandId", c.batch_id as "batchId", c.device_id as "deviceId", d.uid, d.name,
               d.device_type as "deviceType", c.action, c.value, c.status, c.attempts, c.result, c.error,
               c.cancel_state as "cancelState",
               c.oper_name as "operName", ${fmt('c.create_time')} as "createTime", ${fmt('c.sent_time')} as "sentTime",
               ${fmt('c.delivered_time')} as "deliveredTime", ${fmt('c.finish_time')} as "finishTime", ${fmt('c.expire_time')} as "expireTime"
             from (select * from lt_command c ${where} order by c.create_time desc, c.command_id limit ${size} offset ${offset}) c
             left join lt_device d on d.device_id = c.device_id order by c.create_time desc, c.command_id`,
            params,
          ),
          q.query<{ n: number }>(
            `select count(*)::int as n from (select 1 from lt_command c ${where} limit 100001) x`,
            params,
          ),
        ]);
        return table(req.lang, rows, count[0]!.n);
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
        const found = await q.query<{ command_id: string; status: string }>(
          'select command_id, status from lt_command where command_id = any($1::text[]) and ($2::bigint is null or client_id = $2)',
          [ids, ctx.clientId],
        );
        if (found.length !== new Set(ids).size) throw notFound();
        if (found.some((c) => !['PENDING', 'SENT', 'DELIVERED'].includes(c.status)))
          throw fail('lighting.command.notCancelable');
        const now = deps.clock.now();
        const rows = await q.query<{ log_id: number | null }>(
          `update lt_command set status = 'CANCELED', finish_time = to_timestamp($2 / 1000.0)
           where command_id = any($1::text[]) and status in ('PENDING', 'SENT', 'DELIVERED') returning log_id`,
          [ids, now],
        );
        await q.query(
          `update sys_device_log set status = 1, response = '{"status":"CANCELED"}', finish_time = to_timestamp($2 / 1000.0)
           where log_id = any($1::bigint[])`,
          [rows.map((r) => r.log_id).filter((v) => v !== null), now],
        );
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
        const params: unknown[] = [...scopeArgs(ctx, req.query.projectId)];
        let extra = '';
        if (req.query.configState) {
          params.push(req.query.configState);
          extra += ` and d.config_state = $${params.length}`;
        }
        if (req.query.gatewayId) {
          params.push(req.query.gatewayId);
          extra += ` and d.gateway_id = $${params.length}`;
        }
        if (req.query.keyword) {
          params.push(`${req.query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
          extra += ` and (d.uid like $${params.length} or d.name like $${params.length})`;
        }
        const where = `where ($1::bigint is null or d.client_id = $1) and ($2::bigint is null or d.project_id = $2)
          and d.config_state is not null${extra}`;
        const [rows, count] = await Promise.all([
          q.query(
            `select d.device_id as "deviceId", d.uid, d.name, d.device_type as "deviceType", d.config_state as "configState",
               d.channel, d.panid, d.comm_state as "commState", d.config, g.uid as "gatewayUid"
             from (select * from lt_device d ${where} order by d.device_id limit ${size} offset ${offset}) d
             left join lt_device g on g.device_id = d.gateway_id order by d.device_id`,
            params,
          ),
          q.query<{ n: number }>(
            `select count(*)::int as n from (select 1 from lt_device d ${where} limit 100001) x`,
            params,
          ),
        ]);
        return table(req.lang, rows, count[0]!.n);
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
        const devices = await q.query<
          CommandTarget & { configState: string | null; projectId: number; clientId: number }
        >(
          `select device_id as "deviceId", uid, name, gateway_id as "gatewayId", config_state as "configState",
             project_id as "projectId", client_id as "clientId"
           from lt_device where device_id = any($1::bigint[]) and ($2::bigint is null or client_id = $2)`,
          [ids, ctx.clientId],
        );
        if (devices.length !== ids.length) throw notFound();
        if (devices.some((d) => d.configState === null)) throw fail('lighting.config.nonDirectOnly');
        if (devices.some((d) => d.configState === 'CONFIGURING')) throw fail('lighting.config.busy');
        if (new Set(devices.map((d) => d.projectId)).size > 1) throw fail('lighting.parent.otherProject');
        const project = await projectInScope(deps, ctx, devices[0]!.projectId);
        const params: Record<string, unknown> = {};
        if (req.body.channel !== undefined) params.channel = req.body.channel;
        if (req.body.panid !== undefined) params.panid = req.body.panid;
        await q.query(
          `update lt_device set config_state = 'CONFIGURING', channel = coalesce($2, channel), panid = coalesce($3, panid)
           where device_id = any($1::bigint[])`,
          [ids, req.body.channel ?? null, req.body.panid ?? null],
        );
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
        const params: unknown[] = [project.projectId];
        let filter = '';
        if (req.body.deviceIds?.length) {
          params.push(req.body.deviceIds);
          filter += ` and device_id = any($${params.length}::bigint[])`;
        }
        if (req.body.groupId) {
          params.push(req.body.groupId);
          filter += ` and device_id in (select device_id from lt_group_member where group_id = $${params.length})`;
        }
        if (req.body.deviceType) {
          params.push(req.body.deviceType);
          filter += ` and device_type = $${params.length}`;
        }
        if (!filter) throw fail('lighting.select.first');
        const targets = await q.query<CommandTarget>(
          `select device_id as "deviceId", uid, name, gateway_id as "gatewayId" from lt_device
           where project_id = $1 and gateway_id is not null
             and device_type in ('RTU', 'LUXOMETER', 'CCU', 'CCU_IN_BOX', 'BOX', 'METER', 'LIGHT')${filter}`,
          params,
        );
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
        const params = scopeArgs(ctx, req.query.projectId);
        const where = `where b.source = 'QUERY' and ($1::bigint is null or b.client_id = $1) and ($2::bigint is null or b.project_id = $2)`;
        const [rows, count] = await Promise.all([
          q.query(
            `select b.batch_id as "batchId", b.project_id as "projectId", b.name, b.action, b.total, b.oper_name as "operName",
               ${fmt('b.create_time')} as "createTime",
               (select count(*)::int from lt_command c where c.batch_id = b.batch_id and c.status = 'SUCCESS') as "successCount",
               (select count(*)::int from lt_command c where c.batch_id = b.batch_id and c.status in ('FAILED', 'TIMEOUT', 'EXPIRED', 'CANCELED')) as "failCount",
               (select count(*)::int from lt_command c where c.batch_id = b.batch_id and c.status in ('PENDING', 'SENT', 'DELIVERED')) as "waitingCount"
             from (select * from lt_command_batch b ${where} order by b.create_time desc limit ${size} offset ${offset}) b
             order by b.create_time desc`,
            params,
          ),
          q.query<{ n: number }>(`select count(*)::int as n from lt_command_batch b ${where}`, params),
        ]);
        return table(req.lang, rows, count[0]!.n);
      },
    );
  };
}
