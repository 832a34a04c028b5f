import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Progress, Radio, Select, Space, Tooltip } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeApi } from '../../../features/lighting/api';
import { CommandResult, CommandStatusTag, useActionLabel } from '../../../features/lighting/CommandStatus';
import { DeviceDrawer } from '../../../features/lighting/DeviceDrawer';
import { DeviceSelect } from '../../../features/lighting/DeviceSelect';
import { useLiveMessages, useThrottled } from '../../../features/lighting/live';
import { NeedProject, useGroups, useProjectId } from '../../../features/lighting/project';
import { QUERY_TYPES } from '../../../features/lighting/rules';
import type { BatchQueryRow, CommandRow, DeviceType } from '../../../features/lighting/types';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { column, dictColumn, textColumn } from '../../../shared/table/columns';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

type Scope = 'devices' | 'group' | 'type';
interface NewQuery {
  name?: string;
  scope: Scope;
  deviceIds?: number[];
  groupId?: number;
  deviceType?: string;
}

function BatchCommands({ batch, onClose }: { batch: BatchQueryRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const _types = useDict('lighting_device_type');
  const table = useRef<ProTableRef>(null);
  const [drawerId, setDrawerId] = useState<number | null>(null);
  const params = useMemo(() => (batch ? { batchId: batch.batchId } : undefined), [batch]);
  const refresh = useThrottled(() => table.current?.refresh(), 3000);
  useLiveMessages(['command.update'], refresh);

  const columns: ProColumn<CommandRow>[] = [
    {
      key: 'uid',
      dataIndex: 'uid',
      title: t('ltCommon.device'),
      width: 200,
      render: (value: string | null, row) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setDrawerId(row.deviceId)}>
          {value ?? row.deviceId}
        </Button>
      ),
    },
    textColumn('name', t('ltCommon.name')),
    dictColumn('deviceType', t('ltCommon.deviceType'), 'lighting_device_type', { width: 120 }),
    {
      key: 'status',
      dataIndex: 'status',
      title: t('ltTaskLog.status'),
      width: 120,
      render: (_: unknown, row) => (
        <CommandStatusTag commandId={row.commandId} status={row.status} cancelState={row.cancelState} />
      ),
    },
    {
      key: 'result',
      title: t('ltTaskLog.result'),
      render: (_: unknown, row) => <CommandResult row={row} />,
    },
    column('finishTime', t('ltTaskLog.finishTime'), { width: DATE_COLUMN_WIDTH + 30 }),
  ];

  return (
    <DraggableDialog
      open={!!batch}
      title={t('ltBatchQuery.commandsTitle', { name: batch?.name || batch?.batchId || '' })}
      width={1000}
      onCancel={onClose}
      footer={null}
      testId="batch-commands"
    >
      {params && (
        <ProTable<CommandRow>
          ref={table}
          url={runtimeApi.commandUrl}
          rowKey="commandId"
          extraParams={params}
          scrollY={420}
          columns={columns}
          searchFields={[
            { type: 'select', name: 'status', label: t('ltTaskLog.status'), dictType: 'task_command_state' },
          ]}
        />
      )}
      <DeviceDrawer deviceId={drawerId} onClose={() => setDrawerId(null)} />
    </DraggableDialog>
  );
}

