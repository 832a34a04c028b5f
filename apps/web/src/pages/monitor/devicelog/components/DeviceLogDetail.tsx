import { Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceLog } from '../../../../features/system/log-api';
import { DictTag } from '../../../../shared/DictTag';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { formatDateTime } from '../../../../shared/date';
import { useDict } from '../../../../shared/dict';
import { RawValue } from '../../../../shared/RawValue';
import { CodeBlock } from '../../../system/components/CodeBlock';

export const DEVICE_LOG_STATUS_COLOURS: Record<number, string> = { 0: 'success', 1: 'error', 2: 'processing' };

export function DeviceLogStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={DEVICE_LOG_STATUS_COLOURS[status] ?? 'default'}>
      {t(`devicelog.statuses.${status}`, String(status))}
    </Tag>
  );
}

/** The device a command went through, from the call's MQTT topic ({root}/v1/{projectId}/{uid}/down/command). */
export function methodGateway(method: string | null | undefined): string | null {
  const match = /^MQTT\s+[^/\s]+\/v1\/[^/]+\/([^/]+)\/down\/command$/.exec(method ?? '');
  return match ? match[1]! : null;
}

/** "Sent over MQTT through CCU-0004", the topic itself on demand. */
export function DeviceLogMethod({ method }: { method: string | null | undefined }) {
  const { t } = useTranslation();
  const gateway = methodGateway(method);
  if (!gateway) return <span>{method || '-'}</span>;
  return (
    <Space size={4} data-testid="devicelog-method">
      <span>{t('devicelog.viaMqtt', { uid: gateway })}</span>
      <RawValue value={method} testId="devicelog-method-raw" />
    </Space>
  );
}

/** One device call in full: operator, request IP, method, headers, request, response, consume time, batch. */
export function DeviceLogDetail({ log, onClose }: { log: DeviceLog | null; onClose: () => void }) {
  const { t } = useTranslation();
  const actions = useDict('lighting_command_action');
  return (
    <DraggableDialog
      open={!!log}
      title={t('devicelog.detailTitle')}
      width={900}
      onCancel={onClose}
      footer={null}
      testId="devicelog-detail"
    >
      {log && (
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label={t('devicelog.device')}>
            {log.deviceName || '-'} ({log.deviceUid || '-'})
          </Descriptions.Item>
          <Descriptions.Item label={t('devicelog.action')}>
            <DictTag options={actions} value={log.action} />
          </Descriptions.Item>
          <Descriptions.Item label={t('devicelog.operName')}>{log.operName || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('devicelog.requestIp')}>{log.requestIp || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('devicelog.method')} span={2}>
            <DeviceLogMethod method={log.method} />
          </Descriptions.Item>
          <Descriptions.Item label={t('devicelog.headers')} span={2}>
            <CodeBlock value={log.headers} />
          </Descriptions.Item>
          <Descriptions.Item label={t('devicelog.request')} span={2}>
            <CodeBlock value={log.request} />
          </Descriptions.Item>
          <Descriptions.Item label={t('devicelog.response')} span={2}>
            <CodeBlock value={log.response} empty={log.status === 2 ? t('devicelog.waiting') : undefined} />
          </Descriptions.Item>
          <Descriptions.Item label={t('devicelog.status')}>
            <DeviceLogStatus status={log.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('devicelog.consumeTime')}>
            {log.consumeTime === null ? '-' : t('sysCommon.ms', { value: log.consumeTime })}
          </Descriptions.Item>
          <Descriptions.Item label={t('devicelog.batchCount')}>{log.batchCount}</Descriptions.Item>
          <Descriptions.Item label={t('devicelog.batchId')}>{log.batchId || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('devicelog.createTime')}>{formatDateTime(log.createTime)}</Descriptions.Item>
          <Descriptions.Item label={t('devicelog.finishTime')}>
            {formatDateTime(log.finishTime) || '-'}
          </Descriptions.Item>
        </Descriptions>
      )}
    </DraggableDialog>
  );
}
