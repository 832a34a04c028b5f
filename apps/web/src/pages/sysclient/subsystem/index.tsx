import { DeleteOutlined, EditOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { type Key, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../../app/layout/icons';
import { subsystemApi } from '../../../features/tenant/api';
import type { SubsystemRow } from '../../../features/tenant/types';
import { HasPermi, useHasPermi } from '../../../shared/perms';
import { column, textColumn } from '../../../shared/table/columns';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { SubsystemDialog } from './components/SubsystemDialog';

/** Sub-systems and linked systems (sysclient/subsystem): id, encode, url, enabled. */
export function SubsystemPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const [editing, setEditing] = useState<SubsystemRow | 'new' | null>(null);
  const canEdit = useHasPermi(['sysclient:system:edit']);
  const label = (key: string) => t(`subsystemMgmt.fields.${key}`);

  const openEdit = async (id: number) => {
    const { data } = await subsystemApi.get(id);
    setEditing(data);
  };

  const remove = (keys: Key[], rows: SubsystemRow[]) => {
    const builtin = rows.find((row) => row.builtin);
    if (builtin) {
      message.warning(t('subsystemMgmt.builtinDelete', { encode: builtin.encode }));
      return;
    }
    modal.confirm({
      title: t('common.hint'),
      content: t('subsystemMgmt.deleteConfirm', { names: rows.map((row) => row.name).join(', ') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await subsystemApi.remove(keys as number[]);
        message.success(t('common.deleteSuccess'));
        table.current?.refresh();
        table.current?.clearSelection();
      },
    });
  };

  const changeStatus = (row: SubsystemRow, enabled: boolean) => {
    modal.confirm({
      title: t('common.hint'),
      content: enabled
        ? t('subsystemMgmt.enableConfirm', { name: row.name })
        : t('subsystemMgmt.disableConfirm', { name: row.name }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await subsystemApi.changeStatus(row.systemId, enabled ? '0' : '1');
        message.success(enabled ? t('tenantShared.enabledDone') : t('tenantShared.disabledDone'));
        table.current?.refresh();
      },
    });
  };

  const columns: ProColumn<SubsystemRow>[] = [
    column('systemId', label('systemId'), { width: 90, sortField: 'systemId' }),
    {
      key: 'name',
      dataIndex: 'name',
      title: label('name'),
      sortField: 'name',
      render: (value: string, row: SubsystemRow) => (
        <Space>
          <span style={{ fontSize: 16 }}>{menuIcon(row.icon) ?? menuIcon('build')}</span>
          <span>
            {value}
            {row.builtin && (
              <Tag color="purple" style={{ marginLeft: 6 }}>
                {t('subsystemMgmt.builtin')}
              </Tag>
            )}
          </span>
        </Space>
      ),
    },
    {
      key: 'encode',
      dataIndex: 'encode',
      title: label('encode'),
      width: 140,
      sortField: 'encode',
      render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
    },
    textColumn('nameEn', label('nameEn'), { defaultHidden: true }),
    {
      key: 'url',
      dataIndex: 'url',
      title: label('url'),
      ellipsis: true,
      render: (value: string | null) =>
        value ? (
          <Typography.Link href={value} target="_blank" rel="noreferrer">
            <LinkOutlined /> {value}
          </Typography.Link>
        ) : (
          <Typography.Text type="secondary">{t('subsystemMgmt.servedHere')}</Typography.Text>
        ),
    },
    {
      key: 'available',
      dataIndex: 'available',
      title: label('available'),
      width: 130,
      render: (value: boolean) =>
        value ? (
          <Tag color="success">{t('subsystemMgmt.available')}</Tag>
        ) : (
          <Tag data-testid="subsystem-not-available">{t('subsystemMgmt.notAvailable')}</Tag>
        ),
    },
    column('orderNum', label('orderNum'), { width: 90, sortField: 'orderNum' }),
    {
      key: 'status',
      dataIndex: 'status',
      title: label('status'),
      width: 100,
      sortField: 'status',
      render: (value: string, row: SubsystemRow) => (
        <Switch
          size="small"
          checked={value === '0'}
          disabled={!canEdit}
          onChange={(checked) => changeStatus(row, checked)}
          aria-label={t('subsystemMgmt.statusSwitch', { name: row.name })}
        />
      ),
    },
    textColumn('remark', t('common.remark'), { defaultHidden: true }),
    {
      key: 'actions',
      title: t('common.actions'),
      width: 150,
      fixed: 'right',
      render: (_: unknown, row: SubsystemRow) => (
        <>
          <HasPermi value={['sysclient:system:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void openEdit(row.systemId)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['sysclient:system:remove']}>
            <Tooltip title={row.builtin ? t('subsystemMgmt.builtinDelete', { encode: row.encode }) : undefined}>
              <Button
                type="link"
                size="small"
                danger
                disabled={row.builtin}
                icon={<DeleteOutlined />}
                onClick={() => remove([row.systemId], [row])}
              >
                {t('common.delete')}
              </Button>
            </Tooltip>
          </HasPermi>
        </>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="subsystem-page">
      <ProTable<SubsystemRow>
        ref={table}
        url={subsystemApi.listUrl}
        rowKey="systemId"
        selectable
        testId="subsystem-table"
        columns={columns}
        searchFields={[
          { type: 'input', name: 'name', label: label('name') },
          { type: 'input', name: 'encode', label: label('encode') },
          { type: 'select', name: 'status', label: label('status'), dictType: 'sys_normal_disable' },
        ]}
        toolbar={({ keys, rows }) => (
          <>
            <HasPermi value={['sysclient:system:add']}>
              <Button
                type="primary"
                ghost
                icon={<PlusOutlined />}
                onClick={() => setEditing('new')}
                data-testid="subsystem-add"
              >
                {t('common.add')}
              </Button>
            </HasPermi>
            <HasPermi value={['sysclient:system:edit']}>
              <Button
                icon={<EditOutlined />}
                disabled={keys.length !== 1}
                onClick={() => void openEdit(Number(keys[0]))}
                data-testid="subsystem-edit"
              >
                {t('common.edit')}
              </Button>
            </HasPermi>
            <HasPermi value={['sysclient:system:remove']}>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={!keys.length}
                onClick={() => remove(keys, rows)}
                data-testid="subsystem-remove"
              >
                {t('common.delete')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <SubsystemDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          table.current?.refresh();
        }}
      />
    </div>
  );
}
