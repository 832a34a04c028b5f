import {
  DeleteOutlined,
  DownloadOutlined,
  DownOutlined,
  EditOutlined,
  KeyOutlined,
  PlusOutlined,
  ReloadOutlined,
  UploadOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { App, Button, Card, Col, Dropdown, type MenuProps, Row, Space, Tooltip } from 'antd';
import { type Key, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { session } from '../../../app/session';
import { type KeyedNode, type ServerTreeNode, toKeyedNodes, toSearchNodes } from '../../../features/system/tree';
import { type SysUser, userApi } from '../../../features/system/user-api';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { formatDateTime } from '../../../shared/date';
import { useDict } from '../../../shared/dict';
import { download } from '../../../shared/download';
import { exportParams } from '../../../shared/export-params';
import { HasPermi, useHasPermi } from '../../../shared/perms';
import { useStore } from '../../../shared/store';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { EmptyState } from '../components/EmptyState';
import { StatusSwitch } from '../components/StatusSwitch';
import { DeptTreePanel } from './components/DeptTreePanel';
import { ResetPwdDialog } from './components/ResetPwdDialog';
import { UserFormDialog } from './components/UserFormDialog';
import { UserImportDialog } from './components/UserImportDialog';

/** Users (system/user): department tree on the left filtering the list; add, edit, reset, status, roles, import, export. */
export function UserPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const table = useRef<ProTableRef>(null);
  const statuses = useDict('sys_normal_disable');
  const selfId = useStore(session, (state) => state.user?.userId);
  const canEdit = useHasPermi(['system:user:edit']);
  const canAssign = useHasPermi(['system:user:edit', 'system:user:query'], 'all');
  const canReset = useHasPermi(['system:user:resetPwd']);
  const [tree, setTree] = useState<ServerTreeNode[]>([]);
  const [deptId, setDeptId] = useState<number | undefined>();
  const [dialog, setDialog] = useState<{ userId?: number } | null>(null);
  const [resetting, setResetting] = useState<{ userId: number; userName: string } | null>(null);
  const [importOpen, setImportOpen] = useState(false);

  const loadTree = useCallback(async () => {
    try {
      const res = await userApi.deptTree();
      setTree(res.data ?? []);
    } catch {
      setTree([]);
    }
  }, []);
  useEffect(() => {
    void loadTree();
  }, [loadTree]);

  const searchNodes = useMemo(() => toSearchNodes(tree), [tree]);
  const deptOptions: KeyedNode[] = useMemo(() => toKeyedNodes(tree, true), [tree]);
  const extraParams = useMemo(() => (deptId ? { deptId } : undefined), [deptId]);

  const closeDialog = useCallback(() => setDialog(null), []);
  const refresh = useCallback(() => table.current?.refresh(), []);

  const remove = (rows: { userId: number; userName: string }[]) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('user.deleteConfirm', { names: rows.map((row) => row.userName).join(', ') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await userApi.remove(rows.map((row) => row.userId));
        message.success(t('common.deleteSuccess'));
        table.current?.clearSelection();
        table.current?.refresh();
      },
    });
  };

  /** Spec §5: actions on one user refuse a selection of several ('Can only select 1 user!'). */
  const withOne = (rows: SysUser[], run: (row: SysUser) => void) => {
    if (rows.length !== 1) {
      message.warning(t('validation.selectOneUser'));
      return;
    }
    run(rows[0]);
  };

  const moreItems = (row: SysUser): MenuProps['items'] =>
    [
      ...(canReset
        ? [{ key: 'resetPwd', icon: <KeyOutlined />, label: t('user.resetPwd'), 'data-testid': 'user-reset-pwd' }]
        : []),
      ...(canAssign
        ? [
            {
              key: 'authRole',
              icon: <UserSwitchOutlined />,
              label: t('user.authRole'),
              'data-testid': 'user-auth-role',
            },
          ]
        : []),
    ].map((item) => ({
      ...item,
      onClick: () => {
        if (item.key === 'resetPwd') setResetting({ userId: row.userId!, userName: row.userName });
        else navigate(`/web/system/user-auth/role/${row.userId}`);
      },
    }));

  const columns: ProColumn<SysUser>[] = [
    { key: 'userId', dataIndex: 'userId', title: t('user.userId'), width: 100, sortField: 'userId' },
    { key: 'userName', dataIndex: 'userName', title: t('user.userName'), ellipsis: true, sortField: 'userName' },
    { key: 'nickName', dataIndex: 'nickName', title: t('user.nickName'), ellipsis: true, sortField: 'nickName' },
    { key: 'deptName', dataIndex: 'deptName', title: t('user.dept'), ellipsis: true },
    { key: 'phonenumber', dataIndex: 'phonenumber', title: t('user.phonenumber'), width: 130 },
    { key: 'email', dataIndex: 'email', title: t('user.email'), ellipsis: true, defaultHidden: true },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('sysCommon.status'),
      width: 90,
      render: (value: string, row: SysUser) =>
        canEdit && row.userId !== selfId ? (
          <StatusSwitch
            status={value}
            name={row.userName}
            onChange={(next) => userApi.changeStatus(row.userId!, next)}
            testId={`user-status-${row.userName}`}
          />
        ) : (
          <DictTag options={statuses} value={value} />
        ),
    },
    {
      key: 'loginDate',
      dataIndex: 'loginDate',
      title: t('user.loginDate'),
      width: DATE_COLUMN_WIDTH + 30,
      defaultHidden: true,
      sortField: 'loginDate',
      render: (value: string) => formatDateTime(value),
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
      width: 150,
      fixed: 'right',
      render: (_: unknown, row: SysUser) => {
        const more = moreItems(row);
        return (
          <Space size={0}>
            <HasPermi value={['system:user:edit', 'system:user:query']} mode="all">
              <Tooltip title={t('common.edit')}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('common.edit')}
                  onClick={() => setDialog({ userId: row.userId })}
                  data-testid={`user-edit-${row.userName}`}
                />
              </Tooltip>
            </HasPermi>
            {row.userId !== selfId && (
              <HasPermi value={['system:user:remove']}>
                <Tooltip title={t('common.delete')}>
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('common.delete')}
                    onClick={() => remove([{ userId: row.userId!, userName: row.userName }])}
                    data-testid={`user-delete-${row.userName}`}
                  />
                </Tooltip>
              </HasPermi>
            )}
            {more && more.length > 0 && (
              <Dropdown menu={{ items: more }} trigger={['click']}>
                <Button type="link" size="small" data-testid={`user-more-${row.userName}`}>
                  {t('sysCommon.more')} <DownOutlined />
                </Button>
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Row gutter={12} data-testid="user-page">
      <Col xs={24} md={7} lg={6} xl={5} style={{ marginBottom: 12 }}>
        <Card
          size="small"
          title={t('user.deptTree')}
          extra={
            <Space size={0}>
              {deptId && (
                <Button type="link" size="small" onClick={() => setDeptId(undefined)} data-testid="user-dept-all">
                  {t('user.allDepts')}
                </Button>
              )}
              <Tooltip title={t('table.refresh')}>
                <Button
                  type="text"
                  size="small"
                  icon={<ReloadOutlined />}
                  aria-label={t('table.refresh')}
                  onClick={() => void loadTree()}
                />
              </Tooltip>
            </Space>
          }
          data-testid="user-dept-tree"
        >
          <DeptTreePanel
            nodes={searchNodes}
            selectedKey={deptId ? String(deptId) : undefined}
            onSelect={(key) => setDeptId(key ? Number(key) : undefined)}
            emptyText={t('user.noDepts')}
          />
        </Card>
      </Col>
      <Col xs={24} md={17} lg={18} xl={19}>
        <div className="lx-page">
          <EmptyState description={deptId ? t('user.emptyInDept') : t('user.empty')}>
            <ProTable<SysUser>
              ref={table}
              url={userApi.listUrl}
              rowKey="userId"
              selectable
              extraParams={extraParams}
              testId="user-table"
              columns={columns}
              searchFields={[
                { type: 'input', name: 'userName', label: t('user.userName') },
                { type: 'input', name: 'phonenumber', label: t('user.phonenumber') },
                { type: 'select', name: 'status', label: t('sysCommon.status'), dictType: 'sys_normal_disable' },
                { type: 'dateRange', name: 'createTime', label: t('common.createTime') },
              ]}
              toolbar={({ keys, rows }) => (
                <>
                  <HasPermi value={['system:user:add', 'system:user:query']} mode="all">
                    <Button
                      type="primary"
                      ghost
                      icon={<PlusOutlined />}
                      onClick={() => setDialog({})}
                      data-testid="user-add"
                    >
                      {t('common.add')}
                    </Button>
                  </HasPermi>
                  <HasPermi value={['system:user:edit', 'system:user:query']} mode="all">
                    <Button
                      icon={<EditOutlined />}
                      disabled={!keys.length}
                      onClick={() => withOne(rows, (row) => setDialog({ userId: row.userId }))}
                      data-testid="user-edit"
                    >
                      {t('common.edit')}
                    </Button>
                  </HasPermi>
                  <HasPermi value={['system:user:remove']}>
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      disabled={!keys.length || keys.includes(selfId as Key)}
                      onClick={() => remove(rows.map((row) => ({ userId: row.userId!, userName: row.userName })))}
                      data-testid="user-remove"
                    >
                      {t('common.delete')}
                    </Button>
                  </HasPermi>
                  <HasPermi value={['system:user:import']}>
                    <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid="user-import">
                      {t('common.import')}
                    </Button>
                  </HasPermi>
                  <HasPermi value={['system:user:export']}>
                    <Button
                      icon={<DownloadOutlined />}
                      onClick={() =>
                        void download(userApi.exportUrl, {
                          params: exportParams(table.current?.getFilters(), extraParams),
                          fileName: `user_${Date.now()}.xlsx`,
                        })
                      }
                      data-testid="user-export"
                    >
                      {t('common.export')}
                    </Button>
                  </HasPermi>
                </>
              )}
            />
          </EmptyState>
        </div>
      </Col>
      <UserFormDialog
        open={!!dialog}
        userId={dialog?.userId}
        deptId={deptId}
        depts={deptOptions}
        onClose={closeDialog}
        onSaved={refresh}
      />
      <ResetPwdDialog user={resetting} onClose={() => setResetting(null)} />
      <UserImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={() => table.current?.reload()}
      />
    </Row>
  );
}
