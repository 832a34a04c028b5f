import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, type TableColumnType } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deptApi, type SysDept } from '../../../features/system/dept-api';
import type { Nested } from '../../../features/system/tree';
import { HasPermi } from '../../../shared/perms';
import { actionsColumn, column, dictColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import { RowActions, useConfirmRemove } from '../../../shared/table/crud';
import { TreeTable, type TreeTableRef } from '../../../shared/table/TreeTable';
import { DeptFormDialog } from './components/DeptFormDialog';

type DeptRow = Nested<SysDept>;
const PERM = 'system:dept';

/** Departments (system/dept): the tree the caller's data scope shows, with add, edit, delete. */
export function DeptPage() {
  const { t } = useTranslation();
  const tree = useRef<TreeTableRef>(null);
  const [dialog, setDialog] = useState<{ deptId?: number; parentId?: number } | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const reload = () => void tree.current?.reload();
  const remove = useConfirmRemove(
    (ids) => deptApi.remove(ids[0]),
    (name) => t('dept.deleteConfirm', { name }),
    null,
    reload,
  );

  const columns: TableColumnType<DeptRow>[] = [
    textColumn<DeptRow>('deptName', t('dept.deptName'), {
      width: 260,
      render: (value: string, row) => <span data-testid={`dept-row-${row.deptId}`}>{value}</span>,
    }),
    textColumn<DeptRow>('deptCode', t('dept.deptCode'), { width: 130 }),
    column<DeptRow>('orderNum', t('sysCommon.sort'), { width: 90 }),
    textColumn<DeptRow>('leader', t('dept.leader'), { width: 120 }),
    column<DeptRow>('phone', t('dept.phone'), { width: 130 }),
    dictColumn<DeptRow>('status', t('sysCommon.status'), 'sys_normal_disable'),
    timeColumn<DeptRow>('createTime', t('common.createTime')),
    actionsColumn<DeptRow>(t('common.actions'), 220, (row) => (
      <Space size={0}>
        <RowActions
          perm={PERM}
          editNeedsQuery
          editTestId={`dept-edit-${row.deptId}`}
          onEdit={() => setDialog({ deptId: row.deptId })}
        />
        <HasPermi value={['system:dept:add']}>
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            disabled={row.status === '1'}
            onClick={() => setDialog({ parentId: row.deptId })}
            data-testid={`dept-add-child-${row.deptId}`}
          >
            {t('common.add')}
          </Button>
        </HasPermi>
        {row.parentId !== 0 && <RowActions perm={PERM} onRemove={() => remove([row.deptId!], row.deptName)} />}
      </Space>
    )),
  ];

  return (
    <div className="lx-page" data-testid="dept-page">
      <TreeTable<SysDept>
        ref={tree}
        testId="dept"
        rowKey="deptId"
        load={async (filters) => (await deptApi.list(filters)).data ?? []}
        idOf={(row) => row.deptId!}
        parentOf={(row) => row.parentId}
        expand="all"
        columns={columns}
        empty={t('dept.empty')}
        searchFields={[
          { type: 'input', name: 'deptName', label: t('dept.deptName') },
          { type: 'input', name: 'deptCode', label: t('dept.deptCode') },
          { type: 'select', name: 'status', label: t('sysCommon.status'), dictType: 'sys_normal_disable', width: 160 },
        ]}
        toolbar={
          <HasPermi value={['system:dept:add']}>
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setDialog({})} data-testid="dept-add">
              {t('common.add')}
            </Button>
          </HasPermi>
        }
      />
      <DeptFormDialog
        open={!!dialog}
        deptId={dialog?.deptId}
        parentId={dialog?.parentId}
        onClose={closeDialog}
        onSaved={reload}
      />
    </div>
  );
}
