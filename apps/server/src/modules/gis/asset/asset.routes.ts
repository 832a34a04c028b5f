import { ASSET_KINDS, assetBody, assetRow, message } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { fail } from '../../../platform/errors.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { parseInput } from '../../../platform/params.ts';
import { type ExportColumn, resourceRoutes } from '../../../platform/resource-routes.ts';
import { projectInScope } from '../../lighting/device/device.service.ts';
import { categoryRepository } from '../category/category.repository.ts';
import {
  ASSET_COLUMNS,
  type AssetRecord,
  assetCollection,
  assetRecordsOf,
  checkAsset,
  type Failure,
  isFailure,
  KIND_LABELS,
  readFeatures,
  readSheet,
  templateOf,
} from '../io/transfer.ts';
import { importQuery, readUpload, sendGeoJson, sendXlsx } from '../io/upload.ts';
import { type AssetValues, assetRepository } from './asset.repository.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const listQuery = pageQuery.extend({
  projectId: z.coerce.number().int().positive().optional(),
  name: z.string().trim().max(64).optional(),
  assetCode: z.string().trim().max(40).optional(),
  assetKind: z.enum(ASSET_KINDS).or(z.literal('')).optional(),
  categoryId: z.coerce.number().int().positive().optional(),
  roadId: z.coerce.number().int().positive().optional(),
  warrantyBefore: day.optional(),
});

const SHEET: [string, string] = ['资产台账', 'assets'];

/** The asset register: list, add, edit, delete, Excel and GeoJSON import and export. */
export function assetRoutes(deps: Deps): FastifyPluginAsyncZod {
  const repo = assetRepository(deps.database);
  const categories = categoryRepository(deps.database.db);
  const now = () => deps.clock.now();
  const tags = ['gis/asset'];

  return async (app) => {
    resourceRoutes(app, deps, {
      base: '/gis/asset',
      perm: 'gis:asset',
      tags,
      title: 'assets',
      idName: 'assetId',
      idsName: 'assetIds',
      row: assetRow,
      list: {
        query: listQuery,
        sortable: repo.sortable,
        order: repo.order,
        rows: (s, q, p) => repo.list(s, { ...q, assetKind: q.assetKind || undefined }, p),
      },
      get: repo.find,
      add: {
        body: assetBody,
        run: async (scope, { projectId, assetId: _, ...values }) =>
          repo.insert(scope, now(), await projectInScope(deps, scope, projectId), values),
      },
      edit: {
        body: assetBody,
        run: async (scope, { projectId: _p, assetId, ...values }) => {
          if (!assetId) throw fail('valid.required', { field: 'assetId' });
          await repo.update(scope, now(), assetId, values);
        },
      },
      remove: repo.remove,
      export: {
        sheet: SHEET,
        columns: [
          ...ASSET_COLUMNS.map(
            ([key, zh, en, width]): ExportColumn =>
              key === 'assetKind' ? [key, zh, en, width, { fixed: KIND_LABELS }] : [key, zh, en, width],
          ),
          ['roadName', '所在道路', 'Road', 18],
          ['createTime', '创建时间', 'Created', 20],
        ],
        rows: (scope, q) => repo.exportRows(scope, { ...q, assetKind: q.assetKind || undefined }),
      },
    });

    app.get(
      '/gis/asset/import/template',
      {
        config: { perm: 'gis:asset:import' },
        schema: { tags, summary: 'The Excel template of assets, in the request language' },
      },
      async (req, reply) => {
        req.auth();
        return sendXlsx(
          reply,
          req.lang === 'en-US' ? 'asset_import_template' : '资产导入模板',
          await templateOf(ASSET_COLUMNS, SHEET, req.lang),
        );
      },
    );

    app.post(
      '/gis/asset/import',
      {
        config: { perm: 'gis:asset:import', operLog: { title: 'asset import', businessType: 6 } },
        schema: {
          tags,
          summary:
            'Register assets from an .xlsx or a GeoJSON file (multipart field "file"), positions in the given system',
          consumes: ['multipart/form-data'],
          querystring: importQuery,
        },
      },
      async (req) => {
        const ctx = req.auth();
        const project = await projectInScope(deps, ctx, req.query.projectId ?? ctx.projectId);
        const upload = await readUpload(req);
        let records: AssetRecord[];
        const failures: Failure[] = [];
        if (upload.kind === 'xlsx') records = await readSheet(upload.data, ASSET_COLUMNS, req.lang);
        else {
          const read = assetRecordsOf(readFeatures(upload.data), req.lang);
          records = read.records;
          failures.push(...read.failures);
        }
        const unreadable = failures.length;
        const [byName, devices, taken] = await Promise.all([
          categories.byName(project.clientId),
          repo.devicesByUid(project.projectId, [
            ...new Set(records.map((r) => r.values.deviceUid).filter(Boolean)),
          ] as string[]),
          repo.takenCodes(project.projectId, records.map((r) => r.values.assetCode ?? '').filter(Boolean)),
        ]);
        const seen = new Set<string>();
        const good: AssetValues[] = [];
        for (const record of records) {
          const checked = checkAsset(record, {
            projectId: project.projectId,
            crs: req.query.crs,
            lang: req.lang,
            categories: byName,
            devices,
          });
          if (isFailure(checked)) failures.push(checked);
          else if (taken.has(checked.assetCode) || seen.has(checked.assetCode))
            failures.push({
              row: record.row,
              reason: message('gis.import.row', req.lang, {
                row: record.row,
                reason: message('gis.code.exists', req.lang, { code: checked.assetCode }),
              }),
            });
          else {
            seen.add(checked.assetCode);
            good.push(checked);
          }
        }
        await repo.insertMany(ctx, now(), project, good);
        return ok(req.lang, {
          total: records.length + unreadable,
          created: good.length,
          failures: failures.sort((a, b) => a.row - b.row),
        });
      },
    );

    app.post(
      '/gis/asset/export/geojson',
      {
        config: { perm: 'gis:asset:export', operLog: { title: 'assets', businessType: 5 } },
        schema: {
          tags,
          summary: 'The assets under the list filters as a GeoJSON FeatureCollection (WGS-84)',
          body: listQuery.partial().optional(),
        },
      },
      async (req, reply) => {
        const q = parseInput(listQuery, { ...(req.query as object), ...(req.body ?? {}) }, req.lang);
        const rows = await repo.exportRows(req.auth(), { ...q, assetKind: q.assetKind || undefined });
        return sendGeoJson(reply, 'assets', assetCollection(rows, req.lang));
      },
    );
  };
}
