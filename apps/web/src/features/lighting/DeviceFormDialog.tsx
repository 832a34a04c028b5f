import type { DeviceModelRow } from '@luxgrid/contracts/answers';
import { mqttUserName } from '@luxgrid/contracts/lighting';
import { Alert, App, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableDialog } from '../../shared/DraggableDialog';
import { useDict } from '../../shared/dict';
import { deviceApi, modelApi } from './api';
import { DeviceSelect } from './DeviceSelect';
import { useLocations, useProjectId, useTags } from './project';
import {
  ALLOWED_PARENTS,
  CHANNEL_MAX,
  CHANNEL_MIN,
  channelValid,
  DEFAULT_LAMP_HEAD_LIMIT,
  freeAddresses,
  isTerminal,
  MESH_TYPES,
  meshCapable,
  PANID_MAX,
  PANID_MIN,
  panidValid,
  SWITCH_MODULE_IO,
  tagLimit,
} from './rules';
import { SecretDialog, type SecretInfo } from './SecretDialog';
import type { Connection, DeviceDetail, DeviceForm, DeviceRef, DeviceType } from './types';

const UID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;
/** Types that stand somewhere themselves (the others sit inside a box or on a controller). */
const POSITIONED: readonly DeviceType[] = ['BOX', 'CCU', 'POLE', 'RTU', 'LUXOMETER'];
const WITH_LOCATION: readonly DeviceType[] = ['BOX', 'CCU', 'POLE', 'RTU', 'LUXOMETER'];
const WITH_MODEL: readonly DeviceType[] = ['BOX', 'CCU', 'CCU_IN_BOX', 'RTU', 'LUXOMETER', 'METER', 'SWITCH_MODULE'];

type Values = Omit<DeviceForm, 'projectId'>;

/** A device's stored values as the form (and the PUT body) takes them. */
export function detailToForm(detail: DeviceDetail): DeviceForm {
  return {
    deviceId: detail.deviceId,
    projectId: detail.projectId,
    uid: detail.uid,
    name: detail.name,
    deviceType: detail.deviceType,
    modelId: detail.modelId,
    parentId: detail.parentId,
    poleId: detail.poleId,
    locationId: detail.locationId,
    connection: detail.connection ?? undefined,
    longitude: detail.longitude,
    latitude: detail.latitude,
    channel: detail.channel,
    panid: detail.panid,
    phase: detail.phase,
    currentRatio: detail.currentRatio,
    switchModuleId: detail.switchModuleId,
    doIndex: detail.doIndex,
    meterId: detail.meterId,
    address: detail.address,
    sort: detail.sort,
    remark: detail.remark,
  };
}

/** Empty optional fields go as null (cleared), untouched ones as they are. */
function clean(values: Values): Values {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    out[key] = value === '' ? null : typeof value === 'string' ? value.trim() : value;
  }
  return out as unknown as Values;
}

interface ParentInfo {
  deviceId: number;
  deviceType: DeviceType;
  /** the distribution box the new device sits in, when there is one */
  boxId: number | null;
  lampLimit?: number;
  lampCount?: number;
}

