import {
  dataOf,
  lowStockSummary,
  movementRow,
  STOCK_IN_TYPES,
  STOCK_OUT_PURPOSES,
  STOCK_OUT_STATES,
  stockInBody,
  stockInRow,
  stockOutApproveBody,
  stockOutBody,
  stockOutRow,
  stockRow,
} from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { dateRange, pageQuery } from '../../../platform/paging.ts';
import { type ExportColumn, resourceRoutes } from '../../../platform/resource-routes.ts';
import { stockRepository } from './stock.repository.ts';

const id = () => z.coerce.number().int().positive().optional();
const docQuery = pageQuery.extend({
  warehouseId: id(),
  no: z.string().max(32).optional(),
  inType: z.enum(STOCK_IN_TYPES).optional(),
  purpose: z.enum(STOCK_OUT_PURPOSES).optional(),
  state: z.enum(STOCK_OUT_STATES).optional(),
  workOrderId: id(),
});
const levelQuery = pageQuery.extend({
  warehouseId: id(),
  consumableId: id(),
  name: z.string().max(64).optional(),
  category: z.string().max(20).optional(),
  low: z.enum(['0', '1']).optional(),
});
const movementQuery = pageQuery.extend({
  warehouseId: id(),
  consumableId: id(),
  direction: z.enum(['IN', 'OUT']).optional(),
  workOrderId: id(),
  person: z.string().max(40).optional(),
  no: z.string().max(32).optional(),
});

const LINE_COLUMNS: ExportColumn[] = [
  ['consumableCode', '耗材编码', 'Code', 16],
  ['consumableName', '耗材名称', 'Consumable', 24],
  ['model', '规格型号', 'Model', 16],
  ['unit', '单位', 'Unit', 8],
  ['quantity', '数量', 'Quantity', 10],
  ['unitPrice', '单价', 'Unit price', 10],
  ['amount', '金额', 'Amount', 12],
];

