import type { genTable, genTableColumn } from './gen.table.ts';

type Table = typeof genTable.$inferSelect;
type Column = typeof genTableColumn.$inferSelect;

const camel = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const on = (flag: string) => flag === '1';

interface Model {
  table: Table;
  columns: Column[];
  pk: Column;
  /** drizzle table constant: bizWorkOrder */
  tableConst: string;
  /** workOrder */
  feature: string;
  /** WorkOrder */
  name: string;
  /** lighting:workOrder */
  permPrefix: string;
  /** /lighting/workOrder */
  basePath: string;
  clientCol: Column | undefined;
  projectCol: Column | undefined;
  hasAudit: boolean;
}

function model(table: Table, columns: Column[]): Model {
  const sorted = [...columns].sort((a, b) => a.sort - b.sort);
  const pk = sorted.find((c) => on(c.isPk));
  if (!pk) throw new Error('no primary key');
  const feature = camel(table.businessName);
  const audit = ['create_by', 'create_time', 'update_by', 'update_time', 'remark'];
  return {
    table,
    columns: sorted,
    pk,
    tableConst: table.tableName.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
    feature,
    name: table.className,
    permPrefix: `${table.moduleName}:${feature}`,
    basePath: `/${table.moduleName}/${feature}`,
    clientCol: sorted.find((c) => c.columnName === 'client_id'),
    projectCol: sorted.find((c) => c.columnName === 'project_id'),
    hasAudit: audit.every((name) => sorted.some((c) => c.columnName === name)),
  };
}

const AUDIT_COLUMNS = new Set(['create_by', 'create_time', 'update_by', 'update_time', 'remark']);

/* ------------------------------------------------------------------ server: table */

function drizzleColumn(c: Column): { builder: string; imports: string[] } {
  const n = quote(c.columnName);
  const type = c.columnType;
  if (on(c.isPk) && on(c.isIncrement) && (type === 'int8' || type === 'int4'))
    return { builder: `id(${n})`, imports: ['id'] };
  let builder: string;
  let imports: string[];
  const length = /\((\d+)\)/.exec(type)?.[1];
  if (type === 'int8') [builder, imports] = [`bigint(${n}, { mode: 'number' })`, ['bigint']];
  else if (type === 'int4') [builder, imports] = [`integer(${n})`, ['integer']];
  else if (type === 'int2') [builder, imports] = [`smallint(${n})`, ['smallint']];
  else if (type.startsWith('numeric')) {
    const [, p, s] = /numeric\((\d+),(\d+)\)/.exec(type) ?? [];
    builder = p
      ? `numeric(${n}, { precision: ${p}, scale: ${s}, mode: 'number' })`
      : `numeric(${n}, { mode: 'number' })`;
    imports = ['numeric'];
  } else if (type === 'float8') [builder, imports] = [`doublePrecision(${n})`, ['doublePrecision']];
  else if (type === 'float4') [builder, imports] = [`real(${n})`, ['real']];
  else if (type === 'bool') [builder, imports] = [`boolean(${n})`, ['boolean']];
  else if (type.startsWith('varchar')) [builder, imports] = [`varchar(${n}, { length: ${length} })`, ['varchar']];
  else if (type.startsWith('char')) [builder, imports] = [`char(${n}, { length: ${length} })`, ['char']];
  else if (type === 'timestamptz') [builder, imports] = [`ts(${n})`, ['ts']];
  else if (type === 'timestamp') [builder, imports] = [`timestamp(${n}, { mode: 'date' })`, ['timestamp']];
  else if (type === 'date') [builder, imports] = [`date(${n}, { mode: 'date' })`, ['date']];
  else if (type === 'jsonb') [builder, imports] = [`jsonb(${n})`, ['jsonb']];
  else if (type === 'json') [builder, imports] = [`json(${n})`, ['json']];
  else if (type === 'uuid') [builder, imports] = [`uuid(${n})`, ['uuid']];
  else [builder, imports] = [`text(${n})`, ['text']];
  if (on(c.isPk)) builder += '.primaryKey()';
  else if (on(c.isRequired)) builder += '.notNull()';
  return { builder, imports };
}

