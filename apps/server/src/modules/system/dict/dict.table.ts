import { char, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id } from '../../../db/columns.ts';

export const sysDictType = pgTable(
  'sys_dict_type',
  {
    dictId: id('dict_id'),
    dictName: varchar('dict_name', { length: 100 }).notNull(),
    dictNameEn: varchar('dict_name_en', { length: 100 }).notNull().default(''),
    dictType: varchar('dict_type', { length: 100 }).notNull(),
    status: char('status', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_dict_type_uq').on(t.dictType)],
);

export const sysDictData = pgTable(
  'sys_dict_data',
  {
    dictCode: id('dict_code'),
    dictSort: integer('dict_sort').notNull().default(0),
    dictLabel: varchar('dict_label', { length: 100 }).notNull(),
    dictLabelEn: varchar('dict_label_en', { length: 100 }).notNull().default(''),
    dictValue: varchar('dict_value', { length: 100 }).notNull(),
    dictType: varchar('dict_type', { length: 100 }).notNull(),
    cssClass: varchar('css_class', { length: 100 }).notNull().default(''),
    listClass: varchar('list_class', { length: 100 }).notNull().default(''),
    isDefault: char('is_default', { length: 1 }).notNull().default('N'),
    status: char('status', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_dict_data_uq').on(t.dictType, t.dictValue), index('sys_dict_data_type_idx').on(t.dictType)],
);
