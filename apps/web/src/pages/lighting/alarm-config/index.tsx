import { App, Button, Form, InputNumber, Select, Space, Switch, Table, Tabs, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AlarmSettingRow, alarmConfigApi, GRADE_COLOURS } from '../../../features/alarm/api';
import { useAlarmKindLabel } from '../../../features/alarm/kinds';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { DictTag } from '../../../shared/DictTag';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { useDict } from '../../../shared/dict';
import { HasPermi, useHasPermi } from '../../../shared/perms';
import { NotifyTab } from './NotifyTab';

const FLAGS = ['enabled', 'push', 'sound', 'notify', 'workOrder'] as const;

function AlarmConfigBody() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const grades = useDict('alarm_grade');
  const families = useDict('alarm_type');
  const projectId = useProjectId()!;
  const canEdit = useHasPermi(['lighting:alarmConfig:edit']);
  const [rows, setRows] = useState<AlarmSettingRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<AlarmSettingRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<AlarmSettingRow>();
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const typeLabel = useAlarmKindLabel();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows((await alarmConfigApi.list(projectId)).rows);
    } finally {
      setLoading(false);
    }
  }, [projectId]);
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);

  const save = async (row: AlarmSettingRow, change: Partial<AlarmSettingRow>) => {
    const next = { ...row, ...change };
    await alarmConfigApi.save({
      projectId,
      alarmConfigType: next.alarmConfigType,
      enabled: next.enabled,
      grade: next.grade,
      threshold: next.thresholdDef ? next.threshold : null,
      holdSeconds: next.hasHold ? next.holdSeconds : null,
      push: next.push,
      sound: next.sound,
      notify: next.notify,
      workOrder: next.workOrder,
    });
    message.success(t('ltAlarmConfig.saved'));
    await load();
  };
  const submit = async () => {
    if (!editing) return;
    const values = await form.validateFields();
    setBusy(true);
    try {
      await save(editing, values);
      setEditing(null);
    } finally {
      setBusy(false);
    }
  };
  const reset = (row: AlarmSettingRow) =>
    modal.confirm({
      title: t('common.hint'),
      content: t('ltAlarmConfig.resetConfirm', { type: typeLabel(row.alarmConfigType) }),
      onOk: async () => {
        await alarmConfigApi.reset(projectId, [row.alarmConfigType]);
        message.success(t('ltAlarmConfig.saved'));
        await load();
      },
    });

  const threshold = (row: AlarmSettingRow) =>
    row.thresholdDef
      ? `${row.thresholdDef.label[lang]} ${row.threshold ?? '-'}${row.thresholdDef.unit ? ` ${row.thresholdDef.unit}` : ''}`
      : t('ltAlarmConfig.none');

  const settingsTable = (
    <Table<AlarmSettingRow>
      rowKey="alarmConfigType"
      size="small"
      loading={loading}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 1300, y: 710 }}
      data-testid="alarm-config-table"
      columns={[
        {
          key: 'type',
          title: t('ltAlarmConfig.type'),
          dataIndex: 'alarmConfigType',
          width: 220,
          fixed: 'left',
          render: (value: string, row) => (
            <Space size={4}>
              {typeLabel(value)}
              {row.custom && <Tag color="blue">{t('ltAlarmConfig.custom')}</Tag>}
            </Space>
          ),
        },
        {
          key: 'family',
          title: t('ltAlarmConfig.family'),
          dataIndex: 'alarmType',
          width: 110,
          render: (value: string) => <DictTag options={families} value={value} />,
        },
        {
          key: 'sources',
          title: t('ltAlarmConfig.sources'),
          dataIndex: 'sources',
          width: 180,
          render: (value: AlarmSettingRow['sources']) =>
            value.map((s) => <Tag key={s}>{t(`ltAlarmConfig.source.${s}`)}</Tag>),
        },
        {
          key: 'grade',
          title: t('ltAlarmConfig.grade'),
          dataIndex: 'grade',
          width: 90,
          render: (value: string) => (
            <Tag color={GRADE_COLOURS[value]}>
              <DictTag options={grades} value={value} />
            </Tag>
          ),
        },
        { key: 'threshold', title: t('ltAlarmConfig.threshold'), width: 230, render: (_, row) => threshold(row) },
        {
          key: 'hold',
          title: t('ltAlarmConfig.holdSeconds'),
          dataIndex: 'holdSeconds',
          width: 110,
          render: (value: number | null, row) => (row.hasHold ? value : t('ltAlarmConfig.none')),
        },
        ...FLAGS.map((flag) => ({
          key: flag,
          title: t(`ltAlarmConfig.${flag}`),
          dataIndex: flag,
          width: 90,
          render: (value: boolean, row: AlarmSettingRow) => (
            <Switch
              size="small"
              checked={value}
              disabled={!canEdit}
              onChange={(checked) => void save(row, { [flag]: checked }).catch(() => undefined)}
              data-testid={`alarm-config-${flag}-${row.alarmConfigType}`}
            />
          ),
        })),
        {
          key: 'actions',
          title: t('common.actions'),
          width: 170,
          fixed: 'right',
          render: (_, row) => (
            <HasPermi value={['lighting:alarmConfig:edit']}>
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    form.setFieldsValue(row);
                    setEditing(row);
                  }}
                  data-testid={`alarm-config-edit-${row.alarmConfigType}`}
                >
                  {t('ltAlarmConfig.edit')}
                </Button>
                {row.custom && (
                  <Button type="link" size="small" onClick={() => reset(row)}>
                    {t('ltAlarmConfig.reset')}
                  </Button>
                )}
              </Space>
            </HasPermi>
          ),
        },
      ]}
    />
  );

  return (
    <div className="lx-page" data-testid="alarm-config-page">
      <Tabs
        items={[
          { key: 'settings', label: t('ltAlarmNotify.settingsTab'), children: settingsTable },
          { key: 'notify', label: t('ltAlarmNotify.tab'), children: <NotifyTab projectId={projectId} /> },
        ]}
      />
      <DraggableDialog
        open={editing !== null}
        title={editing ? t('ltAlarmConfig.editTitle', { type: typeLabel(editing.alarmConfigType) }) : ''}
        width={520}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={busy}
        testId="alarm-config-dialog"
      >
        <Form form={form} labelCol={{ span: 8 }} wrapperCol={{ span: 14 }}>
          <Form.Item name="grade" label={t('ltAlarmConfig.grade')} rules={[{ required: true }]}>
            <Select options={grades.map((g) => ({ value: g.dictValue, label: g.dictLabel }))} />
          </Form.Item>
          {editing?.thresholdDef && (
            <Form.Item
              name="threshold"
              label={`${editing.thresholdDef.label[lang]}${editing.thresholdDef.unit ? ` (${editing.thresholdDef.unit})` : ''}`}
              rules={[{ required: true }]}
            >
              <InputNumber
                min={editing.thresholdDef.min}
                max={editing.thresholdDef.max}
                precision={editing.thresholdDef.integer ? 0 : undefined}
                style={{ width: '100%' }}
                data-testid="alarm-config-threshold"
              />
            </Form.Item>
          )}
          {editing?.hasHold && (
            <Form.Item name="holdSeconds" label={t('ltAlarmConfig.holdSeconds')} rules={[{ required: true }]}>
              <InputNumber min={0} max={3600} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          )}
          {FLAGS.map((flag) => (
            <Form.Item key={flag} name={flag} label={t(`ltAlarmConfig.${flag}`)} valuePropName="checked">
              <Switch />
            </Form.Item>
          ))}
        </Form>
      </DraggableDialog>
    </div>
  );
}

/** A project's alarm settings (lighting/alarm-config): the 33 types and the other families' alarm kinds over the platform defaults. */
export function AlarmConfigPage() {
  return (
    <NeedProject testId="alarm-config-page">
      <AlarmConfigBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
