import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type MessageKey, message as render } from '@luxgrid/contracts/messages';
import { POLAR_RULES, STRATEGY_ACTIONS, STRATEGY_APPLY_TO } from '@luxgrid/contracts/strategy';
import {
  Button,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tooltip,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../shared/dict';
import { storage } from '../../../shared/storage';
import { DeviceSelect } from '../DeviceSelect';
import { useGroups, useTags } from '../project';

/** A contract message in the user's language (the server sends the same words). */
export const contractText = (key: MessageKey, params?: Record<string, unknown>) =>
  render(key, storage.getLang(), params);

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Validity dates and week days, shared by strategies and virtual dimming plans. */
export function ValidityFields() {
  const { t } = useTranslation();
  const weekDays = useDict('strategy_week_day');
  return (
    <>
      <Form.Item
        name="validity"
        label={t('ltStrategy.validity')}
        rules={[{ required: true, message: t('ltStrategy.validityRequired') }]}
      >
        <DatePicker.RangePicker format="YYYY-MM-DD" data-testid="strategy-validity" />
      </Form.Item>
      <Form.Item
        name="weekDays"
        label={t('ltStrategy.weekDays')}
        rules={[{ required: true, type: 'array', min: 1, message: contractText('strategy.weekDays.empty') }]}
      >
        <Checkbox.Group
          options={weekDays.map((d) => ({ value: d.dictValue, label: d.dictLabel }))}
          data-testid="strategy-weekdays"
        />
      </Form.Item>
    </>
  );
}

/** The groups, tags, boxes and devices a plan switches. */
export function TargetsFields() {
  const { t } = useTranslation();
  const groups = useGroups();
  const tags = useTags();
  return (
    <>
      <Form.Item name={['targets', 'groupIds']} label={t('ltStrategy.groups')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={groups.map((g) => ({ value: g.groupId, label: g.name }))}
          data-testid="strategy-groups"
        />
      </Form.Item>
      <Form.Item name={['targets', 'tagIds']} label={t('ltStrategy.tags')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={tags.map((g) => ({ value: g.tagId, label: g.name }))}
        />
      </Form.Item>
      <Form.Item name={['targets', 'boxIds']} label={t('ltStrategy.boxes')}>
        <DeviceSelect mode="multiple" types={['BOX']} />
      </Form.Item>
      <Form.Item name={['targets', 'deviceIds']} label={t('ltStrategy.devices')}>
        <DeviceSelect mode="multiple" types={['RTU', 'LIGHT', 'CCU', 'CCU_IN_BOX', 'BRANCH', 'LOOP']} />
      </Form.Item>
    </>
  );
}

/** The ordered entries of a strategy: trigger (time mode, time or offset) and action. */
function EntriesTable() {
  const { t } = useTranslation();
  const timeModes = useDict('strategy_time_mode');
  const form = Form.useFormInstance();
  return (
    <Form.List name="entries">
      {(fields, { add, remove }) => (
        <>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            data-testid="strategy-entries"
            columns={[
              { key: 'n', title: '#', width: 36, render: (_: unknown, __: unknown, i: number) => i + 1 },
              {
                key: 'timeMode',
                title: t('ltStrategy.timeMode'),
                width: 150,
                render: (_: unknown, f: (typeof fields)[number]) => (
                  <Form.Item name={[f.name, 'timeMode']} noStyle>
                    <Select
                      style={{ width: 140 }}
                      options={timeModes.map((m) => ({ value: m.dictValue, label: m.dictLabel }))}
                      data-testid={`entry-${f.name}-mode`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'when',
                title: `${t('ltStrategy.time')} / ${t('ltStrategy.offset')}`,
                width: 170,
                render: (_: unknown, f: (typeof fields)[number]) => (
                  <Form.Item noStyle shouldUpdate>
                    {() =>
                      form.getFieldValue(['entries', f.name, 'timeMode']) === 'FIXED' ? (
                        <Form.Item
                          name={[f.name, 'time']}
                          style={{ margin: 0 }}
                          rules={[
                            { required: true, message: contractText('strategy.timeOffset.empty') },
                            { pattern: HHMM, message: 'HH:mm' },
                          ]}
                        >
                          <Input placeholder="HH:mm" style={{ width: 90 }} data-testid={`entry-${f.name}-time`} />
                        </Form.Item>
                      ) : (
                        <Form.Item
                          name={[f.name, 'offset']}
                          style={{ margin: 0 }}
                          rules={[{ required: true, message: contractText('strategy.timeOffset.empty') }]}
                        >
                          <InputNumber
                            min={0}
                            max={720}
                            style={{ width: 90 }}
                            addonAfter="min"
                            data-testid={`entry-${f.name}-offset`}
                          />
                        </Form.Item>
                      )
                    }
                  </Form.Item>
                ),
              },
              {
                key: 'action',
                title: t('ltStrategy.action'),
                width: 110,
                render: (_: unknown, f: (typeof fields)[number]) => (
                  <Form.Item name={[f.name, 'action']} noStyle>
                    <Select
                      style={{ width: 100 }}
                      options={STRATEGY_ACTIONS.map((a) => ({ value: a, label: t(`ltStrategy.actions.${a}`) }))}
                      data-testid={`entry-${f.name}-action`}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'level',
                title: t('ltStrategy.level'),
                width: 120,
                render: (_: unknown, f: (typeof fields)[number]) => (
                  <Form.Item noStyle shouldUpdate>
                    {() =>
                      form.getFieldValue(['entries', f.name, 'action']) === 'DIM' ? (
                        <Form.Item
                          name={[f.name, 'level']}
                          style={{ margin: 0 }}
                          rules={[
                            {
                              required: true,
                              type: 'number',
                              min: 0,
                              max: 100,
                              message: contractText('strategy.dim.level'),
                            },
                          ]}
                        >
                          <InputNumber min={0} max={100} style={{ width: 80 }} data-testid={`entry-${f.name}-level`} />
                        </Form.Item>
                      ) : (
                        '—'
                      )
                    }
                  </Form.Item>
                ),
              },
              {
                key: 'applyTo',
                title: t('ltStrategy.applyTo'),
                width: 120,
                render: (_: unknown, f: (typeof fields)[number]) => (
                  <Form.Item name={[f.name, 'applyTo']} noStyle>
                    <Select
                      style={{ width: 110 }}
                      options={STRATEGY_APPLY_TO.map((a) => ({ value: a, label: t(`ltStrategy.applyToValues.${a}`) }))}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'heads',
                title: t('ltStrategy.heads'),
                render: (_: unknown, f: (typeof fields)[number]) => (
                  <Form.Item name={[f.name, 'heads']} noStyle>
                    <Select
                      mode="multiple"
                      style={{ minWidth: 100 }}
                      placeholder={t('ltStrategy.allHeads')}
                      options={[1, 2, 3, 4].map((h) => ({ value: h, label: h }))}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'remove',
                width: 40,
                render: (_: unknown, f: (typeof fields)[number]) => (
                  <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(f.name)} />
                ),
              },
            ]}
          />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            onClick={() => add({ timeMode: 'FIXED', action: 'ON', applyTo: 'LAMP', heads: [] })}
            data-testid="strategy-add-entry"
          >
            {t('ltStrategy.addEntry')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** Every field of a strategy's editor. */
export function StrategyFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="name"
        label={t('ltStrategy.name')}
        rules={[{ required: true, whitespace: true, message: t('ltStrategy.nameRequired') }]}
      >
        <Input maxLength={40} data-testid="strategy-name" />
      </Form.Item>
      <ValidityFields />
      <Form.Item label={t('ltStrategy.entries')} required>
        <EntriesTable />
      </Form.Item>
      <Form.Item label={t('ltStrategy.polarNight')}>
        <Space size="large" wrap>
          <Form.Item name="polarNight" noStyle>
            <Radio.Group options={POLAR_RULES.map((r) => ({ value: r, label: t(`ltStrategy.polar.${r}`) }))} />
          </Form.Item>
          <span>{t('ltStrategy.polarDay')}</span>
          <Form.Item name="polarDay" noStyle>
            <Radio.Group options={POLAR_RULES.map((r) => ({ value: r, label: t(`ltStrategy.polar.${r}`) }))} />
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item label={t('ltStrategy.priority')} tooltip={t('ltStrategy.priorityHint')}>
        <Form.Item name="priority" noStyle>
          <InputNumber min={0} max={99} />
        </Form.Item>
      </Form.Item>
      <Form.Item name="useSensor" label={t('ltStrategy.sensor')} valuePropName="checked">
        <Switch data-testid="strategy-use-sensor" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.useSensor !== b.useSensor}>
        {({ getFieldValue }) =>
          getFieldValue('useSensor') ? (
            <Space wrap style={{ marginBottom: 16, marginLeft: 24 }}>
              <Form.Item
                name={['sensor', 'deviceId']}
                label={t('ltStrategy.sensorDevice')}
                rules={[{ required: true, message: t('ltStrategy.sensorDevice') }]}
                style={{ margin: 0 }}
              >
                <DeviceSelect types={['LUXOMETER']} style={{ width: 200 }} />
              </Form.Item>
              <Form.Item
                name={['sensor', 'luxOn']}
                label={t('ltStrategy.luxOn')}
                rules={[{ required: true, message: t('ltStrategy.luxOn') }]}
                style={{ margin: 0 }}
              >
                <InputNumber min={0} max={100000} />
              </Form.Item>
              <Form.Item name={['sensor', 'luxOff']} label={t('ltStrategy.luxOff')} style={{ margin: 0 }}>
                <InputNumber min={0} max={100000} />
              </Form.Item>
              <Tooltip title={t('ltStrategy.windowMinutes')}>
                <Form.Item
                  name={['sensor', 'windowMinutes']}
                  label={t('ltStrategy.windowMinutes')}
                  style={{ margin: 0 }}
                >
                  <InputNumber min={0} max={240} />
                </Form.Item>
              </Tooltip>
              <Form.Item
                name={['sensor', 'minBurnMinutes']}
                label={t('ltStrategy.minBurnMinutes')}
                style={{ margin: 0 }}
              >
                <InputNumber min={0} max={240} />
              </Form.Item>
            </Space>
          ) : null
        }
      </Form.Item>
      <TargetsFields />
      <Form.Item name="remark" label={t('common.remark')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} />
      </Form.Item>
    </>
  );
}

export type Validity = [Dayjs, Dayjs] | undefined;
