import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ConsumableRow, StockLineRow, StockRow, WarehouseRow } from '@luxgrid/contracts/warehouse';
import { App, Button, Descriptions, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableDialog } from '../../shared/DraggableDialog';
import { useDict } from '../../shared/dict';
import { http, type TableEnvelope } from '../../shared/request';
import {
  consumableApi,
  type StockInForm,
  type StockOutForm,
  stockApi,
  stockInApi,
  stockOutApi,
  warehouseApi,
} from './api';

/** The enabled warehouses and consumables a document may name, loaded when its dialog opens. */
function useChoices(open: boolean) {
  const [warehouses, setWarehouses] = useState<WarehouseRow[]>([]);
  const [consumables, setConsumables] = useState<ConsumableRow[]>([]);
  useEffect(() => {
    if (!open) return;
    void warehouseApi.list({ status: '0', pageSize: 500 }).then((res) => setWarehouses(res.rows ?? []));
    void consumableApi.list({ status: '0', pageSize: 500 }).then((res) => setConsumables(res.rows ?? []));
  }, [open]);
  return { warehouses, consumables };
}

/** What is on the shelves of one warehouse, by consumable. */
function useLevels(warehouseId: number | undefined) {
  const [levels, setLevels] = useState<Map<number, number>>(new Map());
  useEffect(() => {
    if (!warehouseId) {
      setLevels(new Map());
      return;
    }
    void http
      .get<TableEnvelope<StockRow>>(stockApi.listUrl, { warehouseId, pageSize: 500 })
      .then((res) => setLevels(new Map((res.rows ?? []).map((r) => [r.consumableId, r.quantity]))));
  }, [warehouseId]);
  return levels;
}

/**
 * A stock-in or stock-out document being written: the warehouse, where the parts come from or go
 * to, and the lines (consumable, quantity, unit price). A stock-out shows what is on the shelf.
 */
