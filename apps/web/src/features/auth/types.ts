export interface Role {
  roleId: number;
  roleName: string;
  roleKey: string;
}

export interface UserInfo {
  userId: number;
  userName: string;
  nickName: string;
  email?: string;
  phonenumber?: string;
  sex?: string;
  avatar?: string;
  deptId?: number;
  dept?: { deptId: number; deptName: string } | null;
  roles?: Role[];
  clientId?: number | string | null;
  createTime?: string;
  pwdMustChange?: boolean;
  posts?: { postId: number; postName: string }[];
}

export type ValidState = 'not_started' | 'normal' | 'expired';

export interface Customer {
  id: number;
  name: string;
  code?: string;
  shortName?: string;
  logo?: string;
  platformName?: string;
  validState?: ValidState;
  expire?: boolean;
}

export interface Project {
  id: number;
  code?: string;
  name: string;
  shortName?: string;
  city?: string;
  address?: string;
  longitude?: number | string | null;
  latitude?: number | string | null;
  mapType?: string;
  language?: string;
  timeZone?: string;
  ianaTimeZone?: string;
  hasOperatePwd?: boolean;
  bandStandard?: string;
}

export interface LinkedSystem {
  id: number;
  encode: string;
  /** in the language of the sign-in */
  name: string;
  /** both names, as the system list answers them */
  nameZh?: string;
  nameEn?: string;
  url?: string;
  icon?: string;
  status?: string;
  /** false while none of its screens is built ("not available yet") */
  available?: boolean;
}

export interface PlatformSettings {
  platformName?: string;
  platformNameEn?: string;
  logo?: string;
  loginBackground?: string;
  loginLogo?: string;
  homePage?: HomePage;
  copyright?: string;
}

export type HomePage = 'Index' | 'IndexAirport' | 'InfoEditor';

export interface ServerRoute {
  name?: string;
  path: string;
  hidden?: boolean;
  redirect?: string;
  component?: string;
  query?: string;
  alwaysShow?: boolean;
  meta?: { title: string; icon?: string; noCache?: boolean; link?: string | null; systemId?: number } | null;
  children?: ServerRoute[];
}
