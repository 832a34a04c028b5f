import { sql } from 'drizzle-orm';
import { char, doublePrecision, index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref } from '../../../db/columns.ts';

/** A project: a city district or road network of one customer. */
export const bizProject = pgTable(
  'biz_project',
  {
    projectId: id('project_id'),
    clientId: ref('client_id').notNull(),
    code: varchar('code', { length: 40 }).notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    shortName: varchar('short_name', { length: 40 }).notNull().default(''),
    city: varchar('city', { length: 40 }).notNull().default(''),
    address: varchar('address', { length: 100 }).notNull().default(''),
    /** WGS-84 */
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    contacts: varchar('contacts', { length: 40 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    mapType: varchar('map_type', { length: 20 }).notNull().default('gaode'),
    language: varchar('language', { length: 10 }).notNull().default('zh-CN'),
    /** UTC offset in hours as the spec lists it: '+0'…'+12', '-1'…'-12' */
    timeZone: varchar('time_zone', { length: 4 }).notNull().default('+8'),
    /** IANA zone for DST-correct local times, e.g. 'Asia/Shanghai' */
    ianaTimeZone: varchar('iana_time_zone', { length: 64 }).notNull().default('Asia/Shanghai'),
    operate: varchar('operate', { length: 20 }).notNull().default(''),
    /** argon2id hash of the operation password; empty = none */
    operatePwd: varchar('operate_pwd', { length: 200 }).notNull().default(''),
    commType: varchar('comm_type', { length: 20 }).notNull().default(''),
    bandStandard: varchar('band_standard', { length: 20 }).notNull().default(''),
    status: char('status', { length: 1 }).notNull().default('0'),
    delFlag: char('del_flag', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [
    index('biz_project_client_idx').on(t.clientId),
    uniqueIndex('biz_project_code_uq').on(t.clientId, t.code).where(sql`${t.delFlag} = '0'`),
  ],
);
