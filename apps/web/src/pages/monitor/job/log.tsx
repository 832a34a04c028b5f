import { ArrowLeftOutlined, ClearOutlined, EyeOutlined } from '@ant-design/icons';
import type { JobRow } from '@luxgrid/contracts/answers';
import { App, Button, Descriptions, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Clip } from '../../../features/monitor/Clip';
import { formatMs } from '../../../features/monitor/format';
import { jobApi, jobLogApi, type SysJobLog } from '../../../features/monitor/job-api';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { useDict } from '../../../shared/dict';
import { HasPermi, useHasPermi } from '../../../shared/perms';
import { actionsColumn, column, dictColumn, idColumn } from '../../../shared/table/columns';
import { AddRemoveButtons, ExportButton, RowLink, useConfirmRemove } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

/** Job log (/web/monitor/job-log/index/{jobId}; 0 = every job): list, detail, delete, clean, export. */
export function JobLogPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const params = useParams();
  const jobId = Number(params.jobId ?? 0) || 0;
  const table = useRef<ProTableRef>(null);
  const groups = useDict('sys_job_group');
  const outcome = useDict('sys_common_status');
  const [job, setJob] = useState<JobRow | null>(null);
  const [viewing, setViewing] = useState<SysJobLog | null>(null);
  const canQuery = useHasPermi(['monitor:job:query']);
  const extraParams = useMemo(() => (jobId ? { jobId } : undefined), [jobId]);

  useEffect(() => {
    setJob(null);
    if (!jobId || !canQuery) return;
    let alive = true;
    jobApi
      .get(jobId)
      .then((res) => alive && setJob(res.data))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [jobId, canQuery]);

  const remove = useConfirmRemove(jobLogApi.remove, (ids) => t('jobLog.deleteConfirm', { ids }), table);

  const clean = () => {
    modal.confirm({
      title: t('common.hint'),
      content: jobId ? t('jobLog.cleanJobConfirm', { name: job?.jobName ?? `#${jobId}` }) : t('jobLog.cleanAllConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const res = await jobLogApi.clean(jobId || undefined);
        message.success(t('jobLog.cleaned', { count: res.data?.removed ?? 0 }));
        table.current?.reload();
      },
    });
  };

  const columns: ProColumn<SysJobLog>[] = [
    idColumn('jobLogId', t('jobLog.jobLogId'), { width: 100 }),
    column('jobName', t('job.jobName'), {
      sortField: 'jobName',
      render: (value: string) => <Clip text={value} width={160} />,
    }),
    dictColumn('jobGroup', t('job.jobGroup'), 'sys_job_group', { width: 100, defaultHidden: true }),
    {
      key: 'invokeTarget',
      dataIndex: 'invokeTarget',
      title: t('job.invokeTarget'),
      defaultHidden: true,
      render: (value: string) => <Clip text={value} width={200} code />,
    },
    {
      key: 'triggerLabel',
      dataIndex: 'triggerLabel',
      title: t('jobLog.trigger'),
      width: 100,
      render: (value: string, row: SysJobLog) => (
        <Tag color={row.triggerType === 'manual' ? 'blue' : row.triggerType === 'misfire' ? 'orange' : 'default'}>
          {value}
        </Tag>
      ),
    },
    {
      key: 'jobMessage',
      dataIndex: 'jobMessage',
      title: t('jobLog.jobMessage'),
      render: (value: string, row: SysJobLog) => (
        <Clip text={row.status === '0' ? value : value || row.exceptionInfo} width={240} />
      ),
    },
    dictColumn('status', t('jobLog.status'), 'sys_common_status', { sortField: 'status' }),
    column('startTime', t('jobLog.startTime'), { width: DATE_COLUMN_WIDTH + 30, sortField: 'startTime' }),
    {
      key: 'costTime',
      dataIndex: 'costTime',
      title: t('jobLog.costTime'),
      width: 110,
      align: 'right',
      render: (value: number | null) => formatMs(value),
    },
    {
      key: 'node',
      dataIndex: 'node',
      title: t('jobLog.node'),
      defaultHidden: true,
      render: (value: string) => <Clip text={value} width={160} />,
    },
    actionsColumn(t('common.actions'), 100, (row) => (
      <RowLink
        icon={<EyeOutlined />}
        label={t('jobLog.detail')}
        onClick={() => setViewing(row)}
        testId={`job-log-detail-${row.jobLogId}`}
      />
    )),
  ];

  return (
    <div className="lx-page" data-testid="job-log-page">
      <div className="lx-toolbar" style={{ justifyContent: 'flex-start' }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/web/monitor/job')} data-testid="job-log-back">
          {t('jobLog.back')}
        </Button>
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="job-log-title">
          {jobId ? t('jobLog.titleOfJob', { name: job?.jobName ?? `#${jobId}` }) : t('jobLog.titleAll')}
        </Typography.Title>
        {job && (
          <Space size={4}>
            <Typography.Text code>{job.invokeTarget}</Typography.Text>
            <Typography.Text code>{job.cronExpression}</Typography.Text>
          </Space>
        )}
      </div>
      <ProTable<SysJobLog>
        empty={jobId ? t('jobLog.emptyJob') : t('jobLog.empty')}
        ref={table}
        url={jobLogApi.listUrl}
        extraParams={extraParams}
        rowKey="jobLogId"
        selectable
        testId="job-log-table"
        columns={columns}
        searchFields={[
          ...(jobId ? [] : [{ type: 'input' as const, name: 'jobName', label: t('job.jobName') }]),
          { type: 'select', name: 'jobGroup', label: t('job.jobGroup'), dictType: 'sys_job_group' },
          { type: 'select', name: 'status', label: t('jobLog.status'), dictType: 'sys_common_status' },
          { type: 'dateRange', name: 'startTime', label: t('jobLog.startTime') },
        ]}
        toolbar={({ keys }) => (
          <>
            <AddRemoveButtons
              perm="monitor:job"
              testId="job-log"
              selected={keys.length}
              onRemove={() => remove(keys, keys.join(','))}
            />
            <HasPermi value={['monitor:job:remove']}>
              <Button danger icon={<ClearOutlined />} onClick={clean} data-testid="job-log-clean">
                {t('jobLog.clean')}
              </Button>
            </HasPermi>
            <ExportButton
              perm="monitor:job"
              url={jobLogApi.exportUrl}
              table={table}
              params={extraParams}
              fileName="job_log"
              testId="job-log-export"
            />
          </>
        )}
      />
      <DraggableDialog
        open={!!viewing}
        title={t('jobLog.detailTitle')}
        width={820}
        onCancel={() => setViewing(null)}
        testId="job-log-dialog"
        footer={[
          <Button key="close" type="primary" onClick={() => setViewing(null)}>
            {t('job.close')}
          </Button>,
        ]}
      >
        {viewing && (
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('jobLog.jobLogId')}>{viewing.jobLogId}</Descriptions.Item>
            <Descriptions.Item label={t('job.jobId')}>{viewing.jobId}</Descriptions.Item>
            <Descriptions.Item label={t('job.jobName')}>{viewing.jobName}</Descriptions.Item>
            <Descriptions.Item label={t('job.jobGroup')}>
              <DictTag options={groups} value={viewing.jobGroup} />
            </Descriptions.Item>
            <Descriptions.Item label={t('job.invokeTarget')} span={2}>
              <Typography.Text code>{viewing.invokeTarget}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('jobLog.trigger')}>{viewing.triggerLabel}</Descriptions.Item>
            <Descriptions.Item label={t('jobLog.fireTime')}>{viewing.fireTime || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('jobLog.startTime')}>{viewing.startTime || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('jobLog.endTime')}>{viewing.endTime || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('jobLog.costTime')}>{formatMs(viewing.costTime)}</Descriptions.Item>
            <Descriptions.Item label={t('jobLog.status')}>
              <DictTag options={outcome} value={viewing.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('jobLog.node')} span={2}>
              {viewing.node || '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('jobLog.jobMessage')} span={2}>
              <span data-testid="job-log-message">{viewing.jobMessage || '-'}</span>
            </Descriptions.Item>
            {viewing.status !== '0' && (
              <Descriptions.Item label={t('jobLog.exceptionInfo')} span={2}>
                <pre style={{ margin: 0, maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', color: '#cf1322' }}>
                  {viewing.exceptionInfo || '-'}
                </pre>
              </Descriptions.Item>
            )}
          </Descriptions>
        )}
      </DraggableDialog>
    </div>
  );
}
