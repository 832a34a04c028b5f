import type { ValidState } from '../auth/types';

/** A customer (tenant) as the list and the detail answer it. */
export interface CustomerRow {
  clientId: number;
  id: number;
  code: string;
  name: string;
  shortName: string;
  address: string;
  contacts: string;
  phone: string;
  platformName: string;
  logo: string;
  loginPageBackground: string;
  loginPageLogo: string;
  homeRouter: string;
  operators: string;
  validFrom: string | null;
  validTo: string | null;
  mainUserId: number | null;
  status: '0' | '1';
  remark: string;
  createTime: string | null;
  validState: ValidState;
  expire: boolean;
  hasDefaultPassword: boolean;
  mainAccount: string | null;
  packageId: number | null;
  packageName: string | null;
  projectCount: number;
  userCount: number;
}

export type SubscriptionState = 'cancelled' | 'pending' | 'active' | 'ended';

export interface CustomerSubscription {
  subscriptionId: number;
  packageId: number;
  packageName: string;
  startTime: string;
  endTime: string;
  price: number;
  status?: string;
  state: SubscriptionState;
}

export interface CustomerDetail extends CustomerRow {
  /** chosen for the customer */
  systemIds: number[];
  menuIds: number[];
  /** granted now by running subscriptions */
  subscribedSystemIds: number[];
  effectiveSystemIds: number[];
  effectiveMenuCount: number;
  subscriptions: CustomerSubscription[];
}

/** What the customer form sends (create and edit). */
export interface CustomerForm {
  clientId?: number;
  code: string;
  name: string;
  shortName?: string;
  address?: string;
  contacts?: string;
  phone?: string;
  platformName?: string;
  logo?: string;
  loginPageBackground?: string;
  loginPageLogo?: string;
  homeRouter?: string;
  operators?: string;
  validFrom?: string | null;
  validTo?: string | null;
  systemIds?: number[];
  menuIds?: number[];
  status?: '0' | '1';
  remark?: string;
  mainAccount?: string;
  defaultPassword?: string;
  packageId?: number;
}

export interface MenuTreeNode {
  id: number;
  label: string;
  menuType: 'M' | 'C' | 'F' | string;
  children?: MenuTreeNode[];
}

export interface SystemMenuTree {
  systemId: number;
  encode: string;
  name: string;
  menus: MenuTreeNode[];
}

export interface ProjectRow {
  projectId: number;
  id: number;
  clientId: number;
  belongClient: number;
  clientName: string;
  projectName: string;
  projectCode: string;
  projectShortName: string;
  name: string;
  code: string;
  shortName: string;
  city: string;
  address: string;
  longitude: number;
  latitude: number;
  projectContacts: string;
  projectContactsPhone: string;
  mapType: string;
  language: string;
  timeZone: string;
  ianaTimeZone: string;
  operate: string;
  hasOperatePwd: boolean;
  commType: string;
  bandStandard: string;
  status: '0' | '1';
  remark: string;
  createTime: string | null;
}

export interface ProjectForm {
  projectId?: number;
  belongClient?: number;
  projectName: string;
  projectCode: string;
  projectShortName?: string;
  city?: string;
  address?: string;
  longitude: number;
  latitude: number;
  projectContacts?: string;
  projectContactsPhone?: string;
  mapType: string;
  language: string;
  timeZone: string;
  /** IANA zone for daylight-saving-correct local times; absent = derived from timeZone */
  ianaTimeZone?: string;
  operate?: string;
  operatePwd?: string;
  removeOperatePwd?: boolean;
  commType?: string;
  bandStandard?: string;
  status?: '0' | '1';
  remark?: string;
}

export type PackageMode = 'time' | 'package';
export type PackagePeriod = 'day' | 'month' | 'quarter' | 'year';

export interface PackageRow {
  packageId: number;
  packageName: string;
  subscriptionPrice: number;
  mode: PackageMode;
  period: PackagePeriod | null;
  periodCount: number;
  status: '0' | '1';
  remark: string;
  systemIds: number[];
  systemNames: string[];
  activeSubscriptions: number;
  createTime: string | null;
}