/** Stock in, stock out with its approval, stock levels with the low-stock notice, and the movement history. */
export function stockRoutes(deps: Deps): FastifyPluginAsyncZod {
  const repo = stockRepository(deps.database);
  const now = () => deps.clock.now();
  const withRange = <T extends z.infer<typeof pageQuery>>(q: T) => ({ ...q, ...dateRange(q) });

  return async (app) => {
    resourceRoutes(app, deps, {
      base: '/ops/stockIn',
      perm: 'ops:stockIn',
      tags: ['ops/stock-in'],
      title: 'stock in',
      idName: 'stockInId',
      row: stockInRow,
      list: {
        query: docQuery,
        sortable: repo.stockIn.sortable,
        order: repo.stockIn.order,
        rows: (scope, q, page) => repo.stockIn.list(scope, withRange(q), page),
      },
      get: repo.stockIn.find,
      add: { body: stockInBody, run: (scope, body) => repo.stockIn.insert(scope, now(), body) },
      export: {
        sheet: ['入库明细', 'stock in'],
        columns: [
          ['inNo', '入库单号', 'Stock-in no.', 20],
          ['inType', '入库类型', 'Type', 12, { dict: 'ops_stock_in_type' }],
          ['warehouseName', '仓库', 'Warehouse', 18],
          ...LINE_COLUMNS,
          ['supplier', '供应商', 'Supplier', 18],
          ['workOrderId', '工单编号', 'Work order', 12],
          ['person', '经手人', 'Person', 12],
          ['createBy', '操作人', 'Entered by', 12],
          ['createTime', '入库时间', 'Time', 20],
          ['remark', '备注', 'Remark', 24],
        ],
        rows: (scope, q) => repo.stockIn.exportRows(scope, withRange(q)),
      },
    });

    resourceRoutes(app, deps, {
      base: '/ops/stockOut',
      perm: 'ops:stockOut',
      tags: ['ops/stock-out'],
      title: 'stock out',
      idName: 'stockOutId',
      row: stockOutRow,
      list: {
        query: docQuery,
        sortable: repo.stockOut.sortable,
        order: repo.stockOut.order,
        rows: (scope, q, page) => repo.stockOut.list(scope, withRange(q), page),
      },
      get: repo.stockOut.find,
      add: { body: stockOutBody, run: (scope, body) => repo.stockOut.insert(scope, now(), body) },
      export: {
        sheet: ['出库明细', 'stock out'],
        columns: [
          ['outNo', '出库单号', 'Stock-out no.', 20],
          ['purpose', '出库去向', 'Purpose', 12, { dict: 'ops_stock_out_purpose' }],
          ['state', '状态', 'State', 10, { dict: 'ops_stock_out_state' }],
          ['warehouseName', '仓库', 'Warehouse', 18],
          ...LINE_COLUMNS,
          ['workOrderId', '工单编号', 'Work order', 12],
          ['recipient', '领用人/班组', 'Recipient', 16],
          ['createBy', '申请人', 'Requested by', 12],
          ['createTime', '申请时间', 'Requested', 20],
          ['approveBy', '审批人', 'Approved by', 12],
          ['approveTime', '审批时间', 'Decided', 20],
          ['remark', '备注', 'Remark', 24],
        ],
        rows: (scope, q) => repo.stockOut.exportRows(scope, withRange(q)),
      },
    });

    app.put(
      '/ops/stockOut/approve',
      {
        config: { perm: 'ops:stockOut:approval', operLog: { title: 'stock out', businessType: 2 } },
        schema: {
          tags: ['ops/stock-out'],
          summary: 'Approve (the parts leave the shelf) or reject a pending stock-out',
          body: stockOutApproveBody,
        },
      },
      async (req) => {
        await repo.stockOut.decide(req.auth(), now(), req.body);
        return ok(req.lang);
      },
    );

    resourceRoutes(app, deps, {
      base: '/ops/stock',
      perm: 'ops:stock',
      tags: ['ops/stock'],
      title: 'stock',
      row: stockRow,
      list: { query: levelQuery, sortable: repo.levels.sortable, order: repo.levels.order, rows: repo.levels.list },
      export: {
        sheet: ['库存', 'stock'],
        columns: [
          ['warehouseName', '仓库', 'Warehouse', 18],
          ['consumableCode', '耗材编码', 'Code', 16],
          ['consumableName', '耗材名称', 'Consumable', 24],
          ['category', '耗材类别', 'Category', 14, { dict: 'ops_consumable_category' }],
          ['model', '规格型号', 'Model', 16],
          ['unit', '单位', 'Unit', 8],
          ['quantity', '库存数量', 'On hand', 12],
          ['minStock', '最低库存', 'Minimum stock', 12],
          ['low', '低于最低库存', 'Below minimum', 14, { fixed: { Y: ['是', 'Yes'], N: ['否', 'No'] } }],
          ['updateTime', '更新时间', 'Updated', 20],
        ],
        rows: repo.levels.exportRows,
      },
    });

    app.get(
      '/ops/stock/low',
      {
        config: { perm: { any: ['ops:stock:list', 'ops:consumable:list'] } },
        schema: {
          tags: ['ops/stock'],
          summary: 'The consumables below their minimum stock (the badge and the notice)',
          response: { 200: dataOf(lowStockSummary) },
        },
      },
      async (req) => ok(req.lang, await repo.levels.low(req.auth())),
    );

    resourceRoutes(app, deps, {
      base: '/ops/stock/movement',
      perm: 'ops:stock',
      tags: ['ops/stock'],
      title: 'stock movements',
      row: movementRow,
      list: {
        query: movementQuery,
        sortable: repo.movements.sortable,
        order: repo.movements.order,
        rows: (scope, q, page) => repo.movements.list(scope, withRange(q), page),
      },
      export: {
        sheet: ['库存流水', 'stock movements'],
        columns: [
          ['time', '时间', 'Time', 20],
          ['warehouseName', '仓库', 'Warehouse', 18],
          ['consumableCode', '耗材编码', 'Code', 16],
          ['consumableName', '耗材名称', 'Consumable', 24],
          ['direction', '方向', 'Direction', 8, { dict: 'ops_movement_direction' }],
          ['reason', '类型', 'Reason', 12, { fixed: REASONS }],
          ['docNo', '单号', 'Document', 20],
          ['quantity', '数量', 'Quantity', 10],
          ['balance', '结存', 'Balance', 10],
          ['workOrderId', '工单编号', 'Work order', 12],
          ['person', '领用/经手人', 'Person', 14],
          ['operator', '操作人', 'Operator', 12],
        ],
        rows: (scope, q) => repo.movements.exportRows(scope, withRange(q)),
      },
    });
  };
}

const REASONS: Record<string, [string, string]> = {
  PURCHASE: ['采购入库', 'Purchase'],
  RETURN: ['退料入库', 'Return'],
  WORK_ORDER: ['工单领料', 'Work order'],
  TEAM: ['班组领用', 'Team'],
  PERSON: ['个人领用', 'Person'],
};
