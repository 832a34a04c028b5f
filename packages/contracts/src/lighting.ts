import { z } from 'zod';
import {
  COMMAND_ACTION_CODES,
  CONNECT_MODES,
  DEVICE_TYPE_CODES,
  DIRECTIVE_SCHEMES,
  PHASES,
  RTU_PROTOCOLS,
  TERMINAL_CONNECTIONS,
} from './enums.ts';
import { commandCast } from './protocol-group.ts';
import { heldSchedules } from './protocol-schedule.ts';
import { LIGHTING } from './things/index.ts';
import { CHANNEL_MAX, CHANNEL_MIN, DIM_MAX, DIM_MIN, PANID_MAX, PANID_MIN } from './things/lighting.ts';
import { idNumber, optionalText, rule, text } from './validation.ts';

/* ================================================================ rules shared by server, web and simulator */

/** Mesh channel and PANID bounds and the dimming range: the lighting family's (things/lighting.ts). */
export { CHANNEL_MAX, CHANNEL_MIN, DIM_MAX, DIM_MIN, PANID_MAX, PANID_MIN };
/** Non-direct terminals hold at most this many tags; direct ones are unlimited. */
export const NON_DIRECT_TAG_LIMIT = 2;
/** Lamp heads an RTU may carry when its model names no limit. */
export const DEFAULT_LAMP_HEAD_LIMIT = 2;
/** Address spaces inside one distribution box. */
export const METER_ADDRESS_MAX = 32;
export const SWITCH_MODULE_ADDRESS_MAX = 8;
/** An 8DIDO module gives 8 DI and 8 DO. */
export const SWITCH_MODULE_IO = 8;

type DeviceType = DEVICE_TYPE_CODES;

/** What the registry asks of a lighting device type, read from the thing model (things/lighting.ts). */
export {
  ACTION_PERMISSION,
  ALLOWED_PARENTS,
  COUNTED_DEVICE_TYPES,
  IMPORT_TYPES,
  MESH_TYPES,
  permResource,
  SESSION_TYPES,
  TERMINAL_TYPES,
} from './things/lighting.ts';

/** Actions the protocol carries: the control actions and configuration issue (one list, with its dictionary, in enums). */
export const PROTOCOL_ACTIONS = COMMAND_ACTION_CODES;
export type CommandAction = Exclude<COMMAND_ACTION_CODES, 'config' | 'schedule'>;
/** The control actions an operator sends: every protocol action but configuration and schedule issue. */
export const COMMAND_ACTIONS = PROTOCOL_ACTIONS.filter(
  (action): action is CommandAction => action !== 'config' && action !== 'schedule',
) as [CommandAction, ...CommandAction[]];

export const FINAL_COMMAND_STATES = ['SUCCESS', 'FAILED', 'TIMEOUT', 'EXPIRED', 'CANCELED'] as const;

/* ================================================================ HTTP payloads */

const id = idNumber;
const optionalId = () => z.union([id(), z.literal('').transform(() => undefined), z.null()]).optional();
const lng = () =>
  z.coerce
    .number({ error: rule('valid.type') })
    .min(-180, { error: rule('valid.range', { min: -180, max: 180 }) })
    .max(180, { error: rule('valid.range', { min: -180, max: 180 }) });
const lat = () =>
  z.coerce
    .number({ error: rule('valid.type') })
    .min(-90, { error: rule('valid.range', { min: -90, max: 90 }) })
    .max(90, { error: rule('valid.range', { min: -90, max: 90 }) });

export const channelField = () =>
  z.coerce
    .number({ error: rule('valid.channel') })
    .int({ error: rule('valid.channel') })
    .min(CHANNEL_MIN, { error: rule('valid.channel') })
    .max(CHANNEL_MAX, { error: rule('valid.channel') });

export const panidField = () =>
  z.coerce
    .number({ error: rule('valid.panid') })
    .int({ error: rule('valid.panid') })
    .min(PANID_MIN, { error: rule('valid.panid') })
    .max(PANID_MAX, { error: rule('valid.panid') });

/** UIDs are what devices call themselves on the wire: letters, digits, '-', '_', ':' and '.'. */
export const uidField = () =>
  text(1, 64).regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, { error: rule('lighting.uid.format') });