function tableFile(m: Model): string {
  const pgImports = new Set<string>(['pgTable']);
  const columnImports = new Set<string>();
  const lines: string[] = [];
  for (const c of m.columns) {
    if (m.hasAudit && AUDIT_COLUMNS.has(c.columnName)) continue;
    const { builder, imports } = drizzleColumn(c);
    for (const i of imports) (i === 'id' || i === 'ts' ? columnImports : pgImports).add(i);
    if (c.columnComment) lines.push(`  /** ${c.columnComment.replace(/\*\//g, '')} */`);
    lines.push(`  ${c.tsField}: ${builder},`);
  }
  if (m.hasAudit) {
    columnImports.add('auditColumns');
    lines.push('  ...auditColumns(),');
  }
  const columnsImport = columnImports.size
    ? `import { ${[...columnImports].sort().join(', ')} } from '../../../db/columns.ts';\n`
    : '';
  return `import { ${[...pgImports].sort().join(', ')} } from 'drizzle-orm/pg-core';
${columnsImport}
/** ${m.table.functionName}${m.table.tableComment && m.table.tableComment !== m.table.functionName ? ` — ${m.table.tableComment}` : ''} */
export const ${m.tableConst} = pgTable(${quote(m.table.tableName)}, {
${lines.join('\n')}
});
`;
}

/* ------------------------------------------------------------------ server: routes */

function zodField(c: Column, forQuery: boolean): string {
  const max = c.maxLength ?? 2000;
  const integer = ['int2', 'int4', 'int8'].includes(c.columnType);
  if (forQuery) {
    if (c.tsType === 'number') return `z.coerce.number()${integer ? '.int()' : ''}.optional()`;
    if (c.tsType === 'boolean') return `z.enum(['true', 'false', '']).optional()`;
    return `z.string().max(${c.tsType === 'Date' ? 20 : max}).optional()`;
  }
  const required = on(c.isRequired);
  switch (c.tsType) {
    case 'number':
      return `z.coerce.number({ error: rule('valid.type') })${integer ? ".int({ error: rule('valid.type') })" : ''}${required ? '' : '.nullable().optional()'}`;
    case 'boolean':
      return `z.boolean({ error: rule('valid.type') })${required ? '' : '.optional()'}`;
    case 'Date':
      return `z.coerce.date({ error: rule('valid.type') })${required ? '' : '.nullable().optional()'}`;
    case 'unknown':
      return 'z.unknown()';
    default:
      return required ? `text(1, ${max})` : `optionalText(${max})`;
  }
}

/** The scope of the table's rows, named column by column so that the generated code shows it. */
function scopeColumns(m: Model): string | null {
  if (!m.clientCol) return null;
  const t = m.tableConst;
  return `{ clientId: ${t}.clientId${m.projectCol ? `, projectId: ${t}.projectId` : ''} }`;
}

