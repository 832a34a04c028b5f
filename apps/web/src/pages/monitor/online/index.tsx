import { LogoutOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type OnlineSession, onlineApi } from '../../../features/system/online-api';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { formatDateTime } from '../../../shared/date';
import { HasPermi } from '../../../shared/perms';
import { ProTable, type ProTableRef } from '../../../shared/table/ProTable';

/** Online users with forced logout (monitor/online). */
export function OnlinePage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const table = useRef<ProTableRef>(null);

  const forceLogout = (row: OnlineSession) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('online.forceLogoutConfirm', { name: row.userName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await onlineApi.forceLogout(row.tokenId);
        message.success(t('online.forcedOut'));
        table.current?.refresh();
      },
    });
  };

  return (
    <div className="lx-page" data-testid="online-page">
      <ProTable<OnlineSession>
        ref={table}
        url={onlineApi.listUrl}
        rowKey="tokenId"
        searchFields={[
          { type: 'input', name: 'ipaddr', label: t('online.ipaddr') },
          { type: 'input', name: 'userName', label: t('online.userName') },
        ]}
        columns={[
          {
            key: 'index',
            title: t('common.index'),
            width: 70,
            render: (_: unknown, __: OnlineSession, index: number) => index + 1,
          },
          {
            key: 'tokenId',
            dataIndex: 'tokenId',
            title: t('online.tokenId'),
            ellipsis: true,
            width: 220,
            defaultHidden: true,
          },
          { key: 'userName', dataIndex: 'userName', title: t('online.userName') },
          { key: 'deptName', dataIndex: 'deptName', title: t('online.deptName') },
          { key: 'ipaddr', dataIndex: 'ipaddr', title: t('online.ipaddr') },
          { key: 'loginLocation', dataIndex: 'loginLocation', title: t('online.loginLocation') },
          { key: 'browser', dataIndex: 'browser', title: t('online.browser') },
          { key: 'os', dataIndex: 'os', title: t('online.os') },
          {
            key: 'loginTime',
            dataIndex: 'loginTime',
            title: t('online.loginTime'),
            width: DATE_COLUMN_WIDTH + 30,
            render: (value: string | number) => formatDateTime(value),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            width: 130,
            fixed: 'right',
            render: (_: unknown, row: OnlineSession) => (
              <HasPermi value={['monitor:online:forceLogout']}>
                <Button type="link" size="small" danger icon={<LogoutOutlined />} onClick={() => forceLogout(row)}>
                  {t('online.forceLogout')}
                </Button>
              </HasPermi>
            ),
          },
        ]}
      />
    </div>
  );
}
