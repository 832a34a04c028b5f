import {
  CaretRightOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DownOutlined,
  EditOutlined,
  EyeOutlined,
  FileSearchOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps, Switch, Tag, Typography } from 'antd';
import { type Key, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Clip } from '../../../features/monitor/Clip';
import { exportBody } from '../../../features/monitor/format';
import { jobApi, type SysJob } from '../../../features/monitor/job-api';
import { TableEmpty } from '../../../features/monitor/TableEmpty';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { useDict } from '../../../shared/dict';
import { download } from '../../../shared/download';
import { HasPermi, useHasPermi } from '../../../shared/perms';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { JobDetail, jobLogPath } from './components/JobDetail';
import { EMPTY_JOB, JobDialog } from './components/JobDialog';

/** Scheduled jobs (monitor/job): registered handlers on a cron, run once, pause and resume, their log. */
export function JobPage() {
  const { t } = useTranslation();
  const { modal, message, notification } = App.useApp();
  const navigate = useNavigate();
  const table = useRef<ProTableRef>(null);
  const groups = useDict('sys_job_group');
  const status = useDict('sys_job_status');
  const concurrent = useDict('sys_job_concurrent');
  const misfire = useDict('sys_job_misfire_policy');
  const [editing, setEditing] = useState<SysJob | null>(null);
  const [viewing, setViewing] = useState<SysJob | null>(null);
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

  const openDetail = async (row: SysJob) => {
    try {
      const { data } = await jobApi.get(row.jobId!);
      setViewing(data);
    } catch {
      // shown by the request layer
    }
  };

  const remove = (ids: Key[], names?: string) => {
    modal.confirm({
      title: t('common.hint'),
      content: names ? t('job.deleteConfirmName', { name: names }) : t('job.deleteConfirm', { ids: ids.join(',') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await jobApi.remove(ids as number[]);
        message.success(t('common.deleteSuccess'));
        table.current?.refresh();
        table.current?.clearSelection();
      },
    });
  };

  const toggleStatus = (row: SysJob, checked: boolean) => {
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

  const runOnce = (row: SysJob) => {
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

  const moreItems = (row: SysJob): MenuProps['items'] => [
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

  const columns: ProColumn<SysJob>[] = [
    { key: 'jobId', dataIndex: 'jobId', title: t('job.jobId'), width: 110, sortField: 'jobId' },
    {
      key: 'jobName',
      dataIndex: 'jobName',
      title: t('job.jobName'),
      sortField: 'jobName',
      render: (value: string) => <Clip text={value} width={160} />,
    },
    {
      key: 'jobGroup',
      dataIndex: 'jobGroup',
      title: t('job.jobGroup'),
      width: 90,
      defaultHidden: true,
      render: (value: string) => <DictTag options={groups} value={value} />,
    },
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
      render: (value: string, row: SysJob) => (
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
    {
      key: 'concurrent',
      dataIndex: 'concurrent',
      title: t('job.concurrent'),
      width: 100,
      defaultHidden: true,
      render: (value: string) => <DictTag options={concurrent} value={value} />,
    },
    {
      key: 'misfirePolicy',
      dataIndex: 'misfirePolicy',
      title: t('job.misfirePolicy'),
      width: 110,
      defaultHidden: true,
      render: (value: string) => <DictTag options={misfire} value={value} />,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('job.status'),
      width: 120,
      render: (value: string, row: SysJob) => (
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
            <DictTag options={status} value={value} />
          )}
          {row.running && (
            <Tag color="processing" style={{ marginInlineStart: 6 }}>
              {t('job.running')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('common.createTime'),
      width: DATE_COLUMN_WIDTH + 30,
      sortField: 'createTime',
      defaultHidden: true,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 240,
      fixed: 'right',
      render: (_: unknown, row: SysJob) => (
        <>
          <HasPermi value={['monitor:job:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void openEdit(row.jobId!)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['monitor:job:remove']}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove([row.jobId!], row.jobName)}
            >
              {t('common.delete')}
            </Button>
          </HasPermi>
          <Dropdown menu={{ items: moreItems(row) }} trigger={['click']}>
            <Button type="link" size="small" data-testid={`job-more-${row.jobId}`}>
              {t('job.more')} <DownOutlined />
            </Button>
          </Dropdown>
        </>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="job-page">
      <TableEmpty
        description={t('job.empty')}
        action={
          <HasPermi value={['monitor:job:add']}>
            <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
              {t('job.addTitle')}
            </Button>
          </HasPermi>
        }
      >
        <ProTable<SysJob>
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
              <HasPermi value={['monitor:job:add']}>
                <Button type="primary" ghost icon={<PlusOutlined />} onClick={openAdd} data-testid="job-add">
                  {t('common.add')}
                </Button>
              </HasPermi>
              <HasPermi value={['monitor:job:edit']}>
                <Button
                  icon={<EditOutlined />}
                  disabled={keys.length !== 1}
                  onClick={() => void openEdit(Number(keys[0]))}
                  data-testid="job-edit"
                >
                  {t('common.edit')}
                </Button>
              </HasPermi>
              <HasPermi value={['monitor:job:remove']}>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!keys.length}
                  onClick={() => remove(keys)}
                  data-testid="job-remove"
                >
                  {t('common.delete')}
                </Button>
              </HasPermi>
              <HasPermi value={['monitor:job:export']}>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() =>
                    void download(jobApi.exportUrl, {
                      params: exportBody(table.current?.getFilters() ?? {}),
                      fileName: `job_${Date.now()}.xlsx`,
                    })
                  }
                  data-testid="job-export"
                >
                  {t('common.export')}
                </Button>
              </HasPermi>
              <Button icon={<FileSearchOutlined />} onClick={() => navigate(jobLogPath(0))} data-testid="job-all-logs">
                {t('job.log')}
              </Button>
            </>
          )}
        />
      </TableEmpty>
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
