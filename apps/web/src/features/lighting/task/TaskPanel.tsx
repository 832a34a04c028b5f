import { RedoOutlined, StopOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../app/session';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { column, textColumn } from '../../../shared/table/columns';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { runtimeApi, taskApi } from '../api';
import { CommandResult, CommandStatusTag, useActionLabel } from '../CommandStatus';
import { useLiveMessages, useThrottled } from '../live';
import type { CommandRow, CommandStatus, TaskDetail } from '../types';

const FINAL: readonly CommandStatus[] = ['SUCCESS', 'FAILED', 'TIMEOUT', 'EXPIRED', 'CANCELED'];
const RETRIED: readonly CommandStatus[] = ['FAILED', 'TIMEOUT', 'EXPIRED'];
const ORDER: readonly CommandStatus[] = ['PENDING', 'SENT', 'DELIVERED', ...FINAL];

/** How far a task has come: ended devices over all of them, in whole per cent. */
export function taskPercent(detail: Pick<TaskDetail, 'counts' | 'total'>): number {
  if (!detail.total) return 100;
  const ended = FINAL.reduce((sum, status) => sum + (detail.counts[status] ?? 0), 0);
  return Math.floor((ended * 100) / detail.total);
}

/**
 * One control task: a live progress bar with its devices per state (task.progress pushes), cancel,
 * "retry the failed" (a new task for the failed, timed-out and expired devices), and the result of
 * every device.
 */
export function TaskPanel({ batchId, onRetried }: { batchId: string; onRetried: (batchId: string) => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const states = useDict('task_command_state');
  const actionLabel = useActionLabel();
  const [detail, setDetail] = useState<TaskDetail | null>(null);
  const table = useRef<ProTableRef>(null);
  const password = useRef('');

  useEffect(() => {
    let live = true;
    setDetail(null);
    void taskApi.get(batchId).then(({ data }) => live && setDetail(data));
    return () => {
      live = false;
    };
  }, [batchId]);

  const refreshRows = useThrottled(() => table.current?.refresh(), 2000);
  useLiveMessages(['task.progress'], (msg) => {
    if (msg.type !== 'task.progress' || msg.batchId !== batchId) return;
    setDetail((before) => (before ? { ...before, counts: msg.counts, total: msg.total, done: msg.done } : before));
    refreshRows();
  });

  if (!detail) return null;
  const percent = taskPercent(detail);
  const failed = RETRIED.reduce((sum, status) => sum + (detail.counts[status] ?? 0), 0);
  const needsPassword = !!session.get().currentProject?.hasOperatePwd;

  const cancel = () =>
    modal.confirm({
      title: t('common.hint'),
      content: t('ltTask.cancelConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const { data } = await taskApi.cancel(batchId);
        message.success(t('ltTask.canceled', { count: data.canceled }));
        setDetail((await taskApi.get(batchId)).data);
        table.current?.refresh();
      },
    });

  const retry = () => {
    password.current = '';
    modal.confirm({
      title: t('ltTask.retry'),
      content: (
        <Space direction="vertical" style={{ width: '100%' }}>
          <span>{t('ltTask.retryConfirm', { count: failed })}</span>
          {needsPassword && (
            <Input.Password
              autoComplete="off"
              placeholder={t('ltControl.operatePwdRequired')}
              onChange={(e) => {
                password.current = e.target.value;
              }}
              data-testid="task-retry-pwd"
            />
          )}
        </Space>
      ),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const { data } = await taskApi.retry(batchId, password.current || undefined);
        message.success(t('ltControl.sent', { count: data.total, action: actionLabel(detail.action) }));
        onRetried(data.batchId);
      },
    });
  };

  const columns: ProColumn<CommandRow>[] = [
    textColumn('uid', 'UID', { width: 180 }),
    textColumn('name', t('ltCommon.name'), { width: 150 }),
    {
      key: 'status',
      dataIndex: 'status',
      title: t('ltTaskLog.status'),
      width: 130,
      render: (_: unknown, row) => (
        <CommandStatusTag commandId={row.commandId} status={row.status} cancelState={row.cancelState} />
      ),
    },
    {
      key: 'result',
      title: t('ltTaskLog.result'),
      width: 220,
      render: (_: unknown, row) => <CommandResult row={row} />,
    },
    column('sentTime', t('ltTaskLog.sentTime'), { width: DATE_COLUMN_WIDTH + 30 }),
    column('finishTime', t('ltTaskLog.finishTime'), { width: DATE_COLUMN_WIDTH + 30 }),
  ];

  return (
    <Card
      size="small"
      data-testid="task-panel"
      title={
        <Space>
          <span>{actionLabel(detail.action)}</span>
          {detail.value !== null && <span>{detail.value}%</span>}
          <Typography.Text type="secondary">{detail.createTime}</Typography.Text>
        </Space>
      }
      extra={
        <Space>
          {!detail.done && (
            <HasPermi value={['lighting:singleApply:remove', 'lighting:groupApply:remove', 'lighting:taskLog:cancel']}>
              <Button danger size="small" icon={<StopOutlined />} onClick={cancel} data-testid="task-cancel">
                {t('ltTask.cancel')}
              </Button>
            </HasPermi>
          )}
          {failed > 0 && (
            <HasPermi value={['lighting:singleApply:issue', 'lighting:groupApply:issue']}>
              <Button size="small" icon={<RedoOutlined />} onClick={retry} data-testid="task-retry">
                {t('ltTask.retry')} ({failed})
              </Button>
            </HasPermi>
          )}
        </Space>
      }
    >
      <div data-testid="task-progress" data-percent={percent} data-done={detail.done}>
        <Progress percent={percent} status={detail.done ? (failed ? 'exception' : 'success') : 'active'} />
      </div>
      <Space wrap size={[12, 4]} style={{ margin: '8px 0' }} data-testid="task-counts">
        <span>
          {t('ltTask.total')}: {detail.total}
        </span>
        {ORDER.filter((status) => detail.counts[status]).map((status) => (
          <Space key={status} size={4} data-testid={`task-count-${status}`}>
            <DictTag options={states} value={status} />
            <span>{detail.counts[status]}</span>
          </Space>
        ))}
      </Space>
      <ProTable<CommandRow>
        ref={table}
        url={runtimeApi.commandUrl}
        rowKey="commandId"
        testId="task-results"
        extraParams={{ batchId }}
        columns={columns}
        scrollY={360}
      />
    </Card>
  );
}
