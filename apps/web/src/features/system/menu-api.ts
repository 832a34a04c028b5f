import type { MenuRow } from '@luxgrid/contracts/answers';
import { type DataEnvelope, http } from '../../shared/request';

export type MenuType = 'M' | 'C' | 'F';

/** A menu as /system/menu answers it; forms send a part of it. */
export type SysMenu = MenuRow;

export const menuApi = {
  list: (params: Record<string, unknown>) => http.get<DataEnvelope<SysMenu[]>>('/system/menu/list', params),
  get: (menuId: number) => http.get<DataEnvelope<SysMenu>>(`/system/menu/${menuId}`),
  add: (menu: Partial<SysMenu>) => http.post<DataEnvelope<{ menuId: number }>>('/system/menu', menu),
  update: (menu: Partial<SysMenu>) => http.put('/system/menu', menu),
  remove: (menuId: number) => http.del(`/system/menu/${menuId}`),
};
