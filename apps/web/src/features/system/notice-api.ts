import type { NoticeRow } from '@luxgrid/contracts/answers';
import { type DataEnvelope, type Envelope, http } from '../../shared/request';

/** The add/edit form: a row whose server-filled fields are not known yet. */
export type NoticeForm = Partial<NoticeRow> & Pick<NoticeRow, 'noticeTitle' | 'noticeType'>;

export interface LatestNotices extends Envelope {
  data: (Pick<NoticeRow, 'noticeId' | 'noticeTitle' | 'noticeType' | 'createBy' | 'createTime'> & { read: boolean })[];
  unreadCount: number;
}

export const noticeApi = {
  listUrl: '/system/notice/list',
  get: (noticeId: number) => http.get<DataEnvelope<NoticeRow>>(`/system/notice/${noticeId}`),
  add: (notice: NoticeForm) => http.post('/system/notice', notice),
  update: (notice: NoticeForm) => http.put('/system/notice', notice),
  remove: (ids: readonly (number | string)[]) => http.del(`/system/notice/${ids.join(',')}`),
  /** the signed-in user's read state of the latest open notices (at most 50) */
  latest: (limit = 50) => http.get<LatestNotices>('/system/notice/latest', { limit }),
  /** opens a notice for reading and marks it read */
  read: (noticeId: number) => http.get<DataEnvelope<NoticeRow>>(`/system/notice/read/${noticeId}`),
  readAll: () => http.put('/system/notice/readAll', undefined, { repeatSubmit: false }),
};
