import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { type Key, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modelApi } from '../../../features/lighting/api';
import type { DeviceModel, DeviceType } from '../../../features/lighting/types';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { formatDateTime } from '../../../shared/date';
import { type DictItem, useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const EMPTY: DeviceModel = { name: '', deviceType: 'RTU', commType: 6, lampHeadLimit: 2, manufacturer: '', remark: '' };
const CONNECTED: readonly DeviceType[] = ['BOX', 'CCU', 'CCU_IN_BOX'];
const options = (items: readonly DictItem[]) => items.map((item) => ({ value: item.dictValue, label: item.dictLabel }));

/** Device models (lighting/model): type, communication, directive scheme and the limits their devices obey. */
export function ModelPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const types = useDict('lighting_device_type');
  const commTypes = useDict('lighting_comm_type');
  const schemes = useDict('lighting_directive_scheme');
  const connectModes = useDict('lighting_connect_mode');
  const rtuProtocols = useDict('lighting_rtu_protocol');
  const meterChannels = useDict('lighting_meter_channel');
  const [form] = Form.useForm<DeviceModel>();
  const [editing, setEditing] = useState<DeviceModel | null>(null);
  const [saving, setSaving] = useState(false);
  const type = Form.useWatch('deviceType', form) as DeviceType | undefined;

  const open = async (row?: DeviceModel) => {
    const value = row?.modelId ? (await modelApi.get(row.modelId)).data : EMPTY;
    setEditing(value);
  };

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue({ ...editing, commType: Number(editing.commType) });
  }, [editing, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const body = { ...editing, ...values } as DeviceModel;
      if (body.deviceType !== 'RTU') body.lampHeadLimit = null;
      if (body.deviceType === 'SWITCH_MODULE') body.channelCount = 8;
      else if (body.deviceType !== 'METER') body.channelCount = null;
      if (editing?.modelId) await modelApi.update(body);
      else await modelApi.add(body);
      message.success(editing?.modelId ? t('common.updateSuccess') : t('common.addSuccess'));
      setEditing(null);
      table.current?.refresh();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  const remove = (ids: Key[], names: string) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('ltModel.deleteConfirm', { names }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await modelApi.remove(ids as number[]);
        message.success(t('common.deleteSuccess'));
        table.current?.clearSelection();
        table.current?.refresh();
      },
    });
  };

  const columns: ProColumn<DeviceModel>[] = [
    { key: 'name', dataIndex: 'name', title: t('ltModel.name'), sortField: 'name', ellipsis: true },
    {
      key: 'deviceType',
      dataIndex: 'deviceType',
      title: t('ltCommon.deviceType'),
      width: 140,
      sortField: 'deviceType',
      render: (value: string) => <DictTag options={types} value={value} />,
    },
    {
      key: 'commType',
      dataIndex: 'commType',
      title: t('ltModel.commType'),
      width: 120,
      render: (value: number) => <DictTag options={commTypes} value={value} />,
    },
    {
      key: 'directiveScheme',
      dataIndex: 'directiveScheme',
      title: t('ltModel.directiveScheme'),
      width: 170,
      render: (value: string) => <DictTag options={schemes} value={value} />,
    },
    {
      key: 'connectMode',
      dataIndex: 'connectMode',
      title: t('ltModel.connectMode'),
      width: 110,
      render: (value: string) => <DictTag options={connectModes} value={value} />,
    },
    {
      key: 'rtuProtocol',
      dataIndex: 'rtuProtocol',
      title: t('ltModel.rtuProtocol'),
      width: 160,
      defaultHidden: true,
      render: (value: string) => <DictTag options={rtuProtocols} value={value} />,
    },
    { key: 'lampHeadLimit', dataIndex: 'lampHeadLimit', title: t('ltModel.lampHeadLimit'), width: 110 },
    { key: 'channelCount', dataIndex: 'channelCount', title: t('ltModel.channelCount'), width: 100 },
    { key: 'manufacturer', dataIndex: 'manufacturer', title: t('ltModel.manufacturer'), ellipsis: true },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('common.createTime'),
      width: DATE_COLUMN_WIDTH + 30,
      defaultHidden: true,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 160,
      fixed: 'right',
      render: (_: unknown, row) => (
        <>
          <HasPermi value={['lighting:model:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void open(row)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['lighting:model:remove']}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove([row.modelId!], row.name)}
            >
              {t('common.delete')}
            </Button>
          </HasPermi>
        </>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="model-page">
      <ProTable<DeviceModel>
        ref={table}
        url={modelApi.listUrl}
        rowKey="modelId"
        selectable
        testId="model-table"
        columns={columns}
        searchFields={[
          { type: 'input', name: 'name', label: t('ltModel.name') },
          { type: 'select', name: 'deviceType', label: t('ltCommon.deviceType'), dictType: 'lighting_device_type' },
        ]}
        toolbar={({ keys, rows }) => (
          <>
            <HasPermi value={['lighting:model:add']}>
              <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => void open()} data-testid="model-add">
                {t('common.add')}
              </Button>
            </HasPermi>
            <HasPermi value={['lighting:model:remove']}>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={!keys.length}
                onClick={() => remove(keys, rows.map((row) => row.name).join(', '))}
              >
                {t('common.delete')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <DraggableDialog
        open={!!editing}
        title={editing?.modelId ? t('ltModel.editTitle') : t('ltModel.addTitle')}
        width={720}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={saving}
        testId="model-dialog"
      >
        <Form<DeviceModel>
          form={form}
          labelCol={{ flex: '130px' }}
          labelWrap
          initialValues={editing ? { ...editing, commType: Number(editing.commType) } : undefined}
          preserve={false}
        >
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="name"
                label={t('ltModel.name')}
                rules={[
                  { required: true, whitespace: true, message: t('ltModel.nameRequired') },
                  { min: 2, max: 40, message: t('ltModel.nameLength') },
                ]}
              >
                <Input maxLength={40} data-testid="model-name" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="deviceType" label={t('ltCommon.deviceType')} rules={[{ required: true }]}>
                <Select options={options(types)} data-testid="model-deviceType" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="commType" label={t('ltModel.commType')} rules={[{ required: true }]}>
                <Select options={commTypes.map((item) => ({ value: Number(item.dictValue), label: item.dictLabel }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="directiveScheme" label={t('ltModel.directiveScheme')}>
                <Select allowClear options={options(schemes)} />
              </Form.Item>
            </Col>
            {type && CONNECTED.includes(type) && (
              <Col span={12}>
                <Form.Item name="connectMode" label={t('ltModel.connectMode')}>
                  <Select allowClear options={options(connectModes)} />
                </Form.Item>
              </Col>
            )}
            {type === 'RTU' && (
              <>
                <Col span={12}>
                  <Form.Item name="rtuProtocol" label={t('ltModel.rtuProtocol')}>
                    <Select allowClear options={options(rtuProtocols)} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name="lampHeadLimit"
                    label={t('ltModel.lampHeadLimit')}
                    rules={[{ type: 'integer', min: 1, max: 16, message: t('ltModel.lampHeadRange') }]}
                  >
                    <InputNumber min={1} max={16} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </>
            )}
            {type === 'METER' && (
              <Col span={12}>
                <Form.Item name="channelCount" label={t('ltModel.channelCount')} rules={[{ required: true }]}>
                  <Select
                    options={meterChannels.map((item) => ({ value: Number(item.dictValue), label: item.dictLabel }))}
                  />
                </Form.Item>
              </Col>
            )}
            {type === 'SWITCH_MODULE' && (
              <Col span={12}>
                <Form.Item label={t('ltModel.channelCount')}>
                  <Input disabled value={t('ltModel.dido')} />
                </Form.Item>
              </Col>
            )}
            <Col span={12}>
              <Form.Item name="manufacturer" label={t('ltModel.manufacturer')}>
                <Input maxLength={60} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={t('common.remark')}>
                <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </DraggableDialog>
    </div>
  );
}
