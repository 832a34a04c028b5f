/**
 * What the device hub tells the rest of the platform about devices: one payload type per event.
 * Server areas subscribe to them (alarms to `event` and `offline`, energy to `telemetry` …); the
 * web may read the same shapes. Times are epoch milliseconds.
 */

import type { HeldSchedule } from './protocol-schedule.ts';

/** The device an event is about, as the registry knows it. */
export interface HubDevice {
  deviceId: number;
  clientId: number;
  projectId: number;
  uid: string;
  deviceType: string;
}

/** One reading, emitted once the history row holding it has committed. */
export interface HubTelemetry {
  device: HubDevice;
  ts: number;
  values: Record<string, unknown>;
}

/** One event a device reported (a fault, a tilt, a recovery …), emitted once it is stored. */
export interface HubDeviceEvent {
  device: HubDevice;
  ts: number;
  /** the device's event type: LampFault, RtuTilt, RECOVER … */
  type: string;
  /** its grade: ordinary, dangerous, serious, urgent */
  level: string;
  data: Record<string, unknown> | null;
}

/** A device came online or went offline (its communication state changed in the registry). */
export interface HubPresence {
  device: HubDevice;
  ts: number;
  /**
   * it went with the session or parent carrying it, whose own change is the one recorded in the
   * device events (a silent concentrator is one event, not one per lamp)
   */
  carried: boolean;
}

/** Final states of a command. */
export const COMMAND_FINAL_STATUSES = ['SUCCESS', 'FAILED', 'TIMEOUT', 'EXPIRED'] as const;
export type CommandFinalStatus = (typeof COMMAND_FINAL_STATUSES)[number];

/** A command ended: the device answered it, or it timed out or expired. */
export interface HubCommandResult {
  commandId: string;
  device: Pick<HubDevice, 'deviceId' | 'clientId' | 'projectId'>;
  action: string;
  status: CommandFinalStatus;
  data: Record<string, unknown> | null;
  error: string;
  ts: number;
}

/**
 * Devices were added, edited or removed in the registry: every server process forgets what it
 * cached of them. `deviceIds` empty = devices were added (only negative look-ups are forgotten);
 * 'all' = forget every device.
 */
export interface HubRegistryChanged {
  deviceIds: number[] | 'all';
}

/** Every event of the device hub and its payload. */
/** The schedules a controller says it holds (its hello's `schedules`). */
export interface HubSchedulesHeld {
  device: Pick<HubDevice, 'deviceId' | 'clientId' | 'projectId'>;
  held: HeldSchedule[];
  ts: number;
}

export interface DeviceHubEvents {
  telemetry: HubTelemetry;
  event: HubDeviceEvent;
  online: HubPresence;
  offline: HubPresence;
  commandResult: HubCommandResult;
  registryChanged: HubRegistryChanged;
  schedulesHeld: HubSchedulesHeld;
}

export type DeviceHubEventName = keyof DeviceHubEvents;

export const DEVICE_HUB_EVENTS = [
  'telemetry',
  'event',
  'online',
  'offline',
  'commandResult',
  'registryChanged',
  'schedulesHeld',
] as const satisfies readonly DeviceHubEventName[];
