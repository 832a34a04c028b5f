import { consumableBody, consumableRow, message } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { fail } from '../../../platform/errors.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { resourceRoutes } from '../../../platform/resource-routes.ts';
import { requireCustomer } from '../../../platform/scope.ts';
import { sendXlsx } from '../shared.ts';
import { parseConsumableSheet, templateWorkbook } from './consumable.import.ts';
import { consumableRepository } from './consumable.repository.ts';

const listQuery = pageQuery.extend({
  name: z.string().max(64).optional(),
  category: z.string().max(20).optional(),
  status: z.enum(['0', '1']).optional(),
  low: z.enum(['0', '1']).optional(),
});

/** Consumables (ops/consumable): the parts the crews use, with what is on hand; Excel import and export. */
export function consumableRoutes(deps: Deps): FastifyPluginAsyncZod {
  const repo = consumableRepository(deps.database);
  const now = () => deps.clock.now();
  const tags = ['ops/consumable'];

  return async (app) => {
    resourceRoutes(app, deps, {
      base: '/ops/consumable',
      perm: 'ops:consumable',
      tags,
      title: 'consumables',
      idName: 'consumableId',
      idsName: 'consumableIds',
      row: consumableRow,
      list: { query: listQuery, sortable: repo.sortable, order: repo.order, rows: repo.list },
      get: repo.find,
      add: { body: consumableBody, run: (scope, body) => repo.insert(scope, now(), requireCustomer(scope), body) },
      edit: {
        body: consumableBody,
        run: async (scope, body) => {
          if (!body.consumableId) throw fail('valid.required', { field: 'consumableId' });
          await repo.update(scope, now(), body.consumableId, body);
        },
      },
      remove: repo.remove,
      export: {
        sheet: ['耗材', 'consumables'],
        columns: [
          ['code', '耗材编码', 'Code', 16],
          ['name', '耗材名称', 'Name', 24],
          ['category', '耗材类别', 'Category', 14, { dict: 'ops_consumable_category' }],
          ['model', '规格型号', 'Model', 18],
          ['unit', '单位', 'Unit', 8],
          ['unitPrice', '单价', 'Unit price', 10],
          ['minStock', '最低库存', 'Minimum stock', 12],
          ['quantity', '当前库存', 'On hand', 12],
          ['low', '低于最低库存', 'Below minimum', 14, { fixed: { Y: ['是', 'Yes'], N: ['否', 'No'] } }],
          ['status', '状态', 'Status', 10, { dict: 'sys_normal_disable' }],
          ['remark', '备注', 'Remark', 24],
          ['createTime', '创建时间', 'Created', 20],
        ],
        rows: repo.exportRows,
      },
    });

    app.post(
      '/ops/consumable/importTemplate',
      {
        config: { perm: 'ops:consumable:import' },
        schema: { tags, summary: 'The Excel template of consumables, in the request language' },
      },
      async (req, reply) => {
        req.auth();
        const name = `${req.lang === 'en-US' ? 'consumable_import_template' : '耗材导入模板'}.xlsx`;
        return sendXlsx(reply, name, await templateWorkbook(req.lang));
      },
    );

    app.post(
      '/ops/consumable/importData',
      {
        config: { perm: 'ops:consumable:import', operLog: { title: 'consumables', businessType: 6 } },
        schema: {
          tags,
          summary: 'Add consumables from an .xlsx (multipart field "file"; "updateSupport" updates known codes)',
          consumes: ['multipart/form-data'],
        },
      },
      async (req) => {
        const scope = req.auth();
        const clientId = requireCustomer(scope);
        const file = await req.file().catch(() => undefined);
        if (!file) throw fail('upload.required');
        if (!/\.xlsx?$/i.test(file.filename)) throw fail('upload.formatWrong');
        const data = await file.toBuffer();
        if (file.file.truncated) throw fail('upload.tooLarge', { size: '20 MB' });
        const field = file.fields.updateSupport as { value?: unknown } | undefined;
        const updateSupport =
          String(field?.value ?? (req.query as { updateSupport?: string }).updateSupport) === 'true';
        const sheet = await parseConsumableSheet(data, req.lang);
        const taken = await repo.takenCodes(
          clientId,
          sheet.rows.map((r) => r.body.code),
        );
        const failures = [...sheet.failures];
        const accepted = sheet.rows.filter((r) => {
          if (!taken.has(r.body.code) || updateSupport) return true;
          failures.push({
            row: r.row,
            reason: message('consumable.import.invalid', req.lang, {
              row: r.row,
              reason: message('consumable.code.exists', req.lang, { code: r.body.code }),
            }),
          });
          return false;
        });
        await repo.importRows(
          scope,
          now(),
          clientId,
          accepted.map((r) => ({ body: r.body, existingId: taken.get(r.body.code) })),
        );
        const updatedCount = accepted.filter((r) => taken.has(r.body.code)).length;
        const en = req.lang === 'en-US';
        const summary = en
          ? `${accepted.length - updatedCount} added, ${updatedCount} updated, ${failures.length} refused`
          : `新增 ${accepted.length - updatedCount} 条，更新 ${updatedCount} 条，失败 ${failures.length} 条`;
        const lines = failures.sort((a, b) => a.row - b.row).map((f) => f.reason);
        return {
          ...ok(req.lang, {
            added: accepted.length - updatedCount,
            updated: updatedCount,
            failures: failures.map((f) => ({ row: f.row, reason: f.reason })),
          }),
          msg: [summary, ...lines].join('\n'),
        };
      },
    );
  };
}
