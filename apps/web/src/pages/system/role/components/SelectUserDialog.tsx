import type { UserRow } from '@luxgrid/contracts/answers';
import { App } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleApi } from '../../../../features/system/role-api';
import { DATE_COLUMN_WIDTH } from '../../../../shared/constants';
import { DictTag } from '../../../../shared/DictTag';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { formatDateTime } from '../../../../shared/date';
import { useDict } from '../../../../shared/dict';
import { ProTable } from '../../../../shared/table/ProTable';

/** Users who do not hold the role yet, to give it to (several at once). */
export function SelectUserDialog({
  roleId,
  open,
  onClose,
  onGranted,
}: {
  roleId: number;
  open: boolean;
  onClose: () => void;
  onGranted: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const [selected, setSelected] = useState<Key[]>([]);
  const [saving, setSaving] = useState(false);
  const params = useMemo(() => ({ roleId }), [roleId]);

  const submit = async () => {
    if (!selected.length) {
      message.warning(t('role.chooseUsers'));
      return;
    }
    setSaving(true);
    try {
      await roleApi.grantUsers(roleId, selected.map(Number));
      message.success(t('role.usersGranted', { count: selected.length }));
      setSelected([]);
      onGranted();
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <DraggableDialog
      open={open}
      title={t('role.selectUsers')}
      width={1000}
      onCancel={() => {
        setSelected([]);
        onClose();
      }}
      onOk={() => void submit()}
      confirmLoading={saving}
      testId="select-user-dialog"
    >
      <ProTable<UserRow>
        empty={t('role.noMoreUsers')}
        url={roleApi.unallocatedUrl}
        rowKey="userId"
        extraParams={params}
        selectable
        onSelectionChange={(keys) => setSelected(keys)}
        scrollY={400}
        testId="unallocated-table"
        searchFields={[
          { type: 'input', name: 'userName', label: t('user.userName') },
          { type: 'input', name: 'phonenumber', label: t('user.phonenumber') },
        ]}
        columns={[
          {
            key: 'userName',
            dataIndex: 'userName',
            title: t('user.userName'),
            ellipsis: true,
            sortField: 'userName',
          },
          { key: 'nickName', dataIndex: 'nickName', title: t('user.nickName'), ellipsis: true },
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
            render: (value: string) => formatDateTime(value),
          },
        ]}
      />
    </DraggableDialog>
  );
}
