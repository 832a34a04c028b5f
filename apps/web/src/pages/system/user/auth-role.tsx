import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import type { UserRow } from '@luxgrid/contracts/answers';
import { App, Button, Card, Descriptions, Result, Space, Table, Tag } from 'antd';
import { type Key, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { closeViews } from '../../../app/tags';
import { type RoleOption, userApi } from '../../../features/system/user-api';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { useDict } from '../../../shared/dict';
import { TableEmpty } from '../../../shared/table/EmptyState';

/** Assign roles to a user (/web/system/user-auth/role/{userId}, needs system:user:edit). */
export function AuthRolePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const { userId } = useParams();
  const statuses = useDict('sys_normal_disable');
  const [user, setUser] = useState<UserRow | null>(null);
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    setMissing(false);
    userApi
      .authRole(Number(userId))
      .then((res) => {
        if (!alive) return;
        setUser(res.user);
        setRoles(res.roles ?? []);
        setSelected((res.roles ?? []).filter((role) => role.flag).map((role) => role.roleId));
      })
      .catch(() => alive && setMissing(true))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [userId]);

  const back = () => {
    closeViews('current', location.pathname, location.pathname);
    navigate('/web/system/user');
  };

  const save = async () => {
    setSaving(true);
    try {
      await userApi.saveAuthRole(Number(userId), selected.map(Number));
      message.success(t('user.authRoleSaved'));
      back();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  if (missing)
    return (
      <div className="lx-page" data-testid="auth-role-page">
        <Result
          status="404"
          title={t('user.missing')}
          extra={
            <Button icon={<ArrowLeftOutlined />} onClick={back}>
              {t('sysCommon.back')}
            </Button>
          }
        />
      </div>
    );

  return (
    <div className="lx-page" data-testid="auth-role-page">
      <Card size="small" title={t('user.basicInfo')} style={{ marginBottom: 12 }} loading={loading && !user}>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label={t('user.nickName')}>{user?.nickName}</Descriptions.Item>
          <Descriptions.Item label={t('user.userName')}>{user?.userName}</Descriptions.Item>
          <Descriptions.Item label={t('user.dept')}>{user?.deptName || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('sysCommon.status')}>
            <DictTag options={statuses} value={user?.status} />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        size="small"
        title={
          <Space>
            {t('user.roleInfo')}
            <Tag>{t('user.selectedRoles', { count: selected.length })}</Tag>
          </Space>
        }
      >
        <TableEmpty description={t('user.noRoles')}>
          <Table<RoleOption>
            rowKey="roleId"
            size="middle"
            loading={loading}
            dataSource={roles}
            pagination={false}
            data-testid="auth-role-table"
            onRow={(row) => ({
              onClick: () => {
                if (row.status === '1' || row.grantable === false) return;
                setSelected((keys) =>
                  keys.includes(row.roleId) ? keys.filter((key) => key !== row.roleId) : [...keys, row.roleId],
                );
              },
            })}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys),
              getCheckboxProps: (row) => ({ disabled: row.status === '1' || row.grantable === false }),
            }}
            columns={[
              {
                key: 'index',
                title: t('common.index'),
                width: 70,
                render: (_: unknown, __: RoleOption, index: number) => index + 1,
              },
              { key: 'roleId', dataIndex: 'roleId', title: t('role.roleId'), width: 90 },
              { key: 'roleName', dataIndex: 'roleName', title: t('role.roleName') },
              { key: 'roleKey', dataIndex: 'roleKey', title: t('role.roleKey') },
              {
                key: 'status',
                dataIndex: 'status',
                title: t('sysCommon.status'),
                width: DATE_COLUMN_WIDTH,
                render: (value: string, row: RoleOption) => (
                  <Space size={4}>
                    <DictTag options={statuses} value={value} />
                    {row.grantable === false && <Tag>{t('user.notGrantable')}</Tag>}
                  </Space>
                ),
              },
            ]}
          />
        </TableEmpty>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Space>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              onClick={() => void save()}
              data-testid="auth-role-save"
            >
              {t('common.save')}
            </Button>
            <Button icon={<ArrowLeftOutlined />} onClick={back}>
              {t('sysCommon.back')}
            </Button>
          </Space>
        </div>
      </Card>
    </div>
  );
}
