import { char, index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref, ts } from '../../db/columns.ts';

export const sysJob = pgTable(
  'sys_job',
  {
    jobId: id('job_id'),
    jobName: varchar('job_name', { length: 64 }).notNull(),
    jobGroup: varchar('job_group', { length: 64 }).notNull().default('DEFAULT'),
    /** name of a registered job handler plus JSON arguments — never code to evaluate */
    invokeTarget: varchar('invoke_target', { length: 500 }).notNull(),
    cronExpression: varchar('cron_expression', { length: 255 }).notNull(),
    /** 0 default, 1 run immediately, 2 run once, 3 do nothing */
    misfirePolicy: char('misfire_policy', { length: 1 }).notNull().default('3'),
    /** '0' concurrent allowed, '1' forbidden */
    concurrent: char('concurrent', { length: 1 }).notNull().default('1'),
    status: char('status', { length: 1 }).notNull().default('0'),
    /** the due time that the next claim must match; null while paused */
    nextFireTime: ts('next_fire_time'),
    lastFireTime: ts('last_fire_time'),
    /** process and run holding a non-concurrent job while it runs; the lease expires if that process dies */
    leaseOwner: varchar('lease_owner', { length: 100 }),
    leaseUntil: ts('lease_until'),
    ...auditColumns(),
  },
  (t) => [index('sys_job_due_idx').on(t.status, t.nextFireTime)],
);

export const sysJobLog = pgTable(
  'sys_job_log',
  {
    jobLogId: id('job_log_id'),
    jobId: ref('job_id').notNull(),
    jobName: varchar('job_name', { length: 64 }).notNull(),
    jobGroup: varchar('job_group', { length: 64 }).notNull(),
    invokeTarget: varchar('invoke_target', { length: 500 }).notNull(),
    jobMessage: varchar('job_message', { length: 500 }).notNull().default(''),
    status: char('status', { length: 1 }).notNull().default('0'),
    exceptionInfo: text('exception_info').notNull().default(''),
    /** 'cron' on schedule, 'misfire' late after downtime, 'manual' run once */
    triggerType: varchar('trigger_type', { length: 10 }).notNull().default('cron'),
    /** the scheduled time this run answered; null for manual runs */
    fireTime: ts('fire_time'),
    /** the server process that ran it */
    node: varchar('node', { length: 100 }).notNull().default(''),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('sys_job_log_job_idx').on(t.jobId, t.startTime)],
);
