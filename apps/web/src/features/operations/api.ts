import { type DataEnvelope, http, type TableEnvelope } from '../../shared/request';
import type { DeviceFigures } from '../dashboard/api';

export interface ServiceStatus {
  name: 'database' | 'broker' | 'cache' | 'scheduler' | 'disk';
  ok: boolean;
  detail: Record<string, unknown>;
}

export interface ThroughputPoint {
  ts: number;
  inPerSecond: number;
  acceptedPerSecond: number;
  rejectedPerSecond: number;
  outPerSecond: number;
  pushedPerSecond: number;
}

export interface LinkTotals {
  sessions: number;
  connected: number;
  carried: number;
  lastMessage: string | null;
}

export interface SysOverview {
  counts: { customers: number; projects: number; onlineUsers: number };
  figures: { devices?: DeviceFigures; alarms?: { open: number; unacknowledged: number; today: number } };
  links: LinkTotals;
  platform: {
    services: ServiceStatus[];
    gateway: Record<string, unknown> | null;
    throughput: ThroughputPoint[];
    browsers: number;
    uptimeSeconds: number;
  } | null;
}

export interface ConnectivityRow {
  projectId: number;
  projectName: string;
  connection: string;
  devices: number;
  online: number;
  neverConnected: number;
}

export interface Connectivity {
  hours: number;
  sampleMinutes: number;
  now: ConnectivityRow[];
  series: { ts: number; connection: string; devices: number; online: number }[];
  byProject: { ts: number; projectId: number; devices: number; online: number }[];
}

export interface LinkRow {
  deviceId: number;
  uid: string;
  name: string;
  deviceType: string;
  projectName: string;
  commState: string;
  lastSeen: string | null;
  /** devices it carries, and how many of them are online */
  carried: number;
  carriedOnline: number;
}

export interface MessageStats {
  sampleSeconds: number;
  points: ThroughputPoint[];
  totals: Record<string, number> | null;
  rejected: Record<string, number> | null;
  refusedValues: Record<string, number> | null;
  pushed: number;
}

const silent = (signal?: AbortSignal) => ({ signal, silent: true });

export const operationsApi = {
  overview: (signal?: AbortSignal) => http.get<DataEnvelope<SysOverview>>('/sys/overview', undefined, silent(signal)),
  connectivity: (params: { hours: number; projectId?: number }, signal?: AbortSignal) =>
    http.get<DataEnvelope<Connectivity>>('/sys/device-online', params, silent(signal)),
  links: (params: Record<string, unknown>) => http.get<TableEnvelope<LinkRow>>('/sys/link', params),
  linkSummary: () =>
    http.get<DataEnvelope<LinkTotals & { broker: Record<string, unknown> | null }>>('/sys/link/summary'),
  messages: (signal?: AbortSignal) => http.get<DataEnvelope<MessageStats>>('/sys/message', undefined, silent(signal)),
  services: (signal?: AbortSignal) =>
    http.get<DataEnvelope<{ checkedAt: string; services: ServiceStatus[] }>>('/sys/service', undefined, silent(signal)),
};
