import { ArrowLeftOutlined, CloseCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { UserRow } from '@luxgrid/contracts/answers';
import { App, Button, Descriptions, Result } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { closeViews } from '../../../app/tags';
import { roleApi, type SysRole } from '../../../features/system/role-api';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { formatDateTime } from '../../../shared/date';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { SelectUserDialog } from './components/SelectUserDialog';

/** Users holding a role (/web/system/role-auth/user/{roleId}, needs system:role:edit): add and take away. */
export function AuthUserPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const roleId = Number(useParams().roleId);
  const statuses = useDict('sys_normal_disable');
  const table = useRef<ProTableRef>(null);
  const [role, setRole] = useState<SysRole | null>(null);
  const [selectOpen, setSelectOpen] = useState(false);
  const [missing, setMissing] = useState(false);
  const params = useMemo(() => ({ roleId }), [roleId]);

  useEffect(() => {
    setMissing(false);
    roleApi
      .get(roleId)
      .then((res) => setRole(res.data))
      .catch(() => {
        setRole(null);
        setMissing(true);
      });
  }, [roleId]);

  const cancel = (users: UserRow[]) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('role.cancelConfirm', { names: users.map((user) => user.userName).join(', ') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (users.length === 1) await roleApi.cancelUser(roleId, users[0].userId!);
        else
          await roleApi.cancelUsers(
            roleId,
            users.map((user) => user.userId!),
          );
        message.success(t('role.cancelled'));
        table.current?.clearSelection();
        table.current?.refresh();
      },
    });
  };

  const back = () => {
    closeViews('current', location.pathname, location.pathname);
    navigate('/web/system/role');
  };

  if (missing)
    return (
      <div className="lx-page" data-testid="auth-user-page">
        <Result
          status="404"
          title={t('role.missing')}
          extra={
            <Button icon={<ArrowLeftOutlined />} onClick={back}>
              {t('sysCommon.back')}
            </Button>
          }
        />
      </div>
    );

  return (
    <div className="lx-page" data-testid="auth-user-page">
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('role.roleName')}>{role?.roleName}</Descriptions.Item>
        <Descriptions.Item label={t('role.roleKey')}>{role?.roleKey}</Descriptions.Item>
        <Descriptions.Item label={t('sysCommon.status')}>
          <DictTag options={statuses} value={role?.status} />
        </Descriptions.Item>
      </Descriptions>
      <ProTable<UserRow>
        empty={t('role.noUsers')}
        ref={table}
        url={roleApi.allocatedUrl}
        rowKey="userId"
        extraParams={params}
        selectable
        testId="allocated-table"
        searchFields={[
          { type: 'input', name: 'userName', label: t('user.userName') },
          { type: 'input', name: 'phonenumber', label: t('user.phonenumber') },
        ]}
        toolbar={({ rows }) => (
          <>
            <HasPermi value={['system:role:edit']}>
              <Button
                type="primary"
                ghost
                icon={<PlusOutlined />}
                onClick={() => setSelectOpen(true)}
                data-testid="auth-user-add"
              >
                {t('role.addUsers')}
              </Button>
            </HasPermi>
            <HasPermi value={['system:role:edit']}>
              <Button
                danger
                icon={<CloseCircleOutlined />}
                disabled={!rows.length}
                onClick={() => cancel(rows)}
                data-testid="auth-user-cancel-all"
              >
                {t('role.cancelAll')}
              </Button>
            </HasPermi>
            <Button icon={<ArrowLeftOutlined />} onClick={back}>
              {t('sysCommon.back')}
            </Button>
          </>
        )}
        columns={[
          {
            key: 'userName',
            dataIndex: 'userName',
            title: t('user.userName'),
            ellipsis: true,
            sortField: 'userName',
          },
          {
            key: 'nickName',
            dataIndex: 'nickName',
            title: t('user.nickName'),
            ellipsis: true,
            sortField: 'nickName',
          },
          { key: 'deptName', dataIndex: 'deptName', title: t('user.dept'), ellipsis: true },
          { key: 'email', dataIndex: 'email', title: t('user.email'), ellipsis: true },
          { key: 'phonenumber', dataIndex: 'phonenumber', title: t('user.phonenumber'), width: 130 },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('sysCommon.status'),
            width: 90,
            render: (value: string) => <DictTag options={statuses} value={value} />,
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
            width: 140,
            fixed: 'right',
            render: (_: unknown, row: UserRow) => (
              <HasPermi value={['system:role:edit']}>
                <Button type="link" size="small" danger icon={<CloseCircleOutlined />} onClick={() => cancel([row])}>
                  {t('role.cancelAuth')}
                </Button>
              </HasPermi>
            ),
          },
        ]}
      />
      <SelectUserDialog
        roleId={roleId}
        open={selectOpen}
        onClose={() => setSelectOpen(false)}
        onGranted={() => table.current?.reload()}
      />
    </div>
  );
}
