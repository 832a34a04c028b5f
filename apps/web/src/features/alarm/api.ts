import type { AlarmRow, ThresholdDef } from '@luxgrid/contracts/alarm';
import { type DataEnvelope, http, type TableEnvelope } from '../../shared/request';

export type { AlarmRow };

export interface AlarmHistoryEntry {
  action: string;
  operBy: string;
  operTime: string;
  comment: string;
  detail: Record<string, unknown> | null;
}

export interface AlarmDetail extends AlarmRow {
  ackBy: string;
  ackTime: string | null;
  clearedBy: string;
  inhibitedBy: number | null;
  detail: Record<string, unknown> | null;
  longitude: number | null;
  latitude: number | null;
  parentId: number | null;
  parentName: string | null;
  manualClear: boolean;
  history: AlarmHistoryEntry[];
}

export interface AlarmSettingRow {
  alarmConfigType: string;
  projectId: number;
  enabled: boolean;
  grade: string;
  threshold: number | null;
  holdSeconds: number | null;
  push: boolean;
  sound: boolean;
  notify: boolean;
  workOrder: boolean;
  custom: boolean;
  alarmType: string;
  labelType: string | null;
  deviceTypes: string[];
  sources: ('event' | 'offline' | 'reading')[];
  thresholdDef: (ThresholdDef & { label: { 'zh-CN': string; 'en-US': string } }) | null;
  hasHold: boolean;
  manualClear: boolean;
}

export interface AlarmCounts {
  unacknowledged: number;
  lastTenMinutes: number;
  flood: boolean;
}

/** A device under maintenance (GET /lighting/alarm/maintenance/list). */
export interface MaintenanceRow {
  deviceId: number;
  uid: string;
  deviceName: string;
  deviceType: string;
  projectId: number;
  until: string;
  reason: string;
  setBy: string;
  setTime: string;
}

export const alarmApi = {
  listUrl: '/lighting/alarm/list',
  exportUrl: '/lighting/alarm/export',
  get: (alarmId: number) => http.get<DataEnvelope<AlarmDetail>>(`/lighting/alarm/${alarmId}`),
  children: (alarmId: number) =>
    http.get<TableEnvelope<AlarmRow>>('/lighting/alarm/list', { inhibitedBy: alarmId, pageSize: 500 }),
  counts: () => http.get<DataEnvelope<AlarmCounts>>('/lighting/alarm/count', undefined, { silent: true }),
  acknowledge: (alarmIds: number[], comment: string) => http.put('/lighting/alarm/acknowledge', { alarmIds, comment }),
  shelve: (alarmIds: number[], minutes: number, comment: string) =>
    http.put('/lighting/alarm/shelve', { alarmIds, minutes, comment }),
  clear: (alarmIds: number[], comment: string) => http.put('/lighting/alarm/clear', { alarmIds, comment }),
  maintenance: (deviceIds: number[], until: string, reason: string) =>
    http.put('/lighting/alarm/maintenance', { deviceIds, until, reason }),
  maintenanceListUrl: '/lighting/alarm/maintenance/list',
  endMaintenance: (deviceId: number) => http.del(`/lighting/alarm/maintenance/${deviceId}`),
};

/**
 * A family's alarm screen (manhole/alarm …): the same alarms, limited to the family's kinds, behind
 * the family's permissions (`<family>:alarm:list|query|handle|export`).
 */
export const familyAlarmApi = (family: string) => ({
  listUrl: `/${family}/alarm/list`,
  exportUrl: `/${family}/alarm/export`,
  get: (alarmId: number) => http.get<DataEnvelope<AlarmDetail>>(`/${family}/alarm/${alarmId}`),
  acknowledge: (alarmIds: number[], comment: string) => http.put(`/${family}/alarm/acknowledge`, { alarmIds, comment }),
  clear: (alarmIds: number[], comment: string) => http.put(`/${family}/alarm/clear`, { alarmIds, comment }),
});

export const alarmConfigApi = {
  list: (projectId: number) => http.get<TableEnvelope<AlarmSettingRow>>('/lighting/alarm-config/list', { projectId }),
  save: (
    body: Omit<
      AlarmSettingRow,
      'custom' | 'alarmType' | 'labelType' | 'deviceTypes' | 'sources' | 'thresholdDef' | 'hasHold' | 'manualClear'
    >,
  ) => http.put('/lighting/alarm-config', body),
  reset: (projectId: number, alarmConfigTypes: string[]) =>
    http.post('/lighting/alarm-config/reset', { projectId, alarmConfigTypes }),
};

/** Grade colours, most severe first. */
export const GRADE_COLOURS: Record<string, string> = {
  dangerous: 'magenta',
  serious: 'red',
  urgent: 'orange',
  ordinary: 'blue',
};

export interface NotifyChannel {
  channelId: number;
  projectId: number;
  kind: 'WEBHOOK' | 'EMAIL';
  name: string;
  url: string;
  hasSecret: boolean;
  recipients: string;
  enabled: boolean;
}

export interface NotifyDelivery {
  deliveryId: number;
  channelId: number;
  channelName: string;
  kind: string;
  alarmId: number | null;
  action: string;
  alarmConfigType: string;
  deviceName: string;
  status: 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';
  attempts: number;
  lastError: string;
  responseCode: number | null;
  createTime: number;
  nextTime: number | null;
  sentTime: number | null;
}

export type NotifyChannelBody = Omit<NotifyChannel, 'hasSecret' | 'channelId'> & {
  channelId?: number;
  secret?: string;
};

export const alarmNotifyApi = {
  channels: (projectId: number) =>
    http.get<TableEnvelope<NotifyChannel>>('/lighting/alarm-notify/channel/list', { projectId }),
  add: (body: NotifyChannelBody) => http.post('/lighting/alarm-notify/channel', body),
  edit: (body: NotifyChannelBody) => http.put('/lighting/alarm-notify/channel', body),
  remove: (projectId: number, channelId: number) =>
    http.del(`/lighting/alarm-notify/channel/${channelId}?projectId=${projectId}`),
  test: (projectId: number, channelId: number) =>
    http.post<DataEnvelope<NotifyDelivery | null>>(`/lighting/alarm-notify/channel/${channelId}/test`, { projectId }),
  deliveries: (projectId: number, pageNum: number, pageSize: number) =>
    http.get<TableEnvelope<NotifyDelivery>>('/lighting/alarm-notify/delivery/list', { projectId, pageNum, pageSize }),
};
