import { dataOf, type Lang, renderIssue, tableOf } from '@luxgrid/contracts';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps, OperLogConfig } from './context.ts';
import { ok, table } from './envelope.ts';
import { notFound, ValidationFailure } from './errors.ts';
import { type SheetColumn, sendWorkbook } from './excel.ts';
import { orderOf, pageOf, type pageQuery } from './paging.ts';
import type { PermRule } from './rbac.ts';
import type { Scope } from './scope.ts';

/**
 * One resource's HTTP edge, declared: list (whitelisted sort, capped page), get by id, add,
 * edit, remove (several ids), export (.xlsx, dictionary labels and headers in the caller's
 * language), each with its permission and operation-log entry, and the answers' schemas. The
 * routes only validate and delegate: the SQL lives in the feature's repository, which takes
 * the request scope first, so a foreign id is "not found" like an unknown one.
 *
 * Addresses follow RuoYi: GET {base}/list, GET {base}/:id, POST {base}, PUT {base},
 * DELETE {base}/:ids, POST {base}/export; permissions {perm}:list|query|add|edit|remove|export.
 */

type App = FastifyInstance<
  import('fastify').RawServerDefault,
  import('fastify').RawRequestDefaultExpression,
  import('fastify').RawReplyDefaultExpression,
  import('fastify').FastifyBaseLogger,
  ZodTypeProvider
>;

/** The page a repository reads: limit and offset (capped), and the ORDER BY from the whitelist. */
export interface ListPage {
  limit: number;
  offset: number;
  orderBy: SQL[];
}

export type ListQuerySchema = z.ZodObject<(typeof pageQuery)['shape'] & z.ZodRawShape>;

/** A column of an export: key, header in zh-CN and en-US, width, and how its values become labels. */
export type ExportColumn = [
  key: string,
  zh: string,
  en: string,
  width: number,
  labels?: { dict: string } | { fixed: Record<string, [zh: string, en: string]> },
];

export interface ResourceSpec<Q extends ListQuerySchema, Row, Add extends z.ZodType, Edit extends z.ZodType> {
  /** e.g. '/system/post' */
  base: string;
  /** e.g. 'system:post'; a route's own rule in `perms` wins */
  perm: string;
  perms?: Partial<Record<'list' | 'query' | 'add' | 'edit' | 'remove' | 'export', PermRule>>;
  /** API documentation group */
  tags: string[];
  /** operation-log title */
  title: string;
  /** path parameter names of get and remove; default 'id' / 'ids' */
  idName?: string;
  idsName?: string;
  /** the answer schema of one row (lists and get) */
  row?: z.ZodType;
  list?: {
    query: Q;
    /** the columns a list may sort by (any other orderByColumn is refused) */
    sortable: Record<string, AnyPgColumn>;
    /** the order without a sort, and the tie-break after one */
    order: SQL[];
    rows: (scope: Scope, q: z.infer<Q>, page: ListPage) => Promise<{ rows: Row[]; total: number }>;
  };
  /** the row with this id within the scope, or undefined (answered "not found") */
  get?: (scope: Scope, id: number) => Promise<Row | undefined>;
  add?: { body: Add; run: (scope: Scope, body: z.infer<Add>) => Promise<unknown> };
  edit?: { body: Edit; run: (scope: Scope, body: z.infer<Edit>) => Promise<void> };
  /** throws "not found" unless every id is within the scope */
  remove?: (scope: Scope, ids: number[]) => Promise<void>;
  export?: {
    sheet: [zh: string, en: string];
    columns: ExportColumn[];
    /** the list's rows under the same filters, without paging (at most EXPORT_LIMIT) */
    rows: (scope: Scope, q: z.infer<Q>) => Promise<Record<string, unknown>[]>;
  };
}

/**
 * An answer schema for a hand-written route: documented in the API and checked when the answer
 * is written, like the kit's, while the handler keeps the row types its repository reads (a
 * status column is a string to the database, one of its values to the contract).
 */
export const answer = (schema: z.ZodType): z.ZodType => schema;

/** No export writes more rows than this. */
export const EXPORT_LIMIT = 100_000;

/** `/{ids}` path segments: '1' or '1,2,3'. */
const idsSegment = z
  .string()
  .max(8000)
  .regex(/^\d{1,15}(,\d{1,15})*$/);

export function parseIdList(value: string): number[] {
  return [...new Set(value.split(',').map(Number))];
}

/** Validates input read outside the route schema (an export's query merged with its body). */
function parseWith<T extends z.ZodType>(schema: T, input: unknown, lang: Lang): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) =>
    renderIssue({ path: issue.path, message: issue.message, code: issue.code }, lang),
  );
  throw new ValidationFailure([...new Set(messages)]);
}

