import {
  App,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Input,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../shared/chart/EChart';
import { DictTag } from '../../shared/DictTag';
import { useDict } from '../../shared/dict';
import { HasPermi } from '../../shared/perms';
import { runtimeApi } from '../lighting/api';
import { type ChartSeries, lineOption } from '../lighting/line-option';
import type { TelemetryPoint } from '../lighting/types';
import { MapPicker } from '../tenant/components/MapPicker';
import { type AlarmDetail, type AlarmRow, alarmApi, GRADE_COLOURS } from './api';
import { useAlarmKindLabel } from './kinds';

/** The readings shown around an alarm: an hour before it was first raised until an hour after it ended (or now). */
const AROUND_MS = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');
const local = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
const parse = (text: string | null) => (text ? new Date(text.replace(' ', 'T')).getTime() : Number.NaN);

/** The series worth drawing: the readings the alarm names, else every number the device reported (at most four). */
export function chartSeries(points: readonly TelemetryPoint[], preferred: readonly string[]): ChartSeries[] {
  const numeric = new Set<string>();
  for (const p of points)
    for (const [k, v] of Object.entries(p.values)) if (typeof v === 'number' && Number.isFinite(v)) numeric.add(k);
  const named = preferred.filter((k) => numeric.has(k));
  const keys = (named.length ? named : [...numeric]).slice(0, 4);
  return keys.map((key) => ({
    name: key,
    data: points.map((p) => [p.t, typeof p.values[key] === 'number' ? (p.values[key] as number) : null]),
  }));
}

/** One alarm: its device and place, what raised it, the readings around it as a chart, and its history. */
export function AlarmDrawer({ alarmId, onClose }: { alarmId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const grades = useDict('alarm_grade');
  const [alarm, setAlarm] = useState<AlarmDetail | null>(null);
  const [points, setPoints] = useState<TelemetryPoint[]>([]);
  const [children, setChildren] = useState<AlarmRow[]>([]);

  useEffect(() => {
    setAlarm(null);
    setPoints([]);
    setChildren([]);
    if (!alarmId) return;
    let alive = true;
    void (async () => {
      const { data } = await alarmApi.get(alarmId);
      if (!alive) return;
      setAlarm(data);
      const begin = parse(data.firstTime) - AROUND_MS;
      const end = Math.min(Date.now(), (parse(data.recoveredTime) || parse(data.lastTime)) + AROUND_MS);
      if (Number.isFinite(begin) && Number.isFinite(end))
        runtimeApi
          .data({ deviceId: data.deviceId, beginTime: local(begin), endTime: local(end) })
          .then(({ data: series }) => alive && setPoints(series.points))
          .catch(() => undefined);
      if (data.inhibitedCount > 0)
        alarmApi
          .children(alarmId)
          .then(({ rows }) => alive && setChildren(rows))
          .catch(() => undefined);
    })().catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [alarmId]);

  const typeLabel = useAlarmKindLabel();
  const series = useMemo(() => chartSeries(points, Object.keys(alarm?.detail ?? {})), [points, alarm]);
  const option = useMemo(() => {
    const base = lineOption(t('ltAlarm.chart'), '', series) as Record<string, unknown>;
    if (!alarm) return base;
    const raised = parse(alarm.firstTime);
    const ended = parse(alarm.recoveredTime);
    // the alarm's span shaded on the time axis
    const first = (base.series as Record<string, unknown>[] | undefined)?.[0];
    if (first)
      first.markArea = {
        itemStyle: { color: 'rgba(245,108,108,0.12)' },
        data: [[{ xAxis: raised }, { xAxis: Number.isFinite(ended) ? ended : Date.now() }]],
      };
    return base;
  }, [series, alarm, t]);

  return (
    <Drawer
      open={alarmId !== null}
      onClose={onClose}
      width={720}
      title={t('ltAlarm.detail')}
      destroyOnHidden
      data-testid="alarm-drawer"
    >
      {alarm && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('ltAlarm.type')} span={2}>
              <span data-testid="alarm-drawer-type">{typeLabel(alarm.alarmConfigType)}</span>{' '}
              <Tag color={GRADE_COLOURS[alarm.grade]}>
                <DictTag options={grades} value={alarm.grade} />
              </Tag>
              <Tag color={alarm.state === 'NEW' ? 'red' : 'green'} data-testid="alarm-drawer-state">
                {t(`ltAlarm.${alarm.state}`)}
              </Tag>
              {alarm.acknowledged && <Tag color="blue">{t('ltAlarm.ackYes')}</Tag>}
              {alarm.maintenance && <Tag>{t('ltAlarm.maintenance')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('ltAlarm.device')}>
              {alarm.deviceName} · {alarm.uid}
            </Descriptions.Item>
            <Descriptions.Item label={t('ltAlarm.parent')}>{alarm.parentName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('ltAlarm.location')}>
              {alarm.longitude !== null && alarm.latitude !== null
                ? `${alarm.longitude.toFixed(5)}, ${alarm.latitude.toFixed(5)}`
                : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('ltAlarm.count')}>{alarm.count}</Descriptions.Item>
            <Descriptions.Item label={t('ltAlarm.firstTime')}>{alarm.firstTime}</Descriptions.Item>
            <Descriptions.Item label={t('ltAlarm.lastTime')}>{alarm.lastTime}</Descriptions.Item>
            <Descriptions.Item label={t('ltAlarm.recoveredTime')}>{alarm.recoveredTime ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('ltAlarm.detailData')}>
              <Typography.Text code>{alarm.detail ? JSON.stringify(alarm.detail) : '-'}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          {alarm.longitude !== null && alarm.latitude !== null && (
            <div data-testid="alarm-map">
              <MapPicker
                value={{ longitude: alarm.longitude, latitude: alarm.latitude }}
                onChange={() => undefined}
                readOnly
                height={220}
                hint={`${alarm.deviceName} · ${alarm.uid}`}
              />
            </div>
          )}
          <div data-testid="alarm-chart">
            {series.length ? (
              <EChart option={option} height={280} label={t('ltAlarm.chart')} />
            ) : (
              <Empty description={t('ltAlarm.noChart')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </div>
          {children.length > 0 && (
            <Table<AlarmRow>
              size="small"
              rowKey="alarmId"
              title={() => t('ltAlarm.children')}
              dataSource={children}
              pagination={false}
              columns={[
                { key: 'uid', dataIndex: 'uid', title: 'UID' },
                { key: 'deviceName', dataIndex: 'deviceName', title: t('ltAlarm.device') },
                {
                  key: 'state',
                  dataIndex: 'state',
                  title: t('ltAlarm.state'),
                  render: (value: string) => t(`ltAlarm.${value}`),
                },
              ]}
            />
          )}
          <HasPermi value={['lighting:alarm:handle']}>
            <Maintenance deviceId={alarm.deviceId} />
          </HasPermi>
          <Typography.Title level={5}>{t('ltAlarm.history')}</Typography.Title>
          <Timeline
            data-testid="alarm-history"
            items={alarm.history.map((h) => ({
              color:
                h.action === 'RECOVERED' || h.action === 'CLEARED' ? 'green' : h.action === 'RAISED' ? 'red' : 'blue',
              children: (
                <span>
                  {h.operTime} · {t(`ltAlarm.actions.${h.action}`, { defaultValue: h.action })} ·{' '}
                  {h.operBy || t('ltAlarm.platform')}
                  {h.comment ? ` · ${h.comment}` : ''}
                </span>
              ),
            }))}
          />
        </Space>
      )}
    </Drawer>
  );
}

/** Puts the alarm's device under maintenance until a time: its alarms are then shelved, not pushed. */
function Maintenance({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [until, setUntil] = useState<Dayjs | null>(() => dayjs().add(4, 'hour').startOf('hour'));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!until) return;
    setBusy(true);
    try {
      await alarmApi.maintenance([deviceId], until.format('YYYY-MM-DD HH:mm:ss'), reason);
      message.success(t('ltAlarm.done'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space wrap data-testid="alarm-maintenance">
      <Typography.Text strong>{t('ltAlarm.maintenanceTitle')}</Typography.Text>
      <DatePicker
        showTime
        value={until}
        onChange={setUntil}
        disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
        placeholder={t('ltAlarm.maintenanceUntil')}
      />
      <Input
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={500}
        placeholder={t('ltAlarm.maintenanceReason')}
        style={{ width: 200 }}
      />
      <Button
        onClick={() => void save().catch(() => undefined)}
        loading={busy}
        disabled={!until}
        data-testid="alarm-maintenance-set"
      >
        {t('ltAlarm.maintenanceSet')}
      </Button>
    </Space>
  );
}
