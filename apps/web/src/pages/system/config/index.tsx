import {
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { App, Button, Form, Input, Radio } from 'antd';
import { type Key, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { configApi, type SysConfig } from '../../../features/system/config-api';
import { copyText } from '../../../shared/clipboard';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { formatDateTime } from '../../../shared/date';
import { useDict } from '../../../shared/dict';
import { download } from '../../../shared/download';
import { HasPermi } from '../../../shared/perms';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const EMPTY: SysConfig = { configName: '', configKey: '', configValue: '', configType: 'N', remark: '' };

/** Parameters (system/config): list, search, add, edit, delete, export, refresh cache. */
export function ConfigPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const yesNo = useDict('sys_yes_no');
  const [form] = Form.useForm<SysConfig>();
  const [editing, setEditing] = useState<SysConfig | null>(null);
  const [saving, setSaving] = useState(false);

  const openAdd = () => {
    form.setFieldsValue(EMPTY);
    setEditing({ ...EMPTY });
  };

  const openEdit = async (id: number) => {
    const { data } = await configApi.get(id);
    form.setFieldsValue(data);
    setEditing(data);
  };

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      if (editing?.configId) await configApi.update({ ...editing, ...values });
      else await configApi.add(values);
      message.success(editing?.configId ? t('common.updateSuccess') : t('common.addSuccess'));
      setEditing(null);
      table.current?.refresh();
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  const remove = (ids: Key[]) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('config.deleteConfirm', { ids: ids.join(',') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await configApi.remove(ids as number[]);
        message.success(t('common.deleteSuccess'));
        table.current?.refresh();
        table.current?.clearSelection();
      },
    });
  };

  const refreshCache = async () => {
    await configApi.refreshCache();
    message.success(t('config.cacheRefreshed'));
  };

  const columns: ProColumn<SysConfig>[] = [
    { key: 'configId', dataIndex: 'configId', title: t('config.id'), width: 90 },
    { key: 'configName', dataIndex: 'configName', title: t('config.name'), ellipsis: true },
    {
      key: 'configKey',
      dataIndex: 'configKey',
      title: t('config.key'),
      ellipsis: true,
      render: (value: string) => (
        <span>
          {value}{' '}
          <Button
            type="link"
            size="small"
            icon={<CopyOutlined />}
            aria-label={t('common.copy')}
            title={t('common.copy')}
            onClick={() => void copyText(value)}
          />
        </span>
      ),
    },
    { key: 'configValue', dataIndex: 'configValue', title: t('config.value'), ellipsis: true },
    {
      key: 'configType',
      dataIndex: 'configType',
      title: t('config.type'),
      width: 110,
      render: (value: string) => <DictTag options={yesNo} value={value} />,
    },
    { key: 'remark', dataIndex: 'remark', title: t('common.remark'), ellipsis: true, defaultHidden: false },
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
      render: (_: unknown, row: SysConfig) => (
        <>
          <HasPermi value={['system:config:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void openEdit(row.configId!)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['system:config:remove']}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([row.configId!])}>
              {t('common.delete')}
            </Button>
          </HasPermi>
        </>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="config-page">
      <ProTable<SysConfig>
        ref={table}
        url={configApi.listUrl}
        rowKey="configId"
        selectable
        testId="config-table"
        columns={columns}
        searchFields={[
          { type: 'input', name: 'configName', label: t('config.name') },
          { type: 'input', name: 'configKey', label: t('config.key') },
          { type: 'select', name: 'configType', label: t('config.type'), dictType: 'sys_yes_no' },
          { type: 'dateRange', name: 'createTime', label: t('common.createTime') },
        ]}
        toolbar={({ keys }) => (
          <>
            <HasPermi value={['system:config:add']}>
              <Button type="primary" ghost icon={<PlusOutlined />} onClick={openAdd} data-testid="config-add">
                {t('common.add')}
              </Button>
            </HasPermi>
            <HasPermi value={['system:config:edit']}>
              <Button
                icon={<EditOutlined />}
                disabled={keys.length !== 1}
                onClick={() => void openEdit(Number(keys[0]))}
                data-testid="config-edit"
              >
                {t('common.edit')}
              </Button>
            </HasPermi>
            <HasPermi value={['system:config:remove']}>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={!keys.length}
                onClick={() => remove(keys)}
                data-testid="config-remove"
              >
                {t('common.delete')}
              </Button>
            </HasPermi>
            <HasPermi value={['system:config:export']}>
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  void download(configApi.exportUrl, {
                    params: table.current?.getFilters() ?? {},
                    fileName: `config_${Date.now()}.xlsx`,
                  })
                }
                data-testid="config-export"
              >
                {t('common.export')}
              </Button>
            </HasPermi>
            <HasPermi value={['system:config:remove']}>
              <Button icon={<SyncOutlined />} onClick={() => void refreshCache()} data-testid="config-refresh-cache">
                {t('config.refreshCache')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <DraggableDialog
        open={!!editing}
        title={editing?.configId ? t('config.editTitle') : t('config.addTitle')}
        width={560}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={saving}
        testId="config-dialog"
      >
        <Form<SysConfig> form={form} labelCol={{ flex: '110px' }} initialValues={EMPTY}>
          <Form.Item
            name="configName"
            label={t('config.name')}
            rules={[{ required: true, whitespace: true, message: t('config.nameRequired') }]}
          >
            <Input maxLength={100} placeholder={t('common.inputPlaceholder', { label: t('config.name') })} />
          </Form.Item>
          <Form.Item name="configNameEn" label={t('config.nameEn')}>
            <Input maxLength={100} placeholder={t('common.inputPlaceholder', { label: t('config.nameEn') })} />
          </Form.Item>
          <Form.Item
            name="configKey"
            label={t('config.key')}
            rules={[{ required: true, whitespace: true, message: t('config.keyRequired') }]}
          >
            <Input maxLength={100} placeholder={t('common.inputPlaceholder', { label: t('config.key') })} />
          </Form.Item>
          <Form.Item
            name="configValue"
            label={t('config.value')}
            rules={[{ required: true, message: t('config.valueRequired') }]}
          >
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
          <Form.Item name="configType" label={t('config.type')}>
            <Radio.Group options={yesNo.map((item) => ({ label: item.dictLabel, value: item.dictValue }))} />
          </Form.Item>
          <Form.Item name="remark" label={t('common.remark')}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Form>
      </DraggableDialog>
    </div>
  );
}