export interface DeviceFormDialogProps {
  open: boolean;
  /** the types this screen creates */
  types: readonly DeviceType[];
  /** the device being edited; null or absent = add */
  editing?: DeviceDetail | null;
  /** values an add starts with (type, parent) */
  preset?: Partial<DeviceForm> & { parent?: DeviceRef };
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a device of any type, with the registry rules of spec §5 checked as the user types. */
export function DeviceFormDialog({ open, types, editing, preset, onClose, onSaved }: DeviceFormDialogProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const projectId = useProjectId();
  const [form] = Form.useForm<Values>();
  const typeDict = useDict('lighting_device_type');
  const connectionDict = useDict('lighting_terminal_connection');
  const phaseDict = useDict('lighting_phase');
  const tags = useTags(open ? 1 : 0);
  const locations = useLocations(open ? 1 : 0);
  const [models, setModels] = useState<DeviceModelRow[]>([]);
  const [parent, setParent] = useState<ParentInfo | null>(null);
  const [usedAddresses, setUsedAddresses] = useState<(number | null)[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [secret, setSecret] = useState<SecretInfo | null>(null);

  const type = (Form.useWatch('deviceType', form) ?? editing?.deviceType ?? types[0] ?? 'RTU') as DeviceType;
  const connection = Form.useWatch('connection', form) as Connection | undefined;
  const modelId = Form.useWatch('modelId', form) as number | null | undefined;
  const parentId = Form.useWatch('parentId', form) as number | null | undefined;
  const switchModuleId = Form.useWatch('switchModuleId', form) as number | null | undefined;
  const terminal = isTerminal(type);
  const direct = terminal && connection === 'DIRECT';
  const parentTypes = ALLOWED_PARENTS[type] ?? [];
  const parentRequired = parentTypes.length > 0 && !direct;
  const commType = models.find((m) => m.modelId === modelId)?.commType ?? (editing?.commType || null);
  const mesh = MESH_TYPES.includes(type) && meshCapable(type, commType);
  const circuit = type === 'BRANCH' || type === 'LOOP' || type === 'BREAKER';
  const addressed = type === 'METER' || type === 'SWITCH_MODULE';
  const free = addressed && usedAddresses ? freeAddresses(type, usedAddresses, editing?.address) : null;

  const typesKey = types.join(',');
  // (re)start the form whenever it opens
  // biome-ignore lint/correctness/useExhaustiveDependencies: the types matter by value, not identity
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setParent(null);
    setUsedAddresses(null);
    if (editing) {
      form.setFieldsValue({ ...detailToForm(editing), tagIds: editing.tags.map((tag) => tag.tagId) });
    } else {
      const first = preset?.deviceType ?? types[0];
      form.setFieldsValue({
        deviceType: first,
        connection: isTerminal(first) ? 'NON_DIRECT' : undefined,
        sort: 0,
        ...preset,
      });
    }
  }, [open, editing, preset, typesKey, form]);

