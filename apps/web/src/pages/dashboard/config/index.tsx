import {
  DASHBOARD_PANELS,
  DASHBOARD_REFRESH_MAX,
  DASHBOARD_REFRESH_MIN,
  type DashboardSettingsBody,
} from '@luxgrid/contracts/dashboard';
import { Card, Checkbox, Form, Input, InputNumber, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dashboardApi } from '../../../features/dashboard/api';
import { useHasPermi } from '../../../shared/perms';
import { SaveResetButtons, useSettingsForm } from '../../../shared/table/settings';
import { ImageUpload } from '../../../shared/upload/ImageUpload';

/** Dashboard settings (dashboard.config): the wall screens' title, logo, panels and refresh interval for the customer. */
export default function DashboardConfigPage() {
  const { t } = useTranslation();
  const canEdit = useHasPermi(['dashboard:config:edit']);
  const settings = useSettingsForm<DashboardSettingsBody>({
    load: async () => {
      const { data } = await dashboardApi.settings();
      return { title: data.title, logo: data.logo, panels: data.panels, refreshSeconds: data.refreshSeconds };
    },
    save: dashboardApi.save,
    savedText: t('dashboard.config.saved'),
  });

  return (
    <div className="lx-page" data-testid="dashboard-config-page">
      <Card title={t('dashboard.config.title')} style={{ maxWidth: 880 }}>
        <Typography.Paragraph type="secondary">{t('dashboard.config.hint')}</Typography.Paragraph>
        {!settings.loaded ? (
          <Skeleton active />
        ) : (
          <Form<DashboardSettingsBody>
            form={settings.form}
            labelCol={{ flex: '150px' }}
            disabled={!canEdit}
            onFinish={() => void settings.submit()}
          >
            <Form.Item
              name="title"
              label={t('dashboard.config.fields.title')}
              rules={[
                { required: true, whitespace: true, message: t('dashboard.config.titleRequired') },
                { max: 40, message: t('dashboard.config.titleMax') },
              ]}
            >
              <Input maxLength={40} showCount data-testid="dashboard-title-input" />
            </Form.Item>
            <Form.Item name="logo" label={t('dashboard.config.fields.logo')} extra={t('dashboard.config.logoHint')}>
              <ImageUpload limit={1} />
            </Form.Item>
            <Form.Item
              name="panels"
              label={t('dashboard.config.fields.panels')}
              rules={[{ required: true, type: 'array', min: 1, message: t('dashboard.config.panelsRequired') }]}
            >
              <Checkbox.Group
                data-testid="dashboard-panels"
                options={DASHBOARD_PANELS.map((panel) => ({ value: panel, label: t(`dashboard.panel.${panel}`) }))}
              />
            </Form.Item>
            <Form.Item
              name="refreshSeconds"
              label={t('dashboard.config.fields.refreshSeconds')}
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: DASHBOARD_REFRESH_MIN,
                  max: DASHBOARD_REFRESH_MAX,
                  message: t('dashboard.config.refreshRange', {
                    min: DASHBOARD_REFRESH_MIN,
                    max: DASHBOARD_REFRESH_MAX,
                  }),
                },
              ]}
            >
              <InputNumber
                min={DASHBOARD_REFRESH_MIN}
                max={DASHBOARD_REFRESH_MAX}
                precision={0}
                addonAfter={t('dashboard.config.seconds')}
                data-testid="dashboard-refresh"
              />
            </Form.Item>
            <SaveResetButtons settings={settings} testId="dashboard-config-save" />
          </Form>
        )}
      </Card>
    </div>
  );
}
