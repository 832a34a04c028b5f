import { Card, Col, Descriptions, Form, Input, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { customerSelfApi } from '../../../features/tenant/api';
import { ChooseCustomerEmpty, useNeedsCustomer } from '../../../features/tenant/components/ChooseCustomerEmpty';
import { LoginPreview } from '../../../features/tenant/components/LoginPreview';
import { max40 } from '../../../features/tenant/rules';
import type { CustomerConfig, CustomerConfigForm } from '../../../features/tenant/types';
import { SUPER_ROLE } from '../../../shared/constants';
import { useHasPermi, useRoles } from '../../../shared/perms';
import { SaveResetButtons, useSettingsForm } from '../../../shared/table/settings';
import { ImageUpload } from '../../../shared/upload/ImageUpload';

/** Customer configuration (sysclient/customer-config): a customer administrator edits its own branding. */
export function CustomerConfigPage() {
  const { t } = useTranslation();
  const needsCustomer = useNeedsCustomer();
  const canEdit = useHasPermi(['sysclient:customerConfig:edit']);
  const isPlatformAdmin = useRoles().includes(SUPER_ROLE);
  const settings = useSettingsForm<CustomerConfig>({
    load: needsCustomer ? null : async () => (await customerSelfApi.config()).data,
    save: customerSelfApi.saveConfig,
    savedText: t('common.updateSuccess'),
  });
  const config = settings.loaded;
  const values = Form.useWatch([], settings.form) as CustomerConfigForm | undefined;

  if (needsCustomer) return <ChooseCustomerEmpty />;

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
                <Form<CustomerConfig>
                  form={settings.form}
                  labelCol={{ flex: '140px' }}
                  disabled={!canEdit}
                  onFinish={() => void settings.submit()}
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
                  {canEdit && <SaveResetButtons settings={settings} testId="customer-config-save" />}
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
