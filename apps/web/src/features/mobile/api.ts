import type { AppVersionRow, FeedbackRow, PushRow, TerminalRow } from '@luxgrid/contracts/mobile';
import { type DataEnvelope, http } from '../../shared/request';

/** The add / edit forms: a row whose server-filled fields are not known yet. */
export type AppVersionForm = Partial<AppVersionRow> & Pick<AppVersionRow, 'platform' | 'versionCode' | 'versionName'>;
export type TerminalForm = Partial<TerminalRow> & Pick<TerminalRow, 'terminalCode' | 'platform'>;
export type PushForm = Partial<PushRow> & Pick<PushRow, 'title' | 'content' | 'target'> & { send?: boolean };

const ids = (list: readonly (number | string)[]) => list.join(',');

export const appVersionApi = {
  listUrl: '/app/version/list',
  uploadUrl: '/app/version/upload',
  packageUrl: (id: number) => `/app/version/${id}/package`,
  add: (body: AppVersionForm) => http.post('/app/version', body),
  update: (body: AppVersionForm) => http.put('/app/version', body),
  remove: (list: readonly (number | string)[]) => http.del(`/app/version/${ids(list)}`),
};

export const terminalApi = {
  listUrl: '/app/terminal/list',
  exportUrl: '/app/terminal/export',
  add: (body: TerminalForm) => http.post('/app/terminal', body),
  update: (body: TerminalForm) => http.put('/app/terminal', body),
  remove: (list: readonly (number | string)[]) => http.del(`/app/terminal/${ids(list)}`),
  revoke: (list: readonly (number | string)[]) => http.put(`/app/terminal/revoke/${ids(list)}`),
};

export const pushApi = {
  listUrl: '/app/push/list',
  add: (body: PushForm) => http.post<DataEnvelope<{ pushId: number; recipients: number }>>('/app/push', body),
  update: (body: PushForm) => http.put('/app/push', body),
  remove: (list: readonly (number | string)[]) => http.del(`/app/push/${ids(list)}`),
  send: (pushId: number) => http.put<DataEnvelope<{ recipients: number }>>(`/app/push/send/${pushId}`),
  markRead: (list: readonly number[]) => http.put(`/app/push/mine/read/${ids(list)}`, undefined, { silent: true }),
};

export const feedbackApi = {
  listUrl: '/app/feedback/list',
  remove: (list: readonly (number | string)[]) => http.del(`/app/feedback/${ids(list)}`),
  handle: (feedbackId: number, reply: string) => http.put('/app/feedback/handle', { feedbackId, reply }),
  get: (id: number) => http.get<DataEnvelope<FeedbackRow>>(`/app/feedback/${id}`),
};

export interface Recipients {
  users: { id: number; name: string }[];
  depts: { id: number; name: string }[];
}

/** The users and departments of the customer (the push and terminal forms' choices). */
export const recipientsApi = {
  get: () => http.get<DataEnvelope<Recipients>>('/app/push/recipients'),
};
