import type { LorawanSettingsRow } from '@luxgrid/contracts';
import { App, Checkbox, Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadProjects, session } from '../../../../app/session';
import { type LorawanForm, lorawanApi } from '../../../../features/lorawan/api';
import { LorawanFields } from '../../../../features/lorawan/LorawanFields';
import { projectApi } from '../../../../features/tenant/api';
import { MapPicker } from '../../../../features/tenant/components/MapPicker';
import { formatPoint, type LngLat } from '../../../../features/tenant/geo';
import { useCustomerOptions } from '../../../../features/tenant/hooks';
import {
  alnumRule,
  bandRule,
  isLoRaWan,
  max40,
  operatorRules,
  phoneRule,
  requiredRule,
  trimValues,
} from '../../../../features/tenant/rules';
import type { ProjectForm, ProjectRow } from '../../../../features/tenant/types';
import { ALL_CUSTOMERS_ID, DEFAULT_MAP_CENTER } from '../../../../shared/constants';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { useDict } from '../../../../shared/dict';
import { useStore } from '../../../../shared/store';

/** Every IANA zone the browser knows (for daylight-saving zones such as Europe/Berlin). */
const IANA_ZONES = (
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Asia/Shanghai', 'Etc/UTC']
).map((zone) => ({ label: zone, value: zone }));

const NEW_PROJECT: Partial<ProjectForm> = {
  mapType: 'gaode',
  language: 'zh-CN',
  timeZone: '+8',
  longitude: DEFAULT_MAP_CENTER.longitude,
  latitude: DEFAULT_MAP_CENTER.latitude,
  status: '0',
};

/** The project's fields, and for a LoRaWAN project its ChirpStack connection (saved by its own route). */
type DialogForm = ProjectForm & { lorawan?: LorawanForm };

