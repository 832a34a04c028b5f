import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OperLog } from '../../../../features/system/log-api';
import { DictTag } from '../../../../shared/DictTag';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { formatDateTime } from '../../../../shared/date';
import { useDict } from '../../../../shared/dict';
import { CodeBlock } from '../../../system/components/CodeBlock';

/** One operation in full: who, where from, which request, its parameters and result, how long it took. */
export function OperLogDetail({ log, onClose }: { log: OperLog | null; onClose: () => void }) {
  const { t } = useTranslation();
  const types = useDict('sys_oper_type');
  const statuses = useDict('sys_common_status');
  return (
    <DraggableDialog
      open={!!log}
      title={t('operlog.detailTitle')}
      width={900}
      onCancel={onClose}
      footer={null}
      testId="operlog-detail"
    >
      {log && (
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label={t('operlog.title')}>
            {log.title} / <DictTag options={types} value={log.businessType} />
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.operator')}>
            {log.operName}
            {log.deptName ? ` / ${log.deptName}` : ''} / {log.operIp}
            {log.operLocation ? ` (${log.operLocation})` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.operUrl')}>
            <Tag>{log.requestMethod}</Tag>
            {log.operUrl}
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.method')}>{log.method || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('operlog.operParam')} span={2}>
            <CodeBlock value={log.operParam} testId="operlog-param" />
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.jsonResult')} span={2}>
            <CodeBlock value={log.jsonResult} />
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.status')}>
            <DictTag options={statuses} value={log.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.costTime')}>
            {t('sysCommon.ms', { value: log.costTime })}
          </Descriptions.Item>
          <Descriptions.Item label={t('operlog.operTime')} span={2}>
            {formatDateTime(log.operTime)}
          </Descriptions.Item>
          {String(log.status) === '1' && (
            <Descriptions.Item label={t('operlog.errorMsg')} span={2}>
              <span style={{ color: '#ff4d4f' }}>{log.errorMsg}</span>
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </DraggableDialog>
  );
}