function repositoryFile(m: Model): string {
  const t = m.tableConst;
  const queried = m.columns.filter((c) => on(c.isQuery));
  const dates = m.columns.filter((c) => c.tsType === 'Date' && on(c.isList));
  const ops = new Set<string>(['and', 'asc', 'desc', 'eq', 'inArray', 'type SQL']);
  const filterLines: string[] = [];
  for (const c of queried) {
    const col = `${t}.${c.tsField}`;
    const q = `q.${c.tsField}`;
    if (c.queryType === 'BETWEEN') {
      ops.add('gte').add('lte');
      const begin = `q.begin${upperFirst(c.tsField)}`;
      const end = `q.end${upperFirst(c.tsField)}`;
      const value = (v: string) => (c.tsType === 'Date' ? `new Date(${v})` : v);
      filterLines.push(`    ${begin} ? gte(${col}, ${value(begin)}) : undefined,`);
      filterLines.push(`    ${end} ? lte(${col}, ${value(end)}) : undefined,`);
      continue;
    }
    const op = { EQ: 'eq', NE: 'ne', GT: 'gt', GTE: 'gte', LT: 'lt', LTE: 'lte', LIKE: 'ilike' }[c.queryType] ?? 'eq';
    ops.add(op);
    const value =
      op === 'ilike'
        ? `\`%\${${q}}%\``
        : c.tsType === 'boolean'
          ? `${q} === 'true'`
          : c.tsType === 'Date'
            ? `new Date(${q})`
            : q;
    const test = c.tsType === 'number' ? `${q} !== undefined` : q;
    filterLines.push(`    ${test} ? ${op}(${col}, ${value}) : undefined,`);
  }
  const pkField = m.pk.tsField;
  const columns = scopeColumns(m);
  const needsOwner = Boolean(m.clientCol || m.projectCol);
  const scopeImports = ['type Scope'];
  if (columns) scopeImports.push('scopeWhere');
  if (m.clientCol) scopeImports.push('requireCustomer');
  if (m.hasAudit) scopeImports.push('created', 'updated');
  const ownerLines = [
    m.clientCol ? '    clientId: requireCustomer(scope),' : '',
    m.projectCol ? '    projectId: projectOf(scope),' : '',
  ].filter(Boolean);
  const dateView = dates.map((c) => `  ${c.tsField}: formatDate(row.${c.tsField}),`);
  const sortedOps = [...ops].sort((a, b) => a.replace('type ', '').localeCompare(b.replace('type ', '')));
  return `import { ${sortedOps.join(', ')} } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { ${m.projectCol ? 'fail, ' : ''}notFound } from '../../../platform/errors.ts';
import { findIn, readExport, readPage } from '../../../platform/repository.ts';
import type { ListPage } from '../../../platform/resource-routes.ts';
import { ${scopeImports.sort((a, b) => a.replace('type ', '').localeCompare(b.replace('type ', ''))).join(', ')} } from '../../../platform/scope.ts';
${dates.length ? "import { formatDate } from '../../system/user/user-info.ts';\n" : ''}import type { ${m.name}Body, ${m.name}Query } from './${m.table.businessName}.routes.ts';
import { ${t} } from './${m.table.businessName}.table.ts';

/** ${m.table.functionName}: the only SQL over ${m.table.tableName}. Every function takes the request scope first. */

export const SORTABLE = {
${m.columns
  .filter((c) => on(c.isList))
  .map((c) => `  ${c.tsField}: ${t}.${c.tsField},`)
  .join('\n')}
};
/** newest first */
export const ORDER = [desc(${t}.${m.pk.tsField})];

const view = (row: typeof ${t}.$inferSelect) => ({
  ...row,
${dateView.join('\n')}
});

/** the caller's customer and project: part of every query, so a foreign id is simply not found */
${
  columns
    ? `const scoped = (scope: Scope): SQL | undefined => scopeWhere(scope, ${columns});`
    : 'const scoped = (_scope: Scope): SQL | undefined => undefined;'
}

const filtered = (scope: Scope, q: ${m.name}Query): SQL | undefined =>
  and(
    scoped(scope),
${filterLines.join('\n')}
  );
${
  m.projectCol
    ? `
/** new rows belong to the project chosen in the top bar */
function projectOf(scope: Scope): number {
  if (scope.projectId === null) throw fail('tenant.noProjects');
  return scope.projectId;
}
`
    : ''
}
export async function list${m.name}(db: Db, scope: Scope, q: ${m.name}Query, page: ListPage) {
  const { rows, total } = await readPage(db, ${t}, filtered(scope, q), page);
  return { rows: rows.map(view), total };
}

export async function export${m.name}(db: Db, scope: Scope, q: ${m.name}Query) {
  const rows = await readExport(db, ${t}, filtered(scope, q), asc(${t}.${pkField}));
  return rows.map(view);
}

export async function find${m.name}(db: Db, scope: Scope, id: number) {
  const row = await findIn(db, ${t}, ${t}.${pkField}, id, scoped(scope));
  return row && view(row);
}

export async function insert${m.name}(db: Db, scope: Scope, now: number, { ${pkField}: _ignored, ...values }: ${m.name}Body) {
  await db.insert(${t}).values({
    ...values,
${needsOwner ? `${ownerLines.join('\n')}\n` : ''}${m.hasAudit ? '    ...created(scope, now),\n' : ''}  });
}

export async function update${m.name}(db: Db, scope: Scope, now: number, { ${pkField}, ...values }: ${m.name}Body) {
  if (!${pkField}) throw notFound();
  const changed = await db
    .update(${t})
    .set({ ...values${m.hasAudit ? ', ...updated(scope, now)' : ''} })
    .where(and(eq(${t}.${pkField}, ${pkField}), scoped(scope)))
    .returning({ id: ${t}.${pkField} });
  if (!changed.length) throw notFound();
}

/** Every id must be within the scope, or nothing is removed. */
export async function delete${m.name}(db: Db, scope: Scope, ids: number[]) {
  const removed = await db
    .delete(${t})
    .where(and(inArray(${t}.${pkField}, ids), scoped(scope)))
    .returning({ id: ${t}.${pkField} });
  if (removed.length !== ids.length) throw notFound();
}
`;
}

