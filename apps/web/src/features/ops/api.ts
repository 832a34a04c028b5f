import type {
  DEFAULT_SLA,
  PartBody,
  TeamBody,
  TeamRow,
  WorkOrderDetail,
  WorkOrderPriority,
  WorkOrderRow,
} from '@luxgrid/contracts/ops';
import { type DataEnvelope, type Envelope, http, type RequestOptions, type TableEnvelope } from '../../shared/request';

export type { TeamRow, WorkOrderDetail, WorkOrderRow };
export type SlaSettings = typeof DEFAULT_SLA;

export interface WorkOrderForm {
  orderId?: number;
  projectId?: number;
  title?: string;
  description?: string;
  source?: 'MANUAL' | 'INSPECTION' | 'CITIZEN';
  priority?: WorkOrderPriority;
  deviceId?: number | null;
  longitude?: number | null;
  latitude?: number | null;
  address?: string;
  reporter?: string;
  reporterPhone?: string;
}

export interface DispatchChoices {
  teams: TeamRow[];
  users: CustomerUser[];
}
export interface CustomerUser {
  userId: number;
  userName: string;
  nickName: string;
  phonenumber: string;
}

const ids = (list: readonly (number | string)[]) => list.join(',');

/** The dispatcher's work orders. */
export const workOrderApi = {
  listUrl: '/ops/work-order/list',
  exportUrl: '/ops/work-order/export',
  get: (orderId: number) => http.get<DataEnvelope<WorkOrderDetail>>(`/ops/work-order/${orderId}`),
  add: (body: WorkOrderForm) => http.post<DataEnvelope<{ orderId: number; orderNo: string }>>('/ops/work-order', body),
  update: (body: WorkOrderForm) => http.put<Envelope>('/ops/work-order', body),
  remove: (list: readonly (number | string)[]) => http.del(`/ops/work-order/${ids(list)}`),
  choices: (orderId: number) => http.get<DataEnvelope<DispatchChoices>>('/ops/work-order/choices', { orderId }),
  dispatch: (orderId: number, body: { teamId?: number | null; assigneeId?: number | null; comment?: string }) =>
    http.put(`/ops/work-order/${orderId}/dispatch`, body),
  step: (orderId: number, step: 'approve' | 'send-back' | 'close' | 'cancel', comment: string) =>
    http.put(`/ops/work-order/${orderId}/${step}`, { comment }),
  sla: () => http.get<DataEnvelope<SlaSettings>>('/ops/work-order/sla'),
  saveSla: (body: SlaSettings) => http.put('/ops/work-order/sla', body),
};

export type CrewStep = 'accept' | 'arrive' | 'resolve' | 'part' | 'photo';
export interface CrewBody {
  opId: string;
  comment?: string;
  longitude?: number | null;
  latitude?: number | null;
  at?: number;
  resolution?: string;
  parts?: PartBody[];
  name?: string;
  model?: string;
  quantity?: number;
  unit?: string;
  url?: string;
  kind?: 'BEFORE' | 'AFTER';
  takenAt?: number;
}

/** The crew's own orders (the phone's screen). */
export const myOrderApi = {
  list: (extra?: Partial<RequestOptions>) =>
    http.get<TableEnvelope<WorkOrderRow>>('/ops/my-order/list', { pageSize: 100 }, extra),
  get: (orderId: number, extra?: Partial<RequestOptions>) =>
    http.get<DataEnvelope<WorkOrderDetail>>(`/ops/my-order/${orderId}`, undefined, extra),
  step: (orderId: number, step: CrewStep, body: CrewBody, extra?: Partial<RequestOptions>) =>
    http.post(`/ops/my-order/${orderId}/${step}`, body, { repeatSubmit: false, ...extra }),
  position: (body: { longitude: number; latitude: number; orderId?: number }) =>
    http.post('/ops/my-order/position', body, { silent: true, repeatSubmit: false }),
};

export const teamApi = {
  listUrl: '/ops/team/list',
  exportUrl: '/ops/team/export',
  list: (params: Record<string, unknown>) => http.get<TableEnvelope<TeamRow>>('/ops/team/list', params),
  add: (body: TeamBody) => http.post<DataEnvelope<TeamRow>>('/ops/team', body),
  update: (body: TeamBody) => http.put<Envelope>('/ops/team', body),
  remove: (list: readonly (number | string)[]) => http.del(`/ops/team/${ids(list)}`),
  users: () => http.get<DataEnvelope<CustomerUser[]>>('/ops/team/users'),
};
