import {
  CheckCircleOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DownOutlined,
  EditOutlined,
  PlusOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps, Space } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { roleApi, type SysRole } from '../../../features/system/role-api';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { formatDateTime } from '../../../shared/date';
import { useDict } from '../../../shared/dict';
import { download } from '../../../shared/download';
import { exportParams } from '../../../shared/export-params';
import { HasPermi, useHasPermi } from '../../../shared/perms';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { EmptyState } from '../components/EmptyState';
import { StatusSwitch } from '../components/StatusSwitch';
import { DataScopeDialog } from './components/DataScopeDialog';
import { RoleFormDialog } from './components/RoleFormDialog';

/** Roles (system/role): CRUD with menu permissions, data scope, assigned users, status. */
export function RolePage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const table = useRef<ProTableRef>(null);
  const statuses = useDict('sys_normal_disable');
  const scopes = useDict('sys_data_scope');
  const canEdit = useHasPermi(['system:role:edit']);
  /** data scope and assigned users read the role first */
  const canManage = useHasPermi(['system:role:edit', 'system:role:query'], 'all');
  const [dialog, setDialog] = useState<{ roleId?: number } | null>(null);
  const [scopeRole, setScopeRole] = useState<SysRole | null>(null);

  const closeDialog = useCallback(() => setDialog(null), []);
  const closeScope = useCallback(() => setScopeRole(null), []);
  const refresh = useCallback(() => table.current?.refresh(), []);

  const remove = (rows: SysRole[]) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('role.deleteConfirm', { names: rows.map((row) => row.roleName).join(', ') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await roleApi.remove(rows.map((row) => row.roleId!));
        message.success(t('common.deleteSuccess'));
        table.current?.clearSelection();
        table.current?.refresh();
      },
    });
  };

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
    { key: 'roleId', dataIndex: 'roleId', title: t('role.roleId'), width: 100, sortField: 'roleId' },
    { key: 'roleName', dataIndex: 'roleName', title: t('role.roleName'), ellipsis: true, sortField: 'roleName' },
    { key: 'roleKey', dataIndex: 'roleKey', title: t('role.roleKey'), ellipsis: true, sortField: 'roleKey' },
    { key: 'roleSort', dataIndex: 'roleSort', title: t('role.roleSort'), width: 110, sortField: 'roleSort' },
    {
      key: 'dataScope',
      dataIndex: 'dataScope',
      title: t('role.dataScope'),
      ellipsis: true,
      render: (value: string) => <DictTag options={scopes} value={value} />,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('sysCommon.status'),
      width: 90,
      render: (value: string, row: SysRole) =>
        canEdit && !row.admin ? (
          <StatusSwitch
            status={value}
            name={row.roleName}
            onChange={(next) => roleApi.changeStatus(row.roleId!, next)}
            testId={`role-status-${row.roleKey}`}
          />
        ) : (
          <DictTag options={statuses} value={value} />
        ),
    },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('common.createTime'),
      width: DATE_COLUMN_WIDTH + 30,
      sortField: 'createTime',
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 230,
      fixed: 'right',
      render: (_: unknown, row: SysRole) =>
        row.admin ? (
          <span style={{ color: '#909399' }}>{t('role.builtIn')}</span>
        ) : (
          <Space size={0}>
            <HasPermi value={['system:role:edit', 'system:role:query']} mode="all">
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setDialog({ roleId: row.roleId })}
                data-testid={`role-edit-${row.roleKey}`}
              >
                {t('common.edit')}
              </Button>
            </HasPermi>
            <HasPermi value={['system:role:remove']}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([row])}>
                {t('common.delete')}
              </Button>
            </HasPermi>
            {canManage && (
              <Dropdown menu={{ items: moreItems(row) }} trigger={['click']}>
                <Button type="link" size="small" data-testid={`role-more-${row.roleKey}`}>
                  {t('sysCommon.more')} <DownOutlined />
                </Button>
              </Dropdown>
            )}
          </Space>
        ),
    },
  ];

  return (
    <div className="lx-page" data-testid="role-page">
      <EmptyState description={t('role.empty')}>
        <ProTable<SysRole>
          ref={table}
          url={roleApi.listUrl}
          rowKey="roleId"
          selectable
          testId="role-table"
          columns={columns}
          searchFields={[
            { type: 'input', name: 'roleName', label: t('role.roleName') },
            { type: 'input', name: 'roleKey', label: t('role.roleKey') },
            { type: 'select', name: 'status', label: t('sysCommon.status'), dictType: 'sys_normal_disable' },
            { type: 'dateRange', name: 'createTime', label: t('common.createTime') },
          ]}
          toolbar={({ rows }) => (
            <>
              <HasPermi value={['system:role:add']}>
                <Button
                  type="primary"
                  ghost
                  icon={<PlusOutlined />}
                  onClick={() => setDialog({})}
                  data-testid="role-add"
                >
                  {t('common.add')}
                </Button>
              </HasPermi>
              <HasPermi value={['system:role:edit', 'system:role:query']} mode="all">
                <Button
                  icon={<EditOutlined />}
                  disabled={rows.length !== 1 || !!rows[0]?.admin}
                  onClick={() => setDialog({ roleId: rows[0]?.roleId })}
                  data-testid="role-edit"
                >
                  {t('common.edit')}
                </Button>
              </HasPermi>
              <HasPermi value={['system:role:remove']}>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!rows.length || rows.some((row) => row.admin)}
                  onClick={() => remove(rows)}
                  data-testid="role-remove"
                >
                  {t('common.delete')}
                </Button>
              </HasPermi>
              <HasPermi value={['system:role:export']}>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() =>
                    void download(roleApi.exportUrl, {
                      params: exportParams(table.current?.getFilters()),
                      fileName: `role_${Date.now()}.xlsx`,
                    })
                  }
                  data-testid="role-export"
                >
                  {t('common.export')}
                </Button>
              </HasPermi>
            </>
          )}
        />
      </EmptyState>
      <RoleFormDialog open={!!dialog} roleId={dialog?.roleId} onClose={closeDialog} onSaved={refresh} />
      <DataScopeDialog role={scopeRole} onClose={closeScope} onSaved={refresh} />
    </div>
  );
}