/** Turns an export column's values into labels in the caller's language. */
async function labeller(deps: Deps, lang: Lang, column: ExportColumn): Promise<((v: unknown) => unknown) | null> {
  const labels = column[4];
  if (!labels) return null;
  if ('dict' in labels) return deps.dictionaries(lang, labels.dict);
  const index = lang === 'en-US' ? 1 : 0;
  return (value) => labels.fixed[String(value)]?.[index] ?? value;
}

/** The rows of an export with dictionary columns turned into labels in the caller's language. */
export async function labelled(
  deps: Deps,
  lang: Lang,
  columns: ExportColumn[],
  rows: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const labellers = (
    await Promise.all(columns.map(async (c) => [c[0], await labeller(deps, lang, c)] as const))
  ).filter((entry): entry is readonly [string, (v: unknown) => unknown] => entry[1] !== null);
  if (!labellers.length) return rows;
  return rows.map((row) => {
    const out = { ...row };
    for (const [key, label] of labellers) out[key] = label(row[key]);
    return out;
  });
}

export function resourceRoutes<
  Q extends ListQuerySchema,
  Row,
  Add extends z.ZodType = z.ZodNever,
  Edit extends z.ZodType = z.ZodNever,
>(app: App, deps: Deps, spec: ResourceSpec<Q, Row, Add, Edit>): void {
  const { base, tags } = spec;
  const perm = (op: keyof NonNullable<typeof spec.perms>): PermRule => spec.perms?.[op] ?? `${spec.perm}:${op}`;
  const log = (businessType: number): OperLogConfig => ({ title: spec.title, businessType });
  const idName = spec.idName ?? 'id';
  const idsName = spec.idsName ?? 'ids';

  const { list } = spec;
  if (list) {
    app.get(
      `${base}/list`,
      {
        config: { perm: perm('list') },
        schema: {
          tags,
          querystring: list.query,
          ...(spec.row ? { response: { 200: tableOf(spec.row) } } : {}),
        },
      },
      async (req) => {
        const q = req.query as z.infer<Q>;
        const { limit, offset } = pageOf(q);
        const page = { limit, offset, orderBy: orderOf(q, list.sortable, list.order) };
        const { rows, total } = await list.rows(req.auth(), q, page);
        return table(req.lang, rows, total);
      },
    );
  }

  const exporting = spec.export;
  if (exporting && list) {
    app.post(
      `${base}/export`,
      {
        config: { perm: perm('export'), operLog: log(5) },
        schema: { tags, body: list.query.partial().optional() },
      },
      async (req, reply) => {
        // RuoYi clients post the filters as a form or JSON body, some in the query string
        const q = parseWith(list.query, { ...(req.query as object), ...(req.body ?? {}) }, req.lang);
        const en = req.lang === 'en-US';
        const columns: SheetColumn[] = exporting.columns.map(([key, zh, enHeader, width]) => ({
          key,
          header: en ? enHeader : zh,
          width,
        }));
        const rows = await labelled(deps, req.lang, exporting.columns, await exporting.rows(req.auth(), q));
        return sendWorkbook(reply, en ? exporting.sheet[1] : exporting.sheet[0], columns, rows);
      },
    );
  }

  const { get } = spec;
  if (get) {
    app.get(
      `${base}/:${idName}`,
      {
        config: { perm: perm('query') },
        schema: {
          tags,
          params: z.object({ [idName]: z.coerce.number().int().positive() }),
          ...(spec.row ? { response: { 200: dataOf(spec.row) } } : {}),
        },
      },
      async (req) => {
        const id = (req.params as Record<string, number>)[idName]!;
        const row = await get(req.auth(), id);
        if (!row) throw notFound();
        return ok(req.lang, row);
      },
    );
  }

  const { add } = spec;
  if (add) {
    app.post(base, { config: { perm: perm('add'), operLog: log(1) }, schema: { tags, body: add.body } }, async (req) =>
      ok(req.lang, await add.run(req.auth(), req.body as z.infer<Add>)),
    );
  }

  const { edit } = spec;
  if (edit) {
    app.put(
      base,
      { config: { perm: perm('edit'), operLog: log(2) }, schema: { tags, body: edit.body } },
      async (req) => {
        await edit.run(req.auth(), req.body as z.infer<Edit>);
        return ok(req.lang);
      },
    );
  }

  const { remove } = spec;
  if (remove) {
    app.delete(
      `${base}/:${idsName}`,
      {
        config: { perm: perm('remove'), operLog: log(3) },
        schema: { tags, params: z.object({ [idsName]: idsSegment }) },
      },
      async (req) => {
        await remove(req.auth(), parseIdList((req.params as Record<string, string>)[idsName]!));
        return ok(req.lang);
      },
    );
  }
}
