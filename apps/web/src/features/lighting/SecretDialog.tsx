import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../shared/clipboard';
import { DraggableDialog } from '../../shared/DraggableDialog';

export interface SecretInfo {
  uid: string;
  projectId: number;
  mqttUserName: string;
  secret: string;
}

/** A device's MQTT secret, shown once when it is created or re-issued: copy it now or issue a new one later. */
export function SecretDialog({ info, onClose }: { info: SecretInfo | null; onClose: () => void }) {
  const { t } = useTranslation();
  const topic = info ? `luxgrid/v1/${info.projectId}/${info.uid}` : '';
  return (
    <DraggableDialog
      open={!!info}
      title={t('ltSecret.title')}
      width={640}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="secret-close">
          {t('ltSecret.saved')}
        </Button>
      }
      testId="secret-dialog"
    >
      {info && (
        <>
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('ltSecret.warning')} />
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 150 } }}>
            <Descriptions.Item label={t('ltSecret.userName')}>
              <Typography.Text copyable code data-testid="secret-username">
                {info.mqttUserName}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('ltSecret.secret')}>
              <Typography.Text code data-testid="secret-value" style={{ wordBreak: 'break-all' }}>
                {info.secret}
              </Typography.Text>{' '}
              <Button
                size="small"
                type="link"
                icon={<CopyOutlined />}
                onClick={() => void copyText(info.secret)}
                data-testid="secret-copy"
              >
                {t('common.copy')}
              </Button>
            </Descriptions.Item>
            <Descriptions.Item label={t('ltSecret.topics')}>
              <Typography.Text code style={{ fontSize: 12 }}>
                {`${topic}/up/{hello|heartbeat|telemetry|event|ack|result}`}
              </Typography.Text>
              <br />
              <Typography.Text code style={{ fontSize: 12 }}>{`${topic}/down/command`}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </DraggableDialog>
  );
}
