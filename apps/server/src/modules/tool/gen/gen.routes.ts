import { optionalText, rule, text } from '@luxgrid/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { strToU8, zipSync } from 'fflate';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail } from '../../../platform/errors.ts';
import { orderOf, pageOf, pageQuery } from '../../../platform/paging.ts';
import { platformOnly } from '../../monitor/platform-only.ts';
import { columnsOf, TABLE_NAME, tablesInSchema } from './gen.metadata.ts';
import {
  columnView,
  deleteGenTables,
  GEN_ORDER,
  GEN_SORTABLE,
  type GenColumnRow,
  type GenTableRow,
  genTableChoices,
  importedAmong,
  importTable,
  listGenTables,
  loadTable,
  syncColumns,
  tableView,
  updateGenTable,
} from './gen.repository.ts';
import { renderTable } from './gen.templates.ts';

const flag = z.enum(['0', '1'], { error: rule('valid.enum') });
const kebab = (max: number) => text(1, max).regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, { error: rule('gen.kebab') });

const columnBody = z.object({
  columnId: z.coerce.number().int().positive(),
  columnComment: optionalText(200),
  tsType: z.enum(['number', 'string', 'boolean', 'Date', 'unknown'], { error: rule('valid.enum') }),
  tsField: text(1, 100).regex(/^[a-z][A-Za-z0-9]*$/, { error: rule('valid.type') }),
  isRequired: flag,
  isInsert: flag,
  isEdit: flag,
  isList: flag,
  isQuery: flag,
  queryType: z.enum(['EQ', 'NE', 'GT', 'GTE', 'LT', 'LTE', 'LIKE', 'BETWEEN'], { error: rule('valid.enum') }),
  htmlType: z.enum(
    ['input', 'textarea', 'select', 'radio', 'checkbox', 'datetime', 'imageUpload', 'fileUpload', 'editor'],
    { error: rule('valid.enum') },
  ),
  dictType: z
    .string()
    .trim()
    .max(100, { error: rule('valid.max', { max: 100 }) })
    .regex(/^[a-z0-9_]*$/, { error: rule('valid.type') })
    .default(''),
  sort: z.coerce.number().int().min(0).max(9999).optional(),
});

const tableBody = z.object({
  tableId: z.coerce.number().int().positive(),
  tableComment: optionalText(200),
  className: text(1, 100).regex(/^[A-Z][A-Za-z0-9]*$/, { error: rule('gen.pascal') }),
  moduleName: kebab(30),
  businessName: kebab(30),
  functionName: text(1, 50),
  functionNameEn: optionalText(50),
  functionAuthor: optionalText(50),
  parentMenuKey: z
    .string()
    .trim()
    .max(100, { error: rule('valid.max', { max: 100 }) })
    .regex(/^[a-z0-9.-]*$/i, { error: rule('valid.type') })
    .default(''),
  remark: optionalText(500),
  columns: z.array(columnBody).max(500).default([]),
});

const listQuery = pageQuery.extend({
  tableName: z.string().max(63).optional(),
  tableComment: z.string().max(200).optional(),
});

const idsParam = (name: string) =>
  z
    .string()
    .regex(/^\d{1,15}(,\d{1,15})*$/, { error: rule('valid.type') })
    .describe(name);

/** Table names from a comma list: each a plain identifier, or the whole request is refused. */
function splitNames(raw: string | undefined): string[] {
  const names = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
  if (!names.length) throw fail('gen.tablesRequired');
  for (const name of names) if (!TABLE_NAME.test(name)) throw fail('gen.tableName', { name: name.slice(0, 80) });
  return names;
}

function sendZip(reply: FastifyReply, files: Record<string, Record<string, string>>, name: string) {
  const tree: Record<string, Uint8Array> = {};
  for (const group of Object.values(files))
    for (const [path, content] of Object.entries(group)) tree[`luxgrid-gen/${path}`] = strToU8(content);
  const zip = zipSync(tree, { level: 6 });
  const fileName = `${name}.zip`;
  return reply
    .header('content-type', 'application/zip')
    .header('download-filename', encodeURIComponent(fileName))
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('access-control-expose-headers', 'download-filename')
    .send(Buffer.from(zip));
}

/**
 * Code generator (RuoYi /tool/gen): imports table metadata from the current schema, keeps
 * per-column settings, previews and zips a CRUD module in our layout. Generated files go only
 * into the answer, never onto the server's disk.
 */
