import {
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  KeyOutlined,
  PlusOutlined,
  ReloadOutlined,
  UploadOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { UserRow } from '@luxgrid/contracts/answers';
import { App, Button, Card, Col, Dropdown, type MenuProps, Row, Space, Tooltip } from 'antd';
import { type Key, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { session } from '../../../app/session';
import { type KeyedNode, type ServerTreeNode, toKeyedNodes, toSearchNodes } from '../../../features/system/tree';
import { userApi } from '../../../features/system/user-api';
import { HasPermi, useHasPermi } from '../../../shared/perms';
import { useStore } from '../../../shared/store';
import { column, idColumn, statusSwitchColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import { ExportButton, useConfirmRemove } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { DeptTreePanel } from './components/DeptTreePanel';
import { ResetPwdDialog } from './components/ResetPwdDialog';
import { UserFormDialog } from './components/UserFormDialog';
import { UserImportDialog } from './components/UserImportDialog';

/** Users (system/user): department tree on the left filtering the list; add, edit, reset, status, roles, import, export. */
export function UserPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const table = useRef<ProTableRef>(null);
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

  const remove = useConfirmRemove(userApi.remove, (names) => t('user.deleteConfirm', { names }), table);
  const removeRows = (rows: UserRow[]) =>
    remove(
      rows.map((row) => row.userId!),
      rows.map((row) => row.userName).join(', '),
    );

  /** Spec §5: actions on one user refuse a selection of several ('Can only select 1 user!'). */
  const withOne = (rows: UserRow[], run: (row: UserRow) => void) => {
    if (rows.length !== 1) {
      message.warning(t('validation.selectOneUser'));
      return;
    }
    run(rows[0]);
  };

  const moreItems = (row: UserRow): MenuProps['items'] =>
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

  const columns: ProColumn<UserRow>[] = [
    idColumn('userId', t('user.userId'), { width: 100 }),
    textColumn('userName', t('user.userName'), { sortField: 'userName' }),
    textColumn('nickName', t('user.nickName'), { sortField: 'nickName' }),
    textColumn('deptName', t('user.dept')),
    column('phonenumber', t('user.phonenumber'), { width: 130 }),
    textColumn('email', t('user.email'), { defaultHidden: true }),
    statusSwitchColumn(t('sysCommon.status'), {
      name: (row) => row.userName,
      change: (row, next) => userApi.changeStatus(row.userId!, next),
      canChange: (row) => canEdit && row.userId !== selfId,
      testId: (row) => `user-status-${row.userName}`,
    }),
    timeColumn('loginDate', t('user.loginDate'), { defaultHidden: true, sortField: 'loginDate' }),
    timeColumn('createTime', t('common.createTime'), { sortField: 'createTime' }),
    {
      key: 'actions',
      title: t('common.actions'),
      width: 150,
      fixed: 'right',
      render: (_: unknown, row: UserRow) => {
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
                    onClick={() => removeRows([row])}
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
          <ProTable<UserRow>
            empty={deptId ? t('user.emptyInDept') : t('user.empty')}
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
                    onClick={() => removeRows(rows)}
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
                <ExportButton
                  perm="system:user"
                  url={userApi.exportUrl}
                  table={table}
                  params={extraParams}
                  fileName="user"
                  testId="user-export"
                />
              </>
            )}
          />
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
