import { char, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref } from '../../../db/columns.ts';

/** A database table imported into the code generator, with what to generate for it. */
export const genTable = pgTable(
  'gen_table',
  {
    tableId: id('table_id'),
    tableName: varchar('table_name', { length: 63 }).notNull(),
    tableComment: varchar('table_comment', { length: 200 }).notNull().default(''),
    /** PascalCase entity name: BizPole */
    className: varchar('class_name', { length: 100 }).notNull(),
    /** area under modules/: lighting, ops … */
    moduleName: varchar('module_name', { length: 30 }).notNull(),
    /** feature under the area, kebab-case: pole, work-order … */
    businessName: varchar('business_name', { length: 30 }).notNull(),
    functionName: varchar('function_name', { length: 50 }).notNull(),
    functionNameEn: varchar('function_name_en', { length: 50 }).notNull().default(''),
    functionAuthor: varchar('function_author', { length: 50 }).notNull().default(''),
    /** menu key of the catalogue the generated page hangs under */
    parentMenuKey: varchar('parent_menu_key', { length: 100 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('gen_table_name_uq').on(t.tableName)],
);

/** One column of an imported table and how the generated screen treats it. */
export const genTableColumn = pgTable(
  'gen_table_column',
  {
    columnId: id('column_id'),
    tableId: ref('table_id').notNull(),
    columnName: varchar('column_name', { length: 63 }).notNull(),
    columnComment: varchar('column_comment', { length: 200 }).notNull().default(''),
    /** database type as information_schema names it, with length: varchar(64), bigint … */
    columnType: varchar('column_type', { length: 100 }).notNull(),
    /** number | string | boolean | Date | unknown */
    tsType: varchar('ts_type', { length: 20 }).notNull(),
    /** camelCase property: createTime */
    tsField: varchar('ts_field', { length: 100 }).notNull(),
    isPk: char('is_pk', { length: 1 }).notNull().default('0'),
    isIncrement: char('is_increment', { length: 1 }).notNull().default('0'),
    isRequired: char('is_required', { length: 1 }).notNull().default('0'),
    isInsert: char('is_insert', { length: 1 }).notNull().default('0'),
    isEdit: char('is_edit', { length: 1 }).notNull().default('0'),
    isList: char('is_list', { length: 1 }).notNull().default('0'),
    isQuery: char('is_query', { length: 1 }).notNull().default('0'),
    /** EQ NE GT GTE LT LTE LIKE BETWEEN */
    queryType: varchar('query_type', { length: 10 }).notNull().default('EQ'),
    /** input textarea select radio checkbox datetime imageUpload fileUpload editor */
    htmlType: varchar('html_type', { length: 20 }).notNull().default('input'),
    dictType: varchar('dict_type', { length: 100 }).notNull().default(''),
    /** character limit for strings, from the database */
    maxLength: integer('max_length'),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('gen_table_column_table_idx').on(t.tableId, t.sort)],
);
