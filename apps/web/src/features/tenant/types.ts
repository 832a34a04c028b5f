import type { CustomerRow, PackageRow, ProjectRow, SubscriptionRow, SubsystemRow } from '@luxgrid/contracts/answers';
import type { ValidState } from '../auth/types';

/** The rows of the tenant lists, as their routes declare them. */
export type { CustomerRow, PackageRow, ProjectRow, SubscriptionRow, SubsystemRow };

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

export interface SubscriptionForm {
  subscriptionId?: number;
  clientId: number;
  packageId: number;
  startTime?: string | null;
  endTime?: string | null;
  status?: '0' | '1';
  remark?: string;
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
