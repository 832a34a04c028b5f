import { HAND_SOURCES, WORK_ORDER_PRIORITIES, WORK_ORDER_SOURCES, WORK_ORDER_STATES } from '@luxgrid/contracts/ops';
import { App, Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceSelect } from '../../../features/lighting/DeviceSelect';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { type SlaSettings, type WorkOrderForm, type WorkOrderRow, workOrderApi } from '../../../features/ops/api';
import { PriorityTag, SlaClock, StateTag, useOpsLabel, useOpsOptions } from '../../../features/ops/labels';
import { DispatchDialog, OrderDrawer } from '../../../features/ops/OrderDrawer';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { HasPermi } from '../../../shared/perms';
import { column, textColumn } from '../../../shared/table/columns';
import {
  AddRemoveButtons,
  EditDialog,
  ExportButton,
  RowActions,
  useConfirmRemove,
  useEditDialog,
} from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

/** The customer's SLA clocks per priority and the verification hold of alarm orders. */
function SlaDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useOpsLabel();
  const [form] = Form.useForm<SlaSettings>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open)
      workOrderApi.sla().then(
        (res) => form.setFieldsValue(res.data),
        () => undefined,
      );
  }, [open, form]);
  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await workOrderApi.saveSla(values);
      message.success(t('common.updateSuccess'));
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const minutes = { min: 1, max: 43200, precision: 0, style: { width: 120 } };
  return (
    <DraggableDialog
      open={open}
      title={t('opsOrder.slaTitle')}
      width={560}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={busy}
      testId="sla-dialog"
    >
      <Form form={form} layout="horizontal" labelCol={{ flex: '110px' }}>
        {WORK_ORDER_PRIORITIES.map((p) => (
          <Form.Item key={p} label={label('priority', p)} style={{ marginBottom: 8 }}>
            <Space>
              <Form.Item name={['clocks', p, 'acceptMinutes']} noStyle rules={[{ required: true }]}>
                <InputNumber {...minutes} addonBefore={t('opsOrder.acceptMin')} />
              </Form.Item>
              <Form.Item name={['clocks', p, 'resolveMinutes']} noStyle rules={[{ required: true }]}>
                <InputNumber {...minutes} addonBefore={t('opsOrder.resolveMin')} />
              </Form.Item>
            </Space>
          </Form.Item>
        ))}
        <Form.Item
          name="verifyHoldMinutes"
          label={t('opsOrder.verifyHold')}
          rules={[{ required: true }]}
          extra={t('opsOrder.verifyHoldHint')}
        >
          <InputNumber {...minutes} />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}

