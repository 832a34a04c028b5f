import { AuditOutlined, PlusOutlined } from '@ant-design/icons';
import type { StockOutRow } from '@luxgrid/contracts/warehouse';
import { App, Button, Input } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stockOutApi } from '../../../features/warehouse/api';
import { StockDocDetail, StockDocDialog } from '../../../features/warehouse/StockDocDialog';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { HasPermi } from '../../../shared/perms';
import { actionsColumn, column, DictCell, dictColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import { DetailLink, ExportButton, RowLink } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const PERM = 'ops:stockOut';

/**
 * Stock out (ops/stock-out): parts requested for a work order, a team or a person; an approver
 * with `ops:stockOut:approval` lets them leave the shelf (or rejects the request).
 */
export function StockOutPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const [adding, setAdding] = useState(false);
  const [detail, setDetail] = useState<StockOutRow | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const show = async (row: StockOutRow) => {
    const res = await stockOutApi.get(row.stockOutId);
    if (res.code === 200 && res.data) {
      setComment('');
      setDetail(res.data);
    }
  };
  const decide = async (approved: boolean) => {
    if (!detail) return;
    setBusy(true);
    try {
      const res = await stockOutApi.decide(detail.stockOutId, approved, comment);
      if (res.code !== 200) return;
      message.success(approved ? t('whDoc.approved') : t('whDoc.rejected'));
      setDetail(null);
      table.current?.refresh();
    } finally {
      setBusy(false);
    }
  };

  const columns: ProColumn<StockOutRow>[] = [
    textColumn('outNo', t('whDoc.outNo'), { sortField: 'outNo', width: 170 }),
    dictColumn('purpose', t('whDoc.purpose'), 'ops_stock_out_purpose', { width: 110 }),
    dictColumn('state', t('whDoc.state'), 'ops_stock_out_state', { width: 100 }),
    textColumn('warehouseName', t('whStock.warehouse')),
    column('workOrderId', t('whDoc.workOrder'), { width: 100 }),
    textColumn('recipient', t('whDoc.recipient'), { width: 130 }),
    column('totalQuantity', t('whDoc.totalQuantity'), { width: 90 }),
    column('totalAmount', t('whDoc.totalAmount'), { width: 100, defaultHidden: true }),
    textColumn('createBy', t('whDoc.requestedBy'), { width: 110 }),
    timeColumn('createTime', t('whDoc.createTime'), { sortField: 'createTime' }),
    textColumn('approveBy', t('whDoc.approveBy'), { width: 110 }),
    timeColumn('approveTime', t('whDoc.approveTime'), { defaultHidden: true }),
    actionsColumn(t('common.actions'), 170, (row) => (
      <>
        <DetailLink perm={PERM} onClick={() => void show(row)} testId={`stock-out-detail-${row.outNo}`} />
        {row.state === 'PENDING' && (
          <RowLink
            perm={`${PERM}:approval`}
            icon={<AuditOutlined />}
            label={t('whDoc.approve')}
            onClick={() => void show(row)}
            testId={`stock-out-approve-${row.outNo}`}
          />
        )}
      </>
    )),
  ];

  return (
    <div className="lx-page" data-testid="stock-out-page">
      <ProTable<StockOutRow>
        ref={table}
        url={stockOutApi.listUrl}
        rowKey="stockOutId"
        testId="stock-out-table"
        empty={t('whDoc.outEmpty')}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'no', label: t('whDoc.noSearch') },
          { type: 'input', name: 'workOrderId', label: t('whDoc.workOrder') },
          { type: 'select', name: 'purpose', label: t('whDoc.purpose'), dictType: 'ops_stock_out_purpose' },
          { type: 'select', name: 'state', label: t('whDoc.state'), dictType: 'ops_stock_out_state' },
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
                data-testid="stock-out-add"
              >
                {t('whDoc.stockOutTitle')}
              </Button>
            </HasPermi>
            <ExportButton perm={PERM} url={stockOutApi.exportUrl} table={table} fileName="stock_out" />
          </>
        )}
      />
      <StockDocDialog
        kind="out"
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={() => table.current?.reload()}
      />
      <DraggableDialog
        open={!!detail}
        title={
          detail?.state === 'PENDING'
            ? t('whDoc.approveTitle', { no: detail.outNo })
            : `${t('whDoc.detailTitle')} ${detail?.outNo ?? ''}`
        }
        width={860}
        onCancel={() => setDetail(null)}
        testId="stock-out-decide"
        footer={
          detail?.state === 'PENDING' ? (
            <HasPermi value={[`${PERM}:approval`]}>
              <Button danger loading={busy} onClick={() => void decide(false)} data-testid="stock-out-reject">
                {t('whDoc.approveNo')}
              </Button>
              <Button type="primary" loading={busy} onClick={() => void decide(true)} data-testid="stock-out-approve">
                {t('whDoc.approveYes')}
              </Button>
            </HasPermi>
          ) : null
        }
      >
        {detail && (
          <>
            <StockDocDetail
              lines={detail.lines ?? []}
              items={[
                {
                  label: t('whDoc.purpose'),
                  value: <DictCell dictType="ops_stock_out_purpose" value={detail.purpose} />,
                },
                { label: t('whDoc.state'), value: <DictCell dictType="ops_stock_out_state" value={detail.state} /> },
                { label: t('whStock.warehouse'), value: detail.warehouseName },
                { label: t('whDoc.workOrder'), value: detail.workOrderId },
                { label: t('whDoc.recipient'), value: detail.recipient },
                { label: t('whDoc.requestedBy'), value: `${detail.createBy} ${detail.createTime ?? ''}` },
                { label: t('whDoc.approveBy'), value: `${detail.approveBy} ${detail.approveTime ?? ''}` },
                { label: t('whDoc.approveComment'), value: detail.approveComment },
              ]}
            />
            {detail.state === 'PENDING' && (
              <Input.TextArea
                style={{ marginTop: 12 }}
                maxLength={200}
                placeholder={t('whDoc.approveComment')}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
              />
            )}
          </>
        )}
      </DraggableDialog>
    </div>
  );
}
