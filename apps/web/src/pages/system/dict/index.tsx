import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Radio } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DictType, dictTypeApi } from '../../../features/system/dict-api';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { formatDateTime } from '../../../shared/date';
import { clearDictCache, useDict } from '../../../shared/dict';
import { download } from '../../../shared/download';
import { exportParams } from '../../../shared/export-params';
import { HasPermi, useHasPermi } from '../../../shared/perms';
import { SubmitOnEnter } from '../../../shared/SubmitOnEnter';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { EmptyState } from '../components/EmptyState';
import { maxLength, required } from '../components/form-rules';

/** Dictionary type codes: lower-case letters, digits and underscores, starting with a letter. */
export const DICT_TYPE_PATTERN = /^[a-z][a-z0-9_]{0,99}$/;

const EMPTY: DictType = { dictName: '', dictNameEn: '', dictType: '', status: '0', remark: '' };

/** Dictionary types (system/dict); each type's entries open at /web/system/dict-data/index/{dictId}. */
export function DictTypePage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const statuses = useDict('sys_normal_disable');
  const canOpenData = useHasPermi(['system:dict:list']);
  const [form] = Form.useForm<DictType>();
  const [editing, setEditing] = useState<DictType | null>(null);
  const [saving, setSaving] = useState(false);

  const openAdd = () => {
    setEditing({ ...EMPTY });
  };

  const openEdit = async (id: number) => {
    try {
      const { data } = await dictTypeApi.get(id);
      setEditing(data);
    } catch {
      // shown by the request layer
    }
  };

  const submit = async () => {
    let values: DictType;
    try {
      values = await form.validateFields();
    } catch {
      message.warning(t('common.fillRequired'));
      return;
    }
    setSaving(true);
    try {
      if (editing?.dictId) await dictTypeApi.update({ ...values, dictId: editing.dictId });
      else await dictTypeApi.add(values);
      clearDictCache();
      message.success(editing?.dictId ? t('common.updateSuccess') : t('common.addSuccess'));
      setEditing(null);
      table.current?.refresh();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  const remove = (rows: DictType[]) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('dict.deleteConfirm', { names: rows.map((row) => row.dictType).join(', ') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await dictTypeApi.remove(rows.map((row) => row.dictId!));
        clearDictCache();
        message.success(t('common.deleteSuccess'));
        table.current?.clearSelection();
        table.current?.refresh();
      },
    });
  };

  const refreshCache = async () => {
    try {
      await dictTypeApi.refreshCache();
      clearDictCache();
      message.success(t('dict.cacheRefreshed'));
    } catch {
      // shown by the request layer
    }
  };

  const columns: ProColumn<DictType>[] = [
    { key: 'dictId', dataIndex: 'dictId', title: t('dict.dictId'), width: 90, sortField: 'dictId' },
    { key: 'dictName', dataIndex: 'title', title: t('dict.dictName'), ellipsis: true, sortField: 'dictName' },
    { key: 'dictNameEn', dataIndex: 'dictNameEn', title: t('dict.dictNameEn'), ellipsis: true, defaultHidden: true },
    {
      key: 'dictType',
      dataIndex: 'dictType',
      title: t('dict.dictType'),
      ellipsis: true,
      sortField: 'dictType',
      render: (value: string, row: DictType) =>
        canOpenData ? (
          <Link to={`/web/system/dict-data/index/${row.dictId}`} data-testid={`dict-type-${value}`}>
            {value}
          </Link>
        ) : (
          value
        ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('sysCommon.status'),
      width: 90,
      render: (value: string) => <DictTag options={statuses} value={value} />,
    },
    { key: 'remark', dataIndex: 'remark', title: t('common.remark'), ellipsis: true },
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
      render: (_: unknown, row: DictType) => (
        <>
          <HasPermi value={['system:dict:edit', 'system:dict:query']} mode="all">
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void openEdit(row.dictId!)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['system:dict:remove']}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([row])}>
              {t('common.delete')}
            </Button>
          </HasPermi>
        </>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="dict-page">
      <EmptyState description={t('dict.empty')}>
        <ProTable<DictType>
          ref={table}
          url={dictTypeApi.listUrl}
          rowKey="dictId"
          selectable
          testId="dict-table"
          columns={columns}
          searchFields={[
            { type: 'input', name: 'dictName', label: t('dict.dictName') },
            { type: 'input', name: 'dictType', label: t('dict.dictType') },
            { type: 'select', name: 'status', label: t('sysCommon.status'), dictType: 'sys_normal_disable' },
            { type: 'dateRange', name: 'createTime', label: t('common.createTime') },
          ]}
          toolbar={({ rows }) => (
            <>
              <HasPermi value={['system:dict:add']}>
                <Button type="primary" ghost icon={<PlusOutlined />} onClick={openAdd} data-testid="dict-add">
                  {t('common.add')}
                </Button>
              </HasPermi>
              <HasPermi value={['system:dict:edit', 'system:dict:query']} mode="all">
                <Button
                  icon={<EditOutlined />}
                  disabled={rows.length !== 1}
                  onClick={() => void openEdit(rows[0].dictId!)}
                  data-testid="dict-edit"
                >
                  {t('common.edit')}
                </Button>
              </HasPermi>
              <HasPermi value={['system:dict:remove']}>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!rows.length}
                  onClick={() => remove(rows)}
                  data-testid="dict-remove"
                >
                  {t('common.delete')}
                </Button>
              </HasPermi>
              <HasPermi value={['system:dict:export']}>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() =>
                    void download(dictTypeApi.exportUrl, {
                      params: exportParams(table.current?.getFilters()),
                      fileName: `dict_type_${Date.now()}.xlsx`,
                    })
                  }
                  data-testid="dict-export"
                >
                  {t('common.export')}
                </Button>
              </HasPermi>
              <HasPermi value={['system:dict:remove']}>
                <Button icon={<SyncOutlined />} onClick={() => void refreshCache()} data-testid="dict-refresh-cache">
                  {t('dict.refreshCache')}
                </Button>
              </HasPermi>
            </>
          )}
        />
      </EmptyState>
      <DraggableDialog
        open={!!editing}
        title={editing?.dictId ? t('dict.editTitle') : t('dict.addTitle')}
        width={560}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={saving}
        testId="dict-dialog"
      >
        <Form<DictType>
          key={editing?.dictId ?? 'new'}
          form={form}
          labelCol={{ flex: '110px' }}
          initialValues={editing ?? EMPTY}
          onFinish={() => void submit()}
        >
          <SubmitOnEnter />
          <Form.Item
            name="dictName"
            label={t('dict.dictName')}
            rules={[required(t('dict.dictNameRequired')), maxLength(t, 100)]}
          >
            <Input
              maxLength={100}
              autoFocus
              placeholder={t('common.inputPlaceholder', { label: t('dict.dictName') })}
              data-testid="dict-name"
            />
          </Form.Item>
          <Form.Item name="dictNameEn" label={t('dict.dictNameEn')} rules={[maxLength(t, 100)]}>
            <Input maxLength={100} placeholder={t('common.inputPlaceholder', { label: t('dict.dictNameEn') })} />
          </Form.Item>
          <Form.Item
            name="dictType"
            label={t('dict.dictType')}
            tooltip={editing?.dictId ? t('dict.renameTip') : undefined}
            rules={[
              required(t('dict.dictTypeRequired')),
              { pattern: DICT_TYPE_PATTERN, message: t('dict.dictTypeFormat') },
            ]}
          >
            <Input maxLength={100} placeholder="sys_example_type" data-testid="dict-type" />
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
