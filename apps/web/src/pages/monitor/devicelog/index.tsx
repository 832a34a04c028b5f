import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceLog, deviceLogApi } from '../../../features/system/log-api';
import { actionsColumn, column, dictColumn, idColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import { DetailLink, ExportButton } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { DeviceLogDetail, DeviceLogMethod, DeviceLogStatus } from './components/DeviceLogDetail';

/** Device operation logs (monitor/devicelog): each platform → device call of the current customer and project. */
export function DeviceLogPage() {
  const { t } = useTranslation();
  const table = useRef<ProTableRef>(null);
  const [detail, setDetail] = useState<DeviceLog | null>(null);

  const open = async (row: DeviceLog) => {
    try {
      const { data } = await deviceLogApi.get(row.logId);
      setDetail(data);
    } catch {
      // shown by the request layer
    }
  };

  const columns: ProColumn<DeviceLog>[] = [
    idColumn('logId', t('devicelog.logId')),
    textColumn('deviceUid', t('devicelog.deviceUid'), { width: 160, sortField: 'deviceUid' }),
    textColumn('deviceName', t('devicelog.deviceName'), { width: 150 }),
    dictColumn('action', t('devicelog.action'), 'lighting_command_action', { width: 110, sortField: 'action' }),
    textColumn('operName', t('devicelog.operName'), { width: 120, sortField: 'operName' }),
    column('requestIp', t('devicelog.requestIp'), { width: 140 }),
    column('method', t('devicelog.method'), {
      width: 260,
      render: (value: string) => <DeviceLogMethod method={value} />,
    }),
    idColumn('status', t('devicelog.status'), {
      width: 100,
      render: (value: number) => <DeviceLogStatus status={value} />,
    }),
    idColumn('consumeTime', t('devicelog.consumeTime'), {
      width: 130,
      render: (value: number | null) => (value === null ? '-' : t('sysCommon.ms', { value })),
    }),
    idColumn('batchCount', t('devicelog.batchCount'), { width: 120 }),
    timeColumn('createTime', t('devicelog.createTime'), { sortField: 'createTime' }),
    actionsColumn(t('common.actions'), 100, (row) => (
      <DetailLink perm="monitor:devicelog" onClick={() => void open(row)} />
    )),
  ];

  return (
    <div className="lx-page" data-testid="devicelog-page">
      <ProTable<DeviceLog>
        empty={t('devicelog.empty')}
        ref={table}
        url={deviceLogApi.listUrl}
        rowKey="logId"
        testId="devicelog-table"
        columns={columns}
        searchFields={[
          { type: 'input', name: 'deviceUid', label: t('devicelog.deviceUid') },
          { type: 'input', name: 'deviceName', label: t('devicelog.deviceName') },
          { type: 'input', name: 'operName', label: t('devicelog.operName') },
          { type: 'input', name: 'requestIp', label: t('devicelog.requestIp') },
          { type: 'input', name: 'batchId', label: t('devicelog.batchId') },
          {
            type: 'select',
            name: 'status',
            label: t('devicelog.status'),
            options: ['0', '1', '2'].map((value) => ({ value, label: t(`devicelog.statuses.${value}`) })),
          },
          { type: 'dateRange', name: 'createTime', label: t('devicelog.createTime') },
        ]}
        toolbar={() => (
          <ExportButton
            perm="monitor:devicelog"
            url={deviceLogApi.exportUrl}
            table={table}
            fileName="devicelog"
            testId="devicelog-export"
          />
        )}
      />
      <DeviceLogDetail log={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