function BatchQueryBody() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const projectId = useProjectId()!;
  const types = useDict('lighting_device_type');
  const groups = useGroups();
  const actionLabel = useActionLabel();
  const table = useRef<ProTableRef>(null);
  const [form] = Form.useForm<NewQuery>();
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [viewing, setViewing] = useState<BatchQueryRow | null>(null);
  const scope = Form.useWatch('scope', form) as Scope | undefined;
  const extraParams = useMemo(() => ({ projectId }), [projectId]);

  const refresh = useThrottled(() => table.current?.refresh(), 3000);
  useLiveMessages(['command.update'], refresh);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const { data } = await runtimeApi.batchQuery({
        projectId,
        name: values.name?.trim() || undefined,
        deviceIds: values.scope === 'devices' ? values.deviceIds : undefined,
        groupId: values.scope === 'group' ? values.groupId : undefined,
        deviceType: values.scope === 'type' ? values.deviceType : undefined,
      });
      message.success(t('ltBatchQuery.started', { count: data.total }));
      setCreating(false);
      table.current?.reload();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  const columns: ProColumn<BatchQueryRow>[] = [
    column('createTime', t('ltBatchQuery.createTime'), { width: DATE_COLUMN_WIDTH + 30 }),
    {
      key: 'name',
      dataIndex: 'name',
      title: t('ltBatchQuery.name'),
      ellipsis: true,
      render: (v: string | null) => v || '-',
    },
    {
      key: 'action',
      dataIndex: 'action',
      title: t('ltTaskLog.action'),
      width: 110,
      render: (value: string) => actionLabel(value),
    },
    column('total', t('ltBatchQuery.total'), { width: 90 }),
    {
      key: 'progress',
      title: t('ltBatchQuery.progress'),
      width: 260,
      render: (_: unknown, row) => {
        const finished = row.successCount + row.failCount;
        const percent = row.total ? Math.round((finished / row.total) * 100) : 100;
        return (
          <Tooltip
            title={t('ltBatchQuery.counts', {
              success: row.successCount,
              fail: row.failCount,
              waiting: row.waitingCount,
            })}
          >
            <Progress
              percent={percent}
              success={{ percent: row.total ? Math.round((row.successCount / row.total) * 100) : 0 }}
              size="small"
              status={row.waitingCount ? 'active' : row.failCount ? 'exception' : 'success'}
            />
          </Tooltip>
        );
      },
    },
    column('successCount', t('ltImport.successCount'), { width: 90 }),
    column('failCount', t('ltImport.failCount'), { width: 90 }),
    column('waitingCount', t('ltBatchQuery.waiting'), { width: 90 }),
    column('operName', t('ltTaskLog.operName'), { width: 110 }),
    {
      key: 'actions',
      title: t('common.actions'),
      width: 110,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => setViewing(row)}>
          {t('ltImport.details')}
        </Button>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="batch-query-page">
      <ProTable<BatchQueryRow>
        ref={table}
        url={runtimeApi.batchQueryUrl}
        rowKey="batchId"
        testId="batch-query-table"
        extraParams={extraParams}
        columns={columns}
        toolbar={() => (
          <HasPermi value={['lighting:batchQuery:add']}>
            <Button
              type="primary"
              ghost
              icon={<PlusOutlined />}
              onClick={() => {
                setCreating(true);
              }}
              data-testid="batch-query-add"
            >
              {t('ltBatchQuery.add')}
            </Button>
          </HasPermi>
        )}
      />
      <DraggableDialog
        open={creating}
        title={t('ltBatchQuery.add')}
        width={620}
        onCancel={() => setCreating(false)}
        onOk={() => void submit()}
        confirmLoading={saving}
        testId="batch-query-dialog"
      >
        <Form<NewQuery>
          form={form}
          labelCol={{ flex: '110px' }}
          initialValues={{ scope: 'type', deviceType: 'RTU' }}
          preserve={false}
        >
          <Form.Item name="name" label={t('ltBatchQuery.name')}>
            <Input maxLength={64} placeholder={t('ltBatchQuery.namePlaceholder')} />
          </Form.Item>
          <Form.Item name="scope" label={t('ltBatchQuery.scope')}>
            <Radio.Group
              options={(['type', 'group', 'devices'] as Scope[]).map((value) => ({
                value,
                label: t(`ltBatchQuery.scopes.${value}`),
              }))}
            />
          </Form.Item>
          {scope === 'type' && (
            <Form.Item
              name="deviceType"
              label={t('ltCommon.deviceType')}
              rules={[{ required: true, message: t('ltMsg.selectFirst') }]}
            >
              <Select
                options={types
                  .filter((item) => QUERY_TYPES.includes(item.dictValue as DeviceType))
                  .map((item) => ({ value: item.dictValue, label: item.dictLabel }))}
              />
            </Form.Item>
          )}
          {scope === 'group' && (
            <Form.Item
              name="groupId"
              label={t('ltCommon.group')}
              rules={[{ required: true, message: t('ltMsg.selectFirst') }]}
            >
              <Select options={groups.map((g) => ({ value: g.groupId, label: g.name }))} />
            </Form.Item>
          )}
          {scope === 'devices' && (
            <Form.Item
              name="deviceIds"
              label={t('ltCommon.devices')}
              rules={[{ required: true, type: 'array', min: 1, message: t('ltMsg.selectFirst') }]}
            >
              <DeviceSelect mode="multiple" types={QUERY_TYPES} />
            </Form.Item>
          )}
          <Space style={{ color: '#8c8c8c', fontSize: 12 }}>{t('ltBatchQuery.hint')}</Space>
        </Form>
      </DraggableDialog>
      <BatchCommands batch={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

/** The batch query center (lighting/batch-query): read back many devices at once and follow their answers. */
export function BatchQueryPage() {
  return (
    <NeedProject testId="batch-query-page">
      <BatchQueryBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
