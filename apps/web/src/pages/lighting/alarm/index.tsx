import { ALARM_CONFIG_TYPES } from '@luxgrid/contracts/enums';
import { App, Button, Form, Input, InputNumber, Space, Tabs, Tag } from 'antd';
import { type Key, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onPush } from '../../../app/socket';
import { AlarmDrawer } from '../../../features/alarm/AlarmDrawer';
import { type AlarmRow, alarmApi, GRADE_COLOURS } from '../../../features/alarm/api';
import { useAlarmKindLabel } from '../../../features/alarm/kinds';
import { MaintenanceTab } from '../../../features/alarm/MaintenanceTab';
import { useThrottled } from '../../../features/lighting/live';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { DictTag } from '../../../shared/DictTag';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { column, textColumn } from '../../../shared/table/columns';
import { ExportButton } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

type Handling = { kind: 'acknowledge' | 'shelve' | 'clear'; alarmIds: number[] };

function AlarmPageBody() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const grades = useDict('alarm_grade');
  const typeLabel = useAlarmKindLabel();
  const projectId = useProjectId()!;
  const table = useRef<ProTableRef>(null);
  const extraParams = useMemo(() => ({ projectId }), [projectId]);
  const [selected, setSelected] = useState<number | null>(null);
  const [keys, setKeys] = useState<Key[]>([]);
  const [handling, setHandling] = useState<Handling | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ comment?: string; minutes?: number }>();

  // the list follows the alarms as they are raised, recovered and acknowledged
  const refresh = useThrottled(() => table.current?.refresh(), 2_000);
  useEffect(
    () => onPush((msg) => msg.type === 'alarm.update' && msg.projectId === projectId && refresh()),
    [projectId, refresh],
  );

  const open = (kind: Handling['kind'], alarmIds: number[]) => {
    if (!alarmIds.length) {
      message.warning(t('ltAlarm.selectFirst'));
      return;
    }
    form.resetFields();
    setHandling({ kind, alarmIds });
  };
  const submit = async () => {
    if (!handling) return;
    const values = await form.validateFields();
    setBusy(true);
    try {
      const comment = values.comment ?? '';
      if (handling.kind === 'acknowledge') await alarmApi.acknowledge(handling.alarmIds, comment);
      else if (handling.kind === 'shelve') await alarmApi.shelve(handling.alarmIds, values.minutes ?? 60, comment);
      else await alarmApi.clear(handling.alarmIds, comment);
      message.success(t('ltAlarm.done'));
      setHandling(null);
      table.current?.refresh();
    } finally {
      setBusy(false);
    }
  };

  const columns: ProColumn<AlarmRow>[] = [
    column('alarmConfigType', t('ltAlarm.type'), {
      width: 190,
      render: (value: string, row) => (
        <Button type="link" size="small" onClick={() => setSelected(row.alarmId)} data-testid="alarm-open">
          {typeLabel(value)}
        </Button>
      ),
    }),
    column('grade', t('ltAlarm.grade'), {
      width: 90,
      render: (value: string) => (
        <Tag color={GRADE_COLOURS[value]}>
          <DictTag options={grades} value={value} />
        </Tag>
      ),
    }),
    column('state', t('ltAlarm.state'), {
      width: 90,
      render: (value: string) => <Tag color={value === 'NEW' ? 'red' : 'green'}>{t(`ltAlarm.${value}`)}</Tag>,
    }),
    textColumn('uid', 'UID', { width: 150 }),
    textColumn('deviceName', t('ltAlarm.device')),
    column('count', t('ltAlarm.count'), { width: 70, sorter: true }),
    column('firstTime', t('ltAlarm.firstTime'), { width: 170, sorter: true }),
    column('lastTime', t('ltAlarm.lastTime'), { width: 170, sorter: true }),
    column('recoveredTime', t('ltAlarm.recoveredTime'), { width: 170, render: (v: string | null) => v ?? '-' }),
    column('acknowledged', t('ltAlarm.acknowledged'), {
      width: 170,
      render: (value: boolean, row) => (
        <Space size={4} wrap>
          <Tag color={value ? 'blue' : 'default'}>{value ? t('ltAlarm.ackYes') : t('ltAlarm.ackNo')}</Tag>
          {row.shelvedUntil && <Tag>{t('ltAlarm.shelved', { time: row.shelvedUntil })}</Tag>}
          {row.maintenance && <Tag>{t('ltAlarm.maintenance')}</Tag>}
          {row.inhibitedCount > 0 && <Tag color="purple">{t('ltAlarm.inhibited', { count: row.inhibitedCount })}</Tag>}
        </Space>
      ),
    }),
    column('alarmId', t('common.actions'), {
      width: 150,
      render: (_: unknown, row) =>
        row.state === 'NEW' && (
          <HasPermi value={['lighting:alarm:handle']}>
            <Space size={0}>
              {!row.acknowledged && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => open('acknowledge', [row.alarmId])}
                  data-testid="alarm-ack"
                >
                  {t('ltAlarm.acknowledge')}
                </Button>
              )}
              <Button type="link" size="small" onClick={() => open('shelve', [row.alarmId])}>
                {t('ltAlarm.shelve')}
              </Button>
            </Space>
          </HasPermi>
        ),
    }),
  ];

  const title = handling && t(`ltAlarm.${handling.kind === 'acknowledge' ? 'ackTitle' : `${handling.kind}Title`}`);
  return (
    <div className="lx-page" data-testid="alarm-page">
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'alarms',
            label: t('ltAlarm.alarmsTab'),
            children: (
              <ProTable<AlarmRow>
                ref={table}
                url={alarmApi.listUrl}
                rowKey="alarmId"
                testId="alarm-table"
                extraParams={extraParams}
                columns={columns}
                selectable
                onSelectionChange={(k) => setKeys(k)}
                searchFields={[
                  { type: 'input', name: 'keyword', label: t('ltAlarm.keyword') },
                  {
                    type: 'select',
                    name: 'alarmConfigType',
                    label: t('ltAlarm.type'),
                    options: ALARM_CONFIG_TYPES.map((value) => ({
                      value,
                      label: typeLabel(value),
                    })),
                    width: 240,
                  },
                  { type: 'select', name: 'alarmType', label: t('ltAlarm.family'), dictType: 'alarm_type' },
                  { type: 'select', name: 'grade', label: t('ltAlarm.grade'), dictType: 'alarm_grade' },
                  {
                    type: 'select',
                    name: 'state',
                    label: t('ltAlarm.state'),
                    options: [
                      { value: 'NEW', label: t('ltAlarm.NEW') },
                      { value: 'RECOVERED', label: t('ltAlarm.RECOVERED') },
                    ],
                  },
                  {
                    type: 'select',
                    name: 'acknowledged',
                    label: t('ltAlarm.acknowledged'),
                    options: [
                      { value: 'false', label: t('ltAlarm.ackNo') },
                      { value: 'true', label: t('ltAlarm.ackYes') },
                    ],
                  },
                  { type: 'dateRange', name: 'time', label: t('ltAlarm.time') },
                ]}
                toolbar={() => (
                  <Space>
                    <HasPermi value={['lighting:alarm:handle']}>
                      <Button onClick={() => open('acknowledge', keys.map(Number))} data-testid="alarm-ack-selected">
                        {t('ltAlarm.acknowledge')}
                      </Button>
                      <Button onClick={() => open('shelve', keys.map(Number))}>{t('ltAlarm.shelve')}</Button>
                      <Button danger onClick={() => open('clear', keys.map(Number))}>
                        {t('ltAlarm.clear')}
                      </Button>
                    </HasPermi>
                    <ExportButton
                      perm="lighting:alarm"
                      url={alarmApi.exportUrl}
                      table={table}
                      params={extraParams}
                      fileName="alarms"
                      testId="alarm-export"
                    />
                  </Space>
                )}
              />
            ),
          },
          {
            key: 'maintenance',
            label: t('ltAlarm.maintenanceTab'),
            children: <MaintenanceTab projectId={projectId} />,
          },
        ]}
      />
      <AlarmDrawer alarmId={selected} onClose={() => setSelected(null)} />
      <DraggableDialog
        open={handling !== null}
        title={title}
        width={480}
        onCancel={() => setHandling(null)}
        onOk={() => void submit()}
        confirmLoading={busy}
        testId="alarm-handle-dialog"
      >
        <Form form={form} layout="vertical" initialValues={{ minutes: 60 }}>
          {handling?.kind === 'shelve' && (
            <Form.Item name="minutes" label={t('ltAlarm.minutes')} rules={[{ required: true }]}>
              <InputNumber min={1} max={10080} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          )}
          <Form.Item name="comment" label={t('ltAlarm.comment')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={3} maxLength={500} data-testid="alarm-comment" />
          </Form.Item>
        </Form>
      </DraggableDialog>
    </div>
  );
}

/** The alarm list of the chosen project (lighting/alarm): filter, open, acknowledge, shelve, clear, export; live. */
export function AlarmPage() {
  return (
    <NeedProject testId="alarm-page">
      <AlarmPageBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