export const deviceModelBody = z.object({
  modelId: id().optional(),
  name: text(2, 40),
  deviceType: z.enum(DEVICE_TYPE_CODES, { error: rule('valid.enum') }),
  commType: z.coerce
    .number({ error: rule('valid.enum') })
    .int({ error: rule('valid.enum') })
    .min(1, { error: rule('valid.enum') })
    .max(10, { error: rule('valid.enum') }),
  directiveScheme: z
    .enum(DIRECTIVE_SCHEMES, { error: rule('valid.enum') })
    .optional()
    .nullable(),
  connectMode: z
    .enum(CONNECT_MODES, { error: rule('valid.enum') })
    .optional()
    .nullable(),
  rtuProtocol: z
    .enum(RTU_PROTOCOLS, { error: rule('valid.enum') })
    .optional()
    .nullable(),
  /** RTU only: how many lamp heads it drives at most */
  lampHeadLimit: z.coerce
    .number({ error: rule('valid.type') })
    .int()
    .min(1, { error: rule('valid.range', { min: 1, max: 16 }) })
    .max(16, { error: rule('valid.range', { min: 1, max: 16 }) })
    .optional()
    .nullable(),
  /** METER: 1 or 4 channels; SWITCH_MODULE: 8 */
  channelCount: z.coerce
    .number({ error: rule('valid.type') })
    .int()
    .refine((n) => [1, 4, 8].includes(n), { error: rule('valid.enum') })
    .optional()
    .nullable(),
  manufacturer: optionalText(60),
  remark: optionalText(500),
});
export type DeviceModelBody = z.infer<typeof deviceModelBody>;

export const deviceBody = z.object({
  deviceId: id().optional(),
  projectId: id(),
  uid: uidField(),
  name: text(1, 64),
  deviceType: z.enum(DEVICE_TYPE_CODES, { error: rule('valid.enum') }),
  modelId: optionalId(),
  parentId: optionalId(),
  poleId: optionalId(),
  locationId: optionalId(),
  /** create a distribution-cabinet location named after the box (boxes only) */
  createLocation: z.boolean().optional(),
  connection: z.enum(TERMINAL_CONNECTIONS, { error: rule('valid.enum') }).optional(),
  longitude: lng().optional().nullable(),
  latitude: lat().optional().nullable(),
  channel: channelField().optional().nullable(),
  panid: panidField().optional().nullable(),
  phase: z
    .enum(PHASES, { error: rule('valid.enum') })
    .optional()
    .nullable(),
  currentRatio: z.coerce
    .number({ error: rule('valid.type') })
    .positive()
    .max(10000)
    .optional()
    .nullable(),
  /** BRANCH / BREAKER: the switch module and its DO that drives the contactor */
  switchModuleId: optionalId(),
  doIndex: z.coerce
    .number({ error: rule('valid.type') })
    .int()
    .min(1, { error: rule('valid.range', { min: 1, max: SWITCH_MODULE_IO }) })
    .max(SWITCH_MODULE_IO, { error: rule('valid.range', { min: 1, max: SWITCH_MODULE_IO }) })
    .optional()
    .nullable(),
  /** BRANCH / LOOP: the meter (channel) that measures it */
  meterId: optionalId(),
  /** METER / SWITCH_MODULE: address inside the box; the first free one when absent */
  address: z.coerce
    .number({ error: rule('valid.type') })
    .int()
    .min(1)
    .max(255)
    .optional()
    .nullable(),
  tagIds: z.array(id()).max(100).optional(),
  /** PUT only: a model change clears the configuration and must be confirmed */
  confirmModelChange: z.boolean().optional(),
  sort: z.coerce.number().int().min(0).max(99999).optional(),
  remark: optionalText(500),
});
export type DeviceBody = z.infer<typeof deviceBody>;

export const controlBody = z
  .object({
    action: z.enum(COMMAND_ACTIONS, { error: rule('valid.enum') }),
    deviceIds: z.array(id()).max(100_000).optional(),
    groupId: id().optional(),
    /** LIGHT_DIMMING: 0–100 % */
    value: z.coerce
      .number({ error: rule('valid.type') })
      .int()
      .min(DIM_MIN, { error: rule('valid.range', { min: DIM_MIN, max: DIM_MAX }) })
      .max(DIM_MAX, { error: rule('valid.range', { min: DIM_MIN, max: DIM_MAX }) })
      .optional(),
    operatePwd: z.string().max(64).optional(),
    /** minutes a command to an offline device is kept before it expires */
    ttlMinutes: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .optional(),
  })
  .refine((v) => v.action !== 'LIGHT_DIMMING' || v.value !== undefined, {
    path: ['value'],
    error: rule('valid.required'),
  });
