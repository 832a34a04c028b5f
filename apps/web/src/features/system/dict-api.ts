import { type DataEnvelope, http } from '../../shared/request';

export interface DictType {
  dictId?: number;
  dictName: string;
  dictNameEn?: string;
  /** the name in the reader's language */
  title?: string;
  dictType: string;
  status?: '0' | '1';
  remark?: string;
  createTime?: string;
}

export interface DictData {
  dictCode?: number;
  dictSort: number;
  /** the label in the reader's language */
  dictLabel?: string;
  dictLabelZh?: string;
  dictLabelEn?: string;
  dictValue: string;
  dictType: string;
  cssClass?: string;
  listClass?: string;
  isDefault?: 'Y' | 'N';
  status?: '0' | '1';
  remark?: string;
  createTime?: string;
}

export const dictTypeApi = {
  listUrl: '/system/dict/type/list',
  exportUrl: '/system/dict/type/export',
  get: (dictId: number) => http.get<DataEnvelope<DictType>>(`/system/dict/type/${dictId}`),
  options: () => http.get<DataEnvelope<DictType[]>>('/system/dict/type/optionselect'),
  add: (type: DictType) => http.post('/system/dict/type', type),
  update: (type: DictType) => http.put('/system/dict/type', type),
  remove: (ids: readonly (number | string)[]) => http.del(`/system/dict/type/${ids.join(',')}`),
  refreshCache: () => http.del('/system/dict/type/refreshCache'),
};

export const dictDataApi = {
  listUrl: '/system/dict/data/list',
  exportUrl: '/system/dict/data/export',
  get: (dictCode: number) => http.get<DataEnvelope<DictData>>(`/system/dict/data/${dictCode}`),
  /** the stored labels: zh-CN goes in dictLabel, en-US in dictLabelEn */
  add: (data: DictData) => http.post('/system/dict/data', data),
  update: (data: DictData) => http.put('/system/dict/data', data),
  remove: (ids: readonly (number | string)[]) => http.del(`/system/dict/data/${ids.join(',')}`),
};
