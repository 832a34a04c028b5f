import { char, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id } from '../../../db/columns.ts';

export const sysConfig = pgTable(
  'sys_config',
  {
    configId: id('config_id'),
    configName: varchar('config_name', { length: 100 }).notNull(),
    configNameEn: varchar('config_name_en', { length: 100 }).notNull().default(''),
    configKey: varchar('config_key', { length: 100 }).notNull(),
    configValue: varchar('config_value', { length: 500 }).notNull().default(''),
    /** 'Y' built in (cannot be deleted), 'N' user-defined */
    configType: char('config_type', { length: 1 }).notNull().default('N'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_config_key_uq').on(t.configKey)],
);
