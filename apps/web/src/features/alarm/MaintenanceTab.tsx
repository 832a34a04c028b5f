import { App, Button } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../shared/perms';
import { column, textColumn } from '../../shared/table/columns';
import { type ProColumn, ProTable, type ProTableRef } from '../../shared/table/ProTable';
import { alarmApi, type MaintenanceRow } from './api';

/** The devices of a project under maintenance now (their alarms shelved): until when, why, who; ended by hand. */
export function MaintenanceTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const extraParams = useMemo(() => ({ projectId }), [projectId]);

  const end = (row: MaintenanceRow) =>
    modal.confirm({
      title: t('ltAlarm.maintenanceEnd'),
      content: t('ltAlarm.maintenanceEndConfirm', { device: `${row.deviceName} (${row.uid})` }),
      onOk: async () => {
        await alarmApi.endMaintenance(row.deviceId);
        message.success(t('ltAlarm.done'));
        table.current?.refresh();
      },
    });

  const columns: ProColumn<MaintenanceRow>[] = [
    textColumn('uid', 'UID', { width: 180 }),
    textColumn('deviceName', t('ltAlarm.device')),
    column('until', t('ltAlarm.maintenanceUntil'), { width: 170 }),
    textColumn('reason', t('ltAlarm.maintenanceReason')),
    column('setBy', t('ltAlarm.maintenanceBy'), { width: 120 }),
    column('setTime', t('ltAlarm.maintenanceSince'), { width: 170 }),
    column('deviceId', t('common.actions'), {
      width: 110,
      render: (_: unknown, row) => (
        <HasPermi value={['lighting:alarm:handle']}>
          <Button type="link" size="small" danger onClick={() => end(row)} data-testid="maintenance-end">
            {t('ltAlarm.maintenanceEnd')}
          </Button>
        </HasPermi>
      ),
    }),
  ];

  return (
    <ProTable<MaintenanceRow>
      ref={table}
      url={alarmApi.maintenanceListUrl}
      rowKey="deviceId"
      testId="maintenance-table"
      extraParams={extraParams}
      columns={columns}
      searchFields={[{ type: 'input', name: 'keyword', label: t('ltAlarm.keyword') }]}
    />
  );
}
