import type { PostRow } from '@luxgrid/contracts/answers';
import { type DataEnvelope, http } from '../../shared/request';

/** The add/edit form: a row whose server-filled fields are not known yet. */
export type PostForm = Partial<PostRow> & Pick<PostRow, 'postCode' | 'postName' | 'postSort'>;

export const postApi = {
  listUrl: '/system/post/list',
  exportUrl: '/system/post/export',
  get: (postId: number) => http.get<DataEnvelope<PostRow>>(`/system/post/${postId}`),
  add: (post: PostForm) => http.post('/system/post', post),
  update: (post: PostForm) => http.put('/system/post', post),
  remove: (ids: readonly (number | string)[]) => http.del(`/system/post/${ids.join(',')}`),
};
