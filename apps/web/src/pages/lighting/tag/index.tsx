import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Tag as AntTag, App, Button, ColorPicker, Form, Input } from 'antd';
import { type Key, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagApi } from '../../../features/lighting/api';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import type { Tag } from '../../../features/lighting/types';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { formatDateTime } from '../../../shared/date';
import { HasPermi } from '../../../shared/perms';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const PRESETS = ['#1677ff', '#52c41a', '#faad14', '#ff4d4f', '#722ed1', '#13c2c2', '#eb2f96', '#8c8c8c'];

function TagPageBody() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const projectId = useProjectId()!;
  const table = useRef<ProTableRef>(null);
  const [form] = Form.useForm<Tag>();
  const [editing, setEditing] = useState<Tag | null>(null);
  const [saving, setSaving] = useState(false);
  // the dialog's fields take the row once the dialog (and its form) is open
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing);
  }, [editing, form]);
  const extraParams = useMemo(() => ({ projectId }), [projectId]);

  const open = (row?: Tag) => {
    const value = row ?? { projectId, name: '', color: PRESETS[0], remark: '' };
    setEditing(value);
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const body = { ...editing, ...values, projectId } as Tag;
      if (editing?.tagId) await tagApi.update(body);
      else await tagApi.add(body);
      message.success(editing?.tagId ? t('common.updateSuccess') : t('common.addSuccess'));
      setEditing(null);
      table.current?.refresh();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  const remove = (ids: Key[], names: string) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('ltTag.deleteConfirm', { names }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await tagApi.remove(ids as number[]);
        message.success(t('common.deleteSuccess'));
        table.current?.clearSelection();
        table.current?.refresh();
      },
    });
  };

  const columns: ProColumn<Tag>[] = [
    { key: 'tagId', dataIndex: 'tagId', title: t('ltTag.id'), width: 90, sortField: 'tagId' },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('ltTag.name'),
      sortField: 'name',
      render: (value: string, row) => <AntTag color={row.color || undefined}>{value}</AntTag>,
    },
    { key: 'deviceCount', dataIndex: 'deviceCount', title: t('ltTag.deviceCount'), width: 120 },
    { key: 'remark', dataIndex: 'remark', title: t('common.remark'), ellipsis: true },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('common.createTime'),
      width: DATE_COLUMN_WIDTH + 30,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 160,
      fixed: 'right',
      render: (_: unknown, row) => (
        <>
          <HasPermi value={['lighting:tag:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => open(row)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['lighting:tag:remove']}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove([row.tagId!], row.name)}
            >
              {t('common.delete')}
            </Button>
          </HasPermi>
        </>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="tag-page">
      <ProTable<Tag>
        ref={table}
        url={tagApi.listUrl}
        rowKey="tagId"
        selectable
        testId="tag-table"
        extraParams={extraParams}
        columns={columns}
        searchFields={[{ type: 'input', name: 'name', label: t('ltTag.name') }]}
        toolbar={({ keys, rows }) => (
          <>
            <HasPermi value={['lighting:tag:add']}>
              <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => open()} data-testid="tag-add">
                {t('common.add')}
              </Button>
            </HasPermi>
            <HasPermi value={['lighting:tag:remove']}>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={!keys.length}
                onClick={() => remove(keys, rows.map((row) => row.name).join(', '))}
              >
                {t('common.delete')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <DraggableDialog
        open={!!editing}
        title={editing?.tagId ? t('ltTag.editTitle') : t('ltTag.addTitle')}
        width={520}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={saving}
        testId="tag-dialog"
      >
        <Form<Tag> form={form} labelCol={{ flex: '90px' }} initialValues={editing ?? undefined} preserve={false}>
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
        </Form>
      </DraggableDialog>
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
