import { Button, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveMessages, useThrottled } from '../../../features/lighting/live';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { CoverDrawer } from '../../../features/manhole/CoverDrawer';
import { ALARMS, type AlarmRow, eventOf, useLabel } from '../../../features/manhole/model';
import { DictTag } from '../../../shared/DictTag';
import { useDict } from '../../../shared/dict';
import { ExportButton } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

function AlarmPageBody() {
  const { t } = useTranslation();
  const label = useLabel();
  const grades = useDict('alarm_grade');
  const projectId = useProjectId()!;
  const table = useRef<ProTableRef>(null);
  const extraParams = useMemo(() => ({ projectId }), [projectId]);
  const [selected, setSelected] = useState<number | null>(null);
  // a cover that raises or recovers an alarm shows in the list at once
  const refresh = useThrottled(() => table.current?.refresh(), 2_000);
  useLiveMessages(['device.event'], (msg) => {
    if (msg.type === 'device.event' && msg.items.some((item) => eventOf(item.eventType))) refresh();
  });

  const columns: ProColumn<AlarmRow>[] = [
    { key: 'time', dataIndex: 'time', title: t('mhAlarm.time'), width: 170 },
    {
      key: 'eventType',
      dataIndex: 'eventType',
      title: t('mhAlarm.type'),
      width: 130,
      render: (value: string) => label(eventOf(value)?.label ?? { zh: value, en: value }),
    },
    {
      key: 'grade',
      dataIndex: 'grade',
      title: t('mhAlarm.grade'),
      width: 100,
      render: (value: string) => <DictTag options={grades} value={value} />,
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('mhAlarm.cover'),
      render: (value: string, row) => (
        <Button type="link" size="small" onClick={() => setSelected(row.deviceId)} data-testid="alarm-cover">
          {value} · {row.uid}
        </Button>
      ),
    },
    {
      key: 'location',
      title: t('mhAlarm.location'),
      render: (_: unknown, row) =>
        row.locationName ??
        (row.longitude !== null && row.latitude !== null
          ? `${row.longitude.toFixed(5)}, ${row.latitude.toFixed(5)}`
          : '-'),
    },
    {
      key: 'recovered',
      dataIndex: 'recovered',
      title: t('mhAlarm.recovered'),
      width: 190,
      render: (value: boolean, row) =>
        value ? (
          <Tag color="green">
            {t('mhAlarm.recoveredAt')} {row.recoveredTime}
          </Tag>
        ) : (
          <Tag color="red">{t('mhAlarm.active')}</Tag>
        ),
    },
  ];

  return (
    <div className="lx-page" data-testid="manhole-alarm-page">
      <ProTable<AlarmRow>
        ref={table}
        url="/manhole/alarm/list"
        rowKey="eventId"
        testId="manhole-alarm-table"
        extraParams={extraParams}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'keyword', label: t('mhAlarm.keyword') },
          {
            type: 'select',
            name: 'eventType',
            label: t('mhAlarm.type'),
            options: ALARMS.map((a) => ({ value: a.type, label: label(a.label) })),
          },
          { type: 'select', name: 'grade', label: t('mhAlarm.grade'), dictType: 'alarm_grade' },
          {
            type: 'select',
            name: 'recovered',
            label: t('mhAlarm.recovered'),
            options: [
              { value: 'false', label: t('mhAlarm.active') },
              { value: 'true', label: t('mhAlarm.recoveredDone') },
            ],
          },
          { type: 'dateRange', name: 'time', label: t('mhAlarm.time') },
        ]}
        toolbar={() => (
          <ExportButton
            perm="manhole:alarm"
            url="/manhole/alarm/export"
            table={table}
            params={extraParams}
            fileName="manhole_alarms"
            testId="manhole-alarm-export"
          />
        )}
      />
      <CoverDrawer coverId={selected} onClose={() => setSelected(null)} />
    </div>
  );
}

/** The covers' alarms (manhole/alarm): each raised alarm with its grade, time, cover, place and whether it recovered. */
export function ManholeAlarmPage() {
  return (
    <NeedProject testId="manhole-alarm-page">
      <AlarmPageBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
