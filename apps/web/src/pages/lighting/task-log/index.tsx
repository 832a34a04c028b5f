import { StopOutlined } from '@ant-design/icons';
import { App, Button, Space, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeApi } from '../../../features/lighting/api';
import { CommandResult, CommandStatusTag, useActionLabel } from '../../../features/lighting/CommandStatus';
import { DeviceDrawer } from '../../../features/lighting/DeviceDrawer';
import { DeviceSelect } from '../../../features/lighting/DeviceSelect';
import { commandStatus, useLiveMessages, useThrottled } from '../../../features/lighting/live';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { ALL_ACTIONS, CANCELABLE_COMMAND_STATES } from '../../../features/lighting/rules';
import type { CommandRow } from '../../../features/lighting/types';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { column, dictColumn, textColumn } from '../../../shared/table/columns';
import { ExportButton } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

function TaskLogBody() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const projectId = useProjectId()!;
  const _types = useDict('lighting_device_type');
  const actionLabel = useActionLabel();
  const table = useRef<ProTableRef>(null);
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [drawerId, setDrawerId] = useState<number | null>(null);
  const extraParams = useMemo(() => ({ projectId, ...(deviceId ? { deviceId } : {}) }), [projectId, deviceId]);

  // the status tags follow command.update on their own; times, results and new rows come with a refresh
  const refresh = useThrottled(() => table.current?.refresh(), 5000);
  useLiveMessages(['command.update'], refresh);

  const cancel = (rows: CommandRow[]) => {
    const open = rows.filter((row) => CANCELABLE_COMMAND_STATES.includes(commandStatus(row.commandId) ?? row.status));
    if (!open.length) {
      message.warning(t('ltTaskLog.nothingToCancel'));
      return;
    }
    modal.confirm({
      title: t('common.hint'),
      content: t('ltTaskLog.cancelConfirm', { count: open.length }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await runtimeApi.cancel(open.map((row) => row.commandId));
        message.success(t('ltTaskLog.canceled', { count: open.length }));
        table.current?.clearSelection();
        table.current?.refresh();
      },
    });
  };

  const columns: ProColumn<CommandRow>[] = [
    column('createTime', t('ltTaskLog.createTime'), { width: DATE_COLUMN_WIDTH + 30 }),
    {
      key: 'uid',
      dataIndex: 'uid',
      title: t('ltCommon.device'),
      width: 200,
      render: (value: string | null, row) => (
        <Typography.Link onClick={() => setDrawerId(row.deviceId)}>{value ?? row.deviceId}</Typography.Link>
      ),
    },
    textColumn('name', t('ltCommon.name'), { width: 150 }),
    dictColumn('deviceType', t('ltCommon.deviceType'), 'lighting_device_type', { width: 120 }),
    {
      key: 'action',
      dataIndex: 'action',
      title: t('ltTaskLog.action'),
      width: 120,
      render: (value: string, row) => `${actionLabel(value)}${row.value !== null ? ` ${row.value}%` : ''}`,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('ltTaskLog.status'),
      width: 120,
      render: (_: unknown, row) => (
        <CommandStatusTag commandId={row.commandId} status={row.status} cancelState={row.cancelState} />
      ),
    },
    column('attempts', t('ltTaskLog.attempts'), { width: 90 }),
    {
      key: 'result',
      title: t('ltTaskLog.result'),
      width: 240,
      render: (_: unknown, row) => <CommandResult row={row} />,
    },
    column('operName', t('ltTaskLog.operName'), { width: 110 }),
    column('sentTime', t('ltTaskLog.sentTime'), { width: DATE_COLUMN_WIDTH + 30 }),
    {
      key: 'deliveredTime',
      dataIndex: 'deliveredTime',
      title: t('ltTaskLog.deliveredTime'),
      width: DATE_COLUMN_WIDTH + 30,
      defaultHidden: true,
    },
    column('finishTime', t('ltTaskLog.finishTime'), { width: DATE_COLUMN_WIDTH + 30 }),
    {
      key: 'expireTime',
      dataIndex: 'expireTime',
      title: t('ltTaskLog.expireTime'),
      width: DATE_COLUMN_WIDTH + 30,
      defaultHidden: true,
    },
    {
      key: 'batchId',
      dataIndex: 'batchId',
      title: t('ltTaskLog.batchId'),
      width: 300,
      defaultHidden: true,
      render: (value: string) => <Typography.Text copyable>{value}</Typography.Text>,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 100,
      fixed: 'right',
      render: (_: unknown, row) =>
        CANCELABLE_COMMAND_STATES.includes(row.status) ? (
          <HasPermi value={['lighting:taskLog:cancel']}>
            <Button type="link" size="small" danger icon={<StopOutlined />} onClick={() => cancel([row])}>
              {t('ltTaskLog.cancel')}
            </Button>
          </HasPermi>
        ) : null,
    },
  ];

  return (
    <div className="lx-page" data-testid="task-log-page">
      <ProTable<CommandRow>
        ref={table}
        url={runtimeApi.commandUrl}
        rowKey="commandId"
        selectable
        testId="task-log-table"
        extraParams={extraParams}
        columns={columns}
        searchFields={[
          { type: 'select', name: 'status', label: t('ltTaskLog.status'), dictType: 'task_command_state' },
          {
            type: 'select',
            name: 'action',
            label: t('ltTaskLog.action'),
            options: [...ALL_ACTIONS, 'config'].map((value) => ({ value, label: actionLabel(value) })),
          },
          { type: 'select', name: 'source', label: t('ltTaskLog.source'), dictType: 'lighting_task_source' },
          { type: 'input', name: 'operName', label: t('ltTaskLog.operName') },
          { type: 'dateRange', name: 'createTime', label: t('ltTaskLog.createTime') },
          { type: 'input', name: 'batchId', label: t('ltTaskLog.batchId') },
        ]}
        toolbar={({ rows }) => (
          <>
            <Space>
              <span>{t('ltCommon.device')}:</span>
              <DeviceSelect value={deviceId} onChange={setDeviceId} style={{ width: 280 }} testId="task-log-device" />
            </Space>
            <ExportButton
              perm="lighting:taskLog"
              url={runtimeApi.commandExportUrl}
              table={table}
              params={extraParams}
              fileName="task-log"
              testId="task-log-export"
            />
            <HasPermi value={['lighting:taskLog:cancel']}>
              <Button
                danger
                icon={<StopOutlined />}
                disabled={!rows.length}
                onClick={() => cancel(rows)}
                data-testid="task-log-cancel"
              >
                {t('ltTaskLog.cancel')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <DeviceDrawer deviceId={drawerId} onClose={() => setDrawerId(null)} />
    </div>
  );
}

/** The command lifecycle of the project (lighting/task-log): PENDING → SENT → DELIVERED → a final state, with cancel. */
export function TaskLogPage() {
  return (
    <NeedProject testId="task-log-page">
      <TaskLogBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