function routesFile(m: Model): string {
  const body = m.columns.filter((c) => on(c.isInsert) || on(c.isEdit) || on(c.isPk));
  const queried = m.columns.filter((c) => on(c.isQuery));
  const listed = m.columns.filter((c) => on(c.isList));
  const queryLines = queried.flatMap((c) =>
    c.queryType === 'BETWEEN'
      ? [
          `  begin${upperFirst(c.tsField)}: z.string().max(20).optional(),`,
          `  end${upperFirst(c.tsField)}: z.string().max(20).optional(),`,
        ]
      : [`  ${c.tsField}: ${zodField(c, true)},`],
  );
  const bodyLines = body.map((c) =>
    on(c.isPk)
      ? `  ${c.tsField}: z.coerce.number().int().positive().optional(),`
      : `  ${c.tsField}: ${zodField(c, false)},`,
  );
  const pkField = m.pk.tsField;
  const title = m.table.functionNameEn || m.table.functionName;
  const exportColumns = listed.map(
    (c) => `          [${quote(c.tsField)}, ${quote(c.columnComment || c.tsField)}, ${quote(c.tsField)}, 20],`,
  );
  const validation = new Set(['rule']);
  if (body.some((c) => !on(c.isPk) && c.tsType === 'string' && on(c.isRequired))) validation.add('text');
  if (body.some((c) => !on(c.isPk) && c.tsType === 'string' && !on(c.isRequired))) validation.add('optionalText');
  const biz = m.table.businessName;
  return `import { ${[...validation].sort().join(', ')} } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { pageQuery } from '../../../platform/paging.ts';
import { resourceRoutes } from '../../../platform/resource-routes.ts';
import {
  delete${m.name},
  export${m.name},
  find${m.name},
  insert${m.name},
  list${m.name},
  ORDER,
  SORTABLE,
  update${m.name},
} from './${biz}.repository.ts';

const ${m.feature}Body = z.object({
${bodyLines.join('\n')}
});
export type ${m.name}Body = z.infer<typeof ${m.feature}Body>;

const listQuery = pageQuery.extend({
${queryLines.join('\n')}
});
export type ${m.name}Query = z.infer<typeof listQuery>;

/** ${m.table.functionName} (${m.basePath})${m.table.functionAuthor ? `, generated for ${m.table.functionAuthor}` : ''}. */
export function ${m.feature}Routes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const now = () => deps.clock.now();
  return async (app) => {
    resourceRoutes(app, deps, {
      base: '${m.basePath}',
      perm: '${m.permPrefix}',
      tags: [${quote(m.basePath.slice(1))}],
      title: ${quote(title)},
      idName: '${pkField}',
      list: {
        query: listQuery,
        sortable: SORTABLE,
        order: ORDER,
        rows: (scope, q, page) => list${m.name}(db, scope, q, page),
      },
      get: (scope, id) => find${m.name}(db, scope, id),
      add: { body: ${m.feature}Body, run: (scope, body) => insert${m.name}(db, scope, now(), body) },
      edit: { body: ${m.feature}Body, run: (scope, body) => update${m.name}(db, scope, now(), body) },
      remove: (scope, ids) => delete${m.name}(db, scope, ids),
      export: {
        sheet: [${quote(m.table.functionName)}, ${quote(title)}],
        columns: [
${exportColumns.join('\n')}
        ],
        rows: (scope, q) => export${m.name}(db, scope, q),
      },
    });
  };
}
`;
}

/* ------------------------------------------------------------------ web: api + page */

function tsTypeName(c: Column): string {
  if (c.tsType === 'Date') return 'string';
  return c.tsType;
}

