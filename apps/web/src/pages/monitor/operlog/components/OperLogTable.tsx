import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OperLog, operLogApi } from '../../../../features/system/log-api';
import { actionsColumn, column, dictColumn, idColumn, textColumn, timeColumn } from '../../../../shared/table/columns';
import { DetailLink, ExportButton, LogCleanButtons, useConfirmAction } from '../../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../../shared/table/ProTable';
import { OperLogDetail } from './OperLogDetail';

/**
 * The operation log (every operation) and the user operation log (operations of customer
 * users) share the table and the detail; only the operation log can be deleted and cleaned.
 */
export function OperLogTable({ kind }: { kind: 'operlog' | 'userlog' }) {
  const { t } = useTranslation();
  const api = useMemo(() => operLogApi(kind), [kind]);
  const table = useRef<ProTableRef>(null);
  const [detail, setDetail] = useState<OperLog | null>(null);

  const open = async (row: OperLog) => {
    try {
      const { data } = await api.get(row.operId);
      setDetail(data);
    } catch {
      // shown by the request layer
    }
  };

  const confirm = useConfirmAction(table);

  const columns: ProColumn<OperLog>[] = [
    idColumn('operId', t('operlog.operId')),
    textColumn('title', t('operlog.title'), { sortField: 'title' }),
    dictColumn('businessType', t('operlog.businessType'), 'sys_oper_type', { width: 110, sortField: 'businessType' }),
    column('requestMethod', t('operlog.requestMethod'), { width: 100 }),
    textColumn('operName', t('operlog.operName'), { width: 130, sortField: 'operName' }),
    textColumn('deptName', t('operlog.deptName'), { defaultHidden: true }),
    column('operIp', t('operlog.operIp'), { width: 140 }),
    textColumn('operUrl', t('operlog.operUrl'), { defaultHidden: true }),
    dictColumn('status', t('operlog.status'), 'sys_common_status', { sortField: 'status' }),
    timeColumn('operTime', t('operlog.operTime'), { sortField: 'operTime' }),
    idColumn('costTime', t('operlog.costTime'), {
      width: 120,
      render: (value: number) => t('sysCommon.ms', { value }),
    }),
    actionsColumn(t('common.actions'), 100, (row) => (
      <DetailLink perm={`monitor:${kind}`} onClick={() => void open(row)} testId={`${kind}-detail-${row.operId}`} />
    )),
  ];

  return (
    <>
      <ProTable<OperLog>
        empty={kind === 'userlog' ? t('userlog.empty') : t('operlog.empty')}
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
              <LogCleanButtons
                perm="monitor:operlog"
                testId="operlog"
                selected={keys.length}
                onRemove={() =>
                  confirm(
                    t('operlog.deleteConfirm', { ids: keys.join(',') }),
                    () => api.remove(keys as number[]),
                    t('common.deleteSuccess'),
                  )
                }
                onClean={() => confirm(t('operlog.cleanConfirm'), api.clean, t('sysCommon.cleaned'))}
              />
            )}
            <ExportButton
              perm={`monitor:${kind}`}
              url={api.exportUrl}
              table={table}
              fileName={kind}
              testId={`${kind}-export`}
            />
          </>
        )}
      />
      <OperLogDetail log={detail} onClose={() => setDetail(null)} />
    </>
  );
}
