import { dataOf, LIGHTING_CLASSES, message, roadBody, roadLamp, roadRow } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { fail } from '../../../platform/errors.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { idParam, parseInput } from '../../../platform/params.ts';
import { answer, resourceRoutes } from '../../../platform/resource-routes.ts';
import { projectInScope } from '../../lighting/device/device.service.ts';
import {
  checkRoad,
  type Failure,
  isFailure,
  ROAD_COLUMNS,
  type RoadRecord,
  readFeatures,
  readSheet,
  roadCollection,
  roadRecordsOf,
  templateOf,
  textOfPath,
} from '../io/transfer.ts';
import { importQuery, readUpload, sendGeoJson, sendXlsx } from '../io/upload.ts';
import { type RoadValues, roadRepository } from './road.repository.ts';

const listQuery = pageQuery.extend({
  projectId: z.coerce.number().int().positive().optional(),
  name: z.string().trim().max(64).optional(),
  lightingClass: z.enum(LIGHTING_CLASSES).or(z.literal('')).optional(),
});
type ListQuery = z.infer<typeof listQuery>;
const filter = (q: Partial<ListQuery>) => ({ ...q, lightingClass: q.lightingClass || undefined });

const SHEET: [string, string] = ['道路', 'roads'];

/** Roads: lines drawn or imported, their lighting class, length and the lamps that light them. */
export function roadRoutes(deps: Deps): FastifyPluginAsyncZod {
  const repo = roadRepository(deps.database);
  const now = () => deps.clock.now();
  const tags = ['gis/road'];

  return async (app) => {
    resourceRoutes(app, deps, {
      base: '/gis/road',
      perm: 'gis:road',
      tags,
      title: 'roads',
      idName: 'roadId',
      idsName: 'roadIds',
      row: roadRow,
      list: {
        query: listQuery,
        sortable: repo.sortable,
        order: repo.order,
        rows: (s, q, p) => repo.list(s, filter(q), p),
      },
      get: repo.find,
      add: {
        body: roadBody,
        run: async (scope, { projectId, roadId: _, ...values }) =>
          repo.insert(scope, now(), await projectInScope(deps, scope, projectId), values),
      },
      edit: {
        body: roadBody,
        run: async (scope, { projectId: _p, roadId, ...values }) => {
          if (!roadId) throw fail('valid.required', { field: 'roadId' });
          await repo.update(scope, now(), roadId, values);
        },
      },
      remove: repo.remove,
      export: {
        sheet: SHEET,
        columns: [
          ['roadId', '道路编号', 'Road id', 10],
          ...ROAD_COLUMNS.map(([key, zh, en, width]) => [key, zh, en, width] as [string, string, string, number]),
          ['length', '长度(米)', 'Length (m)', 12],
          ['area', '面积(平方米)', 'Area (m²)', 14],
          ['lampCount', '灯数', 'Lamps', 10],
        ],
        rows: async (scope, q) =>
          (await repo.exportRows(scope, filter(q))).map((r) => ({ ...r, line: textOfPath(r.line) })),
      },
    });

    app.get(
      '/gis/road/:roadId/lamps',
      {
        config: { perm: 'gis:road:query' },
        schema: {
          tags,
          summary: 'The lamps that light a road: lamp controllers within its buffer and lamp assets assigned to it',
          params: idParam('roadId'),
          response: { 200: answer(dataOf(z.array(roadLamp))) },
        },
      },
      async (req) => ok(req.lang, await repo.lamps(req.auth(), req.params.roadId)),
    );

    app.get(
      '/gis/road/import/template',
      {
        config: { perm: 'gis:road:import' },
        schema: { tags, summary: 'The Excel template of roads, in the request language' },
      },
      async (req, reply) => {
        req.auth();
        return sendXlsx(
          reply,
          req.lang === 'en-US' ? 'road_import_template' : '道路导入模板',
          await templateOf(ROAD_COLUMNS, SHEET, req.lang),
        );
      },
    );

    app.post(
      '/gis/road/import',
      {
        config: { perm: 'gis:road:import', operLog: { title: 'road import', businessType: 6 } },
        schema: {
          tags,
          summary: 'Add roads from an .xlsx or a GeoJSON file of LineStrings (multipart field "file")',
          consumes: ['multipart/form-data'],
          querystring: importQuery,
        },
      },
      async (req) => {
        const ctx = req.auth();
        const project = await projectInScope(deps, ctx, req.query.projectId ?? ctx.projectId);
        const upload = await readUpload(req);
        let records: RoadRecord[];
        const failures: Failure[] = [];
        if (upload.kind === 'xlsx') records = await readSheet(upload.data, ROAD_COLUMNS, req.lang);
        else {
          const read = roadRecordsOf(readFeatures(upload.data), req.lang);
          records = read.records;
          failures.push(...read.failures);
        }
        const unreadable = failures.length;
        const taken = await repo.takenNames(project.projectId, records.map((r) => r.values.name ?? '').filter(Boolean));
        const seen = new Set<string>();
        const good: RoadValues[] = [];
        for (const record of records) {
          const checked = checkRoad(record, { projectId: project.projectId, crs: req.query.crs, lang: req.lang });
          if (isFailure(checked)) failures.push(checked);
          else if (taken.has(checked.name) || seen.has(checked.name))
            failures.push({
              row: record.row,
              reason: message('gis.import.row', req.lang, {
                row: record.row,
                reason: message('gis.road.exists', req.lang, { name: checked.name }),
              }),
            });
          else {
            seen.add(checked.name);
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
      '/gis/road/export/geojson',
      {
        config: { perm: 'gis:road:export', operLog: { title: 'roads', businessType: 5 } },
        schema: {
          tags,
          summary: 'The roads under the list filters as a GeoJSON FeatureCollection (WGS-84)',
          body: listQuery.partial().optional(),
        },
      },
      async (req, reply) => {
        const q = parseInput(listQuery, { ...(req.query as object), ...(req.body ?? {}) }, req.lang);
        return sendGeoJson(reply, 'roads', roadCollection(await repo.exportRows(req.auth(), filter(q))));
      },
    );
  };
}
