import { LinkOutlined } from '@ant-design/icons';
import { App, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../../app/layout/icons';
import { subsystemApi } from '../../../features/tenant/api';
import type { SubsystemRow } from '../../../features/tenant/types';
import { useHasPermi } from '../../../shared/perms';
import { actionsColumn, column, idColumn, statusSwitchColumn, textColumn } from '../../../shared/table/columns';
import { AddRemoveButtons, RowActions, useConfirmRemove } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { SubsystemDialog } from './components/SubsystemDialog';

const PERM = 'sysclient:system';

/** Sub-systems and linked systems (sysclient/subsystem): id, encode, url, enabled. */
export function SubsystemPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const [editing, setEditing] = useState<SubsystemRow | 'new' | null>(null);
  const canEdit = useHasPermi([`${PERM}:edit`]);
  const label = (key: string) => t(`subsystemMgmt.fields.${key}`);
  const builtinDelete = (row: SubsystemRow) => t('subsystemMgmt.builtinDelete', { encode: row.encode });

  const openEdit = async (id: number) => {
    const { data } = await subsystemApi.get(id);
    setEditing(data);
  };
  const remove = useConfirmRemove(subsystemApi.remove, (names) => t('subsystemMgmt.deleteConfirm', { names }), table);
  /** the built-in subsystems stay: the platform's own screens live in them */
  const removeRows = (rows: SubsystemRow[]) => {
    const builtin = rows.find((row) => row.builtin);
    if (builtin) message.warning(builtinDelete(builtin));
    else
      remove(
        rows.map((row) => row.systemId),
        rows.map((row) => row.name).join(', '),
      );
  };

  const columns: ProColumn<SubsystemRow>[] = [
    idColumn('systemId', label('systemId')),
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
    statusSwitchColumn(
      label('status'),
      {
        name: (row) => row.name,
        change: (row, next) => subsystemApi.changeStatus(row.systemId, next).then(() => table.current?.refresh()),
        canChange: () => canEdit,
        confirmText: (row, enable) =>
          t(enable ? 'subsystemMgmt.enableConfirm' : 'subsystemMgmt.disableConfirm', { name: row.name }),
        ariaLabel: (row) => t('subsystemMgmt.statusSwitch', { name: row.name }),
      },
      { width: 100, sortField: 'status' },
    ),
    textColumn('remark', t('common.remark'), { defaultHidden: true }),
    actionsColumn(t('common.actions'), 150, (row) => (
      <RowActions
        perm={PERM}
        onEdit={() => void openEdit(row.systemId)}
        onRemove={() => removeRows([row])}
        removeBlocked={row.builtin ? builtinDelete(row) : undefined}
      />
    )),
  ];

  return (
    <div className="lx-page" data-testid="subsystem-page">
      <ProTable<SubsystemRow>
        ref={table}
        url={subsystemApi.listUrl}
        rowKey="systemId"
        selectable
        testId="subsystem-table"
        empty={t('subsystemMgmt.empty')}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'name', label: label('name') },
          { type: 'input', name: 'encode', label: label('encode') },
          { type: 'select', name: 'status', label: label('status'), dictType: 'sys_normal_disable' },
        ]}
        toolbar={({ rows }) => (
          <AddRemoveButtons
            perm={PERM}
            testId="subsystem"
            onAdd={() => setEditing('new')}
            onEdit={() => void openEdit(rows[0].systemId)}
            selected={rows.length}
            onRemove={() => removeRows(rows)}
          />
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
