import type { MovementRow, StockRow, WarehouseRow } from '@luxgrid/contracts/warehouse';
import { Space, Tabs, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stockApi, warehouseApi } from '../../../features/warehouse/api';
import { LowStockNotice, LowTag } from '../../../features/warehouse/LowStockNotice';
import { column, dictColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import { ExportButton } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const PERM = 'ops:stock';

/** Stock (ops/stock): what is on each shelf, the consumables below their minimum, and every movement. */
export function StockPage() {
  const { t } = useTranslation();
  const levelsTable = useRef<ProTableRef>(null);
  const movesTable = useRef<ProTableRef>(null);
  const [warehouses, setWarehouses] = useState<WarehouseRow[]>([]);
  useEffect(() => {
    void warehouseApi.list({ pageSize: 500 }).then((res) => setWarehouses(res.rows ?? []));
  }, []);
  const warehouseField = {
    type: 'select' as const,
    name: 'warehouseId',
    label: t('whStock.warehouse'),
    options: warehouses.map((w) => ({ value: String(w.warehouseId), label: w.name })),
  };

  const levelColumns: ProColumn<StockRow>[] = [
    textColumn('warehouseName', t('whStock.warehouse'), { sortField: 'warehouseName' }),
    textColumn('consumableCode', t('whConsumable.code'), { sortField: 'consumableCode', width: 130 }),
    textColumn('consumableName', t('whConsumable.name')),
    dictColumn('category', t('whConsumable.category'), 'ops_consumable_category', { width: 110 }),
    textColumn('model', t('whConsumable.model'), { width: 130 }),
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: t('whStock.quantity'),
      sortField: 'quantity',
      width: 180,
      render: (value: number, row) => (
        <Space size={4}>
          <span data-testid={`stock-quantity-${row.consumableCode}`}>
            {value} {row.unit}
          </span>
          <LowTag low={row.low} />
        </Space>
      ),
    },
    column('minStock', t('whConsumable.minStock'), { width: 100 }),
    timeColumn('updateTime', t('whStock.updateTime')),
  ];

  const moveColumns: ProColumn<MovementRow>[] = [
    timeColumn('time', t('whStock.time'), { sortField: 'time' }),
    textColumn('warehouseName', t('whStock.warehouse')),
    textColumn('consumableName', t('whStock.consumable')),
    dictColumn('direction', t('whStock.direction'), 'ops_movement_direction', { width: 80 }),
    {
      key: 'reason',
      dataIndex: 'reason',
      title: t('whStock.reason'),
      width: 110,
      render: (value: string) => <Tag>{t(`whStock.reasons.${value}`, { defaultValue: value })}</Tag>,
    },
    textColumn('docNo', t('whStock.docNo'), { width: 170 }),
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: t('whDoc.lineQuantity'),
      width: 100,
      render: (value: number, row) => `${row.direction === 'OUT' ? '−' : '+'}${value} ${row.unit}`,
    },
    column('balance', t('whStock.balance'), { width: 90 }),
    column('workOrderId', t('whStock.workOrder'), { width: 100 }),
    textColumn('person', t('whStock.person'), { width: 130 }),
    textColumn('operator', t('whStock.operator'), { width: 110 }),
  ];

  return (
    <div className="lx-page" data-testid="stock-page">
      <LowStockNotice />
      <Tabs
        items={[
          {
            key: 'levels',
            label: t('whStock.levels'),
            children: (
              <ProTable<StockRow>
                ref={levelsTable}
                url={stockApi.listUrl}
                rowKey={(row) => `${row.warehouseId}-${row.consumableId}`}
                testId="stock-table"
                empty={t('whStock.empty')}
                columns={levelColumns}
                searchFields={[
                  warehouseField,
                  { type: 'input', name: 'name', label: t('whConsumable.keyword') },
                  {
                    type: 'select',
                    name: 'category',
                    label: t('whConsumable.category'),
                    dictType: 'ops_consumable_category',
                  },
                  {
                    type: 'select',
                    name: 'low',
                    label: t('whConsumable.lowOnly'),
                    options: [{ value: '1', label: t('whConsumable.low') }],
                  },
                ]}
                toolbar={() => (
                  <ExportButton perm={PERM} url={stockApi.exportUrl} table={levelsTable} fileName="stock" />
                )}
              />
            ),
          },
          {
            key: 'movements',
            label: t('whStock.movements'),
            children: (
              <ProTable<MovementRow>
                ref={movesTable}
                url={stockApi.movementUrl}
                rowKey="movementId"
                testId="movement-table"
                empty={t('whStock.movementsEmpty')}
                columns={moveColumns}
                searchFields={[
                  warehouseField,
                  { type: 'input', name: 'workOrderId', label: t('whStock.workOrder') },
                  { type: 'input', name: 'person', label: t('whStock.person') },
                  {
                    type: 'select',
                    name: 'direction',
                    label: t('whStock.direction'),
                    dictType: 'ops_movement_direction',
                  },
                  { type: 'dateRange', name: 'time', label: t('whStock.time') },
                ]}
                toolbar={() => (
                  <ExportButton
                    perm={PERM}
                    url={stockApi.movementExportUrl}
                    table={movesTable}
                    fileName="stock_movements"
                  />
                )}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
