import { char, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../../db/columns.ts';

/** Subsystems and linked systems (encode mapScreen / sysclient / sys / …). */
export const sysSystem = pgTable(
  'sys_system',
  {
    systemId: integer('system_id').primaryKey(),
    encode: varchar('encode', { length: 40 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull().default(''),
    icon: varchar('icon', { length: 100 }).notNull().default(''),
    /** null = served by this application; otherwise a linked system's address */
    url: varchar('url', { length: 255 }),
    orderNum: integer('order_num').notNull().default(0),
    status: char('status', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_system_encode_uq').on(t.encode)],
);

/** Platform login-page settings: one row. */
export const sysPlatform = pgTable('sys_platform', {
  id: integer('id').primaryKey().default(1),
  platformName: varchar('platform_name', { length: 40 }).notNull(),
  platformNameEn: varchar('platform_name_en', { length: 80 }).notNull().default(''),
  logo: varchar('logo', { length: 255 }).notNull().default(''),
  loginBackground: varchar('login_background', { length: 255 }).notNull().default(''),
  loginLogo: varchar('login_logo', { length: 255 }).notNull().default(''),
  homePage: varchar('home_page', { length: 20 }).notNull().default('Index'),
  copyright: varchar('copyright', { length: 100 }).notNull().default(''),
  ...auditColumns(),
});
