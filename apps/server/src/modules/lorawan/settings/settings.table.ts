import { boolean, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, ref } from '../../../db/columns.ts';

/**
 * How a LoRaWAN project reaches its lamp controllers: the MQTT broker of its ChirpStack network
 * server and the ChirpStack application that holds the project's devices (one row per project).
 * The band plan is the project's own `band_standard`.
 */
export const lwSettings = pgTable(
  'lw_settings',
  {
    projectId: ref('project_id').primaryKey(),
    clientId: ref('client_id').notNull(),
    brokerUrl: varchar('broker_url', { length: 200 }).notNull(),
    /** ChirpStack v4 application id (UUID, lower case) */
    applicationId: varchar('application_id', { length: 36 }).notNull(),
    mqttUsername: varchar('mqtt_username', { length: 64 }).notNull().default(''),
    /** the broker needs it in clear to connect; never answered, masked in the operation log */
    mqttPassword: varchar('mqtt_password', { length: 128 }).notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns(),
  },
  // one project per ChirpStack application on a broker: two would take each other's devices
  (t) => [uniqueIndex('lw_settings_application_uq').on(t.brokerUrl, t.applicationId)],
);
