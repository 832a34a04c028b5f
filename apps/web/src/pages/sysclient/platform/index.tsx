import { Card, Col, Form, Input, Radio, Row, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { session } from '../../../app/session';
import { platformApi } from '../../../features/tenant/api';
import { LoginPreview } from '../../../features/tenant/components/LoginPreview';
import { max40, requiredRule } from '../../../features/tenant/rules';
import type { HomePageVariant, PlatformSettingsForm } from '../../../features/tenant/types';
import { useDict } from '../../../shared/dict';
import { useHasPermi } from '../../../shared/perms';
import { storage } from '../../../shared/storage';
import { maxLength } from '../../../shared/table/fields';
import { SaveResetButtons, useSettingsForm } from '../../../shared/table/settings';
import { ImageUpload } from '../../../shared/upload/ImageUpload';
import { HomeVariantThumb } from './components/HomeVariantThumb';

/** Platform settings (sysclient/platform): the login page's name in both languages, logos, background, home page. */
export function PlatformPage() {
  const { t } = useTranslation();
  const homePages = useDict('sys_home_page');
  const canEdit = useHasPermi(['sysclient:platform:edit']);
  const settings = useSettingsForm<PlatformSettingsForm>({
    load: async () => {
      const { data } = await platformApi.get();
      return {
        platformName: data?.platformNameZh ?? data?.platformName ?? '',
        platformNameEn: data?.platformNameEn ?? '',
        logo: data?.logo ?? '',
        loginBackground: data?.loginBackground ?? '',
        loginLogo: data?.loginLogo ?? '',
        homePage: data?.homePage ?? 'Index',
        copyright: data?.copyright ?? '',
      };
    },
    save: platformApi.save,
    savedText: t('platformSettings.saved'),
    onSaved: (body) => {
      // the home page variant applies at once; the login page reads the rest on its next visit
      const homePage = (body.homePage ?? 'Index') as HomePageVariant;
      localStorage.setItem('homePage', homePage);
      session.set({ homePage });
      storage.remove('platformSettings');
    },
  });
  const values = Form.useWatch([], settings.form) as PlatformSettingsForm | undefined;

  const label = (key: string) => t(`platformSettings.fields.${key}`);
  const lang = storage.getLang();
  const previewName =
    (lang === 'en-US' ? values?.platformNameEn || values?.platformName : values?.platformName) || t('app.title');

  return (
    <div className="lx-page" data-testid="platform-page">
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <Card title={t('platformSettings.title')}>
            {!settings.loaded ? (
              <Skeleton active />
            ) : (
              <Form<PlatformSettingsForm>
                form={settings.form}
                labelCol={{ flex: '150px' }}
                disabled={!canEdit}
                onFinish={() => void settings.submit()}
              >
                <Form.Item
                  name="platformName"
                  label={label('platformName')}
                  rules={[requiredRule(t, label('platformName')), max40(t)]}
                >
                  <Input autoFocus maxLength={40} showCount />
                </Form.Item>
                <Form.Item name="platformNameEn" label={label('platformNameEn')} rules={[maxLength(t, 80)]}>
                  <Input maxLength={80} showCount />
                </Form.Item>
                <Row>
                  <Col span={8}>
                    <Form.Item
                      name="logo"
                      label={label('logo')}
                      labelCol={{ span: 24 }}
                      extra={t('platformSettings.logoHint')}
                    >
                      <ImageUpload limit={1} />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="loginLogo" label={label('loginLogo')} labelCol={{ span: 24 }}>
                      <ImageUpload limit={1} />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="loginBackground" label={label('loginBackground')} labelCol={{ span: 24 }}>
                      <ImageUpload limit={1} />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item name="homePage" label={label('homePage')} extra={t('platformSettings.homePageHint')}>
                  <Radio.Group data-testid="platform-home-page">
                    <Space wrap>
                      {homePages.map((item) => (
                        <Radio.Button
                          key={item.dictValue}
                          value={item.dictValue}
                          style={{ height: 'auto', padding: 8, textAlign: 'center' }}
                        >
                          <HomeVariantThumb variant={item.dictValue as HomePageVariant} />
                          <div>{item.dictLabel}</div>
                        </Radio.Button>
                      ))}
                    </Space>
                  </Radio.Group>
                </Form.Item>
                <Form.Item name="copyright" label={label('copyright')} rules={[maxLength(t, 100)]}>
                  <Input maxLength={100} placeholder="Copyright © …" />
                </Form.Item>
                {canEdit && <SaveResetButtons settings={settings} testId="platform-save" />}
              </Form>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('platformSettings.preview')}>
            <LoginPreview
              name={previewName}
              logo={values?.loginLogo || values?.logo}
              background={values?.loginBackground}
              footer={values?.copyright}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('platformSettings.previewHint')}
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
