import { Alert, App, Col, Empty, Form, Input, InputNumber, Row, Skeleton, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadProjects, session } from '../../../app/session';
import { customerSelfApi, projectApi } from '../../../features/tenant/api';
import { LoginPreview } from '../../../features/tenant/components/LoginPreview';
import { MapPicker } from '../../../features/tenant/components/MapPicker';
import type { LngLat } from '../../../features/tenant/geo';
import { max40, phoneRule, requiredRule, trimValues } from '../../../features/tenant/rules';
import type { CustomerConfig, CustomerConfigForm, ProjectForm, ProjectRow } from '../../../features/tenant/types';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { useHasPermi } from '../../../shared/perms';
import { useStore } from '../../../shared/store';
import { ImageUpload } from '../../../shared/upload/ImageUpload';

type ProjectPresentation = Pick<
  ProjectForm,
  | 'projectName'
  | 'projectShortName'
  | 'city'
  | 'address'
  | 'longitude'
  | 'latitude'
  | 'projectContacts'
  | 'projectContactsPhone'
>;

/** Everything the project form needs back unchanged, so that saving the presentation keeps the rest. */
function projectBody(row: ProjectRow, changes: ProjectPresentation): ProjectForm {
  return {
    projectId: row.projectId,
    projectCode: row.projectCode,
    mapType: row.mapType,
    language: row.language,
    timeZone: row.timeZone,
    operate: row.operate,
    commType: row.commType,
    bandStandard: row.bandStandard || undefined,
    status: row.status,
    remark: row.remark,
    ianaTimeZone: row.ianaTimeZone,
    ...changes,
  };
}

/**
 * The info editor's dialog: how the current customer presents itself (platform name, logos,
 * login page) and how the current project is named and located.
 */