  // models of the chosen type
  useEffect(() => {
    if (!open || !WITH_MODEL.includes(type)) {
      setModels([]);
      return;
    }
    let alive = true;
    modelApi
      .list({ deviceType: type, pageSize: 500 }, { silent: true })
      .then((res) => {
        if (alive) setModels(res.rows);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [open, type]);

  // what the chosen parent means: its box, and for lamp heads how many it carries already
  useEffect(() => {
    if (!open || !parentId) {
      setParent(null);
      return;
    }
    let alive = true;
    (async () => {
      const { data } = await deviceApi.get(parentId);
      const info: ParentInfo = {
        deviceId: data.deviceId,
        deviceType: data.deviceType,
        boxId: data.deviceType === 'BOX' ? data.deviceId : data.deviceType === 'CCU_IN_BOX' ? data.parentId : null,
      };
      if (type === 'LIGHT' && data.deviceType === 'RTU') {
        const heads = await deviceApi.list({ parentId, deviceType: 'LIGHT', pageSize: 1 });
        const own = editing && editing.parentId === parentId ? 1 : 0;
        info.lampLimit = data.model?.lampHeadLimit ?? DEFAULT_LAMP_HEAD_LIMIT;
        info.lampCount = heads.total - own;
      }
      if (alive) setParent(info);
    })().catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [open, parentId, type, editing]);

  // meter and switch module addresses in use in the box
  useEffect(() => {
    if (!open || !addressed || !parent?.boxId) {
      setUsedAddresses(null);
      return;
    }
    let alive = true;
    (async () => {
      const siblings = await deviceApi.list({ parentId: parent.boxId, deviceType: type, pageSize: 100 });
      const details = await Promise.all(
        siblings.rows
          .filter((row) => row.deviceId !== editing?.deviceId)
          .map((row) => deviceApi.get(row.deviceId).then((res) => res.data.address)),
      );
      if (alive) setUsedAddresses(details);
    })().catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [open, addressed, parent?.boxId, type, editing?.deviceId]);

  // the lamp-head and address checks run again when their data arrive
  useEffect(() => {
    if (open && parent && form.getFieldValue('parentId')) void form.validateFields(['parentId']).catch(() => undefined);
  }, [parent, open, form]);
  useEffect(() => {
    if (open && free) void form.validateFields(['address']).catch(() => undefined);
  }, [free, open, form]);

  const save = async (body: DeviceForm) => {
    if (body.deviceId) {
      const res = await deviceApi.update(body);
      if (res.code === 601) {
        // the server wants the model change confirmed
        const ok = await modal.confirm({
          title: t('common.hint'),
          content: res.msg || t('ltMsg.modelChangeClears'),
          okText: t('common.confirm'),
          cancelText: t('common.cancel'),
        });
        if (!ok) return false;
        await deviceApi.update({ ...body, confirmModelChange: true });
      }
      message.success(t('common.updateSuccess'));
      if (res.data?.secret)
        setSecret({
          uid: body.uid,
          projectId: body.projectId,
          mqttUserName: mqttUserName(body.projectId, body.uid),
          secret: res.data.secret,
        });
      return true;
    }
    const { data } = await deviceApi.add(body);
    message.success(
      data.deviceIds.length > 1 ? t('ltForm.addedMany', { count: data.deviceIds.length }) : t('common.addSuccess'),
    );
    if (data.secret && data.mqttUserName)
      setSecret({ uid: body.uid, projectId: body.projectId, mqttUserName: data.mqttUserName, secret: data.secret });
    return true;
  };

  const submit = async () => {
    if (!projectId) {
      message.warning(t('ltCommon.projectRequired'));
      return;
    }
    const checked = await form.validateFields().catch(() => null);
    if (!checked) return;
    const values = clean(checked);
    const body: DeviceForm = { ...values, projectId, deviceId: editing?.deviceId, deviceType: type };
    if (!terminal) delete body.connection;
    if (editing && editing.modelId !== null && (body.modelId ?? null) !== editing.modelId) {
      const ok = await modal.confirm({
        title: t('common.hint'),
        content: t('ltMsg.modelChangeClears'),
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
      });
      if (!ok) return;
      body.confirmModelChange = true;
    }
    setSaving(true);
    try {
      if (await save(body)) {
        onClose();
        onSaved();
      }
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  const typeOptions = types.map((value) => ({
    value,
    label: typeDict.find((item) => item.dictValue === value)?.dictLabel ?? value,
  }));
  const known = [preset?.parent, editing?.parent, editing?.pole].filter(Boolean) as DeviceRef[];
  const limit = tagLimit(type, direct ? 'DIRECT' : 'NON_DIRECT');
  const half = { xs: 24, md: 12 };

  return (
    <>
      <DraggableDialog
        open={open}
        title={editing ? t('ltForm.editTitle', { name: editing.name }) : t('ltForm.addTitle')}
        width={860}
        onCancel={onClose}
        onOk={() => void submit()}
        confirmLoading={saving}
        testId="device-form"
      >
        <Form<Values> form={form} labelCol={{ flex: '130px' }} labelWrap>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name="deviceType" label={t('ltCommon.deviceType')} rules={[{ required: true }]}>
                <Select options={typeOptions} disabled={!!editing} data-testid="form-deviceType" />
              </Form.Item>
            </Col>
            {WITH_MODEL.includes(type) && (
              <Col {...half}>
                <Form.Item name="modelId" label={t('ltCommon.model')}>
                  <Select
                    allowClear
                    options={models.map((m) => ({ value: m.modelId, label: m.name }))}
                    placeholder={t('common.selectPlaceholder', { label: t('ltCommon.model') })}
                    data-testid="form-modelId"
                  />
                </Form.Item>
              </Col>
            )}
            <Col {...half}>
              <Form.Item
                name="uid"
                label="UID"
                rules={[
                  { required: true, whitespace: true, message: t('ltForm.uidRequired') },
                  { max: 64, message: t('ltForm.max', { max: 64 }) },
                  { pattern: UID_PATTERN, message: t('ltForm.uidFormat') },
                ]}
              >
                <Input maxLength={64} placeholder="CCU-0001" data-testid="form-uid" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="name"
                label={t('ltCommon.name')}
                rules={[{ required: true, whitespace: true, message: t('ltForm.nameRequired') }]}
              >
                <Input maxLength={64} data-testid="form-name" />
              </Form.Item>
            </Col>
            {terminal && (
              <Col span={24}>
                <Form.Item name="connection" label={t('ltCommon.connection')}>
                  <Radio.Group
                    options={connectionDict.map((item) => ({ value: item.dictValue, label: item.dictLabel }))}
                    data-testid="form-connection"
                  />
                </Form.Item>
              </Col>
            )}
            {(parentTypes.length > 0 || (terminal && direct)) && (
              <Col {...half}>
                <Form.Item
                  name="parentId"
                  label={t('ltCommon.parent')}
                  dependencies={['connection']}
                  rules={[
                    { required: parentRequired, message: t('ltForm.parentRequired') },
                    {
                      validator: async () => {
                        if (type === 'LIGHT' && parent?.lampLimit !== undefined && parent.lampCount !== undefined) {
                          if (parent.lampCount >= parent.lampLimit) throw new Error(t('ltMsg.lampHeadLimit'));
                        }
                      },
                    },
                  ]}
                >
                  <DeviceSelect
                    types={direct ? ['BRANCH', 'LOOP'] : parentTypes}
                    known={known}
                    testId="form-parentId"
                  />
                </Form.Item>
              </Col>
            )}
            {(type === 'RTU' || type === 'LUXOMETER') && (
              <Col {...half}>
                <Form.Item name="poleId" label={t('ltForm.pole')}>
                  <DeviceSelect types={['POLE']} known={known} />
                </Form.Item>
              </Col>
            )}
            {WITH_LOCATION.includes(type) && (
              <Col {...half}>
                <Form.Item name="locationId" label={t('ltForm.location')}>
                  <Select
                    allowClear
                    showSearch={{ optionFilterProp: 'label' }}
                    options={locations.map((l) => ({ value: l.locationId, label: l.name }))}
                    placeholder={t('common.selectPlaceholder', { label: t('ltForm.location') })}
                  />
                </Form.Item>
              </Col>
            )}
            {type === 'BOX' && !editing && (
              <Col {...half}>
                <Form.Item name="createLocation" valuePropName="checked" label=" " colon={false}>
                  <Checkbox>{t('ltForm.createLocation')}</Checkbox>
                </Form.Item>
              </Col>
            )}
            {POSITIONED.includes(type) && (
              <>
                <Col {...half}>
                  <Form.Item name="longitude" label={t('ltCommon.longitude')}>
                    <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item name="latitude" label={t('ltCommon.latitude')}>
                    <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </>
            )}
            {mesh && (
              <>
                <Col {...half}>
                  <Form.Item
                    name="channel"
                    label={t('ltCommon.channel')}
                    tooltip={`${CHANNEL_MIN}–${CHANNEL_MAX}`}
                    rules={[
                      {
                        validator: async (_, value) => {
                          if (!channelValid(value)) throw new Error(t('ltMsg.channel'));
                        },
                      },
                    ]}
                  >
                    <InputNumber
                      style={{ width: '100%' }}
                      placeholder={`${CHANNEL_MIN}-${CHANNEL_MAX}`}
                      data-testid="form-channel"
                    />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item
                    name="panid"
                    label="PANID"
                    tooltip={`${PANID_MIN}–${PANID_MAX}`}
                    rules={[
                      {
                        validator: async (_, value) => {
                          if (!panidValid(value)) throw new Error(t('ltMsg.panid'));
                        },
                      },
                    ]}
                  >
                    <InputNumber
                      style={{ width: '100%' }}
                      placeholder={`${PANID_MIN}-${PANID_MAX}`}
                      data-testid="form-panid"
                    />
                  </Form.Item>
                </Col>
              </>
            )}
            {(type === 'BRANCH' || type === 'LOOP') && (
              <>
                <Col {...half}>
                  <Form.Item name="currentRatio" label={t('ltForm.currentRatio')}>
                    <InputNumber min={0.001} max={10000} style={{ width: '100%' }} data-testid="form-currentRatio" />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item
                    name="phase"
                    label={t('ltForm.phase')}
                    dependencies={['currentRatio']}
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: async (_, value) => {
                          const ratio = getFieldValue('currentRatio');
                          if (ratio !== null && ratio !== undefined && ratio !== '' && !value)
                            throw new Error(t('ltMsg.phaseRequired'));
                        },
                      }),
                    ]}
                  >
                    <Select
                      allowClear
                      options={phaseDict.map((item) => ({ value: item.dictValue, label: item.dictLabel }))}
                      data-testid="form-phase"
                    />
                  </Form.Item>
                </Col>
              </>
            )}
            {circuit && (
              <>
                <Col {...half}>
                  <Form.Item name="switchModuleId" label={t('ltForm.switchModule')}>
                    <DeviceSelect
                      types={['SWITCH_MODULE']}
                      parentId={parent?.boxId ?? undefined}
                      disabled={!parent?.boxId}
                      placeholder={parent?.boxId ? undefined : t('ltForm.boxFirst')}
                      testId="form-switchModuleId"
                    />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item
                    name="doIndex"
                    label={t('ltForm.doIndex')}
                    dependencies={['switchModuleId']}
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: async (_, value) => {
                          if (getFieldValue('switchModuleId') && !value) throw new Error(t('ltMsg.selectDo'));
                        },
                      }),
                    ]}
                  >
                    <Select
                      allowClear
                      disabled={!switchModuleId}
                      options={Array.from({ length: SWITCH_MODULE_IO }, (_, i) => ({
                        value: i + 1,
                        label: `DO${i + 1}`,
                      }))}
                      data-testid="form-doIndex"
                    />
                  </Form.Item>
                </Col>
              </>
            )}
            {(type === 'BRANCH' || type === 'LOOP') && (
              <Col {...half}>
                <Form.Item name="meterId" label={t('ltForm.meter')}>
                  <DeviceSelect
                    types={['METER']}
                    parentId={parent?.boxId ?? undefined}
                    disabled={!parent?.boxId}
                    placeholder={parent?.boxId ? undefined : t('ltForm.boxFirst')}
                  />
                </Form.Item>
              </Col>
            )}
            {addressed && (
              <Col {...half}>
                <Form.Item
                  name="address"
                  label={t('ltForm.address')}
                  extra={free && free.length > 0 ? t('ltForm.addressAuto') : undefined}
                  rules={[
                    {
                      validator: async () => {
                        if (free && free.length === 0)
                          throw new Error(type === 'METER' ? t('ltMsg.noMeterAddress') : t('ltMsg.noModuleAddress'));
                      },
                    },
                  ]}
                >
                  <Select
                    allowClear
                    disabled={!free}
                    options={(free ?? []).map((a) => ({ value: a, label: String(a) }))}
                    placeholder={parent?.boxId ? t('ltForm.addressAuto') : t('ltForm.boxFirst')}
                    data-testid="form-address"
                  />
                </Form.Item>
              </Col>
            )}
            <Col span={24}>
              <Form.Item
                name="tagIds"
                label={t('ltCommon.tags')}
                dependencies={['connection']}
                extra={Number.isFinite(limit) ? t('ltForm.tagLimitHint', { max: limit }) : undefined}
                rules={[
                  {
                    validator: async (_, value: number[] | undefined) => {
                      if ((value?.length ?? 0) > limit) throw new Error(t('ltMsg.tagLimit'));
                    },
                  },
                ]}
              >
                <Select
                  mode="multiple"
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  options={tags.map((tag) => ({ value: tag.tagId, label: tag.name }))}
                  placeholder={t('common.selectPlaceholder', { label: t('ltCommon.tags') })}
                  data-testid="form-tagIds"
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="sort" label={t('ltForm.sort')}>
                <InputNumber min={0} max={99999} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={t('common.remark')}>
                <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
              </Form.Item>
            </Col>
          </Row>
          {addressed && free && free.length === 0 && (
            <Alert
              type="error"
              showIcon
              title={type === 'METER' ? t('ltMsg.noMeterAddress') : t('ltMsg.noModuleAddress')}
            />
          )}
        </Form>
      </DraggableDialog>
      <SecretDialog info={secret} onClose={() => setSecret(null)} />
    </>
  );
}
