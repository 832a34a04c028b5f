import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceLog, deviceLogApi } from '../../../features/system/log-api';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { formatDateTime } from '../../../shared/date';
import { useDict } from '../../../shared/dict';
import { download } from '../../../shared/download';
import { exportParams } from '../../../shared/export-params';
import { HasPermi } from '../../../shared/perms';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { EmptyState } from '../../system/components/EmptyState';
import { DeviceLogDetail, DeviceLogMethod, DeviceLogStatus } from './components/DeviceLogDetail';

/** Device operation logs (monitor/devicelog): each platform → device call of the current customer and project. */
export function DeviceLogPage() {
  const { t } = useTranslation();
  const table = useRef<ProTableRef>(null);
  const actions = useDict('lighting_command_action');
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
    { key: 'logId', dataIndex: 'logId', title: t('devicelog.logId'), width: 90, sortField: 'logId' },
    {
      key: 'deviceUid',
      dataIndex: 'deviceUid',
      title: t('devicelog.deviceUid'),
      width: 160,
      ellipsis: true,
      sortField: 'deviceUid',
    },
    { key: 'deviceName', dataIndex: 'deviceName', title: t('devicelog.deviceName'), width: 150, ellipsis: true },
    {
      key: 'action',
      dataIndex: 'action',
      title: t('devicelog.action'),
      width: 110,
      sortField: 'action',
      render: (value: string) => <DictTag options={actions} value={value} />,
    },
    {
      key: 'operName',
      dataIndex: 'operName',
      title: t('devicelog.operName'),
      width: 120,
      ellipsis: true,
      sortField: 'operName',
    },
    { key: 'requestIp', dataIndex: 'requestIp', title: t('devicelog.requestIp'), width: 140 },
    {
      key: 'method',
      dataIndex: 'method',
      title: t('devicelog.method'),
      width: 260,
      render: (value: string) => <DeviceLogMethod method={value} />,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('devicelog.status'),
      width: 100,
      sortField: 'status',
      render: (value: number) => <DeviceLogStatus status={value} />,
    },
    {
      key: 'consumeTime',
      dataIndex: 'consumeTime',
      title: t('devicelog.consumeTime'),
      width: 130,
      sortField: 'consumeTime',
      render: (value: number | null) => (value === null ? '-' : t('sysCommon.ms', { value })),
    },
    {
      key: 'batchCount',
      dataIndex: 'batchCount',
      title: t('devicelog.batchCount'),
      width: 120,
      sortField: 'batchCount',
    },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('devicelog.createTime'),
      width: DATE_COLUMN_WIDTH + 30,
      sortField: 'createTime',
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 100,
      fixed: 'right',
      render: (_: unknown, row: DeviceLog) => (
        <HasPermi value={['monitor:devicelog:query']}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => void open(row)}>
            {t('sysCommon.detail')}
          </Button>
        </HasPermi>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="devicelog-page">
      <EmptyState description={t('devicelog.empty')}>
        <ProTable<DeviceLog>
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
            <HasPermi value={['monitor:devicelog:export']}>
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  void download(deviceLogApi.exportUrl, {
                    params: exportParams(table.current?.getFilters()),
                    fileName: `devicelog_${Date.now()}.xlsx`,
                  })
                }
                data-testid="devicelog-export"
              >
                {t('common.export')}
              </Button>
            </HasPermi>
          )}
        />
      </EmptyState>
      <DeviceLogDetail log={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
