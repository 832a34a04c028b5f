import { ClearOutlined, DeleteOutlined, DownloadOutlined, UnlockOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoginLog, loginLogApi } from '../../../features/system/log-api';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { formatDateTime } from '../../../shared/date';
import { useDict } from '../../../shared/dict';
import { download } from '../../../shared/download';
import { exportParams } from '../../../shared/export-params';
import { HasPermi } from '../../../shared/perms';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { EmptyState } from '../../system/components/EmptyState';

/** Login logs (monitor/logininfor): every sign-in attempt; delete, clean, export, unlock a locked account. */
export function LoginLogPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const statuses = useDict('sys_common_status');

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

  const unlock = (userName: string) =>
    modal.confirm({
      title: t('common.hint'),
      content: t('logininfor.unlockConfirm', { name: userName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const res = await loginLogApi.unlock(userName);
        message.success(res.msg || t('logininfor.unlocked', { name: userName }));
      },
    });

  const columns: ProColumn<LoginLog>[] = [
    { key: 'infoId', dataIndex: 'infoId', title: t('logininfor.infoId'), width: 90, sortField: 'infoId' },
    { key: 'userName', dataIndex: 'userName', title: t('logininfor.userName'), ellipsis: true, sortField: 'userName' },
    { key: 'ipaddr', dataIndex: 'ipaddr', title: t('logininfor.ipaddr'), width: 150, sortField: 'ipaddr' },
    { key: 'loginLocation', dataIndex: 'loginLocation', title: t('logininfor.loginLocation'), ellipsis: true },
    { key: 'browser', dataIndex: 'browser', title: t('logininfor.browser'), ellipsis: true },
    { key: 'os', dataIndex: 'os', title: t('logininfor.os'), ellipsis: true },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('logininfor.status'),
      width: 100,
      sortField: 'status',
      render: (value: string) => <DictTag options={statuses} value={value} />,
    },
    { key: 'msg', dataIndex: 'msg', title: t('logininfor.msg'), ellipsis: true },
    {
      key: 'loginTime',
      dataIndex: 'loginTime',
      title: t('logininfor.loginTime'),
      width: DATE_COLUMN_WIDTH + 30,
      sortField: 'loginTime',
      render: (value: string) => formatDateTime(value),
    },
  ];

  return (
    <div className="lx-page" data-testid="logininfor-page">
      <EmptyState description={t('logininfor.empty')}>
        <ProTable<LoginLog>
          ref={table}
          url={loginLogApi.listUrl}
          rowKey="infoId"
          selectable
          testId="logininfor-table"
          columns={columns}
          searchFields={[
            { type: 'input', name: 'ipaddr', label: t('logininfor.ipaddr') },
            { type: 'input', name: 'userName', label: t('logininfor.userName') },
            { type: 'select', name: 'status', label: t('logininfor.status'), dictType: 'sys_common_status' },
            { type: 'dateRange', name: 'loginTime', label: t('logininfor.loginTime') },
          ]}
          toolbar={({ keys, rows }) => (
            <>
              <HasPermi value={['monitor:logininfor:remove']}>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!keys.length}
                  onClick={() =>
                    confirm(
                      t('logininfor.deleteConfirm', { ids: keys.join(',') }),
                      () => loginLogApi.remove(keys as number[]),
                      t('common.deleteSuccess'),
                    )
                  }
                  data-testid="logininfor-remove"
                >
                  {t('common.delete')}
                </Button>
              </HasPermi>
              <HasPermi value={['monitor:logininfor:remove']}>
                <Button
                  danger
                  icon={<ClearOutlined />}
                  onClick={() => confirm(t('logininfor.cleanConfirm'), loginLogApi.clean, t('sysCommon.cleaned'))}
                  data-testid="logininfor-clean"
                >
                  {t('sysCommon.clean')}
                </Button>
              </HasPermi>
              <HasPermi value={['monitor:logininfor:unlock']}>
                <Button
                  icon={<UnlockOutlined />}
                  disabled={rows.length !== 1}
                  onClick={() => unlock(rows[0].userName)}
                  data-testid="logininfor-unlock"
                >
                  {t('logininfor.unlock')}
                </Button>
              </HasPermi>
              <HasPermi value={['monitor:logininfor:export']}>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() =>
                    void download(loginLogApi.exportUrl, {
                      params: exportParams(table.current?.getFilters()),
                      fileName: `logininfor_${Date.now()}.xlsx`,
                    })
                  }
                  data-testid="logininfor-export"
                >
                  {t('common.export')}
                </Button>
              </HasPermi>
            </>
          )}
        />
      </EmptyState>
    </div>
  );
}
