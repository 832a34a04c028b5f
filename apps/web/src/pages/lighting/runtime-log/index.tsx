import { Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeApi } from '../../../features/lighting/api';
import { useReadableValues } from '../../../features/lighting/CommandStatus';
import { DeviceDrawer } from '../../../features/lighting/DeviceDrawer';
import { DeviceSelect } from '../../../features/lighting/DeviceSelect';
import { useLiveMessages, useThrottled } from '../../../features/lighting/live';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import type { RuntimeEvent } from '../../../features/lighting/types';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { dictLabel } from '../../../shared/DictTag';
import { useDict } from '../../../shared/dict';
import { RawValue } from '../../../shared/RawValue';
import { column, dictColumn, textColumn } from '../../../shared/table/columns';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

/** Events the gateway itself records besides the alarm types devices report. */
const GATEWAY_EVENTS = ['ONLINE', 'OFFLINE', 'FAULT', 'RECOVER', 'POWER_UP'];

function RuntimeLogBody() {
  const { t, i18n } = useTranslation();
  const projectId = useProjectId()!;
  const _types = useDict('lighting_device_type');
  const _grades = useDict('alarm_grade');
  const alarmTypes = useDict('alarm_config_type');
  const readable = useReadableValues();
  const table = useRef<ProTableRef>(null);
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [drawerId, setDrawerId] = useState<number | null>(null);
  const extraParams = useMemo(() => ({ projectId, ...(deviceId ? { deviceId } : {}) }), [projectId, deviceId]);

  const refresh = useThrottled(() => table.current?.refresh(), 5000);
  useLiveMessages(['device.event'], refresh);

  const eventLabel = (value: string) =>
    i18n.exists(`ltRuntimeLog.events.${value}`) ? t(`ltRuntimeLog.events.${value}`) : dictLabel(alarmTypes, value);

  const columns: ProColumn<RuntimeEvent>[] = [
    column('ts', t('ltRuntimeLog.ts'), { width: DATE_COLUMN_WIDTH + 30 }),
    {
      key: 'uid',
      dataIndex: 'uid',
      title: t('ltCommon.device'),
      width: 200,
      render: (value: string | null, row) => (
        <Typography.Link onClick={() => setDrawerId(row.deviceId)}>{value ?? row.deviceId}</Typography.Link>
      ),
    },
    textColumn('name', t('ltCommon.name'), { width: 160 }),
    dictColumn('deviceType', t('ltCommon.deviceType'), 'lighting_device_type', { width: 120 }),
    {
      key: 'eventType',
      dataIndex: 'eventType',
      title: t('ltRuntimeLog.eventType'),
      width: 180,
      render: (value: string) => (
        <Tag
          color={
            value === 'OFFLINE' || value === 'FAULT'
              ? 'error'
              : value === 'ONLINE' || value === 'RECOVER'
                ? 'success'
                : 'warning'
          }
        >
          {eventLabel(value)}
        </Tag>
      ),
    },
    dictColumn('level', t('ltRuntimeLog.level'), 'alarm_grade', { width: 100 }),
    {
      key: 'data',
      dataIndex: 'data',
      title: t('ltRuntimeLog.data'),
      ellipsis: true,
      render: (value: Record<string, unknown> | null) => {
        if (!value || !Object.keys(value).length) return '-';
        const text = readable(value);
        return (
          <Space size={4} data-testid="event-data">
            <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 360 }}>
              {text}
            </Typography.Text>
            <RawValue value={value} testId="event-data-raw" />
          </Space>
        );
      },
    },
  ];

  return (
    <div className="lx-page" data-testid="runtime-log-page">
      <ProTable<RuntimeEvent>
        ref={table}
        url={runtimeApi.logUrl}
        rowKey="eventId"
        testId="runtime-log-table"
        extraParams={extraParams}
        columns={columns}
        searchFields={[
          {
            type: 'select',
            name: 'eventType',
            label: t('ltRuntimeLog.eventType'),
            options: [
              ...GATEWAY_EVENTS.map((value) => ({ value, label: eventLabel(value) })),
              ...alarmTypes.map((item) => ({ value: item.dictValue, label: item.dictLabel })),
            ],
          },
        ]}
        toolbar={() => (
          <Space>
            <span>{t('ltCommon.device')}:</span>
            <DeviceSelect value={deviceId} onChange={setDeviceId} style={{ width: 300 }} testId="runtime-log-device" />
          </Space>
        )}
      />
      <DeviceDrawer deviceId={drawerId} onClose={() => setDrawerId(null)} />
    </div>
  );
}

/** Device events of the project (lighting/runtime-log): online and offline, faults, alarms devices report. */
export function RuntimeLogPage() {
  return (
    <NeedProject testId="runtime-log-page">
      <RuntimeLogBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
