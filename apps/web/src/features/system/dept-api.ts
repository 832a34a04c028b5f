import { type DataEnvelope, http } from '../../shared/request';

export interface SysDept {
  deptId?: number;
  clientId?: number | null;
  parentId: number;
  ancestors?: string;
  deptName: string;
  deptCode?: string;
  orderNum: number;
  leader?: string;
  phone?: string;
  email?: string;
  status?: '0' | '1';
  remark?: string;
  createTime?: string;
}

export const deptApi = {
  list: (params?: Record<string, unknown>) => http.get<DataEnvelope<SysDept[]>>('/system/dept/list', params),
  /** parent choices for a department: everything but itself and what is below it */
  listExclude: (deptId: number) => http.get<DataEnvelope<SysDept[]>>(`/system/dept/list/exclude/${deptId}`),
  get: (deptId: number) => http.get<DataEnvelope<SysDept>>(`/system/dept/${deptId}`),
  add: (dept: SysDept) => http.post<DataEnvelope<{ deptId: number }>>('/system/dept', dept),
  update: (dept: SysDept) => http.put('/system/dept', dept),
  remove: (deptId: number) => http.del(`/system/dept/${deptId}`),
};
