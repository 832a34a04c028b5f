import type { LightSensor, StrategyEntry, StrategyTargets, VirtualBand } from '@luxgrid/contracts';
import { date, index, jsonb, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref } from '../../../db/columns.ts';

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
