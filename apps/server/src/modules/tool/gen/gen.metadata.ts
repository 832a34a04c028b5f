import type { Database } from '../../../platform/db.ts';
import type { genTable, genTableColumn } from './gen.table.ts';

/** Postgres identifiers we accept for import: plain lower/upper-case names, nothing to quote. */
export const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export interface DbTable {
  tableName: string;
  tableComment: string;
}

export interface DbColumn {
  column_name: string;
  udt_name: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_nullable: string;
  column_default: string | null;
  is_identity: string;
  ordinal_position: number;
  column_comment: string | null;
  is_pk: boolean;
}

/** Tables of the current schema (information_schema), the generator's own excluded. */
export async function tablesInSchema(
  database: Database,
  opts: { names?: string[]; excludeImported?: boolean; tableName?: string; tableComment?: string },
): Promise<DbTable[]> {
  const rows = await database.query<{ table_name: string; table_comment: string | null }>(
    `select t.table_name,
            obj_description(to_regclass(quote_ident(t.table_schema) || '.' || quote_ident(t.table_name)), 'pg_class') as table_comment
       from information_schema.tables t
      where t.table_schema = current_schema()
        and t.table_type = 'BASE TABLE'
        and t.table_name not like 'gen\\_%'
        and ($1::text[] is null or t.table_name = any($1::text[]))
        and (not $2::boolean or t.table_name not in (select table_name from gen_table))
        and ($3::text = '' or t.table_name ilike '%' || $3::text || '%')
      order by t.table_name`,
    [opts.names ?? null, opts.excludeImported ?? false, opts.tableName ?? ''],
  );
  const comment = (opts.tableComment ?? '').toLowerCase();
  return rows
    .map((r) => ({ tableName: r.table_name, tableComment: r.table_comment ?? '' }))
    .filter((r) => !comment || r.tableComment.toLowerCase().includes(comment));
}

export async function columnsOf(database: Database, tableName: string): Promise<DbColumn[]> {
  return database.query<DbColumn>(
    `select c.column_name, c.udt_name, c.character_maximum_length, c.numeric_precision, c.numeric_scale,
            c.is_nullable, c.column_default, c.is_identity, c.ordinal_position,
            col_description(to_regclass(quote_ident(c.table_schema) || '.' || quote_ident(c.table_name)), c.ordinal_position) as column_comment,
            exists (
              select 1
                from information_schema.table_constraints tc
                join information_schema.key_column_usage k
                  on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema and k.table_name = tc.table_name
               where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = c.table_schema
                 and tc.table_name = c.table_name and k.column_name = c.column_name
            ) as is_pk
       from information_schema.columns c
      where c.table_schema = current_schema() and c.table_name = $1
      order by c.ordinal_position`,
    [tableName],
  );
}

const AUDIT = new Set(['create_by', 'create_time', 'update_by', 'update_time', 'del_flag']);
const SCOPE = new Set(['client_id', 'project_id']);
const INTEGER_TYPES = new Set(['int2', 'int4', 'int8']);
const NUMBER_TYPES = new Set([...INTEGER_TYPES, 'float4', 'float8', 'numeric', 'money']);
const DATE_TYPES = new Set(['timestamp', 'timestamptz', 'date']);

export const camel = (name: string) => name.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const pascal = (name: string) => {
  const c = camel(name);
  return c.charAt(0).toUpperCase() + c.slice(1);
};

export function tsTypeOf(udt: string): string {
  if (NUMBER_TYPES.has(udt)) return 'number';
  if (udt === 'bool') return 'boolean';
  if (DATE_TYPES.has(udt)) return 'Date';
  if (udt === 'json' || udt === 'jsonb') return 'unknown';
  return 'string';
}

function columnTypeOf(c: DbColumn): string {
  if ((c.udt_name === 'varchar' || c.udt_name === 'bpchar') && c.character_maximum_length)
    return `${c.udt_name === 'bpchar' ? 'char' : 'varchar'}(${c.character_maximum_length})`;
  if (c.udt_name === 'numeric' && c.numeric_precision !== null)
    return `numeric(${c.numeric_precision},${c.numeric_scale ?? 0})`;
  return c.udt_name;
}

