import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, id, ref } from '../../../db/columns.ts';

/** A device model of a customer: type, communication, directive scheme and the limits its devices obey. */
export const ltDeviceModel = pgTable(
  'lt_device_model',
  {
    modelId: id('model_id'),
    clientId: ref('client_id').notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    deviceType: varchar('device_type', { length: 20 }).notNull(),
    commType: smallint('comm_type').notNull(),
    directiveScheme: varchar('directive_scheme', { length: 20 }),
    connectMode: varchar('connect_mode', { length: 20 }),
    rtuProtocol: varchar('rtu_protocol', { length: 20 }),
    lampHeadLimit: smallint('lamp_head_limit'),
    channelCount: smallint('channel_count'),
    manufacturer: varchar('manufacturer', { length: 60 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('lt_device_model_name_uq').on(t.clientId, t.name),
    index('lt_device_model_type_idx').on(t.clientId, t.deviceType),
  ],
);

/**
 * Every device of the topology in one table (boxes, concentrators, branches, terminals, lamp heads,
 * meters, switch modules, breakers, poles, light sensors): one tree, one scope, one set of indexes.
 */
export const ltDevice = pgTable(
  'lt_device',
  {
    deviceId: id('device_id'),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    uid: varchar('uid', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    deviceType: varchar('device_type', { length: 20 }).notNull(),
    modelId: ref('model_id'),
    parentId: ref('parent_id'),
    /** the session device (concentrator, box, or itself when direct) whose MQTT connection carries this one */
    gatewayId: ref('gateway_id'),
    poleId: ref('pole_id'),
    locationId: ref('location_id'),
    /** terminals: DIRECT or NON_DIRECT; null for other types */
    connection: varchar('connection', { length: 12 }),
    commType: smallint('comm_type'),
    /** WGS-84; null = not located */
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    channel: smallint('channel'),
    panid: integer('panid'),
    phase: varchar('phase', { length: 1 }),
    currentRatio: doublePrecision('current_ratio'),
    switchModuleId: ref('switch_module_id'),
    doIndex: smallint('do_index'),
    address: smallint('address'),
    /** BRANCH / LOOP: the meter (channel) that measures it */
    meterId: ref('meter_id'),
    /** non-direct terminals only: UNCONFIGURED, CONFIGURING, CONFIGURED, FAILED */
    configState: varchar('config_state', { length: 12 }),
    /** configuration the device last reported or accepted */
    config: jsonb('config'),
    /** INIT (never heard from), ON, OFF — changed only on transitions */
    commState: varchar('comm_state', { length: 4 }).notNull().default('INIT'),
    /** sha256 of salt + secret for session devices; the secret is shown once */
    secretHash: varchar('secret_hash', { length: 120 }),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('lt_device_uid_uq').on(t.clientId, t.uid),
    index('lt_device_project_idx').on(t.projectId, t.deviceId),
    index('lt_device_project_type_idx').on(t.projectId, t.deviceType, t.deviceId),
    index('lt_device_project_state_idx').on(t.projectId, t.commState, t.deviceId),
    index('lt_device_client_idx').on(t.clientId, t.deviceId),
    index('lt_device_parent_idx').on(t.parentId, t.deviceType),
    index('lt_device_gateway_idx').on(t.gatewayId),
    index('lt_device_pole_idx').on(t.poleId),
    index('lt_device_location_idx').on(t.locationId),
    index('lt_device_model_idx').on(t.modelId),
    index('lt_device_switch_module_idx').on(t.switchModuleId),
    index('lt_device_meter_idx').on(t.meterId),
    index('lt_device_uid_prefix_idx').on(t.projectId, t.uid.op('text_pattern_ops')),
    index('lt_device_name_prefix_idx').on(t.projectId, t.name.op('text_pattern_ops')),
  ],
);

export const ltTag = pgTable(
  'lt_tag',
  {
    tagId: id('tag_id'),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    color: varchar('color', { length: 20 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('lt_tag_name_uq').on(t.projectId, t.name), index('lt_tag_client_idx').on(t.clientId)],
);

export const ltDeviceTag = pgTable(
  'lt_device_tag',
  {
    tagId: ref('tag_id').notNull(),
    deviceId: ref('device_id').notNull(),
    clientId: ref('client_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.deviceId] }), index('lt_device_tag_device_idx').on(t.deviceId)],
);

export const ltGroup = pgTable(
  'lt_group',
  {
    groupId: id('group_id'),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    /** RTU GROUPCAST group number, when the group maps onto one */
    groupNo: integer('group_no'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('lt_group_name_uq').on(t.projectId, t.name), index('lt_group_client_idx').on(t.clientId)],
);

export const ltGroupMember = pgTable(
  'lt_group_member',
  {
    groupId: ref('group_id').notNull(),
    deviceId: ref('device_id').notNull(),
    clientId: ref('client_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.deviceId] }), index('lt_group_member_device_idx').on(t.deviceId)],
);

/** A location point: a distribution cabinet site, a pole site or another place devices sit at. */
export const ltLocation = pgTable(
  'lt_location',
  {
    locationId: id('location_id'),
    clientId: ref('client_id').notNull(),
    projectId: ref('project_id').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** CABINET (distribution cabinet), POLE, OTHER */
    kind: varchar('kind', { length: 10 }).notNull().default('OTHER'),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    address: varchar('address', { length: 200 }).notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    index('lt_location_project_idx').on(t.projectId, t.kind, t.name),
    index('lt_location_client_idx').on(t.clientId),
  ],
);

/** An MQTT endpoint devices connect to; client_id null = shared by every customer. */
export const ltServer = pgTable(
  'lt_server',
  {
    serverId: id('server_id'),
    clientId: ref('client_id'),
    name: varchar('name', { length: 40 }).notNull(),
    protocol: varchar('protocol', { length: 10 }).notNull().default('mqtt'),
    host: varchar('host', { length: 255 }).notNull(),
    port: integer('port').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns(),
  },
  (t) => [index('lt_server_client_idx').on(t.clientId)],
);
