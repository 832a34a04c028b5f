import { type DataEnvelope, http } from '../../shared/request';

export type MenuType = 'M' | 'C' | 'F';

export interface SysMenu {
  menuId?: number;
  systemId?: number;
  menuName: string;
  menuNameEn?: string;
  /** the name in the reader's language */
  title?: string;
  parentId: number;
  orderNum: number;
  path?: string;
  component?: string | null;
  query?: string;
  routeName?: string;
  /** '0' external link, '1' not */
  isFrame: '0' | '1';
  /** '0' cached, '1' not */
  isCache: '0' | '1';
  menuType: MenuType;
  /** '0' shown, '1' hidden */
  visible: '0' | '1';
  /** '0' enabled, '1' disabled */
  status: '0' | '1';
  perms?: string;
  icon?: string;
  remark?: string;
  createTime?: string;
}

export const menuApi = {
  list: (params: Record<string, unknown>) => http.get<DataEnvelope<SysMenu[]>>('/system/menu/list', params),
  get: (menuId: number) => http.get<DataEnvelope<SysMenu>>(`/system/menu/${menuId}`),
  add: (menu: SysMenu) => http.post<DataEnvelope<{ menuId: number }>>('/system/menu', menu),
  update: (menu: SysMenu) => http.put('/system/menu', menu),
  remove: (menuId: number) => http.del(`/system/menu/${menuId}`),
};
