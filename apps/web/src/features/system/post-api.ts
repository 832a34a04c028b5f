import { type DataEnvelope, http } from '../../shared/request';

export interface SysPost {
  postId?: number;
  postCode: string;
  postName: string;
  postSort: number;
  status?: '0' | '1';
  remark?: string;
  createTime?: string;
}

export const postApi = {
  listUrl: '/system/post/list',
  exportUrl: '/system/post/export',
  get: (postId: number) => http.get<DataEnvelope<SysPost>>(`/system/post/${postId}`),
  add: (post: SysPost) => http.post('/system/post', post),
  update: (post: SysPost) => http.put('/system/post', post),
  remove: (ids: readonly (number | string)[]) => http.del(`/system/post/${ids.join(',')}`),
};
