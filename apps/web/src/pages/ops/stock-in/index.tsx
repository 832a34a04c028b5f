import { PlusOutlined } from '@ant-design/icons';
import type { StockInRow } from '@luxgrid/contracts/warehouse';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stockInApi } from '../../../features/warehouse/api';
import { StockDocDetail, StockDocDialog } from '../../../features/warehouse/StockDocDialog';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { HasPermi } from '../../../shared/perms';
import { actionsColumn, column, DictCell, dictColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import { DetailLink, ExportButton } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const PERM = 'ops:stockIn';

/** Stock in (ops/stock-in): purchases received and parts returned from the field; the levels rise at once. */
export function StockInPage() {
  const { t } = useTranslation();
  const table = useRef<ProTableRef>(null);
  const [adding, setAdding] = useState(false);
  const [detail, setDetail] = useState<StockInRow | null>(null);
  const show = async (row: StockInRow) => {
    const res = await stockInApi.get(row.stockInId);
    if (res.code === 200 && res.data) setDetail(res.data);
  };

  const columns: ProColumn<StockInRow>[] = [
    textColumn('inNo', t('whDoc.inNo'), { sortField: 'inNo', width: 170 }),
    dictColumn('inType', t('whDoc.inType'), 'ops_stock_in_type', { width: 110 }),
    textColumn('warehouseName', t('whStock.warehouse')),
    column('totalQuantity', t('whDoc.totalQuantity'), { width: 90 }),
    column('totalAmount', t('whDoc.totalAmount'), { width: 110 }),
    textColumn('supplier', t('whDoc.supplier')),
    column('workOrderId', t('whDoc.workOrder'), { width: 100 }),
    textColumn('person', t('whDoc.person'), { width: 110 }),
    textColumn('createBy', t('whDoc.createBy'), { width: 110 }),
    timeColumn('createTime', t('whDoc.createTime'), { sortField: 'createTime' }),
    actionsColumn(t('common.actions'), 100, (row) => <DetailLink perm={PERM} onClick={() => void show(row)} />),
  ];

  return (
    <div className="lx-page" data-testid="stock-in-page">
      <ProTable<StockInRow>
        ref={table}
        url={stockInApi.listUrl}
        rowKey="stockInId"
        testId="stock-in-table"
        empty={t('whDoc.inEmpty')}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'no', label: t('whDoc.noSearch') },
          { type: 'select', name: 'inType', label: t('whDoc.inType'), dictType: 'ops_stock_in_type' },
          { type: 'dateRange', name: 'time', label: t('whDoc.createTime') },
        ]}
        toolbar={() => (
          <>
            <HasPermi value={[`${PERM}:add`]}>
              <Button
                type="primary"
                ghost
                icon={<PlusOutlined />}
                onClick={() => setAdding(true)}
                data-testid="stock-in-add"
              >
                {t('whDoc.stockInTitle')}
              </Button>
            </HasPermi>
            <ExportButton perm={PERM} url={stockInApi.exportUrl} table={table} fileName="stock_in" />
          </>
        )}
      />
      <StockDocDialog
        kind="in"
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={() => table.current?.reload()}
      />
      <DraggableDialog
        open={!!detail}
        title={`${t('whDoc.detailTitle')} ${detail?.inNo ?? ''}`}
        width={860}
        onCancel={() => setDetail(null)}
        footer={null}
      >
        {detail && (
          <StockDocDetail
            lines={detail.lines ?? []}
            items={[
              { label: t('whDoc.inType'), value: <DictCell dictType="ops_stock_in_type" value={detail.inType} /> },
              { label: t('whStock.warehouse'), value: detail.warehouseName },
              { label: t('whDoc.supplier'), value: detail.supplier },
              { label: t('whDoc.workOrder'), value: detail.workOrderId },
              { label: t('whDoc.person'), value: detail.person },
              { label: t('whDoc.createBy'), value: `${detail.createBy} ${detail.createTime ?? ''}` },
              { label: t('whDoc.totalAmount'), value: detail.totalAmount },
              { label: t('common.remark'), value: detail.remark },
            ]}
          />
        )}
      </DraggableDialog>
    </div>
  );
}
