import type { LiveMessage } from '@luxgrid/contracts/live';
import { MANHOLE_ALARM_STATE, MANHOLE_COVER } from '@luxgrid/contracts/things/manhole';
import { http, type TableEnvelope } from '../../shared/request';
import type { DeviceFamily } from '../things/family';
import {
  alarmsOf,
  applyLive as applyFamilyLive,
  type FamilyDeviceRow,
  familyApi,
  eventOf as familyEventOf,
} from '../things/model';

/* The covers' own rules (a lid's state colours first) and their calls beside the family's device routes. */

export { useLabel } from '../things/model';

export const COVER = MANHOLE_COVER;
/** Alarm events (they carry a grade) with the event that recovers each. */
export const ALARMS = alarmsOf(COVER);
export const ALARM_STATE = MANHOLE_ALARM_STATE;
export const eventOf = (type: string) => familyEventOf(COVER, type);

export type CoverStatus = 'open' | 'alarm' | 'online' | 'offline';
export const COVER_STATUSES: CoverStatus[] = ['open', 'alarm', 'online', 'offline'];
export const STATUS_COLOURS: Record<CoverStatus, string> = {
  open: '#f5222d',
  alarm: '#fa8c16',
  online: '#52c41a',
  offline: '#8c8c8c',
};

/** One colour per cover: an open lid first, then any other alarm, then its connection. */
export function coverStatus(cover: {
  commState: string;
  alarms: readonly string[];
  values: Record<string, unknown>;
}): CoverStatus {
  if (cover.alarms.includes('COVER_OPENED') || cover.values.coverState === 'OPEN') return 'open';
  if (cover.alarms.length) return 'alarm';
  return cover.commState === 'ON' ? 'online' : 'offline';
}

/** A pushed change for the covers on screen: latest values, connection, alarms. */
export const applyLive = <T extends CoverRow>(covers: Map<number, T>, message: LiveMessage) =>
  applyFamilyLive(COVER, covers, message);

export type CoverRow = FamilyDeviceRow;

export interface ManholeStatistics {
  states: Record<string, number>;
  days: string[];
  series: { eventType: string; counts: number[] }[];
  battery: { bands: string[]; counts: number[]; unknown: number };
}

export const coverApi = {
  ...familyApi('/manhole/device', 'coverId'),
  map: (projectId: number) => http.get<TableEnvelope<CoverRow>>('/manhole/map/list', { projectId }),
  statistics: async (projectId: number) =>
    (await http.get<{ data: ManholeStatistics }>('/manhole/statistics', { projectId })).data,
};

/** The covers as a device family: the generic device page, drawer and import read the rest from the thing model. */
export const COVER_FAMILY: DeviceFamily = {
  type: COVER,
  api: coverApi,
  perm: 'manhole:device',
  testId: 'cover',
  fileName: 'manhole_covers',
  valueTexts: 'mhValue',
  status: (cover) => {
    const key = coverStatus(cover);
    return { key, colour: STATUS_COLOURS[key] };
  },
  statusTexts: 'mhStatus',
};
