import { FileSearchOutlined } from '@ant-design/icons';
import type { JobRow } from '@luxgrid/contracts/answers';
import { Button, Descriptions, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { splitInvokeTarget } from '../../../../features/monitor/invoke-target';
import { DictTag } from '../../../../shared/DictTag';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { useDict } from '../../../../shared/dict';
import { checkCron } from './cron';
import { useJobHandlers } from './JobDialog';

export function jobLogPath(jobId: number | string): string {
  return `/web/monitor/job-log/index/${jobId}`;
}

/** Everything about one job, its handler's description and the next five fire times. */
export function JobDetail({ job, onClose }: { job: JobRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = !!job;
  const { handlers } = useJobHandlers(open);
  const groups = useDict('sys_job_group');
  const misfire = useDict('sys_job_misfire_policy');
  const concurrent = useDict('sys_job_concurrent');
  const status = useDict('sys_job_status');
  const [times, setTimes] = useState<string[] | null>(null);
  const [timesError, setTimesError] = useState('');

  useEffect(() => {
    setTimes(null);
    setTimesError('');
    if (job?.status !== '0') return;
    let alive = true;
    checkCron(job.cronExpression)
      .then((next) => alive && setTimes(next))
      .catch((error: unknown) => alive && setTimesError((error as Error).message));
    return () => {
      alive = false;
    };
  }, [job]);

  const { handler, args } = splitInvokeTarget(job?.invokeTarget);
  const description = handlers.find((h) => h.name === handler)?.description;

  return (
    <DraggableDialog
      open={open}
      title={t('job.detailTitle')}
      width={820}
      onCancel={onClose}
      testId="job-detail"
      footer={[
        <Button key="log" icon={<FileSearchOutlined />} onClick={() => job?.jobId && navigate(jobLogPath(job.jobId))}>
          {t('job.log')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('job.close')}
        </Button>,
      ]}
    >
      {job && (
        <Descriptions column={2} size="small" bordered>
          <Descriptions.Item label={t('job.jobId')}>{job.jobId}</Descriptions.Item>
          <Descriptions.Item label={t('job.jobName')}>{job.jobName}</Descriptions.Item>
          <Descriptions.Item label={t('job.jobGroup')}>
            <DictTag options={groups} value={job.jobGroup} />
          </Descriptions.Item>
          <Descriptions.Item label={t('job.status')}>
            <DictTag options={status} value={job.status} />
            {job.running && <Tag color="processing">{t('job.running')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('job.handler')} span={2}>
            <Typography.Text code>{handler || job.invokeTarget}</Typography.Text>{' '}
            {description && <Typography.Text type="secondary">{description}</Typography.Text>}
          </Descriptions.Item>
          <Descriptions.Item label={t('job.args')} span={2}>
            {args ? <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{args}</pre> : t('job.noArgs')}
          </Descriptions.Item>
          <Descriptions.Item label={t('job.cronExpression')}>
            <Typography.Text code>{job.cronExpression}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('job.misfirePolicy')}>
            <DictTag options={misfire} value={job.misfirePolicy} />
          </Descriptions.Item>
          <Descriptions.Item label={t('job.concurrent')}>
            <DictTag options={concurrent} value={job.concurrent} />
          </Descriptions.Item>
          <Descriptions.Item label={t('job.lastFireTime')}>{job.lastFireTime || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('job.nextTimesTitle')} span={2}>
            {job.status !== '0' ? (
              <Typography.Text type="secondary">{t('job.pausedNoFire')}</Typography.Text>
            ) : timesError ? (
              <Typography.Text type="danger">{timesError}</Typography.Text>
            ) : times ? (
              <ol style={{ margin: 0, paddingInlineStart: 20, fontFamily: 'monospace' }} data-testid="job-detail-times">
                {times.map((time) => (
                  <li key={time}>{time}</li>
                ))}
              </ol>
            ) : (
              <Spin size="small" />
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('common.createTime')}>
            {job.createTime || '-'} {job.createBy ? `(${job.createBy})` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('job.updateTime')}>
            {job.updateTime || '-'} {job.updateBy ? `(${job.updateBy})` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('common.remark')} span={2}>
            {job.remark || '-'}
          </Descriptions.Item>
        </Descriptions>
      )}
    </DraggableDialog>
  );
}
