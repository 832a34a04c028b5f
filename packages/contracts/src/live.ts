import { z } from 'zod';
import { ALARM_KINDS } from './alarm.ts';
import { ALARM_GRADES, ALARM_STATES, COMMAND_LIFECYCLE, COMMUNICATION_STATES, ISSUE_STATES } from './enums.ts';

/*
 * What `/ws` tells a signed-in browser (docs/architecture.md, "The push channel"). Every message is
 * one flat JSON object whose `type` says what it is. The server publishes only `LiveMessage`s and
 * the web reads them through `parseLiveMessage`, so both sides agree on every field.
 */

const id = z.number().int();
/** epoch milliseconds */
const epochMs = z.number();

/** The changed state of one device: what changed only (values are merged over what the viewer has). */
export const liveDeviceState = z.object({
  deviceId: id,
  uid: z.string(),
  deviceType: z.string(),
  commState: z.enum(COMMUNICATION_STATES).optional(),
  ts: epochMs,
  values: z.record(z.string(), z.unknown()).optional(),
});
export type LiveDeviceState = z.infer<typeof liveDeviceState>;

/** One device event (ONLINE, OFFLINE, a fault …) with its grade. */
export const liveDeviceEvent = z.object({
  deviceId: id,
  uid: z.string(),
  eventType: z.string(),
  level: z.string(),
  ts: epochMs,
});
export type LiveDeviceEvent = z.infer<typeof liveDeviceEvent>;

/** One step of a command's lifecycle. */
export const liveCommandUpdate = z.object({
  commandId: z.string(),
  deviceId: id,
  status: z.enum(COMMAND_LIFECYCLE),
  ts: epochMs,
});
export type LiveCommandUpdate = z.infer<typeof liveCommandUpdate>;

/** Sent on connect and after every accepted subscribe: what this viewer now watches (null = all). */
export const welcomeMessage = z.object({
  type: z.literal('welcome'),
  clientId: id.nullable(),
  projectId: id.nullable(),
});

/** A refused subscribe (the project does not exist or is not the viewer's). */
export const liveErrorMessage = z.object({ type: z.literal('error'), msg: z.string() });

/** The answer to {"type":"ping"}. */
export const pongMessage = z.object({ type: z.literal('pong') });

/** Communication state and latest values of devices of one project. */
export const deviceStateMessage = z.object({
  type: z.literal('device.state'),
  clientId: id,
  projectId: id,
  items: z.array(liveDeviceState),
});

/** Events devices of one project reported or the platform noted (went offline, came back). */
export const deviceEventMessage = z.object({
  type: z.literal('device.event'),
  clientId: id,
  projectId: id,
  items: z.array(liveDeviceEvent),
});

/** Commands of one project that moved on in their lifecycle. */
export const commandUpdateMessage = z.object({
  type: z.literal('command.update'),
  clientId: id,
  projectId: id,
  items: z.array(liveCommandUpdate),
});

/** How far one control task has come: its devices per lifecycle state (pushed at most every few hundred ms). */
export const taskProgressMessage = z.object({
  type: z.literal('task.progress'),
  clientId: id,
  projectId: id,
  batchId: z.string(),
  total: z.number().int().nonnegative(),
  counts: z.record(z.enum(COMMAND_LIFECYCLE), z.number().int().nonnegative()),
  /** every device reached an end state */
  done: z.boolean(),
});

/** How far a device import of one project has come: RUNNING after every chunk, DONE once. */
export const importProgressMessage = z.object({
  type: z.literal('import.progress'),
  clientId: id,
  projectId: id,
  recordId: id,
  status: z.enum(['RUNNING', 'DONE']),
  total: z.number().int().nonnegative(),
  processed: z.number().int().nonnegative(),
  successCount: z.number().int().nonnegative(),
  failCount: z.number().int().nonnegative(),
});

/** One alarm that was raised, recovered, acknowledged or cleared. */
export const liveAlarm = z.object({
  alarmId: id,
  deviceId: id,
  uid: z.string(),
  deviceName: z.string(),
  alarmConfigType: z.enum(ALARM_KINDS),
  grade: z.enum(ALARM_GRADES),
  state: z.enum(ALARM_STATES),
  action: z.enum(['NEW', 'RECOVERED', 'ACKNOWLEDGED', 'CLEARED']),
  /** the project's settings ask for a sound for it */
  sound: z.boolean(),
  ts: epochMs,
});
export type LiveAlarm = z.infer<typeof liveAlarm>;

/** Alarms of one project that changed (the badge, the live list and the notification read them). */
export const alarmUpdateMessage = z.object({
  type: z.literal('alarm.update'),
  clientId: id,
  projectId: id,
  items: z.array(liveAlarm),
});

/** How far the issue of a strategy or virtual dimming plan to its controllers has come (UN_PUSH → PUSHED | FAILED). */
export const scheduleProgressMessage = z.object({
  type: z.literal('schedule.progress'),
  clientId: id,
  projectId: id,
  kind: z.enum(['STRATEGY', 'DIMMING']),
  planId: id,
  total: z.number().int().nonnegative(),
  pushed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  issueState: z.enum(ISSUE_STATES),
});

/** A message pushed to crews from the mobile app's push screen: only its recipients' viewers receive it. */
export const appPushMessage = z.object({
  type: z.literal('app.push'),
  clientId: id,
  /** addressed to people, whichever project they watch */
  projectId: z.null(),
  pushId: id,
  title: z.string(),
  content: z.string(),
  sender: z.string(),
  ts: epochMs,
});

/** Every message the server sends over `/ws`. */
export const liveMessage = z.discriminatedUnion('type', [
  welcomeMessage,
  liveErrorMessage,
  pongMessage,
  deviceStateMessage,
  deviceEventMessage,
  commandUpdateMessage,
  taskProgressMessage,
  importProgressMessage,
  alarmUpdateMessage,
  scheduleProgressMessage,
  appPushMessage,
]);
export type LiveMessage = z.infer<typeof liveMessage>;
export type LiveMessageType = LiveMessage['type'];
/** The message of one kind. */
export type LiveMessageOf<T extends LiveMessageType> = Extract<LiveMessage, { type: T }>;

/** The messages published to the viewers of one project (the others answer one socket only). */
export type ProjectLiveMessage = LiveMessageOf<
  | 'device.state'
  | 'device.event'
  | 'command.update'
  | 'task.progress'
  | 'import.progress'
  | 'alarm.update'
  | 'schedule.progress'
  | 'app.push'
>;

/** A received text frame as a `LiveMessage`, or null when it is not one (bad JSON, unknown type, wrong fields). */
export function parseLiveMessage(text: string): LiveMessage | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = liveMessage.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** What a browser may send: switch project (null = every project) or ask for a pong. */
export const liveRequest = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), projectId: z.union([id, z.string(), z.null()]).optional() }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveRequest = z.infer<typeof liveRequest>;
