import { integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { ref, ts } from '../../../db/columns.ts';

/**
 * A customer's wall-screen settings: title, logo, the panels shown and how often the figures the
 * socket does not push are read again. One row per customer; client_id 0 holds the platform's own.
 */
export const bizDashboardSetting = pgTable('biz_dashboard_setting', {
  clientId: ref('client_id').primaryKey(),
  title: varchar('title', { length: 40 }).notNull(),
  logo: varchar('logo', { length: 255 }).notNull().default(''),
  panels: jsonb('panels').notNull(),
  refreshSeconds: integer('refresh_seconds').notNull(),
  updateBy: varchar('update_by', { length: 64 }).notNull().default(''),
  updateTime: ts('update_time'),
});
