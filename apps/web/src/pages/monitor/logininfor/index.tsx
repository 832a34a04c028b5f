import { UnlockOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoginLog, loginLogApi } from '../../../features/system/log-api';
import { HasPermi } from '../../../shared/perms';
import { dictColumn, idColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import { ExportButton, LogCleanButtons, useConfirmAction } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

/** Login logs (monitor/logininfor): every sign-in attempt; delete, clean, export, unlock a locked account. */
export function LoginLogPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const table = useRef<ProTableRef>(null);

  const confirm = useConfirmAction(table);

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
    idColumn('infoId', t('logininfor.infoId')),
    textColumn('userName', t('logininfor.userName'), { sortField: 'userName' }),
    idColumn('ipaddr', t('logininfor.ipaddr'), { width: 150 }),
    textColumn('loginLocation', t('logininfor.loginLocation')),
    textColumn('browser', t('logininfor.browser')),
    textColumn('os', t('logininfor.os')),
    dictColumn('status', t('logininfor.status'), 'sys_common_status', { width: 100, sortField: 'status' }),
    textColumn('msg', t('logininfor.msg')),
    timeColumn('loginTime', t('logininfor.loginTime'), { sortField: 'loginTime' }),
  ];

  return (
    <div className="lx-page" data-testid="logininfor-page">
      <ProTable<LoginLog>
        empty={t('logininfor.empty')}
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
            <LogCleanButtons
              perm="monitor:logininfor"
              testId="logininfor"
              selected={keys.length}
              onRemove={() =>
                confirm(
                  t('logininfor.deleteConfirm', { ids: keys.join(',') }),
                  () => loginLogApi.remove(keys as number[]),
                  t('common.deleteSuccess'),
                )
              }
              onClean={() => confirm(t('logininfor.cleanConfirm'), loginLogApi.clean, t('sysCommon.cleaned'))}
            />
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
            <ExportButton
              perm="monitor:logininfor"
              url={loginLogApi.exportUrl}
              table={table}
              fileName="logininfor"
              testId="logininfor-export"
            />
          </>
        )}
      />
    </div>
  );
}
