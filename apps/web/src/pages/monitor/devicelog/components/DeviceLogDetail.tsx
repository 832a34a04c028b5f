import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceLog } from '../../../../features/system/log-api';
import { DictTag } from '../../../../shared/DictTag';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { formatDateTime } from '../../../../shared/date';
import { useDict } from '../../../../shared/dict';
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

/** One device call in full: operator, request IP, method, headers, request, response, consume time, batch. */
export function DeviceLogDetail({ log, onClose }: { log: DeviceLog | null; onClose: () => void }) {
  const { t } = useTranslation();
  const actions = useDict('lighting_control_action');
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
            {log.method || '-'}
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
