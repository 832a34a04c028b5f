import { SendOutlined } from '@ant-design/icons';
import { Alert, App, Button, Col, Form, InputNumber, Row, Space, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeApi } from '../../../features/lighting/api';
import { DeviceDrawer } from '../../../features/lighting/DeviceDrawer';
import { DeviceSelect } from '../../../features/lighting/DeviceSelect';
import { CommDot } from '../../../features/lighting/format';
import { useLiveMessages, useThrottled } from '../../../features/lighting/live';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import {
  CHANNEL_MAX,
  CHANNEL_MIN,
  channelValid,
  PANID_MAX,
  PANID_MIN,
  panidValid,
  SESSION_TYPES,
} from '../../../features/lighting/rules';
import type { TerminalConfigRow } from '../../../features/lighting/types';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { column, dictColumn, textColumn } from '../../../shared/table/columns';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

interface IssueForm {
  channel?: number | null;
  panid?: number | null;
}

function TerminalConfigBody() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const projectId = useProjectId()!;
  const _types = useDict('lighting_device_type');
  const _states = useDict('lighting_config_state');
  const table = useRef<ProTableRef>(null);
  const [form] = Form.useForm<IssueForm>();
  const [gatewayId, setGatewayId] = useState<number | null>(null);
  const [issuing, setIssuing] = useState<TerminalConfigRow[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [drawerId, setDrawerId] = useState<number | null>(null);
  const extraParams = useMemo(() => ({ projectId, ...(gatewayId ? { gatewayId } : {}) }), [projectId, gatewayId]);

  // a terminal answering its configuration changes its state: read the page again; a
  // configuration a terminal refused (or never received) is said out loud
  const refresh = useThrottled(() => table.current?.refresh(), 3000);
  const watched = useRef<{ ids: Set<string>; told: boolean } | null>(null);
  const watchBatch = (batchId: string) => {
    watched.current = null;
    void runtimeApi
      .commands({ batchId, pageSize: 500 })
      .then((res) => {
        watched.current = { ids: new Set(res.rows.map((row) => row.commandId)), told: false };
      })
      .catch(() => undefined);
  };
  useLiveMessages(['command.update'], (msg) => {
    refresh();
    const batch = watched.current;
    if (msg.type !== 'command.update' || !batch || batch.told) return;
    const failed = msg.items.some(
      (item) => batch.ids.has(item.commandId) && ['FAILED', 'TIMEOUT', 'EXPIRED'].includes(item.status),
    );
    if (failed) {
      batch.told = true;
      message.error(t('ltMsg.deployFailed'));
    }
  });

  const openIssue = (rows: TerminalConfigRow[]) => {
    if (!rows.length) {
      message.warning(t('ltMsg.selectFirst'));
      return;
    }
    if (rows.some((row) => row.configState === 'CONFIGURING')) {
      message.warning(t('ltMsg.configBusy'));
      return;
    }
    setIssuing(rows);
  };

  useEffect(() => {
    if (!issuing?.length) return;
    form.resetFields();
    form.setFieldsValue({ channel: issuing[0]!.channel, panid: issuing[0]!.panid });
  }, [issuing, form]);

  const submit = async () => {
    if (!issuing) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if ((values.channel ?? null) === null && (values.panid ?? null) === null) {
      message.warning(t('ltTerminalConfig.nothingToIssue'));
      return;
    }
    const ok = await modal.confirm({
      title: t('common.hint'),
      content: t('ltMsg.saveAndDeploy'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setSaving(true);
    try {
      const { data } = await runtimeApi.issueConfig({
        deviceIds: issuing.map((row) => row.deviceId),
        channel: values.channel ?? undefined,
        panid: values.panid ?? undefined,
      });
      message.success(t('ltTerminalConfig.issued', { count: data.total }));
      setIssuing(null);
      table.current?.clearSelection();
      table.current?.refresh();
      watchBatch(data.batchId);
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  const columns: ProColumn<TerminalConfigRow>[] = [
    {
      key: 'uid',
      dataIndex: 'uid',
      title: 'UID',
      width: 200,
      render: (value: string, row) => (
        <Space size={6}>
          <CommDot state={row.commState} />
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setDrawerId(row.deviceId)}>
            {value}
          </Button>
        </Space>
      ),
    },
    textColumn('name', t('ltCommon.name'), { width: 160 }),
    dictColumn('deviceType', t('ltCommon.deviceType'), 'lighting_device_type', { width: 120 }),
    dictColumn('configState', t('ltCommon.configState'), 'lighting_config_state', { width: 120 }),
    column('channel', t('ltCommon.channel'), { width: 80 }),
    { key: 'panid', dataIndex: 'panid', title: 'PANID', width: 90 },
    column('gatewayUid', t('ltDrawer.session'), { width: 180 }),
    {
      key: 'config',
      dataIndex: 'config',
      title: t('ltTerminalConfig.held'),
      ellipsis: true,
      render: (value: Record<string, unknown> | null) =>
        value && Object.keys(value).length ? (
          <Tooltip title={<pre style={{ margin: 0 }}>{JSON.stringify(value, null, 2)}</pre>}>
            <code style={{ fontSize: 12 }}>{JSON.stringify(value)}</code>
          </Tooltip>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <div className="lx-page" data-testid="terminal-config-page">
      <ProTable<TerminalConfigRow>
        ref={table}
        url={runtimeApi.terminalConfigUrl}
        rowKey="deviceId"
        selectable
        testId="terminal-config-table"
        extraParams={extraParams}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'keyword', label: t('ltDevice.keyword') },
          { type: 'select', name: 'configState', label: t('ltCommon.configState'), dictType: 'lighting_config_state' },
        ]}
        toolbar={({ rows }) => (
          <>
            <Space>
              <span>{t('ltDrawer.session')}:</span>
              <DeviceSelect types={SESSION_TYPES} value={gatewayId} onChange={setGatewayId} style={{ width: 260 }} />
            </Space>
            <HasPermi value={['lighting:paramConfig:issue']}>
              <Button
                type="primary"
                ghost
                icon={<SendOutlined />}
                onClick={() => openIssue(rows)}
                data-testid="terminal-config-issue"
              >
                {t('ltTerminalConfig.issue')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <DraggableDialog
        open={!!issuing}
        title={t('ltTerminalConfig.issueTitle', { count: issuing?.length ?? 0 })}
        width={560}
        onCancel={() => setIssuing(null)}
        onOk={() => void submit()}
        confirmLoading={saving}
        testId="terminal-config-dialog"
      >
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('ltTerminalConfig.issueHint')} />
        <Form<IssueForm>
          form={form}
          layout="vertical"
          initialValues={issuing ? { channel: issuing[0]!.channel, panid: issuing[0]!.panid } : undefined}
          preserve={false}
        >
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="channel"
                label={`${t('ltCommon.channel')} (${CHANNEL_MIN}–${CHANNEL_MAX})`}
                rules={[
                  {
                    validator: async (_, value) => {
                      if (!channelValid(value)) throw new Error(t('ltMsg.channel'));
                    },
                  },
                ]}
              >
                <InputNumber style={{ width: '100%' }} data-testid="issue-channel" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="panid"
                label={`PANID (${PANID_MIN}–${PANID_MAX})`}
                rules={[
                  {
                    validator: async (_, value) => {
                      if (!panidValid(value)) throw new Error(t('ltMsg.panid'));
                    },
                  },
                ]}
              >
                <InputNumber style={{ width: '100%' }} data-testid="issue-panid" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </DraggableDialog>
      <DeviceDrawer deviceId={drawerId} onClose={() => setDrawerId(null)} />
    </div>
  );
}

/** Non-direct terminals with their configuration state (lighting/terminal-config); channel and PANID issue. */
export function TerminalConfigPage() {
  return (
    <NeedProject testId="terminal-config-page">
      <TerminalConfigBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
