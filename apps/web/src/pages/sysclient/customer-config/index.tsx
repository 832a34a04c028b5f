import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Descriptions, Form, Input, Row, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerSelfApi } from '../../../features/tenant/api';
import { ChooseCustomerEmpty, useNeedsCustomer } from '../../../features/tenant/components/ChooseCustomerEmpty';
import { LoginPreview } from '../../../features/tenant/components/LoginPreview';
import { max40, trimValues } from '../../../features/tenant/rules';
import type { CustomerConfig, CustomerConfigForm } from '../../../features/tenant/types';
import { SUPER_ROLE } from '../../../shared/constants';
import { useHasPermi, useRoles } from '../../../shared/perms';
import { ImageUpload } from '../../../shared/upload/ImageUpload';

/** Customer configuration (sysclient/customer-config): a customer administrator edits its own branding. */
export function CustomerConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CustomerConfigForm>();
  const needsCustomer = useNeedsCustomer();
  const canEdit = useHasPermi(['sysclient:customerConfig:edit']);
  const isPlatformAdmin = useRoles().includes(SUPER_ROLE);
  const [config, setConfig] = useState<CustomerConfig | null>(null);
  const [saving, setSaving] = useState(false);
  const values = Form.useWatch([], form) as CustomerConfigForm | undefined;

  useEffect(() => {
    if (needsCustomer) return;
    let alive = true;
    customerSelfApi
      .config()
      .then(({ data }) => {
        if (!alive) return;
        setConfig(data);
        form.setFieldsValue(data);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [form, needsCustomer]);

  if (needsCustomer) return <ChooseCustomerEmpty />;

  const save = async () => {
    const body = trimValues(await form.validateFields());
    setSaving(true);
    try {
      await customerSelfApi.saveConfig(body);
      setConfig((current) => (current ? { ...current, ...body } : current));
      message.success(t('common.updateSuccess'));
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  const label = (key: string) => t(`customerMgmt.fields.${key}`);

  return (
    <div className="lx-page" data-testid="customer-config-page">
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <Card title={t('customerConfig.title')}>
            {!config ? (
              <Skeleton active />
            ) : (
              <>
                <Descriptions
                  size="small"
                  column={2}
                  style={{ marginBottom: 16 }}
                  items={[
                    { key: 'name', label: label('name'), children: config.name },
                    { key: 'code', label: label('code'), children: config.code },
                    ...(isPlatformAdmin
                      ? [{ key: 'homeRouter', label: label('homeRouter'), children: config.homeRouter || '-', span: 2 }]
                      : []),
                  ]}
                />
                <Form<CustomerConfigForm>
                  form={form}
                  labelCol={{ flex: '140px' }}
                  disabled={!canEdit}
                  onFinish={() => void save()}
                >
                  <Form.Item name="platformName" label={label('platformName')} rules={[max40(t)]}>
                    <Input autoFocus maxLength={40} showCount />
                  </Form.Item>
                  <Form.Item name="operators" label={label('operators')} rules={[max40(t)]}>
                    <Input maxLength={40} showCount />
                  </Form.Item>
                  <Row>
                    <Col span={8}>
                      <Form.Item name="logo" label={label('logo')} labelCol={{ span: 24 }}>
                        <ImageUpload limit={1} />
                      </Form.Item>
                    </Col>
                    <Col span={8}>
                      <Form.Item name="loginPageLogo" label={label('loginPageLogo')} labelCol={{ span: 24 }}>
                        <ImageUpload limit={1} />
                      </Form.Item>
                    </Col>
                    <Col span={8}>
                      <Form.Item
                        name="loginPageBackground"
                        label={label('loginPageBackground')}
                        labelCol={{ span: 24 }}
                      >
                        <ImageUpload limit={1} />
                      </Form.Item>
                    </Col>
                  </Row>
                  {canEdit && (
                    <Form.Item label=" " colon={false}>
                      <Space>
                        <Button
                          type="primary"
                          htmlType="submit"
                          icon={<SaveOutlined />}
                          loading={saving}
                          data-testid="customer-config-save"
                        >
                          {t('common.save')}
                        </Button>
                        <Button icon={<UndoOutlined />} onClick={() => form.setFieldsValue(config)}>
                          {t('common.reset')}
                        </Button>
                      </Space>
                    </Form.Item>
                  )}
                </Form>
              </>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('platformSettings.preview')}>
            <LoginPreview
              name={values?.platformName || config?.name || t('app.title')}
              logo={values?.loginPageLogo || values?.logo}
              background={values?.loginPageBackground}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('customerConfig.previewHint')}
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
