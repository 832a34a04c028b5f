import type { LiveMessage } from '@luxgrid/contracts/live';
import type {
  CommandParam,
  DeviceTypeDefinition,
  Label,
  TelemetryField,
  ThingEvent,
} from '@luxgrid/contracts/things/types';
import { useTranslation } from 'react-i18next';
import { http } from '../../shared/request';

/*
 * What a device family's screens read from the thing model (its readings with their live and
 * chart flags, its alarm events and its commands), and the calls every family's device routes
 * answer under one base address.
 */

/** A label of the thing model in the interface's language. */
export function useLabel(): (label: Label) => string {
  const { i18n } = useTranslation();
  return (label) => (i18n.language === 'en-US' ? label.en : label.zh);
}

/** A device type's readings as its screens use them. */
export function fieldsOf(type: DeviceTypeDefinition) {
  const all: readonly TelemetryField[] = type.telemetry;
  return {
    all,
    /** the list's live cells */
    live: all.filter((f) => f.live),
    /** what the drawer's history chart can draw */
    chart: all.filter((f) => f.chart),
  };
}

/** Alarm events (they carry a grade) with the event that recovers each. */
export const alarmsOf = (type: DeviceTypeDefinition): readonly ThingEvent[] =>
  type.events.filter((e) => e.grade && e.recoveredBy);

export const eventOf = (type: DeviceTypeDefinition, eventType: string): ThingEvent | undefined =>
  type.events.find((e) => e.type === eventType);

export const commandParams = (type: DeviceTypeDefinition, key: string): readonly CommandParam[] =>
  type.commands.find((c) => (c.key ?? c.action) === key)?.params ?? [];

/**
 * A reading as shown: an enum's word from the family's value texts (`<valueTexts>.<field>.<value>`),
 * a number with its precision and unit.
 */
export function useFormatValue(valueTexts?: string): (field: TelemetryField, value: unknown) => string {
  const { t } = useTranslation();
  return (field, value) => {
    if (value === null || value === undefined || value === '') return '-';
    if (field.kind === 'enum' && valueTexts)
      return t(`${valueTexts}.${field.key}.${String(value)}`, { defaultValue: String(value) });
    if (field.kind === 'number' && typeof value === 'number')
      return `${value.toFixed(field.precision ?? 0)}${field.unit ? ` ${field.unit}` : ''}`;
    return String(value);
  };
}

/** The open alarms after an event: an alarm event adds itself, a recovery removes what it recovers. */
export function afterEvent(type: DeviceTypeDefinition, alarms: readonly string[], eventType: string): string[] {
  const known = alarmsOf(type);
  if (known.some((a) => a.type === eventType)) return alarms.includes(eventType) ? [...alarms] : [...alarms, eventType];
  const recovered = known.filter((a) => a.recoveredBy === eventType).map((a) => a.type);
  return alarms.filter((a) => !recovered.includes(a));
}

/** A pushed change for the devices on screen: latest values, connection, alarms; answers the ids changed. */
export function applyLive<
  T extends { deviceId: number; commState: string; values: Record<string, unknown>; alarms: string[] },
>(type: DeviceTypeDefinition, devices: Map<number, T>, message: LiveMessage): number[] {
  const changed: number[] = [];
  if (message.type === 'device.state')
    for (const item of message.items) {
      const device = devices.get(item.deviceId);
      if (!device) continue;
      if (item.commState) device.commState = item.commState;
      if (item.values) device.values = { ...device.values, ...item.values };
      changed.push(device.deviceId);
    }
  if (message.type === 'device.event')
    for (const item of message.items) {
      const device = devices.get(item.deviceId);
      if (!device) continue;
      device.alarms = afterEvent(type, device.alarms, item.eventType);
      changed.push(device.deviceId);
    }
  return changed;
}

/** One state per device, with its colour: the family may say more than alarm / online / offline. */
export interface FamilyStatus {
  key: string;
  colour: string;
}
export const STATUS_COLOURS = { alarm: '#fa8c16', online: '#52c41a', offline: '#8c8c8c' };
export function connectionStatus(device: { commState: string; alarms: readonly string[] }): FamilyStatus {
  if (device.alarms.length) return { key: 'alarm', colour: STATUS_COLOURS.alarm };
  return device.commState === 'ON'
    ? { key: 'online', colour: STATUS_COLOURS.online }
    : { key: 'offline', colour: STATUS_COLOURS.offline };
}

export interface FamilyDeviceRow {
  deviceId: number;
  projectId: number;
  uid: string;
  name: string;
  longitude: number | null;
  latitude: number | null;
  commState: string;
  online: boolean;
  lastSeen: string | null;
  dataTs: string | null;
  values: Record<string, unknown>;
  alarms: string[];
  locationName: string | null;
  createTime: string | null;
}

export interface FamilyDeviceDetail extends FamilyDeviceRow {
  firmware: string | null;
  config: Record<string, unknown>;
  hasSecret: boolean;
  mqttUserName: string;
  commands: {
    commandId: string;
    action: string;
    params: Record<string, unknown> | null;
    status: string;
    error: string;
    createTime: string | null;
    finishTime: string | null;
  }[];
}

export interface FamilyDeviceForm {
  deviceId?: number;
  uid: string;
  name: string;
  longitude?: number | null;
  latitude?: number | null;
}

export interface Credentials {
  uid: string;
  mqttUserName: string;
  secret: string;
}

/**
 * The device routes of a family under its base address (e.g. /manhole/device); `idKey` names the
 * device's id in an edit's body.
 */
export function familyApi(base: string, idKey = 'deviceId') {
  return {
    listUrl: `${base}/list`,
    exportUrl: `${base}/export`,
    importUrl: `${base}/import`,
    templateUrl: `${base}/import/template`,
    get: async (id: number) => (await http.get<{ data: FamilyDeviceDetail }>(`${base}/${id}`)).data,
    add: ({ deviceId: _, ...body }: FamilyDeviceForm) =>
      http.post<{ data: Credentials & { deviceId: number } }>(base, body),
    update: ({ deviceId, ...body }: FamilyDeviceForm) => http.put(base, { ...body, [idKey]: deviceId }),
    remove: (ids: number[]) => http.del(`${base}/${ids.join(',')}`),
    history: async (id: number, field: string) =>
      (await http.get<{ data: { points: [number, number][] } }>(`${base}/${id}/history`, { field })).data.points,
    command: (id: number, command: string, params?: Record<string, unknown>) =>
      http.post<{ data: { total: number; sent: number } }>(`${base}/${id}/command`, { command, params }),
  };
}
export type FamilyApi = ReturnType<typeof familyApi>;
