import type { RoleRow } from '@luxgrid/contracts/answers';
import { type DataEnvelope, type Envelope, http } from '../../shared/request';
import type { ServerTreeNode } from './tree';

export type DataScope = RoleRow['dataScope'];

/** A role as /system/role answers it, with the menus and departments its forms send. */
export type SysRole = RoleRow & { menuIds?: number[]; deptIds?: number[] };

export interface MenuTreeNode extends ServerTreeNode {
  menuType?: 'M' | 'C' | 'F';
  systemId?: number;
  perms?: string;
}

export interface RoleMenuTreeResponse extends Envelope {
  menus: MenuTreeNode[];
  checkedKeys: number[];
  menuCheckStrictly: boolean;
}

export interface RoleDeptTreeResponse extends Envelope {
  depts: ServerTreeNode[];
  checkedKeys: number[];
  deptCheckStrictly: boolean;
}

export const roleApi = {
  listUrl: '/system/role/list',
  exportUrl: '/system/role/export',
  allocatedUrl: '/system/role/authUser/allocatedList',
  unallocatedUrl: '/system/role/authUser/unallocatedList',
  get: (roleId: number) => http.get<DataEnvelope<SysRole>>(`/system/role/${roleId}`),
  add: (role: Partial<SysRole>) => http.post<DataEnvelope<{ roleId: number }>>('/system/role', role),
  update: (role: Partial<SysRole>) => http.put('/system/role', role),
  remove: (ids: readonly (number | string)[]) => http.del(`/system/role/${ids.join(',')}`),
  changeStatus: (roleId: number, status: '0' | '1') => http.put('/system/role/changeStatus', { roleId, status }),
  dataScope: (body: { roleId: number; dataScope: DataScope; deptIds: number[]; deptCheckStrictly: boolean }) =>
    http.put('/system/role/dataScope', body),
  menuTree: () => http.get<DataEnvelope<MenuTreeNode[]>>('/system/menu/treeselect'),
  roleMenuTree: (roleId: number) => http.get<RoleMenuTreeResponse>(`/system/menu/roleMenuTreeselect/${roleId}`),
  deptTree: (roleId: number) => http.get<RoleDeptTreeResponse>(`/system/role/deptTree/${roleId}`),
  cancelUser: (roleId: number, userId: number) => http.put('/system/role/authUser/cancel', { roleId, userId }),
  cancelUsers: (roleId: number, userIds: number[]) =>
    http.put('/system/role/authUser/cancelAll', { roleId, userIds: userIds.join(',') }),
  grantUsers: (roleId: number, userIds: number[]) =>
    http.put('/system/role/authUser/selectAll', { roleId, userIds: userIds.join(',') }),
};