export type ControlBody = z.infer<typeof controlBody>;

/* ================================================================ device protocol (MQTT, JSON payloads) */

/** Default topic root; versioned below it: {root}/v1/{projectId}/{uid}/up/{kind} and …/down/command. */
export const TOPIC_ROOT = 'luxgrid';
export const PROTOCOL_VERSION = 'v1';
export const UP_KINDS = ['hello', 'heartbeat', 'telemetry', 'event', 'ack', 'result'] as const;
export type UpKind = (typeof UP_KINDS)[number];

export const upTopic = (root: string, projectId: number | string, uid: string, kind: UpKind) =>
  `${root}/${PROTOCOL_VERSION}/${projectId}/${uid}/up/${kind}`;
export const downTopic = (root: string, projectId: number | string, uid: string) =>
  `${root}/${PROTOCOL_VERSION}/${projectId}/${uid}/down/command`;
/**
 * The MQTT user name of a session device: `{projectId}-{uid}`. One topic level, without '/', '+',
 * '#' or '@', so that brokers' %u/%c and ${username} substitutions and user:password@host URLs take
 * it as it is; the project id is digits and ends at the first '-'.
 */
export const mqttUserName = (projectId: number | string, uid: string) => `${projectId}-${uid}`;

/**
 * The device a user name names: `{projectId}-{uid}`, or the former `{projectId}/{uid}` when
 * `legacy` (accepted by the embedded broker only); null for any other name.
 */
export function parseMqttUserName(name: string, legacy = false): { projectId: number; uid: string } | null {
  const match = (legacy ? /^([1-9][0-9]{0,15})[-/](.+)$/ : /^([1-9][0-9]{0,15})-(.+)$/).exec(name);
  if (!match) return null;
  const projectId = Number(match[1]);
  const uid = match[2]!;
  if (!Number.isSafeInteger(projectId) || uid.length > 64 || !/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/.test(uid)) return null;
  return { projectId, uid };
}

/** The largest device message the platform takes (MQTT payload); a larger one is dropped and counted. */
export const MAX_PAYLOAD_BYTES = 256 * 1024;
/**
 * Every `ts` of the protocol is epoch milliseconds. A number below this one (2001-09-09 in
 * milliseconds, year 33658 in seconds) is a time in seconds: the message is refused and counted.
 */
export const MIN_TS_MS = 1_000_000_000_000;
export const tsIsMillis = (ts: number) => ts >= MIN_TS_MS;

const wireUid = z.string().min(1).max(64);
const wireTs = z.number().int().positive().optional();
/** Numeric readings by name; see TELEMETRY_FIELDS for the names the platform understands. */
const readings = z.record(z.string().max(40), z.union([z.number(), z.boolean(), z.string().max(40), z.null()]));

/** Readings a device may report, by device type (the family's telemetry fields; types without readings left out). */
export const TELEMETRY_FIELDS = Object.fromEntries(
  LIGHTING.types.filter((type) => type.telemetry.length).map((type) => [type.code, type.telemetry.map((f) => f.key)]),
) as Partial<Record<DeviceType, readonly string[]>>;

