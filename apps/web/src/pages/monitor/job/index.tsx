import { CaretRightOutlined, DownOutlined, EyeOutlined, FileSearchOutlined, PlusOutlined } from '@ant-design/icons';
import type { JobRow } from '@luxgrid/contracts/answers';
import { App, Button, Dropdown, type MenuProps, Switch, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Clip } from '../../../features/monitor/Clip';
import { type JobBody, jobApi } from '../../../features/monitor/job-api';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { HasPermi, useHasPermi } from '../../../shared/perms';
import { actionsColumn, column, DictCell, dictColumn, idColumn } from '../../../shared/table/columns';
import { AddRemoveButtons, ExportButton, RowActions, useConfirmRemove } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { JobDetail, jobLogPath } from './components/JobDetail';
import { EMPTY_JOB, JobDialog } from './components/JobDialog';

const PERM = 'monitor:job';

/** Scheduled jobs (monitor/job): registered handlers on a cron, run once, pause and resume, their log. */
export function JobPage() {
  const { t } = useTranslation();
  const { modal, message, notification } = App.useApp();
  const navigate = useNavigate();
  const table = useRef<ProTableRef>(null);
  const [editing, setEditing] = useState<JobBody | null>(null);
  const [viewing, setViewing] = useState<JobRow | null>(null);
  const canChangeStatus = useHasPermi(['monitor:job:changeStatus']);
  const canQuery = useHasPermi(['monitor:job:query']);

  const openAdd = () =>
    setEditing({
      jobName: '',
      jobGroup: EMPTY_JOB.jobGroup,
      invokeTarget: '',
      cronExpression: '',
      misfirePolicy: EMPTY_JOB.misfirePolicy,
      concurrent: EMPTY_JOB.concurrent,
      status: EMPTY_JOB.status,
    });

  const openEdit = async (jobId: number) => {
    try {
      const { data } = await jobApi.get(jobId);
      setEditing(data);
    } catch {
      // shown by the request layer
    }
  };

  const openDetail = async (row: JobRow) => {
    try {
      const { data } = await jobApi.get(row.jobId!);
      setViewing(data);
    } catch {
      // shown by the request layer
    }
  };

  const removeNamed = useConfirmRemove(jobApi.remove, (name) => t('job.deleteConfirmName', { name }), table);
  const removeIds = useConfirmRemove(jobApi.remove, (ids) => t('job.deleteConfirm', { ids }), table);

  const toggleStatus = (row: JobRow, checked: boolean) => {
    const next = checked ? '0' : '1';
    modal.confirm({
      title: t('common.hint'),
      content: t(checked ? 'job.resumeConfirm' : 'job.pauseConfirm', { name: row.jobName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await jobApi.changeStatus(row.jobId!, next);
        message.success(checked ? t('job.resumed') : t('job.paused'));
        table.current?.refresh();
      },
    });
  };

  const runOnce = (row: JobRow) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('job.runConfirm', { name: row.jobName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const res = await jobApi.run(row.jobId!, row.jobGroup);
        const key = `job-run-${row.jobId}`;
        notification.success({
          key,
          title: res.msg || t('job.runStarted'),
          description: t('job.runHint', { name: row.jobName }),
          actions: (
            <Button
              type="primary"
              size="small"
              onClick={() => {
                notification.destroy(key);
                navigate(jobLogPath(row.jobId!));
              }}
              data-testid="job-run-log"
            >
              {t('job.log')}
            </Button>
          ),
        });
        setTimeout(() => table.current?.refresh(), 1000);
      },
    });
  };

  const moreItems = (row: JobRow): MenuProps['items'] => [
    ...(canChangeStatus
      ? [{ key: 'run', icon: <CaretRightOutlined />, label: t('job.runOnce'), onClick: () => runOnce(row) }]
      : []),
    ...(canQuery
      ? [{ key: 'detail', icon: <EyeOutlined />, label: t('job.detail'), onClick: () => void openDetail(row) }]
      : []),
    {
      key: 'log',
      icon: <FileSearchOutlined />,
      label: t('job.log'),
      onClick: () => navigate(jobLogPath(row.jobId!)),
    },
  ];

  const columns: ProColumn<JobRow>[] = [
    idColumn('jobId', t('job.jobId'), { width: 110 }),
    column('jobName', t('job.jobName'), {
      sortField: 'jobName',
      render: (value: string) => <Clip text={value} width={160} />,
    }),
    dictColumn('jobGroup', t('job.jobGroup'), 'sys_job_group', { defaultHidden: true }),
    {
      key: 'invokeTarget',
      dataIndex: 'invokeTarget',
      title: t('job.invokeTarget'),
      render: (value: string) => <Clip text={value} width={220} code />,
    },
    {
      key: 'cronExpression',
      dataIndex: 'cronExpression',
      title: t('job.cronExpression'),
      render: (value: string, row: JobRow) => (
        <div>
          <Typography.Text code>{value}</Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.nextValidTime ? t('job.nextAt', { time: row.nextValidTime }) : t('job.notScheduled')}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      key: 'nextValidTime',
      dataIndex: 'nextValidTime',
      title: t('job.nextFireTime'),
      width: DATE_COLUMN_WIDTH + 30,
      sortField: 'nextFireTime',
      defaultHidden: true,
      render: (value: string | null) => value || <Typography.Text type="secondary">-</Typography.Text>,
    },
    {
      key: 'lastFireTime',
      dataIndex: 'lastFireTime',
      title: t('job.lastFireTime'),
      width: DATE_COLUMN_WIDTH + 30,
      defaultHidden: true,
      render: (value: string | null) => value || <Typography.Text type="secondary">-</Typography.Text>,
    },
    dictColumn('concurrent', t('job.concurrent'), 'sys_job_concurrent', { width: 100, defaultHidden: true }),
    dictColumn('misfirePolicy', t('job.misfirePolicy'), 'sys_job_misfire_policy', {
      width: 110,
      defaultHidden: true,
    }),
    {
      key: 'status',
      dataIndex: 'status',
      title: t('job.status'),
      width: 120,
      render: (value: string, row: JobRow) => (
        <span>
          {canChangeStatus ? (
            <Switch
              checked={value === '0'}
              checkedChildren={t('job.on')}
              unCheckedChildren={t('job.off')}
              onChange={(checked) => toggleStatus(row, checked)}
              aria-label={t('job.status')}
              data-testid={`job-status-${row.jobId}`}
            />
          ) : (
            <DictCell dictType="sys_job_status" value={value} />
          )}
          {row.running && (
            <Tag color="processing" style={{ marginInlineStart: 6 }}>
              {t('job.running')}
            </Tag>
          )}
        </span>
      ),
    },
    column('createTime', t('common.createTime'), {
      width: DATE_COLUMN_WIDTH + 30,
      sortField: 'createTime',
      defaultHidden: true,
    }),
    actionsColumn(t('common.actions'), 240, (row) => (
      <RowActions
        perm={PERM}
        onEdit={() => void openEdit(row.jobId!)}
        onRemove={() => removeNamed([row.jobId!], row.jobName)}
        after={
          <Dropdown menu={{ items: moreItems(row) }} trigger={['click']}>
            <Button type="link" size="small" data-testid={`job-more-${row.jobId}`}>
              {t('job.more')} <DownOutlined />
            </Button>
          </Dropdown>
        }
      />
    )),
  ];

  return (
    <div className="lx-page" data-testid="job-page">
      <ProTable<JobRow>
        empty={t('job.empty')}
        emptyAction={
          <HasPermi value={['monitor:job:add']}>
            <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
              {t('job.addTitle')}
            </Button>
          </HasPermi>
        }
        ref={table}
        url={jobApi.listUrl}
        rowKey="jobId"
        selectable
        testId="job-table"
        columns={columns}
        searchFields={[
          { type: 'input', name: 'jobName', label: t('job.jobName') },
          { type: 'select', name: 'jobGroup', label: t('job.jobGroup'), dictType: 'sys_job_group' },
          { type: 'input', name: 'invokeTarget', label: t('job.invokeTarget') },
          { type: 'select', name: 'status', label: t('job.status'), dictType: 'sys_job_status' },
        ]}
        toolbar={({ keys }) => (
          <>
            <AddRemoveButtons
              perm={PERM}
              testId="job"
              onAdd={openAdd}
              onEdit={() => void openEdit(Number(keys[0]))}
              selected={keys.length}
              onRemove={() => removeIds(keys, keys.join(','))}
            />
            <ExportButton perm={PERM} url={jobApi.exportUrl} table={table} fileName="job" testId="job-export" />
            <Button icon={<FileSearchOutlined />} onClick={() => navigate(jobLogPath(0))} data-testid="job-all-logs">
              {t('job.log')}
            </Button>
          </>
        )}
      />
      <JobDialog
        job={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          table.current?.refresh();
        }}
      />
      <JobDetail job={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
