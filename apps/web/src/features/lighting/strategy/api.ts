import type { StrategyDay, StrategyRow, VirtualDay, VirtualDimmingRow } from '@luxgrid/contracts/strategy';
import type { SunAnswerDay } from '../../../app/layout/sun';
import { type DataEnvelope, type Envelope, http, type Params, type TableEnvelope } from '../../../shared/request';

const ids = (list: readonly (number | string)[]) => list.join(',');

/** A stored or edited strategy as the screens hold it. */
export type Strategy = Partial<StrategyRow> & { strategyId?: number; projectId: number };
export type VirtualPlan = Partial<VirtualDimmingRow> & { planId?: number; projectId: number };
export type PreviewDay = StrategyDay & { litMinutes: number };

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
