import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Form, Input, InputNumber, Select, Switch, Tag } from 'antd';
import { type Key, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../app/session';
import { serverApi } from '../../../features/lighting/api';
import type { MqttServer } from '../../../features/lighting/types';
import { DATE_COLUMN_WIDTH, SUPER_ROLE } from '../../../shared/constants';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { formatDateTime } from '../../../shared/date';
import { HasPermi } from '../../../shared/perms';
import { useStore } from '../../../shared/store';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const PROTOCOLS = ['mqtt', 'mqtts', 'ws', 'wss'] as const;
const DEFAULT_PORTS: Record<string, number> = { mqtt: 1883, mqtts: 8883, ws: 8083, wss: 8084 };
const EMPTY: MqttServer = { name: '', protocol: 'mqtt', host: '', port: 1883, enabled: true, remark: '' };

/** MQTT endpoints the customer's devices connect to (lighting/server); platform admins may share one with everyone. */
export function ServerPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const [form] = Form.useForm<MqttServer>();
  const [editing, setEditing] = useState<MqttServer | null>(null);
  const [saving, setSaving] = useState(false);
  const platformAdmin = useStore(
    session,
    (state) =>
      state.roles.includes(SUPER_ROLE) && (state.user?.clientId === null || state.user?.clientId === undefined),
  );

  // the dialog's fields take the row once the dialog (and its form) is open
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing);
  }, [editing, form]);

  const open = (row?: MqttServer) => {
    const value = row ?? EMPTY;
    setEditing(value);
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const body = { ...editing, ...values } as MqttServer;
      if (editing?.serverId) await serverApi.update(body);
      else await serverApi.add(body);
      message.success(editing?.serverId ? t('common.updateSuccess') : t('common.addSuccess'));
      setEditing(null);
      table.current?.refresh();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  const remove = (ids: Key[], names: string) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('ltServer.deleteConfirm', { names }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await serverApi.remove(ids as number[]);
        message.success(t('common.deleteSuccess'));
        table.current?.clearSelection();
        table.current?.refresh();
      },
    });
  };

  const columns: ProColumn<MqttServer>[] = [
    { key: 'name', dataIndex: 'name', title: t('ltServer.name'), sortField: 'name', ellipsis: true },
    {
      key: 'endpoint',
      title: t('ltServer.endpoint'),
      render: (_: unknown, row) => <code>{`${row.protocol}://${row.host}:${row.port}`}</code>,
    },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: t('ltServer.enabled'),
      width: 100,
      render: (value: boolean) =>
        value ? <Tag color="success">{t('ltServer.on')}</Tag> : <Tag>{t('ltServer.off')}</Tag>,
    },
    {
      key: 'shared',
      dataIndex: 'shared',
      title: t('ltServer.shared'),
      width: 110,
      render: (value: boolean) => (value ? <Tag color="processing">{t('ltServer.sharedYes')}</Tag> : '-'),
    },
    { key: 'remark', dataIndex: 'remark', title: t('common.remark'), ellipsis: true },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('common.createTime'),
      width: DATE_COLUMN_WIDTH + 30,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 160,
      fixed: 'right',
      render: (_: unknown, row) => (
        <>
          <HasPermi value={['lighting:server:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => open(row)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['lighting:server:remove']}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove([row.serverId!], row.name)}
            >
              {t('common.delete')}
            </Button>
          </HasPermi>
        </>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="server-page">
      <ProTable<MqttServer>
        ref={table}
        url={serverApi.listUrl}
        rowKey="serverId"
        selectable
        testId="server-table"
        columns={columns}
        searchFields={[{ type: 'input', name: 'name', label: t('ltServer.name') }]}
        toolbar={({ keys, rows }) => (
          <>
            <HasPermi value={['lighting:server:add']}>
              <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => open()} data-testid="server-add">
                {t('common.add')}
              </Button>
            </HasPermi>
            <HasPermi value={['lighting:server:remove']}>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={!keys.length}
                onClick={() => remove(keys, rows.map((row) => row.name).join(', '))}
              >
                {t('common.delete')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <DraggableDialog
        open={!!editing}
        title={editing?.serverId ? t('ltServer.editTitle') : t('ltServer.addTitle')}
        width={560}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={saving}
        testId="server-dialog"
      >
        <Form<MqttServer>
          form={form}
          labelCol={{ flex: '100px' }}
          initialValues={editing ?? undefined}
          preserve={false}
        >
          <Form.Item
            name="name"
            label={t('ltServer.name')}
            rules={[{ required: true, whitespace: true, message: t('ltServer.nameRequired') }]}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="protocol" label={t('ltServer.protocol')} rules={[{ required: true }]}>
            <Select
              options={PROTOCOLS.map((value) => ({ value, label: value }))}
              onChange={(value: string) => form.setFieldsValue({ port: DEFAULT_PORTS[value] })}
            />
          </Form.Item>
          <Form.Item
            name="host"
            label={t('ltServer.host')}
            rules={[
              { required: true, whitespace: true, message: t('ltServer.hostRequired') },
              { pattern: /^[A-Za-z0-9.-]+$/, message: t('ltServer.hostFormat') },
            ]}
          >
            <Input maxLength={255} placeholder="mqtt.example.com" />
          </Form.Item>
          <Form.Item
            name="port"
            label={t('ltServer.port')}
            rules={[{ required: true, type: 'integer', min: 1, max: 65535, message: t('ltServer.portRange') }]}
          >
            <InputNumber min={1} max={65535} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="enabled" label={t('ltServer.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {platformAdmin && !editing?.serverId && (
            <Form.Item name="shared" label=" " colon={false} valuePropName="checked">
              <Checkbox>{t('ltServer.shareWithAll')}</Checkbox>
            </Form.Item>
          )}
          <Form.Item name="remark" label={t('common.remark')}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Form>
      </DraggableDialog>
    </div>
  );
}
