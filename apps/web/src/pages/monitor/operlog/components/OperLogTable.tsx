import { ClearOutlined, DeleteOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OperLog, operLogApi } from '../../../../features/system/log-api';
import { DATE_COLUMN_WIDTH } from '../../../../shared/constants';
import { DictTag } from '../../../../shared/DictTag';
import { formatDateTime } from '../../../../shared/date';
import { useDict } from '../../../../shared/dict';
import { download } from '../../../../shared/download';
import { exportParams } from '../../../../shared/export-params';
import { HasPermi } from '../../../../shared/perms';
import { type ProColumn, ProTable, type ProTableRef } from '../../../../shared/table/ProTable';
import { EmptyState } from '../../../system/components/EmptyState';
import { OperLogDetail } from './OperLogDetail';

/**
 * The operation log (every operation) and the user operation log (operations of customer
 * users) share the table and the detail; only the operation log can be deleted and cleaned.
 */
export function OperLogTable({ kind }: { kind: 'operlog' | 'userlog' }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const api = useMemo(() => operLogApi(kind), [kind]);
  const table = useRef<ProTableRef>(null);
  const types = useDict('sys_oper_type');
  const statuses = useDict('sys_common_status');
  const [detail, setDetail] = useState<OperLog | null>(null);

  const open = async (row: OperLog) => {
    try {
      const { data } = await api.get(row.operId);
      setDetail(data);
    } catch {
      // shown by the request layer
    }
  };

  const confirm = (content: string, run: () => Promise<unknown>, done: string) =>
    modal.confirm({
      title: t('common.hint'),
      content,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await run();
        message.success(done);
        table.current?.clearSelection();
        table.current?.reload();
      },
    });

  const columns: ProColumn<OperLog>[] = [
    { key: 'operId', dataIndex: 'operId', title: t('operlog.operId'), width: 90, sortField: 'operId' },
    { key: 'title', dataIndex: 'title', title: t('operlog.title'), ellipsis: true, sortField: 'title' },
    {
      key: 'businessType',
      dataIndex: 'businessType',
      title: t('operlog.businessType'),
      width: 110,
      sortField: 'businessType',
      render: (value: number) => <DictTag options={types} value={value} />,
    },
    { key: 'requestMethod', dataIndex: 'requestMethod', title: t('operlog.requestMethod'), width: 100 },
    {
      key: 'operName',
      dataIndex: 'operName',
      title: t('operlog.operName'),
      width: 130,
      ellipsis: true,
      sortField: 'operName',
    },
    { key: 'deptName', dataIndex: 'deptName', title: t('operlog.deptName'), ellipsis: true, defaultHidden: true },
    { key: 'operIp', dataIndex: 'operIp', title: t('operlog.operIp'), width: 140 },
    { key: 'operUrl', dataIndex: 'operUrl', title: t('operlog.operUrl'), ellipsis: true, defaultHidden: true },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('operlog.status'),
      width: 90,
      sortField: 'status',
      render: (value: number) => <DictTag options={statuses} value={value} />,
    },
    {
      key: 'operTime',
      dataIndex: 'operTime',
      title: t('operlog.operTime'),
      width: DATE_COLUMN_WIDTH + 30,
      sortField: 'operTime',
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'costTime',
      dataIndex: 'costTime',
      title: t('operlog.costTime'),
      width: 120,
      sortField: 'costTime',
      render: (value: number) => t('sysCommon.ms', { value }),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 100,
      fixed: 'right',
      render: (_: unknown, row: OperLog) => (
        <HasPermi value={[`monitor:${kind}:query`]}>
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined />}
            onClick={() => void open(row)}
            data-testid={`${kind}-detail-${row.operId}`}
          >
            {t('sysCommon.detail')}
          </Button>
        </HasPermi>
      ),
    },
  ];

  return (
    <EmptyState description={kind === 'userlog' ? t('userlog.empty') : t('operlog.empty')}>
      <ProTable<OperLog>
        ref={table}
        url={api.listUrl}
        rowKey="operId"
        selectable={kind === 'operlog'}
        testId={`${kind}-table`}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'operIp', label: t('operlog.operIp') },
          { type: 'input', name: 'title', label: t('operlog.title') },
          { type: 'input', name: 'operName', label: t('operlog.operName') },
          { type: 'select', name: 'businessType', label: t('operlog.businessType'), dictType: 'sys_oper_type' },
          { type: 'select', name: 'status', label: t('operlog.status'), dictType: 'sys_common_status' },
          { type: 'dateRange', name: 'operTime', label: t('operlog.operTime') },
        ]}
        toolbar={({ keys }) => (
          <>
            {kind === 'operlog' && (
              <HasPermi value={['monitor:operlog:remove']}>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!keys.length}
                  onClick={() =>
                    confirm(
                      t('operlog.deleteConfirm', { ids: keys.join(',') }),
                      () => api.remove(keys as number[]),
                      t('common.deleteSuccess'),
                    )
                  }
                  data-testid="operlog-remove"
                >
                  {t('common.delete')}
                </Button>
              </HasPermi>
            )}
            {kind === 'operlog' && (
              <HasPermi value={['monitor:operlog:remove']}>
                <Button
                  danger
                  icon={<ClearOutlined />}
                  onClick={() => confirm(t('operlog.cleanConfirm'), api.clean, t('sysCommon.cleaned'))}
                  data-testid="operlog-clean"
                >
                  {t('sysCommon.clean')}
                </Button>
              </HasPermi>
            )}
            <HasPermi value={[`monitor:${kind}:export`]}>
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  void download(api.exportUrl, {
                    params: exportParams(table.current?.getFilters()),
                    fileName: `${kind}_${Date.now()}.xlsx`,
                  })
                }
                data-testid={`${kind}-export`}
              >
                {t('common.export')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <OperLogDetail log={detail} onClose={() => setDetail(null)} />
    </EmptyState>
  );
}
