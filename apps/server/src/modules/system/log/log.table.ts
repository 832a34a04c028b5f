import { char, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, ref, ts } from '../../../db/columns.ts';

export const sysOperLog = pgTable(
  'sys_oper_log',
  {
    operId: id('oper_id'),
    clientId: ref('client_id'),
    title: varchar('title', { length: 50 }).notNull().default(''),
    /** 0 other, 1 insert, 2 update, 3 delete, 4 grant, 5 export, 6 import, 7 force, 8 gencode, 9 clean */
    businessType: integer('business_type').notNull().default(0),
    method: varchar('method', { length: 200 }).notNull().default(''),
    requestMethod: varchar('request_method', { length: 10 }).notNull().default(''),
    operatorType: integer('operator_type').notNull().default(1),
    operName: varchar('oper_name', { length: 50 }).notNull().default(''),
    deptName: varchar('dept_name', { length: 50 }).notNull().default(''),
    operUrl: varchar('oper_url', { length: 255 }).notNull().default(''),
    operIp: varchar('oper_ip', { length: 128 }).notNull().default(''),
    operLocation: varchar('oper_location', { length: 255 }).notNull().default(''),
    operParam: text('oper_param').notNull().default(''),
    jsonResult: text('json_result').notNull().default(''),
    /** 0 success, 1 fail */
    status: integer('status').notNull().default(0),
    errorMsg: text('error_msg').notNull().default(''),
    operTime: ts('oper_time').notNull().defaultNow(),
    costTime: integer('cost_time').notNull().default(0),
  },
  (t) => [index('sys_oper_log_time_idx').on(t.operTime), index('sys_oper_log_client_idx').on(t.clientId, t.operTime)],
);

export const sysLogininfor = pgTable(
  'sys_logininfor',
  {
    infoId: id('info_id'),
    clientId: ref('client_id'),
    userName: varchar('user_name', { length: 50 }).notNull().default(''),
    ipaddr: varchar('ipaddr', { length: 128 }).notNull().default(''),
    loginLocation: varchar('login_location', { length: 255 }).notNull().default(''),
    browser: varchar('browser', { length: 50 }).notNull().default(''),
    os: varchar('os', { length: 50 }).notNull().default(''),
    /** '0' success, '1' fail */
    status: char('status', { length: 1 }).notNull().default('0'),
    msg: varchar('msg', { length: 255 }).notNull().default(''),
    loginTime: ts('login_time').notNull().defaultNow(),
  },
  (t) => [
    index('sys_logininfor_time_idx').on(t.loginTime),
    index('sys_logininfor_user_idx').on(t.userName, t.loginTime),
  ],
);