export function genRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  const render = (row: GenTableRow, columns: GenColumnRow[]) => {
    if (!columns.some((c) => c.isPk === '1')) throw fail('gen.noPrimaryKey', { name: row.tableName });
    return renderTable(row, columns);
  };

  return async (app) => {
    platformOnly(app);
    const tags = ['tool/gen'];

    app.get(
      '/tool/gen/list',
      { config: { perm: 'tool:gen:list' }, schema: { tags, querystring: listQuery } },
      async (req) => {
        const { limit, offset } = pageOf(req.query);
        const page = { limit, offset, orderBy: orderOf(req.query, GEN_SORTABLE, GEN_ORDER) };
        const { rows, total } = await listGenTables(db, req.query, page);
        return table(req.lang, rows, total);
      },
    );

    app.get(
      '/tool/gen/db/list',
      {
        config: { perm: 'tool:gen:list' },
        schema: { tags, summary: 'Tables of the current schema not imported yet', querystring: listQuery },
      },
      async (req) => {
        if (req.query.orderByColumn && req.query.orderByColumn !== 'tableName')
          throw fail('valid.sortColumn', { field: req.query.orderByColumn });
        const all = await tablesInSchema(deps.database, {
          excludeImported: true,
          tableName: req.query.tableName,
          tableComment: req.query.tableComment,
        });
        if (req.query.isAsc === 'desc' || req.query.isAsc === 'descending') all.reverse();
        const { limit, offset } = pageOf(req.query);
        return table(req.lang, all.slice(offset, offset + limit), all.length);
      },
    );

    app.get(
      '/tool/gen/column/:tableId',
      {
        config: { perm: 'tool:gen:list' },
        schema: { tags, params: z.object({ tableId: z.coerce.number().int().positive() }) },
      },
      async (req) => {
        const { columns } = await loadTable(db, { tableId: req.params.tableId });
        return table(req.lang, columns.map(columnView), columns.length);
      },
    );

    app.post(
      '/tool/gen/importTable',
      {
        config: { perm: 'tool:gen:import', operLog: { title: 'code generator', businessType: 6 } },
        schema: {
          tags,
          summary: 'Imports tables of the current schema (comma-separated names)',
          querystring: z.object({ tables: z.string().max(4000).optional() }),
          body: z.object({ tables: z.string().max(4000).optional() }).nullish(),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const names = splitNames(req.query.tables ?? req.body?.tables);
        const found = await tablesInSchema(deps.database, { names });
        for (const name of names)
          if (!found.some((t) => t.tableName === name)) throw fail('gen.tableName', { name: name.slice(0, 80) });
        const imported = await importedAmong(db, names);
        if (imported !== undefined) throw fail('gen.alreadyImported', { name: imported });
        const now = new Date(deps.clock.now());
        const by = ctx.principal.userName;
        const ids: number[] = [];
        for (const t of found) {
          const columns = await columnsOf(deps.database, t.tableName);
          ids.push(await importTable(db, t, columns, by, now));
        }
        return ok(req.lang, { tableIds: ids });
      },
    );

    app.get(
      '/tool/gen/preview/:tableId',
      {
        config: { perm: 'tool:gen:preview' },
        schema: { tags, params: z.object({ tableId: z.coerce.number().int().positive() }) },
      },
      async (req) => {
        const { row, columns } = await loadTable(db, { tableId: req.params.tableId });
        return ok(req.lang, render(row, columns));
      },
    );

    app.get(
      '/tool/gen/download/:tableName',
      {
        config: { perm: 'tool:gen:code', operLog: { title: 'code generator', businessType: 8 } },
        schema: { tags, params: z.object({ tableName: z.string().max(63) }) },
      },
      async (req, reply) => {
        const [name] = splitNames(req.params.tableName);
        const { row, columns } = await loadTable(db, { tableName: name! });
        return sendZip(reply, { [row.tableName]: render(row, columns) }, row.businessName);
      },
    );

    app.get(
      '/tool/gen/batchGenCode',
      {
        config: { perm: 'tool:gen:code', operLog: { title: 'code generator', businessType: 8 } },
        schema: { tags, querystring: z.object({ tables: z.string().max(4000).optional() }) },
      },
      async (req, reply) => {
        const names = splitNames(req.query.tables);
        const files: Record<string, Record<string, string>> = {};
        for (const name of names) {
          const { row, columns } = await loadTable(db, { tableName: name });
          files[row.tableName] = render(row, columns);
        }
        return sendZip(reply, files, 'luxgrid-gen');
      },
    );

    app.get(
      '/tool/gen/synchDb/:tableName',
      {
        config: { perm: 'tool:gen:edit', operLog: { title: 'code generator', businessType: 2 } },
        schema: {
          tags,
          summary: 'Re-reads the columns from the database',
          params: z.object({ tableName: z.string().max(63) }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const [name] = splitNames(req.params.tableName);
        const { row, columns } = await loadTable(db, { tableName: name! });
        const fresh = await columnsOf(deps.database, row.tableName);
        if (!fresh.length) throw fail('gen.tableGone', { name: row.tableName });
        await syncColumns(db, row, columns, fresh, ctx.principal.userName, new Date(deps.clock.now()));
        return ok(req.lang);
      },
    );

    app.get(
      '/tool/gen/:tableId',
      {
        config: { perm: 'tool:gen:query' },
        schema: { tags, params: z.object({ tableId: z.coerce.number().int().positive() }) },
      },
      async (req) => {
        const { row, columns } = await loadTable(db, { tableId: req.params.tableId });
        const tables = await genTableChoices(db);
        const rows = columns.map(columnView);
        return ok(req.lang, { info: { ...tableView(row), columns: rows }, rows, tables });
      },
    );

    app.put(
      '/tool/gen',
      {
        config: { perm: 'tool:gen:edit', operLog: { title: 'code generator', businessType: 2 } },
        schema: { tags, body: tableBody },
      },
      async (req) => {
        const ctx = req.auth();
        const { tableId, columns, ...values } = req.body;
        const { columns: existing } = await loadTable(db, { tableId });
        for (const c of columns)
          if (!existing.some((e) => e.columnId === c.columnId)) throw fail('gen.columnMismatch', { id: c.columnId });
        await updateGenTable(db, tableId, values, columns, ctx.principal.userName, new Date(deps.clock.now()));
        return ok(req.lang);
      },
    );

    app.delete(
      '/tool/gen/:tableIds',
      {
        config: { perm: 'tool:gen:remove', operLog: { title: 'code generator', businessType: 3 } },
        schema: { tags, params: z.object({ tableIds: idsParam('tableIds') }) },
      },
      async (req) => {
        const ids = [...new Set(req.params.tableIds.split(',').map(Number))];
        await deleteGenTables(db, ids);
        return ok(req.lang);
      },
    );
  };
}
