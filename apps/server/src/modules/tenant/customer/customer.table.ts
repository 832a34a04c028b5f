import { sql } from 'drizzle-orm';
import { boolean, char, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref, ts } from '../../../db/columns.ts';

/** A customer (tenant): a city, a road authority or a lighting contractor. */
export const sysClient = pgTable(
  'sys_client',
  {
    clientId: id('client_id'),
    code: varchar('code', { length: 40 }).notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    shortName: varchar('short_name', { length: 40 }).notNull().default(''),
    address: varchar('address', { length: 40 }).notNull().default(''),
    contacts: varchar('contacts', { length: 40 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    platformName: varchar('platform_name', { length: 40 }).notNull().default(''),
    logo: varchar('logo', { length: 255 }).notNull().default(''),
    loginPageBackground: varchar('login_page_background', { length: 255 }).notNull().default(''),
    loginPageLogo: varchar('login_page_logo', { length: 255 }).notNull().default(''),
    /** home route for the customer's users; only platform admins may set it */
    homeRouter: varchar('home_router', { length: 255 }).notNull().default(''),
    operators: varchar('operators', { length: 40 }).notNull().default(''),
    validFrom: ts('valid_from'),
    validTo: ts('valid_to'),
    mainUserId: ref('main_user_id'),
    /** argon2id hash of the customer's default password; new users of the customer may start with it */
    defaultPassword: varchar('default_password', { length: 200 }).notNull().default(''),
    status: char('status', { length: 1 }).notNull().default('0'),
    delFlag: char('del_flag', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_client_code_uq').on(t.code).where(sql`${t.delFlag} = '0'`)],
);

/**
 * Subsystems a customer may enter: the ones chosen for it (explicit) plus the ones its active
 * subscriptions' packages grant (explicit = false, kept in step by the entitlement sync).
 */
export const sysClientSystem = pgTable(
  'sys_client_system',
  {
    clientId: ref('client_id').notNull(),
    systemId: integer('system_id').notNull(),
    explicit: boolean('explicit').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.systemId] })],
);

/**
 * Menus of a customer: its roles can never exceed them. Explicit rows were selected for it; the
 * others come with the subsystems of its active subscriptions.
 */
export const sysClientMenu = pgTable(
  'sys_client_menu',
  {
    clientId: ref('client_id').notNull(),
    menuId: ref('menu_id').notNull(),
    explicit: boolean('explicit').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.menuId] })],
);
