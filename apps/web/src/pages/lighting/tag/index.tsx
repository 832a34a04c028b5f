import type { TagRow } from '@luxgrid/contracts/answers';
import { ColorPicker, Form, Input, Tag } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { tagApi } from '../../../features/lighting/api';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import type { TagForm } from '../../../features/lighting/types';
import { column, textColumn, timeColumn } from '../../../shared/table/columns';
import { AddRemoveButtons, EditDialog, RowActions, useConfirmRemove, useEditDialog } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const PRESETS = ['#1677ff', '#52c41a', '#faad14', '#ff4d4f', '#722ed1', '#13c2c2', '#eb2f96', '#8c8c8c'];

function TagPageBody() {
  const { t } = useTranslation();
  const projectId = useProjectId()!;
  const table = useRef<ProTableRef>(null);
  const extraParams = useMemo(() => ({ projectId }), [projectId]);
  const edit = useEditDialog<TagForm>({
    api: tagApi,
    idKey: 'tagId',
    table,
    toBody: (merged) => ({ ...merged, projectId }),
  });
  const remove = useConfirmRemove(tagApi.remove, (names) => t('ltTag.deleteConfirm', { names }), table);
  const open = (row?: TagRow) => edit.open(row ?? { projectId, name: '', color: PRESETS[0], remark: '' });

  const columns: ProColumn<TagRow>[] = [
    column('tagId', t('ltTag.id'), { width: 90, sortField: 'tagId' }),
    {
      key: 'name',
      dataIndex: 'name',
      title: t('ltTag.name'),
      sortField: 'name',
      render: (value: string, row) => <Tag color={row.color || undefined}>{value}</Tag>,
    },
    column('deviceCount', t('ltTag.deviceCount'), { width: 120 }),
    textColumn('remark', t('common.remark')),
    timeColumn('createTime', t('common.createTime')),
    {
      key: 'actions',
      title: t('common.actions'),
      width: 180,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions perm="lighting:tag" onEdit={() => open(row)} onRemove={() => remove([row.tagId!], row.name)} />
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="tag-page">
      <ProTable<TagRow>
        ref={table}
        url={tagApi.listUrl}
        rowKey="tagId"
        selectable
        testId="tag-table"
        extraParams={extraParams}
        columns={columns}
        searchFields={[{ type: 'input', name: 'name', label: t('ltTag.name') }]}
        toolbar={({ keys, rows }) => (
          <AddRemoveButtons
            perm="lighting:tag"
            testId="tag"
            onAdd={() => open()}
            selected={keys.length}
            onRemove={() => remove(keys, rows.map((row) => row.name).join(', '))}
          />
        )}
      />
      <EditDialog<TagForm>
        edit={edit}
        addTitle={t('ltTag.addTitle')}
        editTitle={t('ltTag.editTitle')}
        width={520}
        labelWidth={90}
        testId="tag-dialog"
      >
        <Form.Item
          name="name"
          label={t('ltTag.name')}
          rules={[{ required: true, whitespace: true, message: t('ltTag.nameRequired') }]}
        >
          <Input maxLength={40} data-testid="tag-name" />
        </Form.Item>
        <Form.Item
          name="color"
          label={t('ltTag.color')}
          getValueFromEvent={(color: { toHexString: () => string }) => color.toHexString()}
        >
          <ColorPicker presets={[{ label: t('ltTag.color'), colors: PRESETS }]} showText disabledAlpha />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </EditDialog>
    </div>
  );
}

/** Tags of the project's devices (lighting/tag); non-direct terminals hold at most two. */
export function TagPage() {
  return (
    <NeedProject testId="tag-page">
      <TagPageBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