type ColumnValues = Omit<typeof genTableColumn.$inferInsert, 'tableId'>;

/** First settings of a column, by its name and type (the user refines them on the edit screen). */
export function initialColumn(c: DbColumn, sort: number, by: string, now: Date): ColumnValues {
  const name = c.column_name;
  const tsType = tsTypeOf(c.udt_name);
  const increment = c.is_identity === 'YES' || (c.column_default ?? '').startsWith('nextval(');
  const bookkeeping = AUDIT.has(name) || SCOPE.has(name);
  const bulky = c.udt_name === 'text' || c.udt_name === 'json' || c.udt_name === 'jsonb';
  const flag = (v: boolean) => (v ? '1' : '0');
  const insert = !bookkeeping && !(c.is_pk && increment);
  let htmlType = 'input';
  if (tsType === 'Date') htmlType = 'datetime';
  else if (/(^|_)(status|sex|gender)$/.test(name)) htmlType = 'radio';
  else if (/(^|_)type$/.test(name)) htmlType = 'select';
  else if (/(image|avatar|logo|picture|photo)/.test(name)) htmlType = 'imageUpload';
  else if (/(file|attachment)/.test(name)) htmlType = 'fileUpload';
  else if (/content/.test(name)) htmlType = 'editor';
  else if (bulky || (c.character_maximum_length ?? 0) > 500) htmlType = 'textarea';
  let queryType = 'EQ';
  if (/name$/.test(name) && tsType === 'string') queryType = 'LIKE';
  else if (tsType === 'Date') queryType = 'BETWEEN';
  return {
    columnName: name,
    columnComment: (c.column_comment ?? '').slice(0, 200),
    columnType: columnTypeOf(c),
    tsType,
    tsField: camel(name),
    isPk: flag(c.is_pk),
    isIncrement: flag(increment),
    isRequired: flag(insert && c.is_nullable === 'NO' && c.column_default === null),
    isInsert: flag(insert),
    isEdit: flag(insert && !c.is_pk),
    isList: flag(!bookkeeping && !bulky && name !== 'remark'),
    isQuery: flag(!c.is_pk && !bookkeeping && !bulky && name !== 'remark' && tsType !== 'unknown'),
    queryType,
    htmlType,
    dictType: '',
    maxLength: c.character_maximum_length,
    sort,
    createBy: by,
    createTime: now,
  };
}

type TableValues = typeof genTable.$inferInsert;

const PREFIXES = ['biz_', 'sys_', 'lux_', 't_'];
const MODULE_BY_PREFIX: Record<string, string> = { sys_: 'system' };

/** First settings of a table: names derived from the table name (biz_work_order → WorkOrder, work-order). */
export function initialTable(t: DbTable, by: string, now: Date): TableValues {
  const prefix = PREFIXES.find((p) => t.tableName.toLowerCase().startsWith(p));
  const bare = prefix ? t.tableName.slice(prefix.length) : t.tableName;
  const moduleName = (prefix && MODULE_BY_PREFIX[prefix]) || 'lighting';
  const businessName =
    bare
      .toLowerCase()
      .replace(/_/g, '-')
      .replace(/^[^a-z]+/, '')
      .slice(0, 30) || 'item';
  return {
    tableName: t.tableName,
    tableComment: t.tableComment.slice(0, 200),
    className: pascal(bare).replace(/^[^A-Z]+/, '') || 'Item',
    moduleName,
    businessName,
    functionName: (t.tableComment || bare).slice(0, 50),
    functionNameEn: pascal(bare)
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .slice(0, 50),
    functionAuthor: by,
    parentMenuKey: moduleName,
    createBy: by,
    createTime: now,
  };
}

export const isIntegerType = (columnType: string) => INTEGER_TYPES.has(columnType);