function apiFile(m: Model): string {
  const fields = m.columns
    .filter((c) => on(c.isList) || on(c.isInsert) || on(c.isEdit) || on(c.isPk))
    .map(
      (c) =>
        `  ${c.tsField}${on(c.isPk) || !on(c.isRequired) ? '?' : ''}: ${tsTypeName(c)}${on(c.isRequired) || on(c.isPk) ? '' : ' | null'};`,
    );
  return `import { type DataEnvelope, http } from '../../shared/request';

export interface ${m.name} {
${fields.join('\n')}
}

export const ${m.feature}Api = {
  listUrl: '${m.basePath}/list',
  exportUrl: '${m.basePath}/export',
  get: (id: number) => http.get<DataEnvelope<${m.name}>>(\`${m.basePath}/\${id}\`),
  add: (row: ${m.name}) => http.post('${m.basePath}', row),
  update: (row: ${m.name}) => http.put('${m.basePath}', row),
  remove: (ids: readonly (number | string)[]) => http.del(\`${m.basePath}/\${ids.join(',')}\`),
};
`;
}

function formControl(c: Column, key: string): { jsx: string; imports: string[]; shared: string[] } {
  const dict = c.dictType ? `${camel(c.dictType.replace(/_/g, '-'))}Options` : '';
  switch (c.htmlType) {
    case 'textarea':
      return {
        jsx: `<Input.TextArea maxLength={${c.maxLength ?? 2000}} autoSize={{ minRows: 2, maxRows: 6 }} />`,
        imports: ['Input'],
        shared: [],
      };
    case 'select':
      return {
        jsx: dict ? `<Select allowClear options={${dict}} />` : `<Select allowClear options={[]} />`,
        imports: ['Select'],
        shared: [],
      };
    case 'radio':
      return { jsx: `<Radio.Group options={${dict || '[]'}} />`, imports: ['Radio'], shared: [] };
    case 'checkbox':
      return { jsx: `<Checkbox.Group options={${dict || '[]'}} />`, imports: ['Checkbox'], shared: [] };
    case 'datetime':
      return {
        jsx: '<DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: \'100%\' }} />',
        imports: ['DatePicker'],
        shared: [],
      };
    case 'imageUpload':
      return { jsx: '<ImageUpload />', imports: [], shared: ['ImageUpload'] };
    case 'fileUpload':
      return { jsx: '<FileUpload />', imports: [], shared: ['FileUpload'] };
    case 'editor':
      return { jsx: '<RichTextEditor minHeight={192} />', imports: [], shared: ['RichTextEditor'] };
    default:
      if (c.tsType === 'number')
        return { jsx: "<InputNumber style={{ width: '100%' }} />", imports: ['InputNumber'], shared: [] };
      return {
        jsx: `<Input maxLength={${c.maxLength ?? 2000}} placeholder={t('common.inputPlaceholder', { label: t('${key}') })} />`,
        imports: ['Input'],
        shared: [],
      };
  }
}

const SHARED_IMPORTS: Record<string, string> = {
  ImageUpload: "import { ImageUpload } from '../../../shared/upload/ImageUpload';",
  FileUpload: "import { FileUpload } from '../../../shared/upload/FileUpload';",
  RichTextEditor: "import { RichTextEditor } from '../../../shared/RichTextEditor';",
};

