import { CopyOutlined, SyncOutlined } from '@ant-design/icons';
import type { ConfigRow } from '@luxgrid/contracts/answers';
import { App, Button, Form, Input, Radio } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConfigForm, configApi } from '../../../features/system/config-api';
import { copyText } from '../../../shared/clipboard';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { actionsColumn, dictColumn, idColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import {
  AddRemoveButtons,
  EditDialog,
  ExportButton,
  RowActions,
  useConfirmRemove,
  useEditDialog,
} from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const EMPTY: ConfigForm = { configName: '', configKey: '', configValue: '', configType: 'N', remark: '' };
const PERM = 'system:config';

/** Parameters (system/config): list, search, add, edit, delete, export, refresh cache. */
export function ConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const yesNo = useDict('sys_yes_no');
  const edit = useEditDialog<ConfigForm>({
    api: configApi,
    idKey: 'configId',
    table,
    load: async (row) => (await configApi.get(row.configId!)).data,
  });
  const remove = useConfirmRemove(configApi.remove, (ids) => t('config.deleteConfirm', { ids }), table);
  const removeRows = (rows: ConfigRow[]) => {
    const ids = rows.map((row) => row.configId!);
    remove(ids, ids.join(','));
  };

  const refreshCache = async () => {
    await configApi.refreshCache();
    message.success(t('config.cacheRefreshed'));
  };

  const columns: ProColumn<ConfigRow>[] = [
    idColumn('configId', t('config.id'), { sortField: undefined }),
    textColumn('configName', t('config.name')),
    textColumn('configKey', t('config.key'), {
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
    }),
    textColumn('configValue', t('config.value')),
    dictColumn('configType', t('config.type'), 'sys_yes_no', { width: 110 }),
    textColumn('remark', t('common.remark')),
    timeColumn('createTime', t('common.createTime'), { sortField: 'createTime' }),
    actionsColumn(t('common.actions'), 160, (row) => (
      <RowActions perm={PERM} onEdit={() => edit.open(row)} onRemove={() => removeRows([row])} />
    )),
  ];

  return (
    <div className="lx-page" data-testid="config-page">
      <ProTable<ConfigRow>
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
        toolbar={({ rows }) => (
          <>
            <AddRemoveButtons
              perm={PERM}
              testId="config"
              onAdd={() => edit.open({ ...EMPTY })}
              onEdit={() => edit.open(rows[0])}
              selected={rows.length}
              onRemove={() => removeRows(rows)}
            />
            <ExportButton
              perm={PERM}
              url={configApi.exportUrl}
              table={table}
              fileName="config"
              testId="config-export"
            />
            <HasPermi value={['system:config:remove']}>
              <Button icon={<SyncOutlined />} onClick={() => void refreshCache()} data-testid="config-refresh-cache">
                {t('config.refreshCache')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <EditDialog<ConfigForm>
        edit={edit}
        addTitle={t('config.addTitle')}
        editTitle={t('config.editTitle')}
        width={560}
        labelWidth={110}
        testId="config-dialog"
      >
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
      </EditDialog>
    </div>
  );
}
