import { PlusOutlined } from '@ant-design/icons';
import type { AssetCategoryRow } from '@luxgrid/contracts/gis';
import { Button, Form, Input, InputNumber, Select, Space, type TableColumnType, TreeSelect } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CategoryForm, categoryApi } from '../../../features/gis/api';
import { kindOptions } from '../../../features/gis/kinds';
import { categoryTree } from '../../../features/gis/pickers';
import { HasPermi } from '../../../shared/perms';
import { actionsColumn, column, textColumn, timeColumn } from '../../../shared/table/columns';
import { EditDialog, RowActions, useConfirmRemove, useEditDialog } from '../../../shared/table/crud';
import type { ProTableRef } from '../../../shared/table/ProTable';
import { TreeTable, type TreeTableRef } from '../../../shared/table/TreeTable';
import type { Nested } from '../../../shared/table/tree';

type Row = Nested<AssetCategoryRow>;
const PERM = 'gis:category';

/** Asset categories (gis/category): the customer's tree of what it owns, each with its asset type. */
export function GisCategoryPage() {
  const { t } = useTranslation();
  const tree = useRef<TreeTableRef>(null);
  const noTable = useRef<ProTableRef>(null);
  const [all, setAll] = useState<AssetCategoryRow[]>([]);
  const reload = () => void tree.current?.reload();
  const edit = useEditDialog<CategoryForm>({ api: categoryApi, idKey: 'categoryId', table: noTable, onSaved: reload });
  const remove = useConfirmRemove(
    categoryApi.remove,
    (names) => t('gisCategory.deleteConfirm', { names }),
    null,
    reload,
  );
  const open = (row?: Partial<CategoryForm>) =>
    edit.open({ parentId: 0, name: '', assetKind: 'POLE', orderNum: 0, remark: '', ...row });

  const parents = [{ value: 0, title: t('gisCategory.top'), children: categoryTree(all, edit.editing?.categoryId) }];

  const columns: TableColumnType<Row>[] = [
    textColumn<Row>('name', t('gisCategory.name'), { width: 240 }),
    column<Row>('assetKind', t('gisCategory.kind'), {
      width: 120,
      render: (value: string) => t(`gisKind.${value}`),
    }),
    column<Row>('assetCount', t('gisCategory.assetCount'), { width: 100 }),
    column<Row>('orderNum', t('gisCategory.orderNum'), { width: 80 }),
    textColumn<Row>('remark', t('common.remark')),
    timeColumn<Row>('createTime', t('common.createTime')),
    actionsColumn<Row>(t('common.actions'), 240, (row) => (
      <Space size={0}>
        <RowActions perm={PERM} onEdit={() => open(row)} onRemove={() => remove([row.categoryId], row.name)} />
        <HasPermi value={[`${PERM}:add`]}>
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => open({ parentId: row.categoryId, assetKind: row.assetKind as CategoryForm['assetKind'] })}
          >
            {t('common.add')}
          </Button>
        </HasPermi>
      </Space>
    )),
  ];

  return (
    <div className="lx-page" data-testid="gis-category-page">
      <TreeTable<AssetCategoryRow>
        ref={tree}
        testId="gis-category"
        rowKey="categoryId"
        load={async (filters) => {
          const rows = (await categoryApi.list(filters)).rows ?? [];
          setAll(rows);
          return rows;
        }}
        idOf={(row) => row.categoryId}
        parentOf={(row) => row.parentId}
        expand="all"
        columns={columns}
        empty={t('gisCategory.empty')}
        searchFields={[
          { type: 'input', name: 'name', label: t('gisCategory.name') },
          { type: 'select', name: 'assetKind', label: t('gisCategory.kind'), options: kindOptions(t), width: 160 },
        ]}
        toolbar={
          <HasPermi value={[`${PERM}:add`]}>
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => open()} data-testid="gis-category-add">
              {t('common.add')}
            </Button>
          </HasPermi>
        }
      />
      <EditDialog<CategoryForm>
        edit={edit}
        addTitle={t('gisCategory.addTitle')}
        editTitle={t('gisCategory.editTitle')}
        width={520}
        labelWidth={100}
        testId="gis-category-dialog"
      >
        <Form.Item name="parentId" label={t('gisCategory.parent')}>
          <TreeSelect treeData={parents} treeDefaultExpandAll />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('gisCategory.name')}
          rules={[{ required: true, whitespace: true, message: t('gisCategory.nameRequired') }]}
        >
          <Input maxLength={40} data-testid="gis-category-name" />
        </Form.Item>
        <Form.Item name="assetKind" label={t('gisCategory.kind')} rules={[{ required: true }]}>
          <Select options={kindOptions(t)} />
        </Form.Item>
        <Form.Item name="orderNum" label={t('gisCategory.orderNum')}>
          <InputNumber min={0} max={99999} />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </EditDialog>
    </div>
  );
}
