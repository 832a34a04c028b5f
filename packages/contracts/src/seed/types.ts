/** Seed shapes: the single source of the menu tree, subsystems and dictionaries. */

export type MenuType = 'M' | 'C' | 'F';

export interface MenuSeed {
  /** Stable key, unique across the whole tree (e.g. 'system.user', 'system.user.add'); the seed upserts by it. */
  key: string;
  type: MenuType;
  /** zh-CN title */
  name: string;
  /** en-US title */
  nameEn: string;
  /** Route segment for M/C (no leading slash below the top level), absent on F. */
  path?: string;
  /** View component path resolved by the web, e.g. 'system/user/index' (C only). */
  component?: string;
  /** Permission code, e.g. 'system:user:list' (C) or 'system:user:add' (F). */
  perms?: string;
  icon?: string;
  /** '0' shown (default), '1' hidden but reachable */
  visible?: '0' | '1';
  /** external link: path starts with http:// or https:// */
  isFrame?: boolean;
  /** keep-alive cache, default true */
  isCache?: boolean;
  query?: string;
  children?: MenuSeed[];
}

export interface SystemSeed {
  /** Numeric id, stable; 100 is the platform back office. */
  id: number;
  /** linked-system encode: 'sysclient' (this back office), 'sys', 'mapScreen', or a subsystem code */
  encode: string;
  name: string;
  nameEn: string;
  icon: string;
  /** external url for linked systems served elsewhere; null = served by this application */
  url: string | null;
  orderNum: number;
  menus: MenuSeed[];
}

export interface DictItemSeed {
  value: string;
  label: string;
  labelEn: string;
  /** antd Tag colour hint: default | primary | success | info | warning | danger */
  listClass?: string;
  cssClass?: string;
  isDefault?: boolean;
}

export interface DictSeed {
  type: string;
  name: string;
  nameEn: string;
  items: DictItemSeed[];
}
