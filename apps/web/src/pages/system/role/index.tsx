import { CheckCircleOutlined, DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { roleApi, type SysRole } from '../../../features/system/role-api';
import { useDict } from '../../../shared/dict';
import { useHasPermi } from '../../../shared/perms';
import {
  actionsColumn,
  dictColumn,
  idColumn,
  statusSwitchColumn,
  textColumn,
  timeColumn,
} from '../../../shared/table/columns';
import { AddRemoveButtons, ExportButton, RowActions, useConfirmRemove } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { DataScopeDialog } from './components/DataScopeDialog';
import { RoleFormDialog } from './components/RoleFormDialog';

const PERM = 'system:role';

/** Roles (system/role): CRUD with menu permissions, data scope, assigned users, status. */
export function RolePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const table = useRef<ProTableRef>(null);
  const _statuses = useDict('sys_normal_disable');
  const _scopes = useDict('sys_data_scope');
  const canEdit = useHasPermi(['system:role:edit']);
  /** data scope and assigned users read the role first */
  const canManage = useHasPermi(['system:role:edit', 'system:role:query'], 'all');
  const [dialog, setDialog] = useState<{ roleId?: number } | null>(null);
  const [scopeRole, setScopeRole] = useState<SysRole | null>(null);

  const closeDialog = useCallback(() => setDialog(null), []);
  const closeScope = useCallback(() => setScopeRole(null), []);
  const refresh = useCallback(() => table.current?.refresh(), []);

  const remove = useConfirmRemove(roleApi.remove, (names) => t('role.deleteConfirm', { names }), table);
  const removeRows = (rows: SysRole[]) =>
    remove(
      rows.map((row) => row.roleId!),
      rows.map((row) => row.roleName).join(', '),
    );

  const moreItems = (row: SysRole): MenuProps['items'] =>
    canManage
      ? [
          {
            key: 'dataScope',
            icon: <CheckCircleOutlined />,
            label: t('role.dataScopeAction'),
            'data-testid': `role-data-scope-${row.roleKey}`,
            onClick: () => setScopeRole(row),
          },
          {
            key: 'authUser',
            icon: <UserOutlined />,
            label: t('role.authUser'),
            'data-testid': `role-auth-user-${row.roleKey}`,
            onClick: () => navigate(`/web/system/role-auth/user/${row.roleId}`),
          },
        ]
      : [];

  const columns: ProColumn<SysRole>[] = [
    idColumn('roleId', t('role.roleId'), { width: 100 }),
    textColumn('roleName', t('role.roleName'), { sortField: 'roleName' }),
    textColumn('roleKey', t('role.roleKey'), { sortField: 'roleKey' }),
    idColumn('roleSort', t('role.roleSort'), { width: 110 }),
    dictColumn('dataScope', t('role.dataScope'), 'sys_data_scope', { width: undefined, ellipsis: true }),
    statusSwitchColumn(t('sysCommon.status'), {
      name: (row) => row.roleName,
      change: (row, next) => roleApi.changeStatus(row.roleId!, next),
      canChange: (row) => canEdit && !row.admin,
      testId: (row) => `role-status-${row.roleKey}`,
    }),
    timeColumn('createTime', t('common.createTime'), { sortField: 'createTime' }),
    actionsColumn(t('common.actions'), 230, (row) =>
      row.admin ? (
        <span style={{ color: '#909399' }}>{t('role.builtIn')}</span>
      ) : (
        <RowActions
          perm={PERM}
          editNeedsQuery
          editTestId={`role-edit-${row.roleKey}`}
          onEdit={() => setDialog({ roleId: row.roleId })}
          onRemove={() => removeRows([row])}
          after={
            canManage && (
              <Dropdown menu={{ items: moreItems(row) }} trigger={['click']}>
                <Button type="link" size="small" data-testid={`role-more-${row.roleKey}`}>
                  {t('sysCommon.more')} <DownOutlined />
                </Button>
              </Dropdown>
            )
          }
        />
      ),
    ),
  ];

  return (
    <div className="lx-page" data-testid="role-page">
      <ProTable<SysRole>
        ref={table}
        url={roleApi.listUrl}
        rowKey="roleId"
        selectable
        testId="role-table"
        empty={t('role.empty')}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'roleName', label: t('role.roleName') },
          { type: 'input', name: 'roleKey', label: t('role.roleKey') },
          { type: 'select', name: 'status', label: t('sysCommon.status'), dictType: 'sys_normal_disable' },
          { type: 'dateRange', name: 'createTime', label: t('common.createTime') },
        ]}
        toolbar={({ rows }) => (
          <>
            <AddRemoveButtons
              perm={PERM}
              testId="role"
              onAdd={() => setDialog({})}
              onEdit={() => setDialog({ roleId: rows[0]?.roleId })}
              editNeedsQuery
              // the built-in administrator role is neither edited nor deleted
              selected={rows.some((row) => row.admin) ? 0 : rows.length}
              onRemove={() => removeRows(rows)}
            />
            <ExportButton perm={PERM} url={roleApi.exportUrl} table={table} fileName="role" testId="role-export" />
          </>
        )}
      />
      <RoleFormDialog open={!!dialog} roleId={dialog?.roleId} onClose={closeDialog} onSaved={refresh} />
      <DataScopeDialog role={scopeRole} onClose={closeScope} onSaved={refresh} />
    </div>
  );
}
