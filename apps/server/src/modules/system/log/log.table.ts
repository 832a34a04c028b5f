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
    index('sys_logininfor_client_idx').on(t.clientId, t.loginTime),
  ],
);

/** Every platform → device call (spec §3 device log): who, from where, what was sent and answered, how long. */
export const sysDeviceLog = pgTable(
  'sys_device_log',
  {
    logId: id('log_id'),
    clientId: ref('client_id'),
    projectId: ref('project_id'),
    deviceId: ref('device_id'),
    deviceUid: varchar('device_uid', { length: 64 }).notNull().default(''),
    deviceName: varchar('device_name', { length: 100 }).notNull().default(''),
    /** what was asked of the device: LIGHT_ON, LIGHT_DIMMING, calling, restart … */
    action: varchar('action', { length: 40 }).notNull().default(''),
    operName: varchar('oper_name', { length: 50 }).notNull().default(''),
    requestIp: varchar('request_ip', { length: 128 }).notNull().default(''),
    /** MQTT topic or HTTP method + path */
    method: varchar('method', { length: 255 }).notNull().default(''),
    headers: text('headers').notNull().default(''),
    request: text('request').notNull().default(''),
    response: text('response').notNull().default(''),
    /** 0 success, 1 fail, 2 pending */
    status: integer('status').notNull().default(2),
    consumeTime: integer('consume_time'),
    /** calls issued together (a group command) share a batch id; batchCount is their number */
    batchId: varchar('batch_id', { length: 64 }).notNull().default(''),
    batchCount: integer('batch_count').notNull().default(1),
    createTime: ts('create_time').notNull().defaultNow(),
    finishTime: ts('finish_time'),
  },
  (t) => [
    index('sys_device_log_client_idx').on(t.clientId, t.createTime),
    index('sys_device_log_project_idx').on(t.projectId, t.createTime),
    index('sys_device_log_device_idx').on(t.deviceId, t.createTime),
    index('sys_device_log_batch_idx').on(t.batchId),
  ],
);
