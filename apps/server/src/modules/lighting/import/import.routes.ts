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
import {
  findImportRecord,
  insertImportRecord,
  listImportDetails,
  markImportFailed,
  pageImportDetails,
  pageImportRecords,
} from './import.repository.ts';
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
async function loadRecord(deps: Deps, ctx: Ctx, recordId: number) {
  const row = await findImportRecord(deps.database, ctx, recordId);
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
        const recordId = await insertImportRecord(q, {
          clientId: project.clientId,
          projectId: project.projectId,
          deviceType: type,
          fileName: file.filename.slice(0, 255),
          total: parsed.rows.length,
          operName: ctx.principal.userName,
          now: deps.clock.now(),
        });
        // the job outlives the request: the browser polls the progress or hears it over /ws
        void runImport(deps, ctx, {
          recordId,
          clientId: project.clientId,
          projectId: project.projectId,
          type,
          rows: parsed.rows,
        }).catch(async (err: unknown) => {
          deps.log.error({ err, recordId }, 'import failed');
          await markImportFailed(q, recordId, String((err as Error)?.message ?? err).slice(0, 500)).catch(
            () => undefined,
          );
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
        const page = await pageImportRecords(
          q,
          { clientId: ctx.clientId, projectId: req.query.projectId ?? ctx.projectId ?? null },
          { deviceType: req.query.deviceType },
          { size, offset },
        );
        return table(req.lang, page.rows, page.total);
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
        const page = await pageImportDetails(q, record.recordId, req.query.result, { size, offset });
        return { ...table(req.lang, page.rows, page.total), record };
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
          const rows = await listImportDetails(q, record.recordId, input.result);
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
