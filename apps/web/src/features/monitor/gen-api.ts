import { type DataEnvelope, http } from '../../shared/request';

export interface GenTable {
  tableId: number;
  tableName: string;
  tableComment: string;
  /** PascalCase entity name */
  className: string;
  /** area under modules/, kebab-case */
  moduleName: string;
  /** feature under the area, kebab-case */
  businessName: string;
  functionName: string;
  functionNameEn: string;
  functionAuthor: string;
  parentMenuKey: string;
  remark: string;
  createBy?: string;
  createTime?: string | null;
  updateBy?: string;
  updateTime?: string | null;
}

export type Flag = '0' | '1';

export interface GenColumn {
  columnId: number;
  tableId: number;
  columnName: string;
  columnComment: string;
  columnType: string;
  tsType: string;
  tsField: string;
  isPk: Flag;
  isIncrement: Flag;
  isRequired: Flag;
  isInsert: Flag;
  isEdit: Flag;
  isList: Flag;
  isQuery: Flag;
  queryType: string;
  htmlType: string;
  dictType: string;
  maxLength: number | null;
  sort: number;
}

export interface DbTable {
  tableName: string;
  tableComment: string;
}

export interface GenTableDetail {
  info: GenTable & { columns: GenColumn[] };
  rows: GenColumn[];
  tables: GenTable[];
}

/** What PUT /tool/gen accepts. */
export type GenTableUpdate = Pick<
  GenTable,
  | 'tableId'
  | 'tableComment'
  | 'className'
  | 'moduleName'
  | 'businessName'
  | 'functionName'
  | 'functionNameEn'
  | 'functionAuthor'
  | 'parentMenuKey'
  | 'remark'
> & {
  columns: Pick<
    GenColumn,
    | 'columnId'
    | 'columnComment'
    | 'tsType'
    | 'tsField'
    | 'isRequired'
    | 'isInsert'
    | 'isEdit'
    | 'isList'
    | 'isQuery'
    | 'queryType'
    | 'htmlType'
    | 'dictType'
    | 'sort'
  >[];
};

export const TS_TYPES = ['number', 'string', 'boolean', 'Date', 'unknown'] as const;
export const QUERY_TYPES = ['EQ', 'NE', 'GT', 'GTE', 'LT', 'LTE', 'LIKE', 'BETWEEN'] as const;
export const HTML_TYPES = [
  'input',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'datetime',
  'imageUpload',
  'fileUpload',
  'editor',
] as const;
/** html types whose options come from a dictionary */
export const DICT_HTML_TYPES: readonly string[] = ['select', 'radio', 'checkbox'];

/** The server's naming rules, checked as the user types. */
export const PASCAL = /^[A-Z][A-Za-z0-9]*$/;
export const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export const CAMEL = /^[a-z][A-Za-z0-9]*$/;
export const MENU_KEY = /^[a-z0-9.-]*$/i;
export const DICT_TYPE = /^[a-z0-9_]*$/;

export const genApi = {
  listUrl: '/tool/gen/list',
  dbListUrl: '/tool/gen/db/list',
  get: (tableId: number) => http.get<DataEnvelope<GenTableDetail>>(`/tool/gen/${tableId}`),
  update: (body: GenTableUpdate) => http.put('/tool/gen', body),
  remove: (ids: readonly (number | string)[]) => http.del(`/tool/gen/${ids.join(',')}`),
  importTables: (names: readonly string[]) =>
    http.post<DataEnvelope<{ tableIds: number[] }>>('/tool/gen/importTable', { tables: names.join(',') }),
  /** file path → content */
  preview: (tableId: number) => http.get<DataEnvelope<Record<string, string>>>(`/tool/gen/preview/${tableId}`),
  sync: (tableName: string) => http.get(`/tool/gen/synchDb/${encodeURIComponent(tableName)}`),
  downloadUrl: (tableName: string) => `/tool/gen/download/${encodeURIComponent(tableName)}`,
  batchUrl: '/tool/gen/batchGenCode',
};

export interface DictTypeOption {
  dictId: number;
  dictName: string;
  dictNameEn?: string;
  dictType: string;
  title?: string;
}

export interface CatalogMenu {
  menuId: number;
  menuKey: string;
  menuName: string;
  menuNameEn?: string;
  menuType: string;
  title?: string;
  systemId?: number;
}

export const genLookups = {
  dictTypes: () =>
    http.get<DataEnvelope<DictTypeOption[]>>('/system/dict/type/optionselect', undefined, { silent: true }),
  catalogs: () => http.get<DataEnvelope<CatalogMenu[]>>('/system/menu/list', { menuType: 'M' }, { silent: true }),
};
