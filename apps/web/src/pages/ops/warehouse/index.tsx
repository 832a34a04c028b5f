import type { WarehouseRow } from '@luxgrid/contracts/warehouse';
import { Form, Input, Select } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../app/session';
import { type WarehouseForm, warehouseApi } from '../../../features/warehouse/api';
import { useStore } from '../../../shared/store';
import { actionsColumn, dictColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import { AddRemoveButtons, EditDialog, RowActions, useConfirmRemove, useEditDialog } from '../../../shared/table/crud';
import { RemarkField, StatusField } from '../../../shared/table/fields';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const PERM = 'ops:warehouse';
const EMPTY: WarehouseForm = {
  code: '',
  name: '',
  projectId: null,
  keeper: '',
  phone: '',
  address: '',
  status: '0',
  remark: '',
};

/** Warehouses (ops/warehouse): where a customer keeps its spare parts, for one project or for all. */
export function WarehousePage() {
  const { t } = useTranslation();
  const table = useRef<ProTableRef>(null);
  const projects = useStore(session, (state) => state.projects);
  const edit = useEditDialog<WarehouseForm>({ api: warehouseApi, idKey: 'warehouseId', table, warnIncomplete: true });
  const remove = useConfirmRemove(warehouseApi.remove, (names) => t('whWarehouse.deleteConfirm', { names }), table);
  const removeRows = (rows: WarehouseRow[]) =>
    remove(
      rows.map((row) => row.warehouseId),
      rows.map((row) => row.name).join(', '),
    );

  const columns: ProColumn<WarehouseRow>[] = [
    textColumn('code', t('whWarehouse.code'), { sortField: 'code', width: 130 }),
    textColumn('name', t('whWarehouse.name'), { sortField: 'name' }),
    {
      key: 'projectName',
      dataIndex: 'projectName',
      title: t('whWarehouse.project'),
      render: (value: string | null) => value ?? t('whWarehouse.allProjects'),
    },
    textColumn('keeper', t('whWarehouse.keeper'), { width: 110 }),
    textColumn('phone', t('whWarehouse.phone'), { width: 130 }),
    textColumn('address', t('whWarehouse.address')),
    dictColumn('status', t('sysCommon.status'), 'sys_normal_disable'),
    timeColumn('createTime', t('common.createTime'), { defaultHidden: true }),
    actionsColumn(t('common.actions'), 160, (row) => (
      <RowActions perm={PERM} onEdit={() => edit.open(row)} onRemove={() => removeRows([row])} />
    )),
  ];

  return (
    <div className="lx-page" data-testid="warehouse-page">
      <ProTable<WarehouseRow>
        ref={table}
        url={warehouseApi.listUrl}
        rowKey="warehouseId"
        selectable
        testId="warehouse-table"
        empty={t('whWarehouse.empty')}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'name', label: t('whWarehouse.keyword') },
          { type: 'select', name: 'status', label: t('sysCommon.status'), dictType: 'sys_normal_disable' },
        ]}
        toolbar={({ rows }) => (
          <AddRemoveButtons
            perm={PERM}
            testId="warehouse"
            onAdd={() => edit.open({ ...EMPTY })}
            selected={rows.length}
            onRemove={() => removeRows(rows)}
          />
        )}
      />
      <EditDialog<WarehouseForm>
        edit={edit}
        addTitle={t('whWarehouse.addTitle')}
        editTitle={t('whWarehouse.editTitle')}
        width={560}
        labelWidth={100}
        testId="warehouse-dialog"
      >
        <Form.Item
          name="code"
          label={t('whWarehouse.code')}
          rules={[{ required: true, whitespace: true, message: t('whWarehouse.codeRequired') }]}
        >
          <Input maxLength={32} data-testid="warehouse-code" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('whWarehouse.name')}
          rules={[{ required: true, whitespace: true, message: t('whWarehouse.nameRequired') }]}
        >
          <Input maxLength={40} data-testid="warehouse-name" />
        </Form.Item>
        <Form.Item name="projectId" label={t('whWarehouse.project')}>
          <Select
            allowClear
            placeholder={t('whWarehouse.allProjects')}
            options={projects.map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="keeper" label={t('whWarehouse.keeper')}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="phone" label={t('whWarehouse.phone')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="address" label={t('whWarehouse.address')}>
          <Input maxLength={200} />
        </Form.Item>
        <StatusField />
        <RemarkField />
      </EditDialog>
    </div>
  );
}
