import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, InputNumber, Radio } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postApi, type SysPost } from '../../../features/system/post-api';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { formatDateTime } from '../../../shared/date';
import { useDict } from '../../../shared/dict';
import { download } from '../../../shared/download';
import { exportParams } from '../../../shared/export-params';
import { HasPermi } from '../../../shared/perms';
import { SubmitOnEnter } from '../../../shared/SubmitOnEnter';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { onlyLettersAndDigits } from '../../../shared/validation';
import { EmptyState } from '../components/EmptyState';
import { maxLength, required, sortRules } from '../components/form-rules';

const EMPTY: SysPost = { postCode: '', postName: '', postSort: 0, status: '0', remark: '' };

/** Positions (system/post): list, search, add, edit, delete, export. */
export function PostPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const statuses = useDict('sys_normal_disable');
  const [form] = Form.useForm<SysPost>();
  const [editing, setEditing] = useState<SysPost | null>(null);
  const [saving, setSaving] = useState(false);

  const openAdd = () => {
    setEditing({ ...EMPTY });
  };

  const openEdit = async (id: number) => {
    try {
      const { data } = await postApi.get(id);
      setEditing(data);
    } catch {
      // shown by the request layer
    }
  };

  const submit = async () => {
    let values: SysPost;
    try {
      values = await form.validateFields();
    } catch {
      message.warning(t('common.fillRequired'));
      return;
    }
    setSaving(true);
    try {
      if (editing?.postId) await postApi.update({ ...values, postId: editing.postId });
      else await postApi.add(values);
      message.success(editing?.postId ? t('common.updateSuccess') : t('common.addSuccess'));
      setEditing(null);
      table.current?.refresh();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  const remove = (rows: SysPost[]) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('post.deleteConfirm', { names: rows.map((row) => row.postName).join(', ') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await postApi.remove(rows.map((row) => row.postId!));
        message.success(t('common.deleteSuccess'));
        table.current?.clearSelection();
        table.current?.refresh();
      },
    });
  };

  const columns: ProColumn<SysPost>[] = [
    { key: 'postId', dataIndex: 'postId', title: t('post.postId'), width: 90, sortField: 'postId' },
    { key: 'postCode', dataIndex: 'postCode', title: t('post.postCode'), ellipsis: true, sortField: 'postCode' },
    { key: 'postName', dataIndex: 'postName', title: t('post.postName'), ellipsis: true, sortField: 'postName' },
    { key: 'postSort', dataIndex: 'postSort', title: t('sysCommon.sort'), width: 110, sortField: 'postSort' },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('sysCommon.status'),
      width: 90,
      render: (value: string) => <DictTag options={statuses} value={value} />,
    },
    { key: 'remark', dataIndex: 'remark', title: t('common.remark'), ellipsis: true, defaultHidden: true },
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
      width: 160,
      fixed: 'right',
      render: (_: unknown, row: SysPost) => (
        <>
          <HasPermi value={['system:post:edit', 'system:post:query']} mode="all">
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void openEdit(row.postId!)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['system:post:remove']}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([row])}>
              {t('common.delete')}
            </Button>
          </HasPermi>
        </>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="post-page">
      <EmptyState description={t('post.empty')}>
        <ProTable<SysPost>
          ref={table}
          url={postApi.listUrl}
          rowKey="postId"
          selectable
          testId="post-table"
          columns={columns}
          searchFields={[
            { type: 'input', name: 'postCode', label: t('post.postCode') },
            { type: 'input', name: 'postName', label: t('post.postName') },
            { type: 'select', name: 'status', label: t('sysCommon.status'), dictType: 'sys_normal_disable' },
          ]}
          toolbar={({ rows }) => (
            <>
              <HasPermi value={['system:post:add']}>
                <Button type="primary" ghost icon={<PlusOutlined />} onClick={openAdd} data-testid="post-add">
                  {t('common.add')}
                </Button>
              </HasPermi>
              <HasPermi value={['system:post:edit', 'system:post:query']} mode="all">
                <Button
                  icon={<EditOutlined />}
                  disabled={rows.length !== 1}
                  onClick={() => void openEdit(rows[0].postId!)}
                  data-testid="post-edit"
                >
                  {t('common.edit')}
                </Button>
              </HasPermi>
              <HasPermi value={['system:post:remove']}>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!rows.length}
                  onClick={() => remove(rows)}
                  data-testid="post-remove"
                >
                  {t('common.delete')}
                </Button>
              </HasPermi>
              <HasPermi value={['system:post:export']}>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() =>
                    void download(postApi.exportUrl, {
                      params: exportParams(table.current?.getFilters()),
                      fileName: `post_${Date.now()}.xlsx`,
                    })
                  }
                  data-testid="post-export"
                >
                  {t('common.export')}
                </Button>
              </HasPermi>
            </>
          )}
        />
      </EmptyState>
      <DraggableDialog
        open={!!editing}
        title={editing?.postId ? t('post.editTitle') : t('post.addTitle')}
        width={560}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={saving}
        testId="post-dialog"
      >
        <Form<SysPost>
          key={editing?.postId ?? 'new'}
          form={form}
          labelCol={{ flex: '110px' }}
          initialValues={editing ?? EMPTY}
          onFinish={() => void submit()}
        >
          <SubmitOnEnter />
          <Form.Item
            name="postName"
            label={t('post.postName')}
            rules={[required(t('post.postNameRequired')), maxLength(t, 50)]}
          >
            <Input
              maxLength={50}
              autoFocus
              placeholder={t('common.inputPlaceholder', { label: t('post.postName') })}
              data-testid="post-name"
            />
          </Form.Item>
          <Form.Item
            name="postCode"
            label={t('post.postCode')}
            rules={[required(t('post.postCodeRequired')), onlyLettersAndDigits(t), maxLength(t, 64)]}
          >
            <Input
              maxLength={64}
              placeholder={t('common.inputPlaceholder', { label: t('post.postCode') })}
              data-testid="post-code"
            />
          </Form.Item>
          <Form.Item name="postSort" label={t('sysCommon.sort')} rules={sortRules(t)}>
            <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="status" label={t('sysCommon.status')}>
            <Radio.Group options={statuses.map((item) => ({ label: item.dictLabel, value: item.dictValue }))} />
          </Form.Item>
          <Form.Item name="remark" label={t('common.remark')} rules={[maxLength(t, 500)]}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Form>
      </DraggableDialog>
    </div>
  );
}
