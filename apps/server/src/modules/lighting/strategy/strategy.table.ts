import type { LightSensor, ScheduleParams, StrategyEntry, StrategyTargets, VirtualBand } from '@luxgrid/contracts';
import { date, index, jsonb, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref, ts } from '../../../db/columns.ts';

/**
 * A lighting strategy of a project: validity, week days, ordered entries (trigger and action), an
 * optional light-sensor trigger, the polar rules, its targets and whether it has been issued.
 */
export const ltStrategy = pgTable(
  'lt_strategy',
  {
    strategyId: id('strategy_id'),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** WEEK_DAYS names, Sunday first */
    weekDays: jsonb('week_days').$type<string[]>().notNull(),
    /** in the order the operator gave them */
    entries: jsonb('entries').$type<StrategyEntry[]>().notNull(),
    sensor: jsonb('sensor').$type<LightSensor | null>(),
    polarDay: varchar('polar_day', { length: 10 }).notNull().default('STAY_OFF'),
    polarNight: varchar('polar_night', { length: 10 }).notNull().default('STAY_ON'),
    /** overlapping strategies on one lamp: the higher priority wins, then the one saved last */
    priority: smallint('priority').notNull().default(0),
    targets: jsonb('targets').$type<StrategyTargets>().notNull(),
    /** UN_PUSH until issued to its controllers; any change sets it back */
    issueState: varchar('issue_state', { length: 10 }).notNull().default('UN_PUSH'),
    status: varchar('status', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('lt_strategy_name_uq').on(t.projectId, t.name), index('lt_strategy_client_idx').on(t.clientId)],
);

/** A virtual dimming plan: each lamp's power capped at a share of its nominal power per time band. */
export const ltVirtualDimming = pgTable(
  'lt_virtual_dimming',
  {
    planId: id('plan_id'),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    weekDays: jsonb('week_days').$type<string[]>().notNull(),
    bands: jsonb('bands').$type<VirtualBand[]>().notNull(),
    targets: jsonb('targets').$type<StrategyTargets>().notNull(),
    issueState: varchar('issue_state', { length: 10 }).notNull().default('UN_PUSH'),
    status: varchar('status', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('lt_virtual_dimming_name_uq').on(t.projectId, t.name),
    index('lt_virtual_dimming_client_idx').on(t.clientId),
  ],
);

/**
 * One controller's copy of a strategy or virtual dimming plan (kind STRATEGY / DIMMING): the
 * schedule version the platform expects it to hold, the version it last reported (hello or the
 * download's result), and the issue state UN_PUSH → PUSHED | FAILED with the reason and times.
 * Controllers that cannot hold a schedule (runner PLATFORM) are run by the platform's scheduler.
 */
export const ltScheduleIssue = pgTable(
  'lt_schedule_issue',
  {
    issueId: id('issue_id'),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    planId: ref('plan_id').notNull(),
    /** the session device (concentrator, box, direct lamp controller) that holds or is sent the schedule */
    deviceId: ref('device_id').notNull(),
    runner: varchar('runner', { length: 10 }).notNull(),
    version: varchar('version', { length: 40 }).notNull(),
    /** the schedule as downloaded (protocol-schedule.ts ScheduleParams) */
    schedule: jsonb('schedule').$type<ScheduleParams>().notNull(),
    heldVersion: varchar('held_version', { length: 40 }),
    heldTime: ts('held_time'),
    state: varchar('state', { length: 10 }).notNull().default('UN_PUSH'),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    commandId: varchar('command_id', { length: 64 }),
    issueBy: varchar('issue_by', { length: 64 }).notNull().default(''),
    issueTime: ts('issue_time').notNull(),
    pushTime: ts('push_time'),
  },
  (t) => [
    uniqueIndex('lt_schedule_issue_uq').on(t.kind, t.planId, t.deviceId),
    index('lt_schedule_issue_device_idx').on(t.deviceId),
    index('lt_schedule_issue_command_idx').on(t.commandId),
  ],
);

/**
 * Steps of platform-run schedules already sent: one row per controller, schedule and due minute.
 * The key makes a step fire once however many server processes see it due.
 */
export const ltScheduleRun = pgTable(
  'lt_schedule_run',
  {
    runKey: varchar('run_key', { length: 120 }).primaryKey(),
    issueId: ref('issue_id').notNull(),
    dueTime: ts('due_time').notNull(),
    firedTime: ts('fired_time').notNull(),
    batchId: varchar('batch_id', { length: 64 }),
  },
  (t) => [index('lt_schedule_run_due_idx').on(t.dueTime)],
);
