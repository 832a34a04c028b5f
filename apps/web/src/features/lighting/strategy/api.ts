import type { StrategyDay, StrategyRow, VirtualDay, VirtualDimmingRow } from '@luxgrid/contracts/strategy';
import type { SunAnswerDay } from '../../../app/layout/sun';
import { type DataEnvelope, type Envelope, http, type Params, type TableEnvelope } from '../../../shared/request';

const ids = (list: readonly (number | string)[]) => list.join(',');

/** A stored or edited strategy as the screens hold it. */
export type Strategy = Partial<StrategyRow> & { strategyId?: number; projectId: number };
export type VirtualPlan = Partial<VirtualDimmingRow> & { planId?: number; projectId: number };
/** A previewed day; with a light sensor, the windows around dawn and dusk in which its luxometer decides. */
export type PreviewDay = StrategyDay & {
  litMinutes: number;
  sensorWindows: { kind: 'DAWN' | 'DUSK'; from: string; to: string }[];
};

export const strategyApi = {
  listUrl: '/lighting/strategy/list',
  exportUrl: '/lighting/strategy/export',
  list: (params: Params) => http.get<TableEnvelope<StrategyRow>>('/lighting/strategy/list', params),
  get: (id: number) => http.get<DataEnvelope<Strategy & { warnings: string[] }>>(`/lighting/strategy/${id}`),
  add: (body: Strategy) =>
    http.post<DataEnvelope<{ strategyId: number; warnings: string[] }>>('/lighting/strategy', body),
  update: (body: Strategy) => http.put<Envelope>('/lighting/strategy', body),
  remove: (list: readonly number[]) => http.del(`/lighting/strategy/${ids(list)}`),
  copy: (id: number) => http.post<DataEnvelope<{ strategyId: number; name: string }>>(`/lighting/strategy/${id}/copy`),
  check: (body: Strategy) => http.post<DataEnvelope<{ warnings: string[] }>>('/lighting/strategy/check', body),
  preview: (id: number, from: string, to: string) =>
    http.get<DataEnvelope<PreviewDay[]>>(`/lighting/strategy/${id}/preview`, { from, to }),
  sun: (projectId: number, from: string, to: string) =>
    http.get<DataEnvelope<SunAnswerDay[]>>('/lighting/strategy/sun', { projectId, from, to }),
};

export const virtualDimmingApi = {
  listUrl: '/lighting/virtual-dimming/list',
  get: (id: number) => http.get<DataEnvelope<VirtualPlan>>(`/lighting/virtual-dimming/${id}`),
  add: (body: VirtualPlan) => http.post<DataEnvelope<{ planId: number }>>('/lighting/virtual-dimming', body),
  update: (body: VirtualPlan) => http.put<Envelope>('/lighting/virtual-dimming', body),
  remove: (list: readonly number[]) => http.del(`/lighting/virtual-dimming/${ids(list)}`),
  preview: (id: number, from: string, to: string) =>
    http.get<DataEnvelope<VirtualDay[]>>(`/lighting/virtual-dimming/${id}/preview`, { from, to }),
};

export type IssueKind = 'strategy' | 'virtual-dimming';
export interface IssueCounts {
  total: number;
  pushed: number;
  failed: number;
  pending: number;
}
export interface IssueRow {
  issueId: number;
  kind: 'STRATEGY' | 'DIMMING';
  planId: number;
  planName?: string;
  deviceId: number;
  uid: string;
  deviceName: string;
  commState: string;
  runner: 'DEVICE' | 'PLATFORM';
  version: string;
  heldVersion: string | null;
  state: 'UN_PUSH' | 'PUSHED' | 'FAILED';
  reason: string;
  lamps: number;
  issueTime: string;
  pushTime: string | null;
}
export interface LampCap {
  planId: number;
  state: string;
  bands: { start: string; end: string; cap: number }[];
  capNow: number | null;
  startDate: string;
  endDate: string;
}

/** Issuing strategies and virtual dimming plans to their controllers, each controller's copy, and drift. */
export const issueApi = {
  issue: (kind: IssueKind, id: number, body: { which?: 'ALL' | 'FAILED' | 'DRIFT'; deviceIds?: number[] } = {}) =>
    http.post<DataEnvelope<IssueCounts & { platform: number; unreachable: number }>>(
      `/lighting/${kind}/${id}/issue`,
      body,
    ),
  issues: (kind: IssueKind, id: number, params: { state?: string; drift?: string } = {}) =>
    http.get<DataEnvelope<{ counts: IssueCounts; rows: IssueRow[] }>>(`/lighting/${kind}/${id}/issues`, params),
  drift: (projectId: number) => http.get<DataEnvelope<IssueRow[]>>('/lighting/strategy/drift', { projectId }),
  lampCaps: (deviceId: number) => http.get<DataEnvelope<LampCap[]>>(`/lighting/virtual-dimming/lamp/${deviceId}`),
};