export function StockDocDialog({
  kind,
  open,
  onClose,
  onSaved,
}: {
  kind: 'in' | 'out';
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<StockInForm & StockOutForm>();
  const [saving, setSaving] = useState(false);
  const { warehouses, consumables } = useChoices(open);
  const warehouseId = Form.useWatch('warehouseId', form);
  const purpose = Form.useWatch('purpose', form);
  const inType = Form.useWatch('inType', form);
  const levels = useLevels(kind === 'out' ? warehouseId : undefined);
  const inTypes = useDict('ops_stock_in_type');
  const purposes = useDict('ops_stock_out_purpose');

  useEffect(() => {
    if (open)
      form.setFieldsValue(
        kind === 'in'
          ? { inType: 'PURCHASE', lines: [{}], warehouseId: undefined }
          : { purpose: 'WORK_ORDER', lines: [{}], warehouseId: undefined },
      );
  }, [open, kind, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (!values.lines?.length) {
      message.warning(t('whDoc.linesRequired'));
      return;
    }
    setSaving(true);
    try {
      const res = kind === 'in' ? await stockInApi.add(values) : await stockOutApi.add(values);
      if (res.code !== 200) return;
      const data = res.data as { inNo?: string; outNo?: string };
      message.success(t('whDoc.saved', { no: data.inNo ?? data.outNo }));
      form.resetFields();
      onSaved();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const consumableOptions = consumables.map((c) => ({
    value: c.consumableId,
    label: `${c.code} ${c.name}${c.model ? ` (${c.model})` : ''}${
      kind === 'out' ? ` · ${t('whDoc.onHand', { quantity: levels.get(c.consumableId) ?? 0 })} ${c.unit}` : ''
    }`,
  }));

  return (
    <DraggableDialog
      open={open}
      title={kind === 'in' ? t('whDoc.stockInTitle') : t('whDoc.stockOutTitle')}
      width={820}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      testId={`stock-${kind}-dialog`}
    >
      <Form form={form} labelCol={{ flex: '110px' }} wrapperCol={{ flex: 1 }}>
        <Form.Item
          name="warehouseId"
          label={t('whStock.warehouse')}
          rules={[{ required: true, message: t('whDoc.warehouseRequired') }]}
        >
          <Select
            data-testid={`stock-${kind}-warehouse`}
            options={warehouses.map((w) => ({ value: w.warehouseId, label: `${w.code} ${w.name}` }))}
          />
        </Form.Item>
        {kind === 'in' ? (
          <>
            <Form.Item name="inType" label={t('whDoc.inType')} rules={[{ required: true }]}>
              <Select options={inTypes.map((d) => ({ value: d.dictValue, label: d.dictLabel }))} />
            </Form.Item>
            {inType === 'RETURN' ? (
              <Form.Item name="workOrderId" label={t('whDoc.workOrder')}>
                <InputNumber min={1} precision={0} style={{ width: 200 }} />
              </Form.Item>
            ) : (
              <Form.Item name="supplier" label={t('whDoc.supplier')}>
                <Input maxLength={60} />
              </Form.Item>
            )}
            <Form.Item name="person" label={t('whDoc.person')}>
              <Input maxLength={30} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="purpose" label={t('whDoc.purpose')} rules={[{ required: true }]}>
              <Select
                options={purposes.map((d) => ({ value: d.dictValue, label: d.dictLabel }))}
                data-testid="stock-out-purpose"
              />
            </Form.Item>
            <Form.Item
              name="workOrderId"
              label={t('whDoc.workOrder')}
              rules={purpose === 'WORK_ORDER' ? [{ required: true, message: t('whDoc.workOrderRequired') }] : []}
            >
              <InputNumber min={1} precision={0} style={{ width: 200 }} data-testid="stock-out-work-order" />
            </Form.Item>
            <Form.Item
              name="recipient"
              label={t('whDoc.recipient')}
              rules={
                purpose !== 'WORK_ORDER'
                  ? [{ required: true, whitespace: true, message: t('whDoc.recipientRequired') }]
                  : []
              }
            >
              <Input maxLength={40} data-testid="stock-out-recipient" />
            </Form.Item>
          </>
        )}
        <Form.Item label={t('whDoc.lines')} required>
          <Form.List name="lines">
            {(fields, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((field, index) => (
                  <Space key={field.key} align="start" wrap>
                    <Form.Item
                      name={[field.name, 'consumableId']}
                      noStyle
                      rules={[{ required: true, message: t('whDoc.consumableRequired') }]}
                    >
                      <Select
                        showSearch
                        optionFilterProp="label"
                        style={{ width: 360 }}
                        placeholder={t('whDoc.line')}
                        options={consumableOptions}
                        data-testid={`stock-${kind}-line-${index}-consumable`}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'quantity']}
                      noStyle
                      rules={[{ required: true, message: t('whDoc.quantityRequired') }]}
                    >
                      <InputNumber
                        min={1}
                        max={1_000_000}
                        precision={0}
                        placeholder={t('whDoc.lineQuantity')}
                        data-testid={`stock-${kind}-line-${index}-quantity`}
                      />
                    </Form.Item>
                    {kind === 'in' && (
                      <Form.Item name={[field.name, 'unitPrice']} noStyle>
                        <InputNumber min={0} precision={2} placeholder={t('whDoc.lineUnitPrice')} />
                      </Form.Item>
                    )}
                    <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({})}
                  data-testid={`stock-${kind}-add-line`}
                >
                  {t('whDoc.addLine')}
                </Button>
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}

/** The lines of a document, read-only. */
export function StockLines({ lines }: { lines: StockLineRow[] }) {
  const { t } = useTranslation();
  return (
    <Table<StockLineRow>
      size="small"
      rowKey="lineId"
      pagination={false}
      dataSource={lines}
      columns={[
        { key: 'code', dataIndex: 'consumableCode', title: t('whConsumable.code') },
        { key: 'name', dataIndex: 'consumableName', title: t('whConsumable.name') },
        { key: 'model', dataIndex: 'model', title: t('whConsumable.model') },
        { key: 'quantity', dataIndex: 'quantity', title: t('whDoc.lineQuantity'), render: (v, r) => `${v} ${r.unit}` },
        { key: 'unitPrice', dataIndex: 'unitPrice', title: t('whDoc.lineUnitPrice') },
        { key: 'amount', dataIndex: 'amount', title: t('whDoc.lineAmount') },
      ]}
    />
  );
}

/** A document's head fields and lines. */
export function StockDocDetail({
  items,
  lines,
}: {
  items: { label: string; value: React.ReactNode }[];
  lines: StockLineRow[];
}) {
  return (
    <>
      <Descriptions
        size="small"
        column={2}
        bordered
        items={items.map((i, n) => ({ key: n, label: i.label, children: i.value }))}
      />
      <div style={{ height: 12 }} />
      <StockLines lines={lines} />
    </>
  );
}
