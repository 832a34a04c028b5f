import { type DataEnvelope, type Envelope, http, type TableEnvelope } from '../../shared/request';
import type { LinkedSystem } from '../auth/types';
import type {
  CustomerConfig,
  CustomerConfigForm,
  CustomerDetail,
  CustomerForm,
  CustomerInfo,
  HomeSummary,
  PackageForm,
  PackageRow,
  PlatformSettingsForm,
  PlatformSettingsView,
  ProjectForm,
  ProjectRow,
  SubscriptionForm,
  SubscriptionRow,
  SubsystemForm,
  SubsystemRow,
  SystemMenuTree,
} from './types';

const ids = (list: readonly (number | string)[]) => list.join(',');

/**
 * Platform users work across customers on these screens: an empty clientId header keeps the
 * customer chosen in the navbar from narrowing them (the server scopes customer users by
 * their own customer whatever the header says).
 */
const allHeaders = () => ({ headers: { clientId: '' } });

/** Customers (sysclient/customer): list, detail, create with main account, edit, status, delete, export. */
export const customerApi = {
  listUrl: '/sysclient/client/list',
  exportUrl: '/sysclient/client/export',
  get: (id: number) => http.get<DataEnvelope<CustomerDetail>>(`/sysclient/client/${id}`),
  add: (form: CustomerForm) => http.post<DataEnvelope<{ clientId: number }>>('/sysclient/client', form),
  update: (form: CustomerForm) => http.put('/sysclient/client', form),
  remove: (list: readonly (number | string)[]) => http.del(`/sysclient/client/${ids(list)}`),
  changeStatus: (clientId: number, status: '0' | '1') =>
    http.put('/sysclient/client/changeStatus', { clientId, status }),
  menuTree: (systemIds: readonly number[]) =>
    http.get<DataEnvelope<SystemMenuTree[]>>('/sysclient/client/menuTree', { systemIds: systemIds.join(',') }),
  /** Every customer the caller may see, with validity (platform users: all of them). */
  options: () =>
    http.get<DataEnvelope<{ id: number; name: string; expire?: boolean; validState?: string }[]>>(
      '/info/getClientsWithExpire',
    ),
};

export const projectApi = {
  listUrl: '/sysclient/project/list',
  exportUrl: '/sysclient/project/export',
  get: (id: number) => http.get<DataEnvelope<ProjectRow>>(`/sysclient/project/${id}`, undefined, allHeaders()),
  add: (form: ProjectForm) => http.post<DataEnvelope<{ projectId: number }>>('/sysclient/project', form, allHeaders()),
  update: (form: ProjectForm) => http.put('/sysclient/project', form, allHeaders()),
  remove: (list: readonly (number | string)[]) => http.del(`/sysclient/project/${ids(list)}`, allHeaders()),
};

export const packageApi = {
  listUrl: '/sysclient/package/list',
  list: (params: Record<string, unknown>) => http.get<TableEnvelope<PackageRow>>('/sysclient/package/list', params),
  get: (id: number) => http.get<DataEnvelope<PackageRow>>(`/sysclient/package/${id}`),
  add: (form: PackageForm) => http.post<DataEnvelope<{ packageId: number }>>('/sysclient/package', form),
  update: (form: PackageForm) => http.put('/sysclient/package', form),
  copy: (packageId: number, packageName?: string) =>
    http.post<DataEnvelope<{ packageId: number; packageName: string }>>('/sysclient/package/copy', {
      packageId,
      packageName: packageName || undefined,
    }),
  remove: (list: readonly (number | string)[]) => http.del(`/sysclient/package/${ids(list)}`),
};

export const subscriptionApi = {
  listUrl: '/sysclient/subscription/list',
  exportUrl: '/sysclient/subscription/export',
  list: (params: Record<string, unknown>) =>
    http.get<TableEnvelope<SubscriptionRow>>('/sysclient/subscription/list', params, allHeaders()),
  get: (id: number) =>
    http.get<DataEnvelope<SubscriptionRow>>(`/sysclient/subscription/${id}`, undefined, allHeaders()),
  add: (form: SubscriptionForm) =>
    http.post<DataEnvelope<{ subscriptionId: number; endTime: string }>>('/sysclient/subscription', form, allHeaders()),
  update: (form: SubscriptionForm) => http.put('/sysclient/subscription', form, allHeaders()),
  remove: (list: readonly (number | string)[]) => http.del(`/sysclient/subscription/${ids(list)}`, allHeaders()),
};

export const subsystemApi = {
  listUrl: '/sysclient/system/list',
  /** Without paging: every system the caller may enter (all of them for platform users). */
  all: () => http.get<TableEnvelope<SubsystemRow>>('/sysclient/system/list', undefined, allHeaders()),
  get: (id: number) => http.get<DataEnvelope<SubsystemRow>>(`/sysclient/system/${id}`, undefined, allHeaders()),
  add: (form: SubsystemForm) => http.post<DataEnvelope<{ systemId: number }>>('/sysclient/system', form),
  update: (form: SubsystemForm) => http.put('/sysclient/system', form),
  changeStatus: (systemId: number, status: '0' | '1') =>
    http.put('/sysclient/system/changeStatus', { systemId, status }),
  remove: (list: readonly (number | string)[]) => http.del(`/sysclient/system/${ids(list)}`),
  /** Checks that the signed-in user may enter a subsystem (granted, enabled, customer valid). */
  enter: (systemId: number) =>
    http.get<DataEnvelope<LinkedSystem & { url?: string | null }>>('/info/enterSystem', { systemId }),
};

export const platformApi = {
  get: () => http.get<DataEnvelope<PlatformSettingsView | null>>('/sysclient/sysPlatform'),
  save: (form: PlatformSettingsForm) => http.post<Envelope>('/sysclient/sysPlatform', form),
};

export const customerSelfApi = {
  config: () => http.get<DataEnvelope<CustomerConfig>>('/sysclient/customerConfig'),
  saveConfig: (form: CustomerConfigForm) => http.put('/sysclient/customerConfig', form),
  info: () => http.get<DataEnvelope<CustomerInfo>>('/sysclient/customerInfo'),
};

export const homeApi = {
  summary: () => http.get<DataEnvelope<HomeSummary>>('/sysclient/home/summary'),
};
