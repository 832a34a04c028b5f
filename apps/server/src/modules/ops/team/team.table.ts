import { index, jsonb, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, id, ref } from '../../../db/columns.ts';

/** Maintenance teams of a customer: skills, the projects they cover (none listed = all), status. */
export const opsTeam = pgTable(
  'ops_team',
  {
    teamId: id('team_id'),
    clientId: ref('client_id').notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    leaderId: ref('leader_id'),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    skills: jsonb('skills').$type<string[]>().notNull().default([]),
    projectIds: jsonb('project_ids').$type<number[]>().notNull().default([]),
    status: varchar('status', { length: 1 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('ops_team_name_uq').on(t.clientId, t.name)],
);

/** A team's members and their on-duty roster: weekdays and hours. */
export const opsTeamMember = pgTable(
  'ops_team_member',
  {
    teamId: ref('team_id').notNull(),
    userId: ref('user_id').notNull(),
    clientId: ref('client_id').notNull(),
    /** ISO weekdays, '1,2,3,4,5' */
    dutyDays: varchar('duty_days', { length: 13 }).notNull().default('1,2,3,4,5'),
    dutyFrom: varchar('duty_from', { length: 5 }).notNull().default('08:00'),
    dutyTo: varchar('duty_to', { length: 5 }).notNull().default('18:00'),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('ops_team_member_user_idx').on(t.userId)],
);