function pageFile(m: Model): string {
  // screen texts sit under one top-level key in apps/web/src/locales/areas/<module>.ts
  const ns = m.feature;
  const label = (c: Column) => `${ns}.${c.tsField}`;
  const formColumns = m.columns.filter((c) => on(c.isInsert) || on(c.isEdit));
  const antd = new Set(['App', 'Button', 'Form']);
  const shared = new Set<string>();
  const dicts = [...new Set(m.columns.filter((c) => c.dictType).map((c) => c.dictType))];
  const dateFields = formColumns.filter((c) => c.htmlType === 'datetime').map((c) => c.tsField);
  const formItems = formColumns.map((c) => {
    const control = formControl(c, label(c));
    for (const i of control.imports) antd.add(i);
    for (const s of control.shared) shared.add(s);
    const rules = on(c.isRequired)
      ? `\n            rules={[{ required: true, message: t('${ns}.required', { label: t('${label(c)}') }) }]}`
      : '';
    const hidden = on(c.isEdit) ? '' : `\n            hidden={!!editing?.${m.pk.tsField}}`;
    return `          <Form.Item name="${c.tsField}" label={t('${label(c)}')}${rules}${hidden}>
            ${control.jsx}
          </Form.Item>`;
  });
  const columns = m.columns
    .filter((c) => on(c.isList))
    .map((c) => {
      const parts = [`key: '${c.tsField}'`, `dataIndex: '${c.tsField}'`, `title: t('${label(c)}')`];
      if (c.dictType)
        parts.push(
          `render: (value: string) => <DictTag options={${camel(c.dictType.replace(/_/g, '-'))}} value={value} />`,
        );
      else if (c.tsType === 'Date')
        parts.push('width: DATE_COLUMN_WIDTH + 30', 'render: (value: string) => formatDateTime(value)');
      else parts.push('ellipsis: true');
      parts.push(`sortField: '${c.tsField}'`);
      return `    { ${parts.join(', ')} },`;
    });
  const searchFields = m.columns
    .filter((c) => on(c.isQuery))
    .map((c) => {
      if (c.queryType === 'BETWEEN' && c.tsType === 'Date')
        return `          { type: 'dateRange', name: '${c.tsField}', label: t('${label(c)}') },`;
      if (c.dictType)
        return `          { type: 'select', name: '${c.tsField}', label: t('${label(c)}'), dictType: '${c.dictType}' },`;
      return `          { type: 'input', name: '${c.tsField}', label: t('${label(c)}') },`;
    });
  const dictHooks = dicts.map((d) => {
    const v = camel(d.replace(/_/g, '-'));
    return `  const ${v} = useDict('${d}');\n  const ${v}Options = ${v}.map((item) => ({ label: item.dictLabel, value: item.dictValue }));`;
  });
  const pk = m.pk.tsField;
  const perm = (action: string) => `'${m.permPrefix}:${action}'`;
  const toForm = dateFields.length
    ? `{ ...data, ${dateFields.map((f) => `${f}: data.${f} ? dayjs(data.${f}) : undefined`).join(', ')} }`
    : 'data';
  const fromForm = dateFields.length
    ? `{ ...values, ${dateFields.map((f) => `${f}: values.${f} ? dayjs(values.${f}).format('YYYY-MM-DD HH:mm:ss') : null`).join(', ')} }`
    : 'values';
  const sharedImports = [...shared].sort().map((s) => SHARED_IMPORTS[s]);
  return `import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ${[...antd].sort().join(', ')} } from 'antd';
${dateFields.length ? "import dayjs from 'dayjs';\n" : ''}import { type Key, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ${m.name}, ${m.feature}Api } from '../../../features/${m.table.moduleName}/${m.table.businessName}-api';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { formatDateTime } from '../../../shared/date';
import { useDict } from '../../../shared/dict';
import { download } from '../../../shared/download';
import { HasPermi } from '../../../shared/perms';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
${sharedImports.join('\n')}${sharedImports.length ? '\n' : ''}
/** ${m.table.functionName}: list, search, add, edit, delete, export. */
export function ${m.name}Page() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  // biome-ignore lint/suspicious/noExplicitAny: form values hold dayjs objects for date fields
  const [form] = Form.useForm<any>();
  const [editing, setEditing] = useState<Partial<${m.name}> | null>(null);
  const [saving, setSaving] = useState(false);
${dictHooks.join('\n')}

  const openAdd = () => {
    form.resetFields();
    setEditing({});
  };

  const openEdit = async (id: number) => {
    const { data } = await ${m.feature}Api.get(id);
    form.setFieldsValue(${toForm});
    setEditing(data);
  };

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const row = { ...editing, ...${fromForm} } as ${m.name};
      if (editing?.${pk}) await ${m.feature}Api.update(row);
      else await ${m.feature}Api.add(row);
      message.success(editing?.${pk} ? t('common.updateSuccess') : t('common.addSuccess'));
      setEditing(null);
      table.current?.refresh();
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  const remove = (ids: Key[]) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('${ns}.deleteConfirm', { ids: ids.join(',') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await ${m.feature}Api.remove(ids as number[]);
        message.success(t('common.deleteSuccess'));
        table.current?.refresh();
        table.current?.clearSelection();
      },
    });
  };

  const columns: ProColumn<${m.name}>[] = [
${columns.join('\n')}
    {
      key: 'actions',
      title: t('common.actions'),
      width: 160,
      fixed: 'right',
      render: (_: unknown, row: ${m.name}) => (
        <>
          <HasPermi value={[${perm('edit')}]}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void openEdit(row.${pk}!)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={[${perm('remove')}]}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([row.${pk}!])}>
              {t('common.delete')}
            </Button>
          </HasPermi>
        </>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="${m.table.businessName}-page">
      <ProTable<${m.name}>
        ref={table}
        url={${m.feature}Api.listUrl}
        rowKey="${pk}"
        selectable
        testId="${m.table.businessName}-table"
        columns={columns}
        searchFields={[
${searchFields.join('\n')}
        ]}
        toolbar={({ keys }) => (
          <>
            <HasPermi value={[${perm('add')}]}>
              <Button type="primary" ghost icon={<PlusOutlined />} onClick={openAdd}>
                {t('common.add')}
              </Button>
            </HasPermi>
            <HasPermi value={[${perm('edit')}]}>
              <Button icon={<EditOutlined />} disabled={keys.length !== 1} onClick={() => void openEdit(Number(keys[0]))}>
                {t('common.edit')}
              </Button>
            </HasPermi>
            <HasPermi value={[${perm('remove')}]}>
              <Button danger icon={<DeleteOutlined />} disabled={!keys.length} onClick={() => remove(keys)}>
                {t('common.delete')}
              </Button>
            </HasPermi>
            <HasPermi value={[${perm('export')}]}>
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  void download(${m.feature}Api.exportUrl, {
                    params: table.current?.getFilters() ?? {},
                    fileName: \`${m.table.businessName}_\${Date.now()}.xlsx\`,
                  })
                }
              >
                {t('common.export')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <DraggableDialog
        open={!!editing}
        title={editing?.${pk} ? t('${ns}.editTitle') : t('${ns}.addTitle')}
        width={640}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={saving}
        testId="${m.table.businessName}-dialog"
      >
        <Form form={form} labelCol={{ flex: '120px' }}>
${formItems.join('\n')}
        </Form>
      </DraggableDialog>
    </div>
  );
}
`;
}