export interface PackageForm {
  packageId?: number;
  packageName: string;
  subscriptionPrice: number;
  mode: PackageMode;
  period?: PackagePeriod;
  periodCount?: number;
  status: '0' | '1';
  systemIds: number[];
  remark?: string;
}

export interface SubscriptionRow {
  subscriptionId: number;
  clientId: number;
  clientName: string;
  packageId: number;
  packageName: string;
  startTime: string;
  endTime: string;
  price: number;
  status: '0' | '1';
  state: SubscriptionState;
  daysLeft: number;
  remark: string;
  createTime: string | null;
}

export interface SubscriptionForm {
  subscriptionId?: number;
  clientId: number;
  packageId: number;
  startTime?: string | null;
  endTime?: string | null;
  status?: '0' | '1';
  remark?: string;
}

export interface SubsystemRow {
  id: number;
  systemId: number;
  encode: string;
  name: string;
  nameZh: string;
  nameEn: string;
  url: string | null;
  icon: string;
  orderNum: number;
  status: '0' | '1';
  builtin: boolean;
  /** Linked, or at least one of its screens is built; otherwise "not available yet". */
  available: boolean;
  remark: string;
  createTime: string | null;
}

export interface SubsystemForm {
  systemId?: number;
  encode: string;
  name: string;
  nameEn?: string;
  url?: string | null;
  icon?: string;
  orderNum: number;
  status: '0' | '1';
  remark?: string;
}

export type HomePageVariant = 'Index' | 'IndexAirport' | 'InfoEditor';

export interface PlatformSettingsForm {
  platformName: string;
  platformNameEn?: string;
  logo?: string;
  loginBackground?: string;
  loginLogo?: string;
  homePage?: HomePageVariant;
  copyright?: string;
}

export interface PlatformSettingsView extends PlatformSettingsForm {
  /** the stored Chinese name (platformName is localized for the caller) */
  platformNameZh?: string;
}

export interface CustomerConfig {
  clientId: number;
  code: string;
  name: string;
  platformName: string;
  logo: string;
  loginPageBackground: string;
  loginPageLogo: string;
  operators: string;
  homeRouter: string;
}

export type CustomerConfigForm = Pick<
  CustomerConfig,
  'platformName' | 'logo' | 'loginPageBackground' | 'loginPageLogo' | 'operators'
>;

export interface CustomerInfo extends CustomerRow {
  daysLeft: number | null;
  currentPackage: {
    subscriptionId: number;
    packageId: number;
    packageName: string;
    startTime: string;
    endTime: string;
    daysLeft: number;
  } | null;
  subscriptions: CustomerSubscription[];
  systems: { id: number; encode: string; name: string; status: string; viaSubscription: boolean }[];
  counts: { projects: number; users: number; departments: number; roles: number; onlineSessions: number };
  figures: Record<string, unknown>;
}

export interface ExpiringSubscription {
  subscriptionId: number;
  clientId: number;
  clientName: string;
  packageName: string;
  endTime: string;
  daysLeft: number;
}

export interface HomeSummary {
  scope: { clientId: number | null; projectId: number | null };
  customer: {
    clientId: number;
    name: string;
    shortName: string;
    platformName: string;
    logo: string;
    validTo: string | null;
    validState: ValidState | null;
    expire: boolean;
    daysLeft: number | null;
  } | null;
  project: {
    projectId: number;
    projectName: string;
    city: string;
    address: string;
    longitude: number;
    latitude: number;
    mapType: string;
    timeZone: string;
    ianaTimeZone: string;
  } | null;
  counts: {
    projects: number;
    users: number;
    onlineSessions: number;
    customers: number | null;
    expiringSubscriptions: number;
    recentLogins: number;
  };
  customers: { total: number; normal: number; expired: number; notStarted: number } | null;
  expiring: ExpiringSubscription[];
  expiringWithinDays: number;
  loginTrend: { date: string; count: number }[];
  figures: Record<string, unknown>;
}
