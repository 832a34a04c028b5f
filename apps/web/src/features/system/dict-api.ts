import type { DictDataRow, DictTypeRow } from '@luxgrid/contracts/answers';
import { type DataEnvelope, http } from '../../shared/request';

/** The add/edit forms: rows whose server-filled fields are not known yet. */
export type DictTypeForm = Partial<DictTypeRow> & Pick<DictTypeRow, 'dictName' | 'dictType'>;
export type DictDataForm = Partial<DictDataRow> & Pick<DictDataRow, 'dictSort' | 'dictValue' | 'dictType'>;

export const dictTypeApi = {
  listUrl: '/system/dict/type/list',
  exportUrl: '/system/dict/type/export',
  get: (dictId: number) => http.get<DataEnvelope<DictTypeRow>>(`/system/dict/type/${dictId}`),
  options: () => http.get<DataEnvelope<DictTypeRow[]>>('/system/dict/type/optionselect'),
  add: (type: DictTypeForm) => http.post('/system/dict/type', type),
  update: (type: DictTypeForm) => http.put('/system/dict/type', type),
  remove: (ids: readonly (number | string)[]) => http.del(`/system/dict/type/${ids.join(',')}`),
  refreshCache: () => http.del('/system/dict/type/refreshCache'),
};

export const dictDataApi = {
  listUrl: '/system/dict/data/list',
  exportUrl: '/system/dict/data/export',
  get: (dictCode: number) => http.get<DataEnvelope<DictDataRow>>(`/system/dict/data/${dictCode}`),
  /** the stored labels: zh-CN goes in dictLabel, en-US in dictLabelEn */
  add: (data: DictDataForm) => http.post('/system/dict/data', data),
  update: (data: DictDataForm) => http.put('/system/dict/data', data),
  remove: (ids: readonly (number | string)[]) => http.del(`/system/dict/data/${ids.join(',')}`),
};
