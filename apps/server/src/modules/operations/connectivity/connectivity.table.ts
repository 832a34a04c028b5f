import { integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { ref, ts } from '../../../db/columns.ts';

/**
 * Device connectivity over time: every 10 minutes one row per project and connection type
 * (DIRECT: the device holds its own session; NON_DIRECT: carried by a concentrator or box) with
 * the communicating devices and those online, the home page's rule.
 */
export const opsConnectivitySample = pgTable(
  'ops_connectivity_sample',
  {
    projectId: ref('project_id').notNull(),
    ts: ts('ts').notNull(),
    connection: varchar('connection', { length: 12 }).notNull(),
    clientId: ref('client_id').notNull(),
    devices: integer('devices').notNull(),
    online: integer('online').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.ts, t.connection] })],
);
