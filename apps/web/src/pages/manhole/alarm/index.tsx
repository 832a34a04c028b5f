import { familyAlarmKinds } from '@luxgrid/contracts/alarm';
import { App, Button, Drawer, Form, Input, Space, Tag, Timeline } from 'antd';
import { type Key, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onPush } from '../../../app/socket';
import { type AlarmDetail, type AlarmRow, familyAlarmApi, GRADE_COLOURS } from '../../../features/alarm/api';
import { useAlarmKindLabel } from '../../../features/alarm/kinds';
import { useThrottled } from '../../../features/lighting/live';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { CoverDrawer } from '../../../features/manhole/CoverDrawer';
import { DictTag } from '../../../shared/DictTag';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { column, textColumn } from '../../../shared/table/columns';
import { ExportButton } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const api = familyAlarmApi('manhole');
const KINDS = familyAlarmKinds('manhole');
type Handling = { kind: 'acknowledge' | 'clear'; alarmIds: number[] };

/** One cover alarm's history: raised, repeated, acknowledged, cleared, recovered — who and when. */
function AlarmHistory({ alarmId, onClose }: { alarmId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const kindLabel = useAlarmKindLabel();
  const [alarm, setAlarm] = useState<AlarmDetail | null>(null);
  useEffect(() => {
    setAlarm(null);
    if (!alarmId) return;
    let alive = true;
    api
      .get(alarmId)
      .then(({ data }) => alive && setAlarm(data))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [alarmId]);
  return (
    <Drawer
      open={alarmId !== null}
      onClose={onClose}
      width={420}
      title={alarm ? `${kindLabel(alarm.alarmConfigType)} · ${alarm.uid}` : ''}
      data-testid="manhole-alarm-history"
    >
      <Timeline
        items={(alarm?.history ?? []).map((h) => ({
          children: (
            <Space direction="vertical" size={0}>
              <strong>{t(`ltAlarm.actions.${h.action}`, { defaultValue: h.action })}</strong>
              <span>
                {h.operTime} {h.operBy}
              </span>
              {h.comment && <span>{h.comment}</span>}
            </Space>
          ),
        }))}
      />
    </Drawer>
  );
}

function AlarmPageBody() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const grades = useDict('alarm_grade');
  const typeLabel = useAlarmKindLabel();
  const projectId = useProjectId()!;
  const table = useRef<ProTableRef>(null);
  const extraParams = useMemo(() => ({ projectId }), [projectId]);
  const [cover, setCover] = useState<number | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const [keys, setKeys] = useState<Key[]>([]);
  const [handling, setHandling] = useState<Handling | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ comment?: string }>();

  // the list follows the covers' alarms as they are raised, recovered and acknowledged
  const refresh = useThrottled(() => table.current?.refresh(), 2_000);
  useEffect(
    () =>
      onPush(
        (msg) =>
          msg.type === 'alarm.update' &&
          msg.projectId === projectId &&
          msg.items.some((item) => KINDS.includes(item.alarmConfigType)) &&
          refresh(),
      ),
    [projectId, refresh],
  );

  const open = (kind: Handling['kind'], alarmIds: number[]) => {
    if (!alarmIds.length) {
      message.warning(t('mhAlarm.selectFirst'));
      return;
    }
    form.resetFields();
    setHandling({ kind, alarmIds });
  };
  const submit = async () => {
    if (!handling) return;
    const { comment = '' } = await form.validateFields();
    setBusy(true);
    try {
      if (handling.kind === 'acknowledge') await api.acknowledge(handling.alarmIds, comment);
      else await api.clear(handling.alarmIds, comment);
      message.success(t('mhAlarm.done'));
      setHandling(null);
      table.current?.refresh();
    } finally {
      setBusy(false);
    }
  };

  const columns: ProColumn<AlarmRow>[] = [
    column('alarmConfigType', t('mhAlarm.type'), {
      width: 130,
      render: (value: string, row) => (
        <Button type="link" size="small" onClick={() => setOpened(row.alarmId)} data-testid="manhole-alarm-open">
          {typeLabel(value)}
        </Button>
      ),
    }),
    column('grade', t('mhAlarm.grade'), {
      width: 90,
      render: (value: string) => (
        <Tag color={GRADE_COLOURS[value]}>
          <DictTag options={grades} value={value} />
        </Tag>
      ),
    }),
    column('state', t('mhAlarm.state'), {
      width: 90,
      render: (value: string) => (
        <Tag color={value === 'NEW' ? 'red' : 'green'}>
          {value === 'NEW' ? t('mhAlarm.active') : t('mhAlarm.recoveredDone')}
        </Tag>
      ),
    }),
    column('deviceName', t('mhAlarm.cover'), {
      render: (value: string, row) => (
        <Button type="link" size="small" onClick={() => setCover(row.deviceId)} data-testid="alarm-cover">
          {value} · {row.uid}
        </Button>
      ),
    }),
    column('count', t('mhAlarm.count'), { width: 70, sorter: true }),
    column('firstTime', t('mhAlarm.firstTime'), { width: 170, sorter: true }),
    column('lastTime', t('mhAlarm.lastTime'), { width: 170, sorter: true }),
    textColumn('recoveredTime', t('mhAlarm.recoveredTime'), { width: 170 }),
    column('acknowledged', t('mhAlarm.acknowledged'), {
      width: 110,
      render: (value: boolean) => (
        <Tag color={value ? 'blue' : 'default'}>{value ? t('mhAlarm.ackYes') : t('mhAlarm.ackNo')}</Tag>
      ),
    }),
    column('alarmId', t('common.actions'), {
      width: 150,
      render: (_: unknown, row) =>
        row.state === 'NEW' && (
          <HasPermi value={['manhole:alarm:handle']}>
            <Space size={0}>
              {!row.acknowledged && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => open('acknowledge', [row.alarmId])}
                  data-testid="manhole-alarm-ack"
                >
                  {t('mhAlarm.acknowledge')}
                </Button>
              )}
              <Button type="link" size="small" danger onClick={() => open('clear', [row.alarmId])}>
                {t('mhAlarm.clear')}
              </Button>
            </Space>
          </HasPermi>
        ),
    }),
  ];

  return (
    <div className="lx-page" data-testid="manhole-alarm-page">
      <ProTable<AlarmRow>
        ref={table}
        url={api.listUrl}
        rowKey="alarmId"
        testId="manhole-alarm-table"
        extraParams={extraParams}
        columns={columns}
        selectable
        onSelectionChange={(k) => setKeys(k)}
        searchFields={[
          { type: 'input', name: 'keyword', label: t('mhAlarm.keyword') },
          {
            type: 'select',
            name: 'alarmConfigType',
            label: t('mhAlarm.type'),
            options: KINDS.map((value) => ({ value, label: typeLabel(value) })),
          },
          { type: 'select', name: 'grade', label: t('mhAlarm.grade'), dictType: 'alarm_grade' },
          {
            type: 'select',
            name: 'state',
            label: t('mhAlarm.state'),
            options: [
              { value: 'NEW', label: t('mhAlarm.active') },
              { value: 'RECOVERED', label: t('mhAlarm.recoveredDone') },
            ],
          },
          {
            type: 'select',
            name: 'acknowledged',
            label: t('mhAlarm.acknowledged'),
            options: [
              { value: 'false', label: t('mhAlarm.ackNo') },
              { value: 'true', label: t('mhAlarm.ackYes') },
            ],
          },
          { type: 'dateRange', name: 'time', label: t('mhAlarm.time') },
        ]}
        toolbar={() => (
          <Space>
            <HasPermi value={['manhole:alarm:handle']}>
              <Button onClick={() => open('acknowledge', keys.map(Number))} data-testid="manhole-alarm-ack-selected">
                {t('mhAlarm.acknowledge')}
              </Button>
              <Button danger onClick={() => open('clear', keys.map(Number))}>
                {t('mhAlarm.clear')}
              </Button>
            </HasPermi>
            <ExportButton
              perm="manhole:alarm"
              url={api.exportUrl}
              table={table}
              params={extraParams}
              fileName="manhole_alarms"
              testId="manhole-alarm-export"
            />
          </Space>
        )}
      />
      <CoverDrawer coverId={cover} onClose={() => setCover(null)} />
      <AlarmHistory alarmId={opened} onClose={() => setOpened(null)} />
      <DraggableDialog
        open={handling !== null}
        title={handling && t(`mhAlarm.${handling.kind === 'acknowledge' ? 'ackTitle' : 'clearTitle'}`)}
        width={480}
        onCancel={() => setHandling(null)}
        onOk={() => void submit()}
        confirmLoading={busy}
        testId="manhole-alarm-handle-dialog"
      >
        <Form form={form} layout="vertical">
          <Form.Item name="comment" label={t('mhAlarm.comment')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={3} maxLength={500} data-testid="manhole-alarm-comment" />
          </Form.Item>
        </Form>
      </DraggableDialog>
    </div>
  );
}

/**
 * The covers' alarms (manhole/alarm): the alarm area's alarms of the cover kinds, each with its grade,
 * state, count and times; acknowledged and cleared with `manhole:alarm:handle`; live; exported.
 */
export function ManholeAlarmPage() {
  return (
    <NeedProject testId="manhole-alarm-page">
      <AlarmPageBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
