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
import { type DeviceFamily, StatusTag } from './family';
import {
  applyLive,
  commandParams,
  eventOf,
  type FamilyDeviceDetail,
  fieldsOf,
  useFormatValue,
  useLabel,
} from './model';

/**
 * A device's drawer: its readings live, open alarms, a history chart of each reading the thing
 * model marks for charts, and the family's commands with their parameters.
 */
export function FamilyDeviceDrawer({
  family,
  deviceId,
  onClose,
}: {
  family: DeviceFamily;
  deviceId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useLabel();
  const { api, testId, type } = family;
  const format = useFormatValue(family.valueTexts);
  const fields = fieldsOf(type);
  const [device, setDevice] = useState<FamilyDeviceDetail | null>(null);
  const [field, setField] = useState(fields.chart[0]?.key ?? '');
  const [points, setPoints] = useState<[number, number][]>([]);
  const [asking, setAsking] = useState<string | null>(null);
  const [form] = Form.useForm<Record<string, number>>();

  const load = useCallback(async () => {
    if (!deviceId) return;
    setDevice(await api.get(deviceId));
  }, [deviceId, api.get]);
  useEffect(() => {
    setDevice(null);
    void load().catch(() => undefined);
  }, [load]);
  useEffect(() => {
    if (!deviceId) return;
    let alive = true;
    api
      .history(deviceId, field)
      .then((data) => alive && setPoints(data))
      .catch(() => alive && setPoints([]));
    return () => {
      alive = false;
    };
  }, [deviceId, field, api.history]);

  // live: values and alarms change in place, the chart grows, commands move on
  useLiveMessages(['device.state', 'device.event', 'command.update'], (msg) => {
    if (!device) return;
    if (msg.type === 'command.update') {
      if (msg.items.some((item) => item.deviceId === device.deviceId)) void load().catch(() => undefined);
      return;
    }
    const devices = new Map([[device.deviceId, { ...device }]]);
    if (!applyLive(type, devices, msg).length) return;
    setDevice(devices.get(device.deviceId)!);
    if (msg.type === 'device.state')
      for (const item of msg.items)
        if (item.deviceId === device.deviceId && typeof item.values?.[field] === 'number')
          setPoints((list) => [...list, [item.ts, item.values![field] as number]]);
  });

  const chartField = fields.chart.find((f) => f.key === field)!;
  const option = useMemo(
    () => lineOption(label(chartField.label), chartField.unit ?? '', [{ name: label(chartField.label), data: points }]),
    [chartField, points, label],
  );

  const send = async (key: string, params?: Record<string, unknown>) => {
    if (!device) return;
    const res = await api.command(device.deviceId, key, params);
    message.success(res.data.sent ? t('familyDevice.commandSent') : t('familyDevice.commandQueued'));
    setAsking(null);
    void load();
  };
  const ask = (key: string) => {
    if (!commandParams(type, key).length) return void send(key).catch(() => undefined);
    form.resetFields();
    form.setFieldsValue(
      Object.fromEntries(commandParams(type, key).map((p) => [p.key, device?.config[p.key] as number | undefined])),
    );
    setAsking(key);
  };
  const commandLabel = (action: string, params: Record<string, unknown> | null) => {
    const command = type.commands.find(
      (c) => c.action === action && (c.params ? c.params.every((p) => p.key in (params ?? {})) : !params),
    );
    return command ? label(command.label) : action;
  };

  return (
    <Drawer
      open={deviceId !== null}
      onClose={onClose}
      width={720}
      title={device ? `${device.name} · ${device.uid}` : t('familyDevice.detail')}
      destroyOnHidden
      data-testid={`${testId}-drawer`}
    >
      {device && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Space wrap>
            <StatusTag family={family} device={device} />
            {device.alarms.map((a) => (
              <Tag key={a} color="red" data-testid={`${testId}-alarm`}>
                {label(eventOf(type, a)?.label ?? { zh: a, en: a })}
              </Tag>
            ))}
          </Space>
          <Descriptions column={2} size="small" bordered data-testid={`${testId}-values`}>
            {fields.all.map((f) => (
              <Descriptions.Item key={f.key} label={label(f.label)}>
                <span data-testid={`${testId}-value-${f.key}`}>{format(f, device.values[f.key])}</span>
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('familyDevice.lastSeen')}>{device.lastSeen ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('familyDevice.firmware')}>{device.firmware ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('familyDevice.mqttUserName')} span={2}>
              <Typography.Text code copyable>
                {device.mqttUserName}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Segmented
              value={field}
              onChange={(value) => setField(String(value))}
              options={fields.chart.map((f) => ({ value: f.key, label: label(f.label) }))}
              data-testid={`${testId}-chart-field`}
            />
            <EChart option={option} height={260} label={label(chartField.label)} testId={`${testId}-chart`} />
          </div>
          <Space wrap>
            {type.commands.map((c) => (
              <HasPermi key={c.key ?? c.action} value={[c.permission]}>
                <Button onClick={() => ask(c.key ?? c.action)} data-testid={`${testId}-command-${c.key ?? c.action}`}>
                  {label(c.label)}
                </Button>
              </HasPermi>
            ))}
          </Space>
          <Table
            size="small"
            rowKey="commandId"
            pagination={false}
            dataSource={device.commands}
            data-testid={`${testId}-commands`}
            columns={[
              { key: 'time', dataIndex: 'createTime', title: t('familyDevice.commandTime'), width: 170 },
              {
                key: 'action',
                title: t('familyDevice.command'),
                render: (_: unknown, row) => commandLabel(row.action, row.params),
              },
              {
                key: 'status',
                dataIndex: 'status',
                title: t('familyDevice.commandStatus'),
                render: (value: string) => t(`familyCommand.${value}`, { defaultValue: value }),
              },
            ]}
          />
        </Space>
      )}
      <DraggableDialog
        open={asking !== null}
        title={asking ? label(type.commands.find((c) => c.key ?? c.action === asking)!.label) : ''}
        width={480}
        onCancel={() => setAsking(null)}
        onOk={() =>
          void form
            .validateFields()
            .then((values) => send(asking!, values))
            .catch(() => undefined)
        }
        testId={`${testId}-command-dialog`}
      >
        {device && !device.online && <Alert type="info" showIcon title={t('familyDevice.offlineQueued')} />}
        <Form form={form} labelCol={{ flex: '140px' }} style={{ marginTop: 12 }}>
          {asking &&
            commandParams(type, asking).map((p) => (
              <Form.Item
                key={p.key}
                name={p.key}
                label={label(p.label)}
                rules={[{ required: p.required, message: t('familyDevice.paramRange', { min: p.min, max: p.max }) }]}
              >
                <InputNumber
                  min={p.min}
                  max={p.max}
                  addonAfter={p.unit}
                  style={{ width: 200 }}
                  data-testid={`${testId}-param-${p.key}`}
                />
              </Form.Item>
            ))}
        </Form>
      </DraggableDialog>
    </Drawer>
  );
}
