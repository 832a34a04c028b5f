import type { DeviceModelRow } from '@luxgrid/contracts/answers';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { modelApi } from '../../../features/lighting/api';
import { SESSION_TYPES } from '../../../features/lighting/rules';
import type { DeviceModelForm, DeviceType } from '../../../features/lighting/types';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { formatDateTime } from '../../../shared/date';
import { type DictItem, useDict } from '../../../shared/dict';
import { column, dictColumn, textColumn } from '../../../shared/table/columns';
import {
  AddRemoveButtons,
  EditDialog,
  ExportButton,
  RowActions,
  useConfirmRemove,
  useEditDialog,
} from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const EMPTY: DeviceModelForm = {
  name: '',
  deviceType: 'RTU',
  commType: 6,
  lampHeadLimit: 2,
  manufacturer: '',
  remark: '',
};
/** the communication type is a number in the form (a dictionary value is a string) */
const asForm = (model: DeviceModelForm): DeviceModelForm => ({ ...model, commType: Number(model.commType) });
/** only an RTU has a lamp-head limit; a meter chooses its channels, a switch module has 8 */
function asBody(model: DeviceModelForm): DeviceModelForm {
  const body = { ...model };
  if (body.deviceType !== 'RTU') body.lampHeadLimit = null;
  if (body.deviceType === 'SWITCH_MODULE') body.channelCount = 8;
  else if (body.deviceType !== 'METER') body.channelCount = null;
  return body;
}
const options = (items: readonly DictItem[]) => items.map((item) => ({ value: item.dictValue, label: item.dictLabel }));

/** Device models (lighting/model): type, communication, directive scheme and the limits their devices obey. */
export function ModelPage() {
  const { t } = useTranslation();
  const table = useRef<ProTableRef>(null);
  const types = useDict('lighting_device_type');
  const commTypes = useDict('lighting_comm_type');
  const schemes = useDict('lighting_directive_scheme');
  const connectModes = useDict('lighting_connect_mode');
  const rtuProtocols = useDict('lighting_rtu_protocol');
  const meterChannels = useDict('lighting_meter_channel');
  const edit = useEditDialog<DeviceModelForm>({
    api: modelApi,
    idKey: 'modelId',
    table,
    toForm: asForm,
    toBody: asBody,
  });
  const type = Form.useWatch('deviceType', edit.form) as DeviceType | undefined;
  const remove = useConfirmRemove(modelApi.remove, (names) => t('ltModel.deleteConfirm', { names }), table);
  // a model opens with its stored values, not the list row's
  const open = async (row?: DeviceModelRow) => {
    try {
      edit.open(row?.modelId ? (await modelApi.get(row.modelId)).data : EMPTY);
    } catch {
      // shown by the request layer
    }
  };

  const columns: ProColumn<DeviceModelRow>[] = [
    textColumn('name', t('ltModel.name'), { sortField: 'name' }),
    dictColumn('deviceType', t('ltCommon.deviceType'), 'lighting_device_type', { width: 140, sortField: 'deviceType' }),
    dictColumn('commType', t('ltModel.commType'), 'lighting_comm_type', { width: 120 }),
    dictColumn('directiveScheme', t('ltModel.directiveScheme'), 'lighting_directive_scheme', { width: 170 }),
    dictColumn('connectMode', t('ltModel.connectMode'), 'lighting_connect_mode', { width: 110 }),
    {
      key: 'rtuProtocol',
      dataIndex: 'rtuProtocol',
      title: t('ltModel.rtuProtocol'),
      width: 160,
      defaultHidden: true,
      render: (value: string) => <DictTag options={rtuProtocols} value={value} />,
    },
    column('lampHeadLimit', t('ltModel.lampHeadLimit'), { width: 110 }),
    column('channelCount', t('ltModel.channelCount'), { width: 100 }),
    textColumn('manufacturer', t('ltModel.manufacturer')),
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
      width: 180,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          perm="lighting:model"
          onEdit={() => void open(row)}
          onRemove={() => remove([row.modelId!], row.name)}
        />
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="model-page">
      <ProTable<DeviceModelRow>
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
            <AddRemoveButtons
              perm="lighting:model"
              testId="model"
              onAdd={() => void open()}
              selected={keys.length}
              onRemove={() => remove(keys, rows.map((row) => row.name).join(', '))}
            />
            <ExportButton
              perm="lighting:model"
              url={modelApi.exportUrl}
              table={table}
              fileName="models"
              testId="model-export"
            />
          </>
        )}
      />
      <EditDialog<DeviceModelForm>
        edit={edit}
        addTitle={t('ltModel.addTitle')}
        editTitle={t('ltModel.editTitle')}
        width={720}
        labelWidth={130}
        testId="model-dialog"
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
          {type && SESSION_TYPES.includes(type) && (
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
      </EditDialog>
    </div>
  );
}
