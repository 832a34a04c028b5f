import type { UserRow } from '@luxgrid/contracts/answers';
import { type DataEnvelope, type Envelope, http } from '../../shared/request';
import type { ServerTreeNode } from './tree';

/** The add/edit form: a user row whose server-filled fields are not known yet, with its roles and positions. */
export type UserForm = Partial<UserRow> &
  Pick<UserRow, 'userName' | 'nickName'> & { password?: string; roleIds?: number[]; postIds?: number[] };

export interface RoleOption {
  roleId: number;
  roleName: string;
  roleKey: string;
  roleSort?: number;
  dataScope?: string;
  status: string;
  /** false: the editor may not hand this role out (it stays if already held) */
  grantable?: boolean;
  /** the user holds it (assign-roles screen) */
  flag?: boolean;
}

export interface PostOption {
  postId: number;
  postCode: string;
  postName: string;
  status: string;
}

/** GET /system/user and /system/user/{id}: the user (when editing) with the options of its form. */
export interface UserFormResponse extends Envelope {
  data?: UserRow & { roles?: RoleOption[] };
  roles: RoleOption[];
  posts: PostOption[];
  roleIds?: number[];
  postIds?: number[];
}

export interface AuthRoleResponse extends Envelope {
  user: UserRow;
  roles: RoleOption[];
}

export interface ImportRowError {
  row: number;
  userName: string;
  msg: string;
}

export interface ImportResult {
  importId: number;
  total: number;
  successCount: number;
  insertCount: number;
  updateCount: number;
  failCount: number;
  errors: ImportRowError[];
  /** the drawn password of every added user, answered once */
  passwords?: DrawnPassword[];
}

/** A password the server drew for a new user: shown once to its creator. */
export interface DrawnPassword {
  userName: string;
  nickName: string;
  password: string;
}

export interface ImportRecord {
  importId: number;
  fileName: string;
  updateSupport: boolean;
  total: number;
  successCount: number;
  insertCount: number;
  updateCount: number;
  failCount: number;
  costTime: number;
  operName: string;
  createTime: string;
  errors?: ImportRowError[];
}

export const userApi = {
  listUrl: '/system/user/list',
  exportUrl: '/system/user/export',
  templateUrl: '/system/user/importTemplate',
  importRecordUrl: '/system/user/importRecord/list',
  importUrl: (updateSupport: boolean) => `/system/user/importData?updateSupport=${updateSupport ? 'true' : 'false'}`,
  deptTree: () => http.get<DataEnvelope<ServerTreeNode[]>>('/system/user/deptTree'),
  formOptions: () => http.get<UserFormResponse>('/system/user'),
  get: (userId: number) => http.get<UserFormResponse>(`/system/user/${userId}`),
  /** without a password the server draws one and answers it (once) */
  add: (user: UserForm) => http.post<DataEnvelope<{ userId: number; password?: string }>>('/system/user', user),
  update: (user: UserForm) => http.put('/system/user', user),
  remove: (ids: readonly (number | string)[]) => http.del(`/system/user/${ids.join(',')}`),
  resetPwd: (userId: number, password: string) => http.put('/system/user/resetPwd', { userId, password }),
  changeStatus: (userId: number, status: '0' | '1') => http.put('/system/user/changeStatus', { userId, status }),
  authRole: (userId: number) => http.get<AuthRoleResponse>(`/system/user/authRole/${userId}`),
  saveAuthRole: (userId: number, roleIds: number[]) => http.put('/system/user/authRole', { userId, roleIds }),
  importRecord: (importId: number) => http.get<DataEnvelope<ImportRecord>>(`/system/user/importRecord/${importId}`),
};
