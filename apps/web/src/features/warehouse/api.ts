import type {
  ConsumableRow,
  LowStockSummary,
  StockInRow,
  StockLineBody,
  StockOutRow,
  WarehouseRow,
} from '@luxgrid/contracts/warehouse';
import { type DataEnvelope, http, type TableEnvelope } from '../../shared/request';

/** The add / edit forms: a row whose server-filled fields are not known yet. */
export type WarehouseForm = Partial<WarehouseRow> & Pick<WarehouseRow, 'code' | 'name'>;
export type ConsumableForm = Partial<ConsumableRow> & Pick<ConsumableRow, 'code' | 'name' | 'category' | 'unit'>;

export interface StockInForm {
  warehouseId?: number;
  inType: string;
  supplier?: string;
  workOrderId?: number | null;
  person?: string;
  lines: Partial<StockLineBody>[];
  remark?: string;
}

export interface StockOutForm {
  warehouseId?: number;
  purpose: string;
  workOrderId?: number | null;
  recipient?: string;
  lines: Partial<StockLineBody>[];
  remark?: string;
}

const ids = (list: readonly (number | string)[]) => list.join(',');

export const warehouseApi = {
  listUrl: '/ops/warehouse/list',
  list: (params?: Record<string, unknown>) => http.get<TableEnvelope<WarehouseRow>>('/ops/warehouse/list', params),
  add: (body: WarehouseForm) => http.post('/ops/warehouse', body),
  update: (body: WarehouseForm) => http.put('/ops/warehouse', body),
  remove: (list: readonly (number | string)[]) => http.del(`/ops/warehouse/${ids(list)}`),
};

export const consumableApi = {
  listUrl: '/ops/consumable/list',
  exportUrl: '/ops/consumable/export',
  importUrl: '/ops/consumable/importData',
  templateUrl: '/ops/consumable/importTemplate',
  list: (params?: Record<string, unknown>) => http.get<TableEnvelope<ConsumableRow>>('/ops/consumable/list', params),
  add: (body: ConsumableForm) => http.post('/ops/consumable', body),
  update: (body: ConsumableForm) => http.put('/ops/consumable', body),
  remove: (list: readonly (number | string)[]) => http.del(`/ops/consumable/${ids(list)}`),
};

export const stockInApi = {
  listUrl: '/ops/stockIn/list',
  exportUrl: '/ops/stockIn/export',
  get: (id: number) => http.get<DataEnvelope<StockInRow>>(`/ops/stockIn/${id}`),
  add: (body: StockInForm) => http.post<DataEnvelope<{ stockInId: number; inNo: string }>>('/ops/stockIn', body),
};

export const stockOutApi = {
  listUrl: '/ops/stockOut/list',
  exportUrl: '/ops/stockOut/export',
  get: (id: number) => http.get<DataEnvelope<StockOutRow>>(`/ops/stockOut/${id}`),
  add: (body: StockOutForm) => http.post<DataEnvelope<{ stockOutId: number; outNo: string }>>('/ops/stockOut', body),
  decide: (stockOutId: number, approved: boolean, comment?: string) =>
    http.put('/ops/stockOut/approve', { stockOutId, approved, comment }),
};

export const stockApi = {
  listUrl: '/ops/stock/list',
  exportUrl: '/ops/stock/export',
  movementUrl: '/ops/stock/movement/list',
  movementExportUrl: '/ops/stock/movement/export',
  low: () => http.get<DataEnvelope<LowStockSummary>>('/ops/stock/low', undefined, { silent: true }),
};
