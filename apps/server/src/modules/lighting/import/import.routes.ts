import { IMPORT_TYPES, permResource } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, forbidden, notFound } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { MAX_PAGE_SIZE, pageQuery } from '../../../platform/paging.ts';
import { hasPermission } from '../../../platform/rbac.ts';
import { projectInScope } from '../device/device.service.ts';
import { buildTemplate, type ImportType, MAX_IMPORT_ROWS, parseWorkbook, runImport } from './import.service.ts';

const MAX_FILE_BYTES = 20 * 1024 * 1024;
const IMPORT_PERM = { any: ['lighting:device:import', 'lighting:box:import'] };

/** Boxes, their parts and their circuits are imported from the box page; everything else from the device page. */
const importPermOf = (type: string) =>
  permResource(type) === 'device' ? 'lighting:device:import' : 'lighting:box:import';

function requireImportPerm(ctx: Ctx, type: string) {
  if (!hasPermission(ctx.principal, importPermOf(type))) throw forbidden();
}

const typeSchema = z.enum(IMPORT_TYPES);
const fmt = (column: string) => `to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;

async function loadRecord(deps: Deps, ctx: Ctx, recordId: number) {
  const [row] = await deps.database.query<{
    recordId: number;
    projectId: number;
    deviceType: string;
    fileName: string;
    status: string;
    total: number;
    processed: number;
    successCount: number;
    failCount: number;
    message: string;
    operName: string;
    createTime: string;
    finishTime: string | null;
  }>(
    `select record_id as "recordId", project_id as "projectId", device_type as "deviceType", file_name as "fileName", status, total,
       processed, success_count as "successCount", fail_count as "failCount", message, oper_name as "operName",
       ${fmt('create_time')} as "createTime", ${fmt('finish_time')} as "finishTime"
     from lt_import_record where record_id = $1 and ($2::bigint is null or client_id = $2)`,
    [recordId, ctx.clientId],
  );
  if (!row) throw notFound();
  return row;
}

/** Batch import: template per device type, tracked import jobs, records and their row details. */
export function importRoutes(deps: Deps): FastifyPluginAsyncZod {
  const q = deps.database;
  return async (app) => {
    const tags = ['lighting/import'];

    app.get(
      '/lighting/import/template',
      {
        config: { perm: IMPORT_PERM },
        schema: {
          tags,
          summary: 'The Excel template of a device type, in the request language',
          querystring: z.object({ deviceType: typeSchema }),
        },
      },
      async (req, reply) => {
        requireImportPerm(req.auth(), req.query.deviceType);
        const buffer = await buildTemplate(req.query.deviceType, req.lang);
        const name = `${req.lang === 'en-US' ? 'import_template' : '导入模板'}_${req.query.deviceType}.xlsx`;
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('download-filename', encodeURIComponent(name))
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
          .header('access-control-expose-headers', 'download-filename')
          .send(buffer);
      },
    );

    app.post(
      '/lighting/import/:deviceType',
      {
        config: { perm: IMPORT_PERM, operLog: { title: 'device import', businessType: 6 } },
        schema: {
          tags,
          summary:
            'Import devices from an .xlsx (multipart field "file"); answers the record id at once, the job runs on',
          consumes: ['multipart/form-data'],
          params: z.object({ deviceType: typeSchema }),
          querystring: z.object({ projectId: z.coerce.number().int().positive().optional() }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const type = req.params.deviceType as ImportType;
        requireImportPerm(ctx, type);
        const file = await req.file().catch(() => undefined);
        if (!file) throw fail('upload.required');
        const fields = file.fields as Record<string, { value?: unknown } | undefined>;
        const fieldProject = Number(fields.projectId?.value ?? 0) || undefined;
        const project = await projectInScope(deps, ctx, req.query.projectId ?? fieldProject ?? ctx.projectId);
        if (!/\.xlsx$/i.test(file.filename)) throw fail('upload.formatWrong');
        const data = await file.toBuffer();
        if (data.length > MAX_FILE_BYTES || file.file.truncated) throw fail('upload.tooLarge', { size: '20 MB' });
        let parsed: Awaited<ReturnType<typeof parseWorkbook>>;
        try {
          parsed = await parseWorkbook(type, data);
        } catch {
          throw fail('upload.formatWrong');
        }
        if (parsed.missing.length) throw fail('lighting.import.headers', { columns: parsed.missing.join(', ') });
        if (!parsed.rows.length) throw fail('lighting.import.empty');
        if (parsed.rows.length > MAX_IMPORT_ROWS) throw fail('lighting.import.tooMany', { max: MAX_IMPORT_ROWS });
        const [record] = await q.query<{ record_id: number }>(
          `insert into lt_import_record (client_id, project_id, device_type, file_name, status, total, oper_name, create_time)
           values ($1, $2, $3, $4, 'RUNNING', $5, $6, to_timestamp($7 / 1000.0)) returning record_id`,
          [
            project.clientId,
            project.projectId,
            type,
            file.filename.slice(0, 255),
            parsed.rows.length,
            ctx.principal.userName,
            deps.clock.now(),
          ],
        );
        const recordId = record!.record_id;
        // the job outlives the request: the browser polls the progress or hears it over /ws
        void runImport(deps, ctx, {
          recordId,
          clientId: project.clientId,
          projectId: project.projectId,
          type,
          rows: parsed.rows,
        }).catch(async (err: unknown) => {
          deps.log.error({ err, recordId }, 'import failed');
          await q
            .query(
              "update lt_import_record set status = 'FAILED', message = $2, finish_time = now() where record_id = $1",
              [recordId, String((err as Error)?.message ?? err).slice(0, 500)],
            )
            .catch(() => undefined);
        });
        return ok(req.lang, { recordId, total: parsed.rows.length }, 'lighting.import.started');
      },
    );

    app.get(
      '/lighting/import/progress/:recordId',
      {
        config: { perm: IMPORT_PERM },
        schema: { tags, params: z.object({ recordId: z.coerce.number().int().positive() }) },
      },
      async (req) => ok(req.lang, await loadRecord(deps, req.auth(), req.params.recordId)),
    );

    app.get(
      '/lighting/import/importRecord',
      {
        config: { perm: IMPORT_PERM },
        schema: {
          tags,
          querystring: pageQuery.extend({
            projectId: z.coerce.number().int().positive().optional(),
            deviceType: z.string().max(20).optional(),
          }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const size = Math.min(req.query.pageSize ?? req.query.size ?? 20, MAX_PAGE_SIZE);
        const offset = ((req.query.pageNum ?? req.query.current ?? 1) - 1) * size;
        const params = [ctx.clientId, req.query.projectId ?? ctx.projectId ?? null, req.query.deviceType || null];
        const where = `where ($1::bigint is null or client_id = $1) and ($2::bigint is null or project_id = $2) and ($3::text is null or device_type = $3)`;
        const [rows, count] = await Promise.all([
          q.query(
            `select record_id as "recordId", project_id as "projectId", device_type as "deviceType", file_name as "fileName", status,
               total, processed, success_count as "successCount", fail_count as "failCount", oper_name as "operName",
               ${fmt('create_time')} as "createTime", ${fmt('finish_time')} as "finishTime"
             from lt_import_record ${where} order by record_id desc limit ${size} offset ${offset}`,
            params,
          ),
          q.query<{ n: number }>(`select count(*)::int as n from lt_import_record ${where}`, params),
        ]);
        return table(req.lang, rows, count[0]!.n);
      },
    );

    const detailQuery = pageQuery.extend({
      recordId: z.coerce.number().int().positive(),
      result: z
        .enum(['SUCCESS', 'FAIL'])
        .optional()
        .or(z.literal('').transform(() => undefined)),
    });
    app.get(
      '/lighting/import/importRecordDetail/page',
      { config: { perm: IMPORT_PERM }, schema: { tags, querystring: detailQuery } },
      async (req) => {
        const ctx = req.auth();
        const record = await loadRecord(deps, ctx, req.query.recordId);
        const size = Math.min(req.query.pageSize ?? req.query.size ?? 20, MAX_PAGE_SIZE);
        const offset = ((req.query.pageNum ?? req.query.current ?? 1) - 1) * size;
        const params = [record.recordId, req.query.result ?? null];
        const where = 'where record_id = $1 and ($2::text is null or result = $2)';
        const [rows, count] = await Promise.all([
          q.query(
            `select detail_id as "detailId", row_no as "rowNo", uid, name, result, message from lt_import_detail ${where}
             order by row_no, detail_id limit ${size} offset ${offset}`,
            params,
          ),
          q.query<{ n: number }>(`select count(*)::int as n from lt_import_detail ${where}`, params),
        ]);
        return { ...table(req.lang, rows, count[0]!.n), record };
      },
    );

    for (const method of ['GET', 'POST'] as const)
      app.route({
        method,
        url: '/lighting/import/importRecordDetail/export',
        config: { perm: IMPORT_PERM },
        schema: { tags, ...(method === 'GET' ? { querystring: detailQuery } : { body: detailQuery }) },
        handler: async (req, reply) => {
          const ctx = req.auth();
          const input = (method === 'GET' ? req.query : req.body) as z.infer<typeof detailQuery>;
          const record = await loadRecord(deps, ctx, input.recordId);
          const rows = await q.query<Record<string, unknown>>(
            `select row_no as "rowNo", uid, name, result, message from lt_import_detail
             where record_id = $1 and ($2::text is null or result = $2) order by row_no, detail_id limit 100000`,
            [record.recordId, input.result ?? null],
          );
          const en = req.lang === 'en-US';
          const label = (r: string) => (r === 'SUCCESS' ? (en ? 'Success' : '成功') : en ? 'Fail' : '失败');
          return sendWorkbook(
            reply,
            en ? `import_${record.recordId}` : `导入明细_${record.recordId}`,
            [
              { header: en ? 'Row' : '行号', key: 'rowNo', width: 8 },
              { header: 'UID', key: 'uid', width: 24 },
              { header: en ? 'Name' : '名称', key: 'name', width: 24 },
              { header: en ? 'Result' : '结果', key: 'result', width: 10 },
              { header: en ? 'Message' : '说明', key: 'message', width: 60 },
            ],
            rows.map((r) => ({ ...r, result: label(String(r.result)) })),
          );
        },
      });
  };
}