/* ------------------------------------------------------------------ seed + messages */

function menuFile(m: Model): string {
  const zh = m.table.functionName;
  const en = m.table.functionNameEn || zh;
  const key = `${m.table.moduleName}.${m.feature}`;
  const button = (action: string, zhName: string, enName: string) =>
    `    { key: '${key}.${action}', type: 'F', name: ${quote(zhName)}, nameEn: ${quote(enName)}, perms: '${m.permPrefix}:${action}' },`;
  return `import type { MenuSeed } from '../types.ts';

/**
 * ${zh}: add this entry to the children of the '${m.table.parentMenuKey || m.table.moduleName}' catalogue in seed/systems.ts
 * (the seed upserts by key, so existing databases receive it at the next start).
 */
export const ${m.feature}Menu: MenuSeed = {
  key: '${key}',
  type: 'C',
  name: ${quote(zh)},
  nameEn: ${quote(en)},
  path: '${m.table.businessName}',
  component: '${m.table.moduleName}/${m.table.businessName}/index',
  perms: '${m.permPrefix}:list',
  icon: 'table',
  children: [
${button('query', '查询', 'Query')}
${button('add', '新增', 'Add')}
${button('edit', '修改', 'Edit')}
${button('remove', '删除', 'Delete')}
${button('export', '导出', 'Export')}
  ],
};
`;
}