interface ProjectDialogProps {
  editing: ProjectRow | 'new' | null;
  /** platform users choose the customer; customer users always work in their own */
  isPlatformUser: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** The spec's full project form, with the location picked on a map (spec §2). */
export function ProjectDialog({ editing, isPlatformUser, onClose, onSaved }: ProjectDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DialogForm>();
  const currentCustomer = useStore(session, (state) => state.currentCustomer);
  const customers = useCustomerOptions(!!editing && isPlatformUser);
  const mapTypes = useDict('project_map_type');
  const languages = useDict('sys_language');
  const timeZones = useDict('project_time_zone');
  const commTypes = useDict('lighting_comm_type');
  const bands = useDict('lorawan_band');
  const statusDict = useDict('sys_normal_disable');
  const [saving, setSaving] = useState(false);
  const detail = editing && editing !== 'new' ? editing : null;
  const longitude = Form.useWatch('longitude', form);
  const latitude = Form.useWatch('latitude', form);
  const commType = Form.useWatch('commType', form);
  const removePwd = Form.useWatch('removeOperatePwd', form);
  const lorawan = isLoRaWan(commType);
  // the ChirpStack connection of a LoRaWAN project being edited (null: none stored)
  const [storedLorawan, setStoredLorawan] = useState<LorawanSettingsRow | null>(null);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (detail) {
      form.setFieldsValue({
        belongClient: detail.belongClient,
        projectName: detail.projectName,
        projectCode: detail.projectCode,
        projectShortName: detail.projectShortName,
        city: detail.city,
        address: detail.address,
        longitude: detail.longitude,
        latitude: detail.latitude,
        projectContacts: detail.projectContacts,
        projectContactsPhone: detail.projectContactsPhone,
        mapType: detail.mapType,
        language: detail.language,
        timeZone: detail.timeZone,
        ianaTimeZone: detail.ianaTimeZone,
        operate: detail.operate,
        operatePwd: '',
        removeOperatePwd: false,
        commType: detail.commType || undefined,
        bandStandard: detail.bandStandard || undefined,
        status: detail.status,
        remark: detail.remark,
      });
    } else {
      const preset =
        currentCustomer && currentCustomer.id !== ALL_CUSTOMERS_ID ? Number(currentCustomer.id) : undefined;
      form.setFieldsValue({ ...NEW_PROJECT, belongClient: preset });
    }
  }, [editing, detail, form, currentCustomer]);

  useEffect(() => {
    setStoredLorawan(null);
    if (!detail || !isLoRaWan(detail.commType)) {
      form.setFieldValue('lorawan', { enabled: true });
      return;
    }
    let current = true;
    lorawanApi
      .get(detail.projectId)
      .then((res) => {
        if (!current) return;
        const s = res.data ?? null;
        setStoredLorawan(s);
        form.setFieldValue(
          'lorawan',
          s
            ? {
                brokerUrl: s.brokerUrl,
                applicationId: s.applicationId,
                mqttUsername: s.mqttUsername,
                enabled: s.enabled,
              }
            : { enabled: true },
        );
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [detail, form]);

  // switching away from LoRaWAN clears the band plan (the server does the same)
  useEffect(() => {
    if (!lorawan && form.getFieldValue('bandStandard')) form.setFieldValue('bandStandard', undefined);
  }, [lorawan, form]);

  const place = (point: LngLat) => form.setFieldsValue({ longitude: point.longitude, latitude: point.latitude });

  const submit = async () => {
    const { lorawan: connection, ...values } = trimValues(await form.validateFields());
    const body: ProjectForm = {
      ...values,
      commType: values.commType ?? '',
      bandStandard: lorawan ? values.bandStandard : undefined,
      operatePwd: values.removeOperatePwd ? undefined : values.operatePwd || undefined,
    };
    if (!isPlatformUser || detail) delete body.belongClient;
    setSaving(true);
    try {
      let projectId = detail?.projectId;
      if (detail) await projectApi.update({ ...body, projectId: detail.projectId });
      else projectId = (await projectApi.add(body)).data.projectId;
      if (projectId) await saveConnection(projectId, body.bandStandard, connection);
      message.success(detail ? t('common.updateSuccess') : t('common.addSuccess'));
      // the navbar's project selector lists the current customer's projects
      void loadProjects(session.get().currentCustomer).catch(() => undefined);
      onSaved();
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  /** The ChirpStack connection follows the form: saved when named, removed when emptied. */
  const saveConnection = async (projectId: number, bandStandard: string | undefined, c: LorawanForm | undefined) => {
    if (!lorawan) return;
    if (c?.brokerUrl && c.applicationId)
      await lorawanApi.save({
        projectId,
        bandStandard,
        brokerUrl: c.brokerUrl,
        applicationId: c.applicationId,
        mqttUsername: c.mqttUsername ?? '',
        mqttPassword: c.mqttPassword || undefined,
        enabled: c.enabled ?? true,
      });
    else if (storedLorawan) await lorawanApi.remove(projectId);
  };

  const label = (key: string) => t(`projectMgmt.fields.${key}`);
  const dictOptions = (items: { dictLabel: string; dictValue: string }[]) =>
    items.map((item) => ({ label: item.dictLabel, value: item.dictValue }));
  const point = typeof longitude === 'number' && typeof latitude === 'number' ? { longitude, latitude } : null;

  return (
    <DraggableDialog
      open={!!editing}
      title={detail ? t('projectMgmt.editTitle') : t('projectMgmt.addTitle')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => message.warning(t('common.fillRequired')))}
      confirmLoading={saving}
      testId="project-dialog"
    >
      <Form<DialogForm>
        form={form}
        name="projectForm"
        layout="vertical"
        onFinish={() => void submit()}
        scrollToFirstError
      >
        <Row gutter={24}>
          <Col xs={24} lg={13}>
            <Row gutter={16}>
              <Col span={24}>
                {isPlatformUser && !detail ? (
                  <Form.Item
                    name="belongClient"
                    label={label('clientName')}
                    rules={[{ required: true, message: t('projectMgmt.clientRequired') }]}
                  >
                    <Select
                      autoFocus
                      allowClear
                      showSearch={{ optionFilterProp: 'label' }}
                      loading={customers.loading}
                      placeholder={t('common.selectPlaceholder', { label: label('clientName') })}
                      options={customers.data.map((customer) => ({
                        value: customer.id,
                        label: customer.expire ? `${customer.name} (${t('customer.expired')})` : customer.name,
                      }))}
                      data-testid="project-client"
                    />
                  </Form.Item>
                ) : (
                  <Form.Item label={label('clientName')}>
                    <Typography.Text strong>{detail?.clientName ?? currentCustomer?.name ?? '-'}</Typography.Text>
                  </Form.Item>
                )}
              </Col>
              <Col span={12}>
                <Form.Item
                  name="projectName"
                  label={label('projectName')}
                  rules={[requiredRule(t, label('projectName')), max40(t)]}
                >
                  <Input
                    autoFocus={!isPlatformUser || !!detail}
                    placeholder={t('common.inputPlaceholder', { label: label('projectName') })}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="projectCode"
                  label={label('projectCode')}
                  rules={[requiredRule(t, label('projectCode')), max40(t), alnumRule(t)]}
                >
                  <Input placeholder={t('common.inputPlaceholder', { label: label('projectCode') })} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="projectShortName" label={label('projectShortName')} rules={[max40(t)]}>
                  <Input allowClear />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="city" label={label('city')} rules={[max40(t)]}>
                  <Input allowClear />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item
                  name="address"
                  label={label('address')}
                  rules={[{ max: 100, message: t('projectMgmt.max100') }]}
                >
                  <Input allowClear />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="projectContacts" label={label('projectContacts')} rules={[max40(t)]}>
                  <Input allowClear />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="projectContactsPhone" label={label('projectContactsPhone')} rules={[phoneRule(t)]}>
                  <Input allowClear />
                </Form.Item>
              </Col>
            </Row>
            <Divider titlePlacement="start" plain>
              {t('projectMgmt.sections.settings')}
            </Divider>
            <Row gutter={16}>
              <Col span={8}>
                <Form.Item name="mapType" label={label('mapType')} rules={[{ required: true }]}>
                  <Select options={dictOptions(mapTypes)} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="language" label={label('language')} rules={[{ required: true }]}>
                  <Select options={dictOptions(languages)} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="timeZone" label={label('timeZone')} rules={[{ required: true }]}>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    options={dictOptions(timeZones)}
                    onChange={() => form.setFieldValue('ianaTimeZone', undefined)}
                  />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="ianaTimeZone" label={label('ianaTimeZone')} extra={t('projectMgmt.ianaHint')}>
                  <Select
                    allowClear
                    showSearch={{ optionFilterProp: 'label' }}
                    options={IANA_ZONES}
                    placeholder={t('projectMgmt.ianaPlaceholder')}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="commType" label={label('commType')} extra={t('projectMgmt.commTypeHint')}>
                  <Select allowClear options={dictOptions(commTypes)} data-testid="project-comm-type" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="bandStandard"
                  label={label('bandStandard')}
                  dependencies={['commType']}
                  required={lorawan}
                  rules={[bandRule(t)]}
                  extra={lorawan ? undefined : t('projectMgmt.bandHint')}
                >
                  <Select
                    allowClear
                    disabled={!lorawan}
                    options={dictOptions(bands)}
                    placeholder={t('common.selectPlaceholder', { label: label('bandStandard') })}
                    data-testid="project-band"
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="operate" label={label('operate')} rules={operatorRules(t, label('operate'))}>
                  <Input allowClear autoComplete="off" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="operatePwd"
                  label={label('operatePwd')}
                  rules={[{ min: 6, max: 20, message: t('projectMgmt.operatePwdLength') }]}
                  extra={detail?.hasOperatePwd ? t('projectMgmt.operatePwdKeep') : t('projectMgmt.operatePwdHint')}
                >
                  <Input.Password autoComplete="new-password" disabled={!!removePwd} />
                </Form.Item>
                {detail?.hasOperatePwd && (
                  <Form.Item name="removeOperatePwd" valuePropName="checked" style={{ marginTop: -12 }}>
                    <Checkbox>{t('projectMgmt.removeOperatePwd')}</Checkbox>
                  </Form.Item>
                )}
              </Col>
              <Col span={12}>
                <Form.Item name="status" label={label('status')}>
                  <Radio.Group options={dictOptions(statusDict)} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="remark" label={t('common.remark')}>
                  <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
                </Form.Item>
              </Col>
            </Row>
          </Col>
          <Col xs={24} lg={11}>
            <Divider titlePlacement="start" plain>
              {t('projectMgmt.sections.location')}
            </Divider>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item
                  name="longitude"
                  label={label('longitude')}
                  rules={[{ required: true, message: t('tenantShared.required', { label: label('longitude') }) }]}
                >
                  <InputNumber
                    min={-180}
                    max={180}
                    precision={6}
                    step={0.001}
                    style={{ width: '100%' }}
                    data-testid="project-longitude"
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="latitude"
                  label={label('latitude')}
                  rules={[{ required: true, message: t('tenantShared.required', { label: label('latitude') }) }]}
                >
                  <InputNumber
                    min={-90}
                    max={90}
                    precision={6}
                    step={0.001}
                    style={{ width: '100%' }}
                    data-testid="project-latitude"
                  />
                </Form.Item>
              </Col>
            </Row>
            <MapPicker value={point} onChange={place} height={420} />
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6 }} data-testid="project-point">
              {point ? formatPoint(point) : t('projectMgmt.noPoint')}
            </Typography.Text>
            {lorawan && (
              <Row gutter={16}>
                <LorawanFields stored={storedLorawan} />
              </Row>
            )}
          </Col>
        </Row>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </DraggableDialog>
  );
}
