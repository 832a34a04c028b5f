import type { ConfigRow } from '@luxgrid/contracts/answers';
import { type DataEnvelope, http } from '../../shared/request';

/** The add/edit form: a row whose server-filled fields are not known yet. */
export type ConfigForm = Partial<ConfigRow> &
  Pick<ConfigRow, 'configName' | 'configKey' | 'configValue' | 'configType'>;

export const configApi = {
  listUrl: '/system/config/list',
  exportUrl: '/system/config/export',
  get: (id: number) => http.get<DataEnvelope<ConfigRow>>(`/system/config/${id}`),
  add: (config: ConfigForm) => http.post('/system/config', config),
  update: (config: ConfigForm) => http.put('/system/config', config),
  remove: (ids: readonly (number | string)[]) => http.del(`/system/config/${ids.join(',')}`),
  refreshCache: () => http.del('/system/config/refreshCache'),
  byKey: (key: string) => http.get<DataEnvelope<string>>(`/system/config/configKey/${encodeURIComponent(key)}`),
};
