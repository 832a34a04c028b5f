import type { LiveMessage } from '@luxgrid/contracts/live';
import { MANHOLE_ALARM_STATE, MANHOLE_COVER } from '@luxgrid/contracts/things/manhole';
import type { CommandParam, Label, TelemetryField, ThingEvent } from '@luxgrid/contracts/things/types';
import { useTranslation } from 'react-i18next';
import { http, type TableEnvelope } from '../../shared/request';

/* What the covers' screens read from the thing model, and their calls to the server. */

export const COVER = MANHOLE_COVER;
export const FIELDS: readonly TelemetryField[] = COVER.telemetry;
export const LIVE_FIELDS = FIELDS.filter((f) => f.live);
export const CHART_FIELDS = FIELDS.filter((f) => f.chart);
const EVENTS: readonly ThingEvent[] = COVER.events;
/** Alarm events (they carry a grade) with the event that recovers each. */
export const ALARMS = EVENTS.filter((e) => e.grade && e.recoveredBy);
export const ALARM_STATE = MANHOLE_ALARM_STATE;

/** A label of the thing model in the interface's language. */
export function useLabel(): (label: Label) => string {
  const { i18n } = useTranslation();
  return (label) => (i18n.language === 'en-US' ? label.en : label.zh);
}

export const eventOf = (type: string) => EVENTS.find((e) => e.type === type);

/** A reading as shown: the enum's word from the page texts, a number with its precision and unit. */
export function useFormatValue(): (field: TelemetryField, value: unknown) => string {
  const { t } = useTranslation();
  return (field, value) => {
    if (value === null || value === undefined || value === '') return '-';
    if (field.kind === 'enum') return t(`mhValue.${field.key}.${String(value)}`, { defaultValue: String(value) });
    if (field.kind === 'number' && typeof value === 'number')
      return `${value.toFixed(field.precision ?? 0)}${field.unit ? ` ${field.unit}` : ''}`;
    return String(value);
  };
}

/** The open alarms after an event: an alarm event adds itself, a recovery removes what it recovers. */
export function afterEvent(alarms: readonly string[], eventType: string): string[] {
  if (ALARMS.some((a) => a.type === eventType))
    return alarms.includes(eventType) ? [...alarms] : [...alarms, eventType];
  const recovered = ALARMS.filter((a) => a.recoveredBy === eventType).map((a) => a.type);
  return alarms.filter((a) => !recovered.includes(a));
}

export type CoverStatus = 'open' | 'alarm' | 'online' | 'offline';
export const COVER_STATUSES: CoverStatus[] = ['open', 'alarm', 'online', 'offline'];
export const STATUS_COLOURS: Record<CoverStatus, string> = {
  open: '#f5222d',
  alarm: '#fa8c16',
  online: '#52c41a',
  offline: '#8c8c8c',
};

/** One colour per cover: an open lid first, then any other alarm, then its connection. */
export function coverStatus(cover: { commState: string; alarms: readonly string[]; values: Record<string, unknown> }) {
  if (cover.alarms.includes('COVER_OPENED') || cover.values.coverState === 'OPEN') return 'open';
  if (cover.alarms.length) return 'alarm';
  return cover.commState === 'ON' ? 'online' : 'offline';
}

/** A pushed change for the covers on screen: latest values, connection, alarms. */
export function applyLive<
  T extends { deviceId: number; commState: string; values: Record<string, unknown>; alarms: string[] },
>(covers: Map<number, T>, message: LiveMessage): number[] {
  const changed: number[] = [];
  if (message.type === 'device.state')
    for (const item of message.items) {
      const cover = covers.get(item.deviceId);
      if (!cover) continue;
      if (item.commState) cover.commState = item.commState;
      if (item.values) cover.values = { ...cover.values, ...item.values };
      changed.push(cover.deviceId);
    }
  if (message.type === 'device.event')
    for (const item of message.items) {
      const cover = covers.get(item.deviceId);
      if (!cover) continue;
      cover.alarms = afterEvent(cover.alarms, item.eventType);
      changed.push(cover.deviceId);
    }
  return changed;
}

export interface CoverRow {
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

export interface CoverDetail extends CoverRow {
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

export interface CoverForm {
  coverId?: number;
  uid: string;
  name: string;
  longitude?: number | null;
  latitude?: number | null;
}

export interface AlarmRow {
  eventId: number;
  time: string;
  eventType: string;
  grade: string | null;
  deviceId: number;
  uid: string;
  name: string;
  longitude: number | null;
  latitude: number | null;
  locationName: string | null;
  recovered: boolean;
  recoveredTime: string | null;
}

export interface Credentials {
  uid: string;
  mqttUserName: string;
  secret: string;
}

export interface ManholeStatistics {
  states: Record<string, number>;
  days: string[];
  series: { eventType: string; counts: number[] }[];
  battery: { bands: string[]; counts: number[]; unknown: number };
}

export type CommandKey = (typeof COVER.commands)[number]['key'];
export const commandParams = (key: CommandKey): readonly CommandParam[] => {
  const command = COVER.commands.find((c) => c.key === key)!;
  return 'params' in command ? command.params : [];
};

export const coverApi = {
  listUrl: '/manhole/device/list',
  exportUrl: '/manhole/device/export',
  importUrl: '/manhole/device/import',
  templateUrl: '/manhole/device/import/template',
  map: (projectId: number) => http.get<TableEnvelope<CoverRow>>('/manhole/map/list', { projectId }),
  get: async (id: number) => (await http.get<{ data: CoverDetail }>(`/manhole/device/${id}`)).data,
  add: (body: CoverForm) => http.post<{ data: Credentials & { deviceId: number } }>('/manhole/device', body),
  update: (body: CoverForm) => http.put('/manhole/device', body),
  remove: (ids: number[]) => http.del(`/manhole/device/${ids.join(',')}`),
  secret: async (id: number) => (await http.post<{ data: Credentials }>(`/manhole/device/${id}/secret`)).data,
  history: async (id: number, field: string) =>
    (await http.get<{ data: { points: [number, number][] } }>(`/manhole/device/${id}/history`, { field })).data.points,
  command: (id: number, command: CommandKey, params?: Record<string, unknown>) =>
    http.post<{ data: { total: number; sent: number } }>(`/manhole/device/${id}/command`, { command, params }),
  statistics: async (projectId: number) =>
    (await http.get<{ data: ManholeStatistics }>('/manhole/statistics', { projectId })).data,
};
