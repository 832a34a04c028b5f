import type { DashboardPanel, DashboardSettingsBody } from '@luxgrid/contracts/dashboard';
import { type DataEnvelope, http } from '../../shared/request';

export interface DashboardSettings {
  title: string;
  logo: string;
  panels: DashboardPanel[];
  refreshSeconds: number;
  saved: boolean;
  updateTime: string | null;
}

export interface DeviceFigures {
  total: number;
  lamps: number;
  online: number;
  offline: number;
  neverConnected: number;
  faults: number;
  onlineRate: number | null;
}

export interface LampFigures {
  lamps: number;
  on: number;
  dimmed: number;
  off: number;
  unknown: number;
  expectedLit: number;
  sampledLit: number;
  lightingRate: number | null;
}

export interface LatestAlarm {
  alarmId: number;
  projectId: number;
  deviceName: string;
  uid: string;
  alarmConfigType: string;
  grade: string;
  lastTime: string;
  acknowledged: boolean;
}

export type MapPoint = [number, number, 'on' | 'dimmed' | 'off' | 'fault' | 'offline' | 'never'];

export interface DashboardData {
  scope: { clientId: number | null; projectId: number | null; projectName: string | null };
  generatedAt: string;
  settings: DashboardSettings;
  figures: {
    devices?: DeviceFigures;
    lamps?: LampFigures;
    alarms?: { open: number; unacknowledged: number; today: number };
    alarmGrades?: Record<string, number>;
  };
  latestAlarms: LatestAlarm[];
  energy: { unit: string; reported: boolean; days: { day: string; kwh: number; devices: number }[] };
  map: { points: MapPoint[]; more: boolean };
}

export interface PortalCustomer {
  clientId: number | null;
  name: string | null;
  shortName: string | null;
  platformName: string | null;
  logo: string;
  title: string;
}

export const dashboardApi = {
  data: (signal?: AbortSignal) =>
    http.get<DataEnvelope<DashboardData>>('/dashboard/data', undefined, { signal, silent: true }),
  settings: () => http.get<DataEnvelope<DashboardSettings>>('/dashboard/config'),
  save: (body: DashboardSettingsBody) => http.put('/dashboard/config', body),
  portal: () => http.get<DataEnvelope<PortalCustomer>>('/dashboard/portal'),
};
