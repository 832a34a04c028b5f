import { type DataEnvelope, type Envelope, http } from '../../shared/request';

export interface SysNotice {
  noticeId?: number;
  noticeTitle: string;
  /** '1' notice, '2' announcement */
  noticeType: '1' | '2';
  noticeContent?: string;
  /** '0' open, '1' closed */
  status?: '0' | '1';
  remark?: string;
  createBy?: string;
  createTime?: string;
  read?: boolean;
}

export interface LatestNotices extends Envelope {
  data: (Pick<SysNotice, 'noticeId' | 'noticeTitle' | 'noticeType' | 'createBy' | 'createTime'> & { read: boolean })[];
  unreadCount: number;
}

export const noticeApi = {
  listUrl: '/system/notice/list',
  get: (noticeId: number) => http.get<DataEnvelope<SysNotice>>(`/system/notice/${noticeId}`),
  add: (notice: SysNotice) => http.post('/system/notice', notice),
  update: (notice: SysNotice) => http.put('/system/notice', notice),
  remove: (ids: readonly (number | string)[]) => http.del(`/system/notice/${ids.join(',')}`),
  /** the signed-in user's read state of the latest open notices (at most 50) */
  latest: (limit = 50) => http.get<LatestNotices>('/system/notice/latest', { limit }),
  /** opens a notice for reading and marks it read */
  read: (noticeId: number) => http.get<DataEnvelope<SysNotice>>(`/system/notice/read/${noticeId}`),
  readAll: () => http.put('/system/notice/readAll', undefined, { repeatSubmit: false }),
};
