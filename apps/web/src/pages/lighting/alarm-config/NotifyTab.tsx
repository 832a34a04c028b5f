import { App, Button, Form, Input, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  alarmNotifyApi,
  type NotifyChannel,
  type NotifyChannelBody,
  type NotifyDelivery,
} from '../../../features/alarm/api';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { HasPermi } from '../../../shared/perms';

const STATUS_COLOURS: Record<NotifyDelivery['status'], string> = {
  PENDING: 'gold',
  SENDING: 'blue',
  SENT: 'green',
  FAILED: 'red',
};

const time = (ms: number | null) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm:ss') : '');

/** A project's outward alarm channels (webhooks, e-mail) and the log of what was delivered. */
export function NotifyTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [channels, setChannels] = useState<NotifyChannel[]>([]);
  const [log, setLog] = useState<{ rows: NotifyDelivery[]; total: number }>({ rows: [], total: 0 });
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [editing, setEditing] = useState<Partial<NotifyChannel> | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<NotifyChannelBody>();
  const kind = Form.useWatch('kind', form);

  const load = useCallback(async () => {
    setChannels((await alarmNotifyApi.channels(projectId)).rows);
    const res = await alarmNotifyApi.deliveries(projectId, page.pageNum, page.pageSize);
    setLog({ rows: res.rows, total: res.total });
  }, [projectId, page]);
  useEffect(() => {
    void load();
  }, [load]);

  const open = (row: Partial<NotifyChannel>) => {
    setEditing(row);
    form.resetFields();
    form.setFieldsValue({ kind: 'WEBHOOK', enabled: true, ...row, secret: '' });
  };
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const body = { ...values, projectId, channelId: editing?.channelId };
      await (editing?.channelId ? alarmNotifyApi.edit(body) : alarmNotifyApi.add(body));
      setEditing(null);
      await load();
    } finally {
      setBusy(false);
    }
  };
  const test = async (row: NotifyChannel) => {
    const res = await alarmNotifyApi.test(projectId, row.channelId);
    if (res.data?.status === 'SENT') message.success(t('ltAlarmNotify.testSent'));
    else message.error(t('ltAlarmNotify.testFailed', { error: res.data?.lastError ?? '' }));
    await load();
  };
  const remove = (row: NotifyChannel) =>
    modal.confirm({
      title: t('common.hint'),
      content: t('ltAlarmNotify.removeConfirm', { name: row.name }),
      onOk: async () => {
        await alarmNotifyApi.remove(projectId, row.channelId);
        await load();
      },
    });

  return (
    <div data-testid="alarm-notify-tab">
      <Space style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('ltAlarmNotify.channels')}</Typography.Text>
        <HasPermi value={['lighting:alarmConfig:edit']}>
          <Button type="primary" size="small" onClick={() => open({})} data-testid="alarm-notify-add">
            {t('ltAlarmNotify.add')}
          </Button>
        </HasPermi>
      </Space>
      <Table<NotifyChannel>
        rowKey="channelId"
        size="small"
        dataSource={channels}
        pagination={false}
        data-testid="alarm-notify-channels"
        columns={[
          { key: 'name', dataIndex: 'name', title: t('ltAlarmNotify.name') },
          {
            key: 'kind',
            dataIndex: 'kind',
            title: t('ltAlarmNotify.kind'),
            width: 110,
            render: (v: string) => <Tag>{t(`ltAlarmNotify.kind${v}`)}</Tag>,
          },
          {
            key: 'target',
            title: `${t('ltAlarmNotify.url')} / ${t('ltAlarmNotify.recipients')}`,
            render: (_, r) => (r.kind === 'WEBHOOK' ? r.url : r.recipients),
          },
          {
            key: 'enabled',
            dataIndex: 'enabled',
            title: t('ltAlarmNotify.enabled'),
            width: 90,
            render: (v: boolean) => <Switch size="small" checked={v} disabled />,
          },
          {
            key: 'actions',
            title: t('common.actions'),
            width: 240,
            render: (_, row) => (
              <HasPermi value={['lighting:alarmConfig:edit']}>
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void test(row)}
                    data-testid={`alarm-notify-test-${row.channelId}`}
                  >
                    {t('ltAlarmNotify.test')}
                  </Button>
                  <Button type="link" size="small" onClick={() => open(row)}>
                    {t('ltAlarmNotify.edit')}
                  </Button>
                  <Button type="link" size="small" danger onClick={() => remove(row)}>
                    {t('ltAlarmNotify.remove')}
                  </Button>
                </Space>
              </HasPermi>
            ),
          },
        ]}
      />
      <Typography.Text strong style={{ display: 'block', margin: '16px 0 8px' }}>
        {t('ltAlarmNotify.deliveries')}
      </Typography.Text>
      <Table<NotifyDelivery>
        rowKey="deliveryId"
        size="small"
        dataSource={log.rows}
        data-testid="alarm-notify-deliveries"
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: log.total,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          {
            key: 'createTime',
            dataIndex: 'createTime',
            title: t('ltAlarmNotify.createTime'),
            render: time,
            width: 170,
          },
          { key: 'channelName', dataIndex: 'channelName', title: t('ltAlarmNotify.channels') },
          { key: 'action', dataIndex: 'action', title: t('ltAlarmNotify.action'), width: 100 },
          { key: 'alarmConfigType', dataIndex: 'alarmConfigType', title: t('ltAlarmNotify.alarmType') },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('ltAlarmNotify.status'),
            width: 100,
            render: (v: NotifyDelivery['status']) => (
              <Tag color={STATUS_COLOURS[v]}>{t(`ltAlarmNotify.status${v}`)}</Tag>
            ),
          },
          { key: 'attempts', dataIndex: 'attempts', title: t('ltAlarmNotify.attempts'), width: 90 },
          { key: 'responseCode', dataIndex: 'responseCode', title: t('ltAlarmNotify.responseCode'), width: 90 },
          { key: 'lastError', dataIndex: 'lastError', title: t('ltAlarmNotify.lastError'), ellipsis: true },
          {
            key: 'when',
            title: `${t('ltAlarmNotify.sentTime')} / ${t('ltAlarmNotify.nextTime')}`,
            width: 170,
            render: (_, r) => (r.status === 'SENT' ? time(r.sentTime) : r.status === 'FAILED' ? '' : time(r.nextTime)),
          },
        ]}
      />
      <DraggableDialog
        open={editing !== null}
        title={editing?.channelId ? t('ltAlarmNotify.edit') : t('ltAlarmNotify.add')}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={busy}
        testId="alarm-notify-dialog"
      >
        <Form form={form} layout="vertical" data-testid="alarm-notify-form">
          <Form.Item name="kind" label={t('ltAlarmNotify.kind')} rules={[{ required: true }]}>
            <Select
              options={(['WEBHOOK', 'EMAIL'] as const).map((k) => ({ value: k, label: t(`ltAlarmNotify.kind${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="name" label={t('ltAlarmNotify.name')} rules={[{ required: true, max: 100 }]}>
            <Input />
          </Form.Item>
          {kind === 'EMAIL' ? (
            <Form.Item
              name="recipients"
              label={t('ltAlarmNotify.recipients')}
              extra={t('ltAlarmNotify.recipientsHint')}
              rules={[{ required: true, max: 1000 }]}
            >
              <Input.TextArea rows={2} />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="url" label={t('ltAlarmNotify.url')} rules={[{ required: true, type: 'url', max: 500 }]}>
                <Input placeholder="https://" />
              </Form.Item>
              <Form.Item
                name="secret"
                label={t('ltAlarmNotify.secret')}
                extra={
                  editing?.hasSecret ? `${t('ltAlarmNotify.secretSet')} · ${t('ltAlarmNotify.secretKeep')}` : undefined
                }
                rules={[{ max: 200 }]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </>
          )}
          <Form.Item name="enabled" label={t('ltAlarmNotify.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </DraggableDialog>
    </div>
  );
}
