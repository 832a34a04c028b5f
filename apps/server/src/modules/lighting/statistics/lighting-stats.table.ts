import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { ref, ts } from '../../../db/columns.ts';

/**
 * Lighting duration rollup: seconds each lamp (lamp controller) was lit on each local day of its
 * project, added to as its lit periods close (ingest.ts); the reports read it instead of telemetry.
 */
export const ltLightingDay = pgTable(
  'lt_lighting_day',
  {
    deviceId: ref('device_id').notNull(),
    /** the project's local date */
    day: date('day', { mode: 'string' }).notNull(),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    litSeconds: integer('lit_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] }), index('lt_lighting_day_project_idx').on(t.projectId, t.day)],
);

/**
 * The same rollup per project and local day: lit seconds of all its lamps and how many lamps were
 * lit that day, kept with `lt_lighting_day` in one statement, so that a project's chart reads one
 * row per day instead of one per lamp and day.
 */
export const ltLightingProjectDay = pgTable(
  'lt_lighting_project_day',
  {
    projectId: ref('project_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    clientId: ref('client_id').notNull(),
    litSeconds: bigint('lit_seconds', { mode: 'number' }).notNull().default(0),
    lamps: integer('lamps').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.day] }),
    index('lt_lighting_project_day_client_idx').on(t.clientId, t.day),
  ],
);

/**
 * The same rollup per lamp and calendar month of its project's local dates (month = its first day):
 * lit seconds and lit days, kept with `lt_lighting_day` in one statement, so that the by-lamp report
 * reads one row per lamp and whole month and only the days of a month's part in or out of the range.
 */
export const ltLightingLampMonth = pgTable(
  'lt_lighting_lamp_month',
  {
    deviceId: ref('device_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    litSeconds: bigint('lit_seconds', { mode: 'number' }).notNull().default(0),
    days: integer('days').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.month] }),
    index('lt_lighting_lamp_month_project_idx').on(t.projectId, t.month),
  ],
);

/** Each lamp's open lit period: lit since when (null = not lit, or not heard lit since it went offline). */
export const ltLampLit = pgTable(
  'lt_lamp_lit',
  {
    deviceId: ref('device_id').primaryKey(),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    litSince: ts('lit_since'),
  },
  (t) => [
    index('lt_lamp_lit_project_idx').on(t.projectId),
    // the reports add up the open periods only: at daytime almost none of a city's lamps
    index('lt_lamp_lit_open_idx').on(t.projectId).where(sql`lit_since is not null`),
  ],
);

/**
 * One sample per project every 10 minutes: communicating devices and those online (the home page's
 * rule), lamps their strategy wants lit and those of them lit and online.
 */
export const ltLightingSample = pgTable(
  'lt_lighting_sample',
  {
    projectId: ref('project_id').notNull(),
    /** the start of the 10-minute slot */
    ts: ts('ts').notNull(),
    clientId: ref('client_id').notNull(),
    devices: integer('devices').notNull(),
    online: integer('online').notNull(),
    expected: integer('expected').notNull(),
    lit: integer('lit').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.ts] }), index('lt_lighting_sample_client_idx').on(t.clientId, t.ts)],
);
