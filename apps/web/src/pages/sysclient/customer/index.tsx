import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Space, Switch, Typography } from 'antd';
import { type Key, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerApi } from '../../../features/tenant/api';
import { ValidityTag } from '../../../features/tenant/components/StateTag';
import { refreshCustomers } from '../../../features/tenant/session-sync';
import type { CustomerDetail, CustomerRow } from '../../../features/tenant/types';
import { daysLeft } from '../../../features/tenant/validity';
import { download } from '../../../shared/download';
import { HasPermi, useHasPermi } from '../../../shared/perms';
import { column, textColumn, timeColumn } from '../../../shared/table/columns';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { CustomerDetailDrawer } from './components/CustomerDetailDrawer';
import { CustomerDialog } from './components/CustomerDialog';

/** Customers (sysclient/customer): tenants with their main account, validity, subscriptions, systems and menus. */
export function CustomerPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const [editing, setEditing] = useState<CustomerDetail | 'new' | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const canChangeStatus = useHasPermi(['sysclient:customer:changeStatus']);
  const label = (key: string) => t(`customerMgmt.fields.${key}`);

  const openEdit = async (id: number) => {
    const { data } = await customerApi.get(id);
    setEditing(data);
  };

  const remove = (rows: { keys: Key[]; names: string[] }) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('customerMgmt.deleteConfirm', { names: rows.names.join(', ') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await customerApi.remove(rows.keys as number[]);
        message.success(t('common.deleteSuccess'));
        table.current?.refresh();
        table.current?.clearSelection();
        void refreshCustomers();
      },
    });
  };

  const changeStatus = (row: CustomerRow, enabled: boolean) => {
    const status = enabled ? '0' : '1';
    modal.confirm({
      title: t('common.hint'),
      content: enabled
        ? t('customerMgmt.enableConfirm', { name: row.name })
        : t('customerMgmt.disableConfirm', { name: row.name }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await customerApi.changeStatus(row.clientId, status);
        message.success(enabled ? t('tenantShared.enabledDone') : t('tenantShared.disabledDone'));
        table.current?.refresh();
        void refreshCustomers();
      },
    });
  };

  const closeDetail = useCallback(() => setViewing(null), []);

  const columns: ProColumn<CustomerRow>[] = [
    column('clientId', label('id'), { width: 90, sortField: 'clientId' }),
    {
      key: 'name',
      dataIndex: 'name',
      title: label('name'),
      sortField: 'name',
      render: (_: unknown, row: CustomerRow) => (
        <Space>
          <Avatar shape="square" size="small" src={row.logo || undefined}>
            {row.name.slice(0, 1)}
          </Avatar>
          <span>
            <Typography.Link onClick={() => setViewing(row.clientId)}>{row.name}</Typography.Link>
            {row.shortName && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {row.shortName}
              </Typography.Text>
            )}
          </span>
        </Space>
      ),
    },
    column('code', label('code'), { sortField: 'code', width: 120 }),
    {
      key: 'validity',
      title: label('validity'),
      width: 230,
      sortField: 'validTo',
      render: (_: unknown, row: CustomerRow) => (
        <div>
          <ValidityTag state={row.validState} daysLeft={daysLeft(row.validTo)} />
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {(row.validFrom ?? '…').slice(0, 10)} → {(row.validTo ?? '…').slice(0, 10)}
          </Typography.Text>
        </div>
      ),
    },
    column('contacts', label('contacts'), { width: 110 }),
    column('phone', label('phone'), { width: 130, defaultHidden: true }),
    column('mainAccount', label('mainAccount'), { width: 120 }),
    {
      key: 'packageName',
      dataIndex: 'packageName',
      title: label('package'),
      ellipsis: true,
      render: (value: string | null) =>
        value ?? <Typography.Text type="secondary">{t('customerMgmt.noPackage')}</Typography.Text>,
    },
    column('projectCount', label('projects'), { width: 90, align: 'right' }),
    column('userCount', label('users'), { width: 90, align: 'right', defaultHidden: true }),
    {
      key: 'platformName',
      dataIndex: 'platformName',
      title: label('platformName'),
      ellipsis: true,
      defaultHidden: true,
    },
    textColumn('address', label('address'), { defaultHidden: true }),
    {
      key: 'status',
      dataIndex: 'status',
      title: label('status'),
      width: 90,
      render: (value: string, row: CustomerRow) => (
        <Switch
          size="small"
          checked={value === '0'}
          disabled={!canChangeStatus}
          onChange={(checked) => changeStatus(row, checked)}
          aria-label={t('customerMgmt.statusSwitch', { name: row.name })}
        />
      ),
    },
    timeColumn('createTime', t('common.createTime'), { sortField: 'createTime' }),
    {
      key: 'actions',
      title: t('common.actions'),
      width: 210,
      fixed: 'right',
      render: (_: unknown, row: CustomerRow) => (
        <>
          <HasPermi value={['sysclient:customer:query']}>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(row.clientId)}>
              {t('tenantShared.view')}
            </Button>
          </HasPermi>
          <HasPermi value={['sysclient:customer:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void openEdit(row.clientId)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['sysclient:customer:remove']}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove({ keys: [row.clientId], names: [row.name] })}
            >
              {t('common.delete')}
            </Button>
          </HasPermi>
        </>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="customer-page">
      <ProTable<CustomerRow>
        ref={table}
        url={customerApi.listUrl}
        rowKey="clientId"
        selectable
        testId="customer-table"
        columns={columns}
        searchFields={[
          { type: 'input', name: 'name', label: label('name') },
          { type: 'input', name: 'code', label: label('code') },
          { type: 'select', name: 'validState', label: label('validity'), dictType: 'customer_validity' },
          { type: 'select', name: 'status', label: label('status'), dictType: 'sys_normal_disable' },
          { type: 'dateRange', name: 'createTime', label: t('common.createTime') },
        ]}
        toolbar={({ keys, rows }) => (
          <>
            <HasPermi value={['sysclient:customer:add']}>
              <Button
                type="primary"
                ghost
                icon={<PlusOutlined />}
                onClick={() => setEditing('new')}
                data-testid="customer-add"
              >
                {t('common.add')}
              </Button>
            </HasPermi>
            <HasPermi value={['sysclient:customer:edit']}>
              <Button
                icon={<EditOutlined />}
                disabled={keys.length !== 1}
                onClick={() => void openEdit(Number(keys[0]))}
                data-testid="customer-edit"
              >
                {t('common.edit')}
              </Button>
            </HasPermi>
            <HasPermi value={['sysclient:customer:remove']}>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={!keys.length}
                onClick={() => remove({ keys, names: rows.map((row) => row.name) })}
                data-testid="customer-remove"
              >
                {t('common.delete')}
              </Button>
            </HasPermi>
            <HasPermi value={['sysclient:customer:export']}>
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  void download(customerApi.exportUrl, {
                    params: table.current?.getFilters() ?? {},
                    fileName: `customers_${Date.now()}.xlsx`,
                  })
                }
                data-testid="customer-export"
              >
                {t('common.export')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <CustomerDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          table.current?.refresh();
          void refreshCustomers();
        }}
      />
      <CustomerDetailDrawer clientId={viewing} onClose={closeDetail} onChanged={() => table.current?.refresh()} />
    </div>
  );
}