export const helloMessage = z.object({
  ts: wireTs,
  firmware: z.string().max(40).optional(),
  model: z.string().max(40).optional(),
  /** children the concentrator can reach; they are marked online with it */
  children: z.array(wireUid).max(5000).optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  /** the schedules the controller holds (protocol-schedule.ts); an empty list: it holds none */
  schedules: heldSchedules.optional(),
});
export const heartbeatMessage = z.object({
  ts: wireTs,
  /** children still reachable behind a concentrator */
  children: z.array(wireUid).max(5000).optional(),
});
const telemetryItem = z.object({ uid: wireUid.optional(), ts: wireTs, values: readings });
export const telemetryMessage = z.union([telemetryItem, z.object({ items: z.array(telemetryItem).min(1).max(5000) })]);
export const eventMessage = z.object({
  uid: wireUid.optional(),
  ts: wireTs,
  /** an alarm configuration type (RtuTilt, LampFault …) or FAULT / RECOVER / POWER_UP */
  type: z.string().min(1).max(40),
  level: z.enum(['dangerous', 'serious', 'urgent', 'ordinary']).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
const ackItem = z.object({ id: z.string().min(1).max(64) });
export const ackMessage = z.union([ackItem, z.object({ items: z.array(ackItem).min(1).max(5000) })]);
/** A device's answer to a command: SUCCESS, FAILED with a reason code, or CANCELED confirming a cancel message. */
export const RESULT_STATUSES = ['SUCCESS', 'FAILED', 'CANCELED'] as const;
const resultItem = z.object({
  id: z.string().min(1).max(64),
  status: z.enum(RESULT_STATUSES),
  data: z.record(z.string(), z.unknown()).optional(),
  error: z.string().max(200).optional(),
});
export const resultMessage = z.union([resultItem, z.object({ items: z.array(resultItem).min(1).max(5000) })]);

/** What the platform sends down to a session: one message may carry commands for many children. */
export const commandMessage = z.object({
  action: z.enum(PROTOCOL_ACTIONS),
  value: z.number().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  ts: z.number().int(),
  expiresAt: z.number().int(),
  /** group commands: the lamps are reached by group number or short addresses (protocol-group.ts) */
  cast: commandCast.optional(),
  commands: z.array(z.object({ id: z.string(), uid: wireUid })).min(1),
});
export type CommandMessage = z.infer<typeof commandMessage>;

/**
 * What the platform sends down when an operator cancels commands the session has already taken:
 * the device drops them if it still can and answers each with a result `CANCELED`, or with the
 * result of having carried it out.
 */
export const cancelMessage = z.object({
  action: z.literal('cancel'),
  ts: z.number().int(),
  commands: z.array(z.object({ id: z.string(), uid: wireUid })).min(1),
});
export type CancelMessage = z.infer<typeof cancelMessage>;

export type TelemetryItem = z.infer<typeof telemetryItem>;
export type ResultItem = z.infer<typeof resultItem>;

/** The device type that is one lamp (see COUNTED_DEVICE_TYPES). */
export const LAMP_DEVICE_TYPE = 'RTU' satisfies DEVICE_TYPE_CODES;

/* ---------------------------------------------------------------- registry: tags, groups, location points, servers */

export const tagBody = z.object({
  tagId: z.coerce.number().int().positive().optional(),
  projectId: z.coerce.number().int().positive(),
  name: text(1, 40),
  color: optionalText(20),
  remark: optionalText(500),
});
export type TagBody = z.infer<typeof tagBody>;

export const groupBody = z.object({
  groupId: z.coerce.number().int().positive().optional(),
  projectId: z.coerce.number().int().positive(),
  name: text(1, 40),
  groupNo: z.coerce.number().int().min(0).max(65535).optional().nullable(),
  remark: optionalText(500),
});
export type GroupBody = z.infer<typeof groupBody>;

export const LOCATION_KINDS = ['CABINET', 'POLE', 'OTHER'] as const;

export const locationBody = z.object({
  locationId: z.coerce.number().int().positive().optional(),
  projectId: z.coerce.number().int().positive(),
  name: text(1, 64),
  kind: z.enum(LOCATION_KINDS, { error: rule('valid.enum') }).default('OTHER'),
  longitude: z.coerce.number().min(-180).max(180).optional().nullable(),
  latitude: z.coerce.number().min(-90).max(90).optional().nullable(),
  address: optionalText(200),
  remark: optionalText(500),
});
export type LocationBody = z.infer<typeof locationBody>;

/** How devices reach a device server (MQTT broker): plain or TLS, over TCP or WebSocket. */
export const SERVER_PROTOCOLS = ['mqtt', 'mqtts', 'ws', 'wss'] as const;

export const serverBody = z.object({
  serverId: z.coerce.number().int().positive().optional(),
  name: text(1, 40),
  protocol: z.enum(SERVER_PROTOCOLS, { error: rule('valid.enum') }).default('mqtt'),
  host: text(1, 255).regex(/^[A-Za-z0-9.-]+$/, { error: rule('valid.type') }),
  port: z.coerce
    .number({ error: rule('valid.type') })
    .int()
    .min(1, { error: rule('valid.range', { min: 1, max: 65535 }) })
    .max(65535, { error: rule('valid.range', { min: 1, max: 65535 }) }),
  enabled: z.boolean().default(true),
  /** platform administrators may share a server with every customer */
  shared: z.boolean().optional(),
  remark: optionalText(500),
});
export type ServerBody = z.infer<typeof serverBody>;
