import type { ServerRow } from '@luxgrid/contracts/answers';
import { Checkbox, Form, Input, InputNumber, Select, Switch, Tag } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../app/session';
import { serverApi } from '../../../features/lighting/api';
import type { ServerForm } from '../../../features/lighting/types';
import { SUPER_ROLE } from '../../../shared/constants';
import { useStore } from '../../../shared/store';
import { textColumn, timeColumn } from '../../../shared/table/columns';
import { AddRemoveButtons, EditDialog, RowActions, useConfirmRemove, useEditDialog } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const PROTOCOLS = ['mqtt', 'mqtts', 'ws', 'wss'] as const;
const DEFAULT_PORTS: Record<string, number> = { mqtt: 1883, mqtts: 8883, ws: 8083, wss: 8084 };
const EMPTY: ServerForm = { name: '', protocol: 'mqtt', host: '', port: 1883, enabled: true, remark: '' };

/** MQTT endpoints the customer's devices connect to (lighting/server); platform admins may share one with everyone. */
export function ServerPage() {
  const { t } = useTranslation();
  const table = useRef<ProTableRef>(null);
  const platformAdmin = useStore(
    session,
    (state) =>
      state.roles.includes(SUPER_ROLE) && (state.user?.clientId === null || state.user?.clientId === undefined),
  );
  const edit = useEditDialog<ServerForm>({ api: serverApi, idKey: 'serverId', table });
  const remove = useConfirmRemove(serverApi.remove, (names) => t('ltServer.deleteConfirm', { names }), table);
  const open = (row?: ServerRow) => edit.open(row ?? EMPTY);

  const columns: ProColumn<ServerRow>[] = [
    textColumn('name', t('ltServer.name'), { sortField: 'name' }),
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
    textColumn('remark', t('common.remark')),
    timeColumn('createTime', t('common.createTime')),
    {
      key: 'actions',
      title: t('common.actions'),
      width: 180,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          perm="lighting:server"
          onEdit={() => open(row)}
          onRemove={() => remove([row.serverId!], row.name)}
        />
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="server-page">
      <ProTable<ServerRow>
        ref={table}
        url={serverApi.listUrl}
        rowKey="serverId"
        selectable
        testId="server-table"
        columns={columns}
        searchFields={[{ type: 'input', name: 'name', label: t('ltServer.name') }]}
        toolbar={({ keys, rows }) => (
          <AddRemoveButtons
            perm="lighting:server"
            testId="server"
            onAdd={() => open()}
            selected={keys.length}
            onRemove={() => remove(keys, rows.map((row) => row.name).join(', '))}
          />
        )}
      />
      <EditDialog<ServerForm>
        edit={edit}
        addTitle={t('ltServer.addTitle')}
        editTitle={t('ltServer.editTitle')}
        width={560}
        labelWidth={100}
        testId="server-dialog"
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
            onChange={(value: string) => edit.form.setFieldsValue({ port: DEFAULT_PORTS[value] })}
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
        {platformAdmin && !edit.isEdit && (
          <Form.Item name="shared" label=" " colon={false} valuePropName="checked">
            <Checkbox>{t('ltServer.shareWithAll')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="remark" label={t('common.remark')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </EditDialog>
    </div>
  );
}