function messagesFile(m: Model): string {
  const constName = `${m.table.moduleName}_${m.table.businessName}`.toUpperCase().replace(/-/g, '_');
  const fields = m.columns
    .filter((c) => on(c.isInsert) || on(c.isEdit) || on(c.isQuery) || on(c.isList))
    .map(
      (c) =>
        `  ${c.tsField}: { 'zh-CN': ${quote(c.columnComment || c.tsField)}, 'en-US': ${quote(englishLabel(c.tsField))} },`,
    );
  const zh = m.table.functionName;
  const en = m.table.functionNameEn || zh;
  return `import type { Bilingual } from '../i18n.ts';

/** ${zh}: field labels that the server's validation messages name (merge into the area's FIELDS). */
export const ${constName}_FIELDS: Record<string, Bilingual> = {
${fields.join('\n')}
};

/** Texts of the ${en} screen: add them under '${m.feature}' in apps/web/src/locales/areas/${m.table.moduleName}.ts. */
export const ${constName}_SCREEN = {
  'zh-CN': {
${m.columns
  .filter((c) => on(c.isInsert) || on(c.isEdit) || on(c.isQuery) || on(c.isList))
  .map((c) => `    ${c.tsField}: ${quote(c.columnComment || c.tsField)},`)
  .join('\n')}
    addTitle: ${quote(`添加${zh}`)},
    editTitle: ${quote(`修改${zh}`)},
    required: '{{label}}不能为空',
    deleteConfirm: ${quote(`是否确认删除${zh}编号为"{{ids}}"的数据项？`)},
  },
  'en-US': {
${m.columns
  .filter((c) => on(c.isInsert) || on(c.isEdit) || on(c.isQuery) || on(c.isList))
  .map((c) => `    ${c.tsField}: ${quote(englishLabel(c.tsField))},`)
  .join('\n')}
    addTitle: ${quote(`Add ${en}`)},
    editTitle: ${quote(`Edit ${en}`)},
    required: '{{label}} cannot be empty',
    deleteConfirm: ${quote(`Delete the ${en.toLowerCase()} records with ids "{{ids}}"?`)},
  },
} as const;
`;
}

const englishLabel = (field: string) => upperFirst(field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase());

function readme(m: Model, paths: Record<string, string>): string {
  return `# ${m.table.functionName} (${m.table.tableName})

Generated for Luxgrid's layout. Nothing was written on the server: put these files in place, then

1. export the table from \`apps/server/src/db/schema.ts\` (skip the table file when \`${m.table.tableName}\`
   is already defined in a \`*.table.ts\`), and run \`npm run db:generate -- --name ${m.table.businessName}\`;
2. register \`${m.feature}Routes(deps)\` in \`apps/server/src/modules/${m.table.moduleName}/routes.ts\`;
3. add \`${m.feature}Menu\` to the '${m.table.parentMenuKey || m.table.moduleName}' catalogue in \`packages/contracts/src/seed/systems.ts\`;
4. merge the field labels of the messages file into the area's FIELDS, its screen texts under
   '${m.feature}' into \`apps/web/src/locales/areas/${m.table.moduleName}.ts\`, and map the page component
   '${m.table.moduleName}/${m.table.businessName}/index' in the web's page registry;
5. add tests in \`apps/server/test/${m.table.moduleName}/\`: happy path, validation, permission denial, cross-customer.

Permissions: ${['list', 'query', 'add', 'edit', 'remove', 'export'].map((a) => `\`${m.permPrefix}:${a}\``).join(', ')}.
${m.clientCol ? `Rows are scoped by \`client_id\`${m.projectCol ? ' and `project_id`' : ''}: new rows take the caller's customer${m.projectCol ? ' and project' : ''}.` : 'The table has no `client_id`: it is shared by every customer; consider adding one.'}

Files:
${Object.keys(paths)
  .map((p) => `- ${p}`)
  .join('\n')}
`;
}

/** Every generated file of one table, by path relative to the repository root. */
export function renderTable(table: Table, columns: Column[]): Record<string, string> {
  const m = model(table, columns);
  const mod = table.moduleName;
  const biz = table.businessName;
  const files: Record<string, string> = {
    [`apps/server/src/modules/${mod}/${biz}/${biz}.table.ts`]: tableFile(m),
    [`apps/server/src/modules/${mod}/${biz}/${biz}.repository.ts`]: repositoryFile(m),
    [`apps/server/src/modules/${mod}/${biz}/${biz}.routes.ts`]: routesFile(m),
    [`apps/web/src/features/${mod}/${biz}-api.ts`]: apiFile(m),
    [`apps/web/src/pages/${mod}/${biz}/index.tsx`]: pageFile(m),
    [`packages/contracts/src/seed/menus/${mod}-${biz}.ts`]: menuFile(m),
    [`packages/contracts/src/messages/${mod}-${biz}.ts`]: messagesFile(m),
  };
  files[`docs/generated/${mod}-${biz}.md`] = readme(m, files);
  return files;
}
