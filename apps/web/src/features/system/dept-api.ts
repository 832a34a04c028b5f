import type { DeptRow } from '@luxgrid/contracts/answers';
import { type DataEnvelope, http } from '../../shared/request';

/** A department as /system/dept answers it; forms send a part of it. */
export type SysDept = DeptRow;

export const deptApi = {
  list: (params?: Record<string, unknown>) => http.get<DataEnvelope<SysDept[]>>('/system/dept/list', params),
  /** parent choices for a department: everything but itself and what is below it */
  listExclude: (deptId: number) => http.get<DataEnvelope<SysDept[]>>(`/system/dept/list/exclude/${deptId}`),
  get: (deptId: number) => http.get<DataEnvelope<SysDept>>(`/system/dept/${deptId}`),
  add: (dept: Partial<SysDept>) => http.post<DataEnvelope<{ deptId: number }>>('/system/dept', dept),
  update: (dept: Partial<SysDept>) => http.put('/system/dept', dept),
  remove: (deptId: number) => http.del(`/system/dept/${deptId}`),
};