export function PresentationDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [customerForm] = Form.useForm<CustomerConfigForm>();
  const [projectForm] = Form.useForm<ProjectPresentation>();
  const project = useStore(session, (state) => state.currentProject);
  const canEditCustomer = useHasPermi(['sysclient:customerConfig:edit']);
  const canEditProject = useHasPermi(['sysclient:project:edit']);
  const [config, setConfig] = useState<CustomerConfig | null>(null);
  const [projectRow, setProjectRow] = useState<ProjectRow | null>(null);
  const [tab, setTab] = useState<'customer' | 'project'>('customer');
  const [saving, setSaving] = useState(false);
  const customerValues = Form.useWatch([], customerForm) as CustomerConfigForm | undefined;
  const longitude = Form.useWatch('longitude', projectForm);
  const latitude = Form.useWatch('latitude', projectForm);

  useEffect(() => {
    if (!open) return;
    setConfig(null);
    setProjectRow(null);
    if (canEditCustomer)
      customerSelfApi
        .config()
        .then(({ data }) => {
          setConfig(data);
          customerForm.setFieldsValue(data);
        })
        .catch(() => undefined);
    if (canEditProject && project)
      projectApi
        .get(Number(project.id))
        .then(({ data }) => {
          setProjectRow(data);
          projectForm.setFieldsValue({
            projectName: data.projectName,
            projectShortName: data.projectShortName,
            city: data.city,
            address: data.address,
            longitude: data.longitude,
            latitude: data.latitude,
            projectContacts: data.projectContacts,
            projectContactsPhone: data.projectContactsPhone,
          });
        })
        .catch(() => undefined);
    setTab(canEditCustomer ? 'customer' : 'project');
  }, [open, canEditCustomer, canEditProject, project, customerForm, projectForm]);

  const save = async () => {
    setSaving(true);
    try {
      if (tab === 'customer') {
        const body = trimValues(await customerForm.validateFields());
        await customerSelfApi.saveConfig(body);
      } else if (projectRow) {
        const changes = trimValues(await projectForm.validateFields());
        await projectApi.update(projectBody(projectRow, changes));
        await loadProjects(session.get().currentCustomer).catch(() => undefined);
      }
      message.success(t('common.updateSuccess'));
      onSaved();
    } catch (error) {
      if (error && typeof error === 'object' && 'errorFields' in error) message.warning(t('common.fillRequired'));
    } finally {
      setSaving(false);
    }
  };

  const label = (key: string) => t(`customerMgmt.fields.${key}`);
  const projectLabel = (key: string) => t(`projectMgmt.fields.${key}`);
  const point = typeof longitude === 'number' && typeof latitude === 'number' ? { longitude, latitude } : null;

  const customerTab = !canEditCustomer ? (
    <Alert type="info" showIcon title={t('homeInfoEditor.noCustomerPermission')} />
  ) : !config ? (
    <Skeleton active />
  ) : (
    <Row gutter={24}>
      <Col xs={24} lg={14}>
        <Form<CustomerConfigForm> form={customerForm} layout="vertical" onFinish={() => void save()}>
          <Form.Item name="platformName" label={label('platformName')} rules={[max40(t)]}>
            <Input autoFocus maxLength={40} showCount data-testid="info-platform-name" />
          </Form.Item>
          <Form.Item name="operators" label={label('operators')} rules={[max40(t)]}>
            <Input maxLength={40} showCount />
          </Form.Item>
          <Row>
            <Col span={8}>
              <Form.Item name="logo" label={label('logo')}>
                <ImageUpload limit={1} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="loginPageLogo" label={label('loginPageLogo')}>
                <ImageUpload limit={1} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="loginPageBackground" label={label('loginPageBackground')}>
                <ImageUpload limit={1} />
              </Form.Item>
            </Col>
          </Row>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Col>
      <Col xs={24} lg={10}>
        <LoginPreview
          name={customerValues?.platformName || config.name}
          logo={customerValues?.loginPageLogo || customerValues?.logo}
          background={customerValues?.loginPageBackground}
        />
      </Col>
    </Row>
  );

  const projectTab = !canEditProject ? (
    <Alert type="info" showIcon title={t('homeInfoEditor.noProjectPermission')} />
  ) : !project ? (
    <Empty description={t('navbar.noProject')} />
  ) : !projectRow ? (
    <Skeleton active />
  ) : (
    <Form<ProjectPresentation> form={projectForm} layout="vertical" onFinish={() => void save()}>
      <Row gutter={24}>
        <Col xs={24} lg={12}>
          <Form.Item
            name="projectName"
            label={projectLabel('projectName')}
            rules={[requiredRule(t, projectLabel('projectName')), max40(t)]}
          >
            <Input data-testid="info-project-name" />
          </Form.Item>
          <Form.Item name="projectShortName" label={projectLabel('projectShortName')} rules={[max40(t)]}>
            <Input allowClear />
          </Form.Item>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="city" label={projectLabel('city')} rules={[max40(t)]}>
                <Input allowClear />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="projectContacts" label={projectLabel('projectContacts')} rules={[max40(t)]}>
                <Input allowClear />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="address"
            label={projectLabel('address')}
            rules={[{ max: 100, message: t('projectMgmt.max100') }]}
          >
            <Input allowClear />
          </Form.Item>
          <Form.Item name="projectContactsPhone" label={projectLabel('projectContactsPhone')} rules={[phoneRule(t)]}>
            <Input allowClear />
          </Form.Item>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="longitude" label={projectLabel('longitude')} rules={[{ required: true }]}>
                <InputNumber min={-180} max={180} precision={6} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="latitude" label={projectLabel('latitude')} rules={[{ required: true }]}>
                <InputNumber min={-90} max={90} precision={6} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </Col>
        <Col xs={24} lg={12}>
          <MapPicker value={point} onChange={(next: LngLat) => projectForm.setFieldsValue(next)} height={400} />
        </Col>
      </Row>
      <button type="submit" hidden aria-hidden tabIndex={-1} />
    </Form>
  );

  return (
    <DraggableDialog
      open={open}
      title={t('homeInfoEditor.dialogTitle')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common.save')}
      confirmLoading={saving}
      testId="info-editor-dialog"
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as 'customer' | 'project')}
        items={[
          { key: 'customer', label: t('homeInfoEditor.customerTab'), children: customerTab },
          {
            key: 'project',
            label: t('homeInfoEditor.projectTab', { name: project?.name ?? '' }),
            children: projectTab,
          },
        ]}
      />
    </DraggableDialog>
  );
}
