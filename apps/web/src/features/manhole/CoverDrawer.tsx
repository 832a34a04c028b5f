import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  InputNumber,
  Segmented,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../shared/chart/EChart';
import { DraggableDialog } from '../../shared/DraggableDialog';
import { HasPermi } from '../../shared/perms';
import { lineOption } from '../lighting/line-option';
import { useLiveMessages } from '../lighting/live';
import {
  applyLive,
  CHART_FIELDS,
  COVER,
  type CommandKey,
  type CoverDetail,
  commandParams,
  coverApi,
  coverStatus,
  eventOf,
  FIELDS,
  STATUS_COLOURS,
  useFormatValue,
  useLabel,
} from './model';

/** The cover's drawer: live values, open alarms, a history chart of one reading, and its commands. */
export function CoverDrawer({ coverId, onClose }: { coverId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useLabel();
  const format = useFormatValue();
  const [cover, setCover] = useState<CoverDetail | null>(null);
  const [field, setField] = useState(CHART_FIELDS[0]!.key);
  const [points, setPoints] = useState<[number, number][]>([]);
  const [asking, setAsking] = useState<CommandKey | null>(null);
  const [form] = Form.useForm<Record<string, number>>();

  const load = useCallback(async () => {
    if (!coverId) return;
    setCover(await coverApi.get(coverId));
  }, [coverId]);
  useEffect(() => {
    setCover(null);
    void load().catch(() => undefined);
  }, [load]);
  useEffect(() => {
    if (!coverId) return;
    let alive = true;
    coverApi
      .history(coverId, field)
      .then((data) => alive && setPoints(data))
      .catch(() => alive && setPoints([]));
    return () => {
      alive = false;
    };
  }, [coverId, field]);

  // live: values and alarms change in place, the chart grows, commands move on
  useLiveMessages(['device.state', 'device.event', 'command.update'], (msg) => {
    if (!cover) return;
    if (msg.type === 'command.update') {
      if (msg.items.some((item) => item.deviceId === cover.deviceId)) void load().catch(() => undefined);
      return;
    }
    const covers = new Map([[cover.deviceId, { ...cover }]]);
    if (!applyLive(covers, msg).length) return;
    setCover(covers.get(cover.deviceId)!);
    if (msg.type === 'device.state')
      for (const item of msg.items)
        if (item.deviceId === cover.deviceId && typeof item.values?.[field] === 'number')
          setPoints((list) => [...list, [item.ts, item.values![field] as number]]);
  });

  const chartField = CHART_FIELDS.find((f) => f.key === field)!;
  const option = useMemo(
    () => lineOption(label(chartField.label), chartField.unit ?? '', [{ name: label(chartField.label), data: points }]),
    [chartField, points, label],
  );

  const send = async (key: CommandKey, params?: Record<string, unknown>) => {
    if (!cover) return;
    const res = await coverApi.command(cover.deviceId, key, params);
    message.success(res.data.sent ? t('mhDevice.commandSent') : t('mhDevice.commandQueued'));
    setAsking(null);
    void load();
  };
  const ask = (key: CommandKey) => {
    if (!commandParams(key).length) return void send(key).catch(() => undefined);
    form.resetFields();
    form.setFieldsValue(
      Object.fromEntries(commandParams(key).map((p) => [p.key, cover?.config[p.key] as number | undefined])),
    );
    setAsking(key);
  };
  const status = cover ? coverStatus(cover) : null;
  const commandLabel = (action: string, params: Record<string, unknown> | null) => {
    const command = COVER.commands.find(
      (c) => c.action === action && ('params' in c ? c.params.every((p) => p.key in (params ?? {})) : !params),
    );
    return command ? label(command.label) : action;
  };

  return (
    <Drawer
      open={coverId !== null}
      onClose={onClose}
      width={720}
      title={cover ? `${cover.name} · ${cover.uid}` : t('mhDevice.detail')}
      destroyOnHidden
      data-testid="cover-drawer"
    >
      {cover && status && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Space wrap>
            <Tag color={STATUS_COLOURS[status]} data-testid="cover-status">
              {t(`mhStatus.${status}`)}
            </Tag>
            {cover.alarms.map((a) => (
              <Tag key={a} color="red" data-testid="cover-alarm">
                {label(eventOf(a)?.label ?? { zh: a, en: a })}
              </Tag>
            ))}
          </Space>
          <Descriptions column={2} size="small" bordered data-testid="cover-values">
            {FIELDS.map((f) => (
              <Descriptions.Item key={f.key} label={label(f.label)}>
                <span data-testid={`cover-value-${f.key}`}>{format(f, cover.values[f.key])}</span>
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('mhDevice.lastSeen')}>{cover.lastSeen ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('mhDevice.firmware')}>{cover.firmware ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('mhDevice.mqttUserName')} span={2}>
              <Typography.Text code copyable>
                {cover.mqttUserName}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Segmented
              value={field}
              onChange={(value) => setField(String(value))}
              options={CHART_FIELDS.map((f) => ({ value: f.key, label: label(f.label) }))}
              data-testid="cover-chart-field"
            />
            <EChart option={option} height={260} label={label(chartField.label)} testId="cover-chart" />
          </div>
          <Space wrap>
            {COVER.commands.map((c) => (
              <HasPermi key={c.key} value={[c.permission]}>
                <Button onClick={() => ask(c.key)} data-testid={`cover-command-${c.key}`}>
                  {label(c.label)}
                </Button>
              </HasPermi>
            ))}
          </Space>
          <Table
            size="small"
            rowKey="commandId"
            pagination={false}
            dataSource={cover.commands}
            data-testid="cover-commands"
            columns={[
              { key: 'time', dataIndex: 'createTime', title: t('mhDevice.commandTime'), width: 170 },
              {
                key: 'action',
                title: t('mhDevice.command'),
                render: (_: unknown, row) => commandLabel(row.action, row.params),
              },
              {
                key: 'status',
                dataIndex: 'status',
                title: t('mhDevice.commandStatus'),
                render: (value: string) => t(`mhCommand.${value}`, { defaultValue: value }),
              },
            ]}
          />
        </Space>
      )}
      <DraggableDialog
        open={asking !== null}
        title={asking ? label(COVER.commands.find((c) => c.key === asking)!.label) : ''}
        width={480}
        onCancel={() => setAsking(null)}
        onOk={() =>
          void form
            .validateFields()
            .then((values) => send(asking!, values))
            .catch(() => undefined)
        }
        testId="cover-command-dialog"
      >
        {cover && !cover.online && <Alert type="info" showIcon title={t('mhDevice.offlineQueued')} />}
        <Form form={form} labelCol={{ flex: '140px' }} style={{ marginTop: 12 }}>
          {asking &&
            commandParams(asking).map((p) => (
              <Form.Item
                key={p.key}
                name={p.key}
                label={label(p.label)}
                rules={[{ required: p.required, message: t('mhDevice.paramRange', { min: p.min, max: p.max }) }]}
              >
                <InputNumber
                  min={p.min}
                  max={p.max}
                  addonAfter={p.unit}
                  style={{ width: 200 }}
                  data-testid={`cover-param-${p.key}`}
                />
              </Form.Item>
            ))}
        </Form>
      </DraggableDialog>
    </Drawer>
  );
}