function WorkOrderPageBody() {
  const { t } = useTranslation();
  const label = useOpsLabel();
  const options = useOpsOptions();
  const projectId = useProjectId()!;
  const table = useRef<ProTableRef>(null);
  const [readAt, setReadAt] = useState(Date.now());
  const [selected, setSelected] = useState<number | null>(null);
  const [dispatching, setDispatching] = useState<number | null>(null);
  const [sla, setSla] = useState(false);
  const extraParams = useMemo(() => ({ projectId }), [projectId]);
  const edit = useEditDialog<WorkOrderForm>({
    api: workOrderApi,
    idKey: 'orderId',
    table,
    toBody: (merged) => ({ ...merged, projectId }),
  });
  const remove = useConfirmRemove(workOrderApi.remove, (names) => t('opsOrder.deleteConfirm', { names }), table);
  const open = (row?: WorkOrderRow) =>
    edit.open(
      row
        ? { ...row, source: row.source as WorkOrderForm['source'], priority: row.priority as WorkOrderForm['priority'] }
        : { projectId, source: 'MANUAL', priority: 'ordinary', title: '' },
    );

  const columns: ProColumn<WorkOrderRow>[] = [
    column('orderNo', t('opsOrder.orderNo'), {
      width: 170,
      sortField: 'orderId',
      render: (value: string, row) => (
        <Button type="link" size="small" onClick={() => setSelected(row.orderId)} data-testid="order-open">
          {value}
        </Button>
      ),
    }),
    textColumn('title', t('opsOrder.title')),
    column('priority', t('opsOrder.priority'), {
      width: 90,
      sortField: 'priority',
      render: (v: string) => <PriorityTag priority={v} />,
    }),
    column('state', t('opsOrder.state'), {
      width: 150,
      sortField: 'state',
      render: (v: string, row) => <StateTag state={v} outcome={row.outcome} />,
    }),
    column('source', t('opsOrder.source'), { width: 100, render: (v: string) => label('source', v) }),
    column('deviceUid', t('opsOrder.device'), {
      width: 150,
      render: (v: string | null, row) => (v ? `${row.deviceName ?? ''} (${v})` : '-'),
    }),
    column('teamName', t('opsOrder.assignee'), {
      width: 150,
      render: (_: unknown, row) => [row.teamName, row.assigneeName].filter(Boolean).join(' · ') || '-',
    }),
    column('acceptLeft', t('opsOrder.acceptClock'), {
      width: 130,
      sortField: 'acceptDue',
      render: (v: number | null, row) => <SlaClock left={v} breached={row.acceptBreached} readAt={readAt} />,
    }),
    column('resolveLeft', t('opsOrder.resolveClock'), {
      width: 130,
      sortField: 'resolveDue',
      render: (v: number | null, row) => <SlaClock left={v} breached={row.resolveBreached} readAt={readAt} />,
    }),
    column('createTime', t('common.createTime'), { width: 170, sortField: 'createTime' }),
    {
      key: 'actions',
      title: t('common.actions'),
      width: 220,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          perm="ops:workOrder"
          onEdit={row.state === 'CLOSED' ? undefined : () => open(row)}
          onRemove={() => remove([row.orderId], row.orderNo)}
          removeBlocked={row.state === 'CREATED' || row.state === 'CLOSED' ? undefined : t('opsOrder.removeBlocked')}
          between={
            ['CREATED', 'DISPATCHED', 'ACCEPTED'].includes(row.state) && (
              <HasPermi value={['ops:workOrder:dispatch']}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setDispatching(row.orderId)}
                  data-testid="order-dispatch-row"
                >
                  {t('opsOrder.dispatch')}
                </Button>
              </HasPermi>
            )
          }
        />
      ),
    },
  ];

  const refresh = () => {
    table.current?.refresh();
    setReadAt(Date.now());
  };
  return (
    <div className="lx-page" data-testid="work-order-page">
      <ProTable<WorkOrderRow>
        ref={table}
        url={workOrderApi.listUrl}
        rowKey="orderId"
        selectable
        testId="work-order-table"
        extraParams={extraParams}
        columns={columns}
        empty={t('opsOrder.empty')}
        searchFields={[
          { type: 'input', name: 'keyword', label: t('opsOrder.keyword') },
          { type: 'select', name: 'state', label: t('opsOrder.state'), options: options('state', WORK_ORDER_STATES) },
          {
            type: 'select',
            name: 'priority',
            label: t('opsOrder.priority'),
            options: options('priority', WORK_ORDER_PRIORITIES),
          },
          {
            type: 'select',
            name: 'source',
            label: t('opsOrder.source'),
            options: options('source', WORK_ORDER_SOURCES),
          },
          {
            type: 'select',
            name: 'breached',
            label: t('opsOrder.sla'),
            options: [
              { value: 'true', label: t('opsOrder.breached') },
              { value: 'false', label: t('opsOrder.withinSla') },
            ],
          },
          { type: 'dateRange', name: 'time', label: t('common.createTime') },
        ]}
        toolbar={({ keys, rows }) => (
          <Space>
            <AddRemoveButtons
              perm="ops:workOrder"
              testId="work-order"
              onAdd={() => open()}
              selected={keys.length}
              onRemove={() => remove(keys, rows.map((r) => r.orderNo).join(', '))}
            />
            <HasPermi value={['ops:workOrder:edit']}>
              <Button onClick={() => setSla(true)} data-testid="sla-open">
                {t('opsOrder.slaTitle')}
              </Button>
            </HasPermi>
            <ExportButton
              perm="ops:workOrder"
              url={workOrderApi.exportUrl}
              table={table}
              params={extraParams}
              fileName="work_orders"
              testId="work-order-export"
            />
          </Space>
        )}
      />
      <EditDialog<WorkOrderForm>
        edit={edit}
        addTitle={t('opsOrder.addTitle')}
        editTitle={t('opsOrder.editTitle')}
        width={600}
        labelWidth={100}
        testId="work-order-dialog"
      >
        <Form.Item
          name="title"
          label={t('opsOrder.title')}
          rules={[{ required: true, whitespace: true, message: t('opsOrder.titleRequired') }]}
        >
          <Input maxLength={100} data-testid="work-order-title" />
        </Form.Item>
        {!edit.isEdit && (
          <Form.Item name="source" label={t('opsOrder.source')}>
            <Select options={options('source', HAND_SOURCES)} />
          </Form.Item>
        )}
        <Form.Item name="priority" label={t('opsOrder.priority')}>
          <Select options={options('priority', WORK_ORDER_PRIORITIES)} data-testid="work-order-priority" />
        </Form.Item>
        {!edit.isEdit && (
          <Form.Item name="deviceId" label={t('opsOrder.device')} extra={t('opsOrder.deviceHint')}>
            <DeviceSelect testId="work-order-device" />
          </Form.Item>
        )}
        <Form.Item name="address" label={t('opsOrder.place')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label={t('opsOrder.coordinates')}>
          <Space>
            <Form.Item name="longitude" noStyle>
              <InputNumber min={-180} max={180} precision={6} placeholder={t('opsOrder.longitude')} />
            </Form.Item>
            <Form.Item name="latitude" noStyle>
              <InputNumber min={-90} max={90} precision={6} placeholder={t('opsOrder.latitude')} />
            </Form.Item>
          </Space>
        </Form.Item>
        <Form.Item name="reporter" label={t('opsOrder.reporter')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="reporterPhone" label={t('opsOrder.reporterPhone')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="description" label={t('opsOrder.description')}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </EditDialog>
      <OrderDrawer orderId={selected} onClose={() => setSelected(null)} onChanged={refresh} />
      <DispatchDialog
        orderId={dispatching}
        onClose={(done) => {
          setDispatching(null);
          if (done) refresh();
        }}
      />
      <SlaDialog open={sla} onClose={() => setSla(false)} />
    </div>
  );
}

/** Work orders of the chosen project (ops/work-order): SLA clocks, dispatch, approval, export. */
export function WorkOrderPage() {
  return (
    <NeedProject testId="work-order-page">
      <WorkOrderPageBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
