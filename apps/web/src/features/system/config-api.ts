import { type DataEnvelope, http } from '../../shared/request';

export interface SysConfig {
  configId?: number;
  configName: string;
  configNameEn?: string;
  configKey: string;
  configValue: string;
  configType: 'Y' | 'N';
  remark?: string;
  createTime?: string;
}

export const configApi = {
  listUrl: '/system/config/list',
  exportUrl: '/system/config/export',
  get: (id: number) => http.get<DataEnvelope<SysConfig>>(`/system/config/${id}`),
  add: (config: SysConfig) => http.post('/system/config', config),
  update: (config: SysConfig) => http.put('/system/config', config),
  remove: (ids: readonly (number | string)[]) => http.del(`/system/config/${ids.join(',')}`),
  refreshCache: () => http.del('/system/config/refreshCache'),
  byKey: (key: string) => http.get<DataEnvelope<string>>(`/system/config/configKey/${encodeURIComponent(key)}`),
};
