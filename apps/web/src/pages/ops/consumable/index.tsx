import { UploadOutlined } from '@ant-design/icons';
import type { ConsumableRow } from '@luxgrid/contracts/warehouse';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConsumableForm, consumableApi } from '../../../features/warehouse/api';
import { LowStockNotice, LowTag } from '../../../features/warehouse/LowStockNotice';
import { useDict } from '../../../shared/dict';
import { ImportDialog } from '../../../shared/ImportDialog';
import { HasPermi } from '../../../shared/perms';
import { actionsColumn, column, dictColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import {
  AddRemoveButtons,
  EditDialog,
  ExportButton,
  RowActions,
  useConfirmRemove,
  useEditDialog,
} from '../../../shared/table/crud';
import { RemarkField, StatusField } from '../../../shared/table/fields';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const PERM = 'ops:consumable';
const EMPTY: ConsumableForm = {
  code: '',
  name: '',
  category: 'LAMP_HEAD',
  unit: '',
  model: '',
  minStock: 0,
  unitPrice: 0,
  status: '0',
  remark: '',
};

/** Consumables (ops/consumable): the parts the crews use, what is on hand, and those below their minimum. */
export function ConsumablePage() {
  const { t } = useTranslation();
  const table = useRef<ProTableRef>(null);
  const categories = useDict('ops_consumable_category');
  const [importing, setImporting] = useState(false);
  const [changed, setChanged] = useState(0);
  const edit = useEditDialog<ConsumableForm>({
    api: consumableApi,
    idKey: 'consumableId',
    table,
    warnIncomplete: true,
    onSaved: () => setChanged((n) => n + 1),
  });
  const remove = useConfirmRemove(consumableApi.remove, (names) => t('whConsumable.deleteConfirm', { names }), table);
  const removeRows = (rows: ConsumableRow[]) =>
    remove(
      rows.map((row) => row.consumableId),
      rows.map((row) => row.name).join(', '),
    );

  const columns: ProColumn<ConsumableRow>[] = [
    textColumn('code', t('whConsumable.code'), { sortField: 'code', width: 130 }),
    textColumn('name', t('whConsumable.name'), { sortField: 'name' }),
    dictColumn('category', t('whConsumable.category'), 'ops_consumable_category', {
      width: 110,
      sortField: 'category',
    }),
    textColumn('model', t('whConsumable.model'), { width: 130 }),
    column('unit', t('whConsumable.unit'), { width: 70 }),
    column('unitPrice', t('whConsumable.unitPrice'), { width: 90 }),
    column('minStock', t('whConsumable.minStock'), { width: 100 }),
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: t('whConsumable.quantity'),
      width: 170,
      render: (value: number, row) => (
        <Space size={4}>
          <span data-testid={`consumable-quantity-${row.code}`}>{value}</span>
          <LowTag low={row.low} />
        </Space>
      ),
    },
    dictColumn('status', t('sysCommon.status'), 'sys_normal_disable'),
    textColumn('remark', t('common.remark'), { defaultHidden: true }),
    timeColumn('createTime', t('common.createTime'), { defaultHidden: true }),
    actionsColumn(t('common.actions'), 160, (row) => (
      <RowActions perm={PERM} onEdit={() => edit.open(row)} onRemove={() => removeRows([row])} />
    )),
  ];

  return (
    <div className="lx-page" data-testid="consumable-page">
      <LowStockNotice refreshKey={changed} />
      <ProTable<ConsumableRow>
        ref={table}
        url={consumableApi.listUrl}
        rowKey="consumableId"
        selectable
        testId="consumable-table"
        empty={t('whConsumable.empty')}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'name', label: t('whConsumable.keyword') },
          { type: 'select', name: 'category', label: t('whConsumable.category'), dictType: 'ops_consumable_category' },
          {
            type: 'select',
            name: 'low',
            label: t('whConsumable.lowOnly'),
            options: [
              { value: '1', label: t('whConsumable.low') },
              { value: '0', label: t('whConsumable.enough') },
            ],
          },
        ]}
        toolbar={({ rows }) => (
          <>
            <AddRemoveButtons
              perm={PERM}
              testId="consumable"
              onAdd={() => edit.open({ ...EMPTY })}
              selected={rows.length}
              onRemove={() => removeRows(rows)}
            >
              <HasPermi value={[`${PERM}:import`]}>
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="consumable-import">
                  {t('common.import')}
                </Button>
              </HasPermi>
            </AddRemoveButtons>
            <ExportButton perm={PERM} url={consumableApi.exportUrl} table={table} fileName="consumables" />
          </>
        )}
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        title={t('whConsumable.importTitle')}
        uploadUrl={consumableApi.importUrl}
        templateUrl={consumableApi.templateUrl}
        templateName="consumable_template.xlsx"
        recordUrl={null}
        onImported={() => {
          table.current?.reload();
          setChanged((n) => n + 1);
        }}
      />
      <EditDialog<ConsumableForm>
        edit={edit}
        addTitle={t('whConsumable.addTitle')}
        editTitle={t('whConsumable.editTitle')}
        width={580}
        labelWidth={100}
        testId="consumable-dialog"
      >
        <Form.Item
          name="code"
          label={t('whConsumable.code')}
          rules={[{ required: true, whitespace: true, message: t('whConsumable.codeRequired') }]}
        >
          <Input maxLength={32} data-testid="consumable-code" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('whConsumable.name')}
          rules={[{ required: true, whitespace: true, message: t('whConsumable.nameRequired') }]}
        >
          <Input maxLength={60} data-testid="consumable-name" />
        </Form.Item>
        <Form.Item
          name="category"
          label={t('whConsumable.category')}
          rules={[{ required: true, message: t('whConsumable.categoryRequired') }]}
        >
          <Select
            options={categories.map((c) => ({ value: c.dictValue, label: c.dictLabel }))}
            data-testid="consumable-category"
          />
        </Form.Item>
        <Form.Item name="model" label={t('whConsumable.model')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="unit"
          label={t('whConsumable.unit')}
          rules={[{ required: true, whitespace: true, message: t('whConsumable.unitRequired') }]}
        >
          <Input maxLength={10} style={{ width: 120 }} data-testid="consumable-unit" />
        </Form.Item>
        <Form.Item name="minStock" label={t('whConsumable.minStock')}>
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} data-testid="consumable-min" />
        </Form.Item>
        <Form.Item name="unitPrice" label={t('whConsumable.unitPrice')}>
          <InputNumber min={0} max={99_999_999} precision={2} style={{ width: 160 }} />
        </Form.Item>
        <StatusField />
        <RemarkField />
      </EditDialog>
    </div>
  );
}
