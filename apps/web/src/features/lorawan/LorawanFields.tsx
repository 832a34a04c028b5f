import type { LorawanSettingsRow } from '@luxgrid/contracts';
import { Col, Divider, Form, Input, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { applicationIdRule, brokerUrlRule, pairedRule } from './rules';

const STATE_COLORS: Record<string, string> = {
  connected: 'green',
  connecting: 'blue',
  disconnected: 'red',
  stopped: 'default',
};

/**
 * The ChirpStack connection of a LoRaWAN project, in the project dialog (fields under `lorawan`):
 * broker, application, optional credentials (the password is never shown), enabled, and the
 * connector's state as this server sees it.
 */
export function LorawanFields({ stored }: { stored: LorawanSettingsRow | null }) {
  const { t } = useTranslation();
  const connector = stored?.connector;
  return (
    <>
      <Col span={24}>
        <Divider titlePlacement="start" plain data-testid="lorawan-section">
          {t('lwSettings.title')}{' '}
          {stored && (
            <Tag color={STATE_COLORS[connector?.state ?? 'stopped']} data-testid="lorawan-state">
              {t(`lwSettings.state.${connector?.state ?? 'stopped'}`)}
            </Tag>
          )}
        </Divider>
      </Col>
      <Col span={24}>
        <Form.Item
          name={['lorawan', 'brokerUrl']}
          label={t('lwSettings.brokerUrl')}
          extra={
            connector?.lastError
              ? t('lwSettings.lastError', { error: connector.lastError })
              : t('lwSettings.brokerUrlHint')
          }
          dependencies={[['lorawan', 'applicationId']]}
          rules={[brokerUrlRule(t), pairedRule(t, 'applicationId')]}
        >
          <Input
            allowClear
            autoComplete="off"
            placeholder="mqtts://chirpstack.example.net:8883"
            data-testid="lorawan-broker"
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name={['lorawan', 'applicationId']}
          label={t('lwSettings.applicationId')}
          extra={t('lwSettings.applicationIdHint')}
          dependencies={[['lorawan', 'brokerUrl']]}
          rules={[applicationIdRule(t), pairedRule(t, 'brokerUrl')]}
        >
          <Input
            allowClear
            autoComplete="off"
            placeholder="4f1c2b8e-0d7a-4c55-9a3e-2b6f0c1d9e77"
            data-testid="lorawan-application"
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name={['lorawan', 'mqttUsername']} label={t('lwSettings.username')} rules={[{ max: 64 }]}>
          <Input allowClear autoComplete="off" data-testid="lorawan-username" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name={['lorawan', 'mqttPassword']}
          label={t('lwSettings.password')}
          extra={stored?.hasMqttPassword ? t('lwSettings.passwordKeep') : undefined}
          rules={[{ max: 128 }]}
        >
          <Input.Password autoComplete="new-password" data-testid="lorawan-password" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name={['lorawan', 'enabled']} label={t('lwSettings.enabled')} valuePropName="checked">
          <Switch data-testid="lorawan-enabled" />
        </Form.Item>
      </Col>
    </>
  );
}
