import { SyncOutlined } from '@ant-design/icons';
import type { DictTypeRow } from '@luxgrid/contracts/answers';
import { App, Button, Form, Input } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DictTypeForm, dictTypeApi } from '../../../features/system/dict-api';
import { clearDictCache } from '../../../shared/dict';
import { HasPermi, useHasPermi } from '../../../shared/perms';
import { actionsColumn, dictColumn, idColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import {
  AddRemoveButtons,
  EditDialog,
  ExportButton,
  RowActions,
  useConfirmRemove,
  useEditDialog,
} from '../../../shared/table/crud';
import { RemarkField, StatusField } from '../../../shared/table/fields';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { maxLength, required } from '../components/form-rules';

/** Dictionary type codes: lower-case letters, digits and underscores, starting with a letter. */
export const DICT_TYPE_PATTERN = /^[a-z][a-z0-9_]{0,99}$/;

const EMPTY: DictTypeForm = { dictName: '', dictNameEn: '', dictType: '', status: '0', remark: '' };
const PERM = 'system:dict';

/** Dictionary types (system/dict); each type's entries open at /web/system/dict-data/index/{dictId}. */
export function DictTypePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const canOpenData = useHasPermi(['system:dict:list']);
  const edit = useEditDialog<DictTypeForm>({
    api: dictTypeApi,
    idKey: 'dictId',
    table,
    load: async (row) => (await dictTypeApi.get(row.dictId!)).data,
    warnIncomplete: true,
    onSaved: clearDictCache,
  });
  const remove = useConfirmRemove(
    async (ids) => {
      await dictTypeApi.remove(ids);
      clearDictCache();
    },
    (names) => t('dict.deleteConfirm', { names }),
    table,
  );
  const removeRows = (rows: DictTypeRow[]) =>
    remove(
      rows.map((row) => row.dictId!),
      rows.map((row) => row.dictType).join(', '),
    );

  const refreshCache = async () => {
    try {
      await dictTypeApi.refreshCache();
      clearDictCache();
      message.success(t('dict.cacheRefreshed'));
    } catch {
      // shown by the request layer
    }
  };

  const columns: ProColumn<DictTypeRow>[] = [
    idColumn('dictId', t('dict.dictId')),
    { ...textColumn('title', t('dict.dictName')), key: 'dictName', sortField: 'dictName' },
    textColumn('dictNameEn', t('dict.dictNameEn'), { defaultHidden: true }),
    textColumn('dictType', t('dict.dictType'), {
      sortField: 'dictType',
      render: (value: string, row: DictTypeRow) =>
        canOpenData ? (
          <Link to={`/web/system/dict-data/index/${row.dictId}`} data-testid={`dict-type-${value}`}>
            {value}
          </Link>
        ) : (
          value
        ),
    }),
    dictColumn('status', t('sysCommon.status'), 'sys_normal_disable'),
    textColumn('remark', t('common.remark')),
    timeColumn('createTime', t('common.createTime'), { sortField: 'createTime' }),
    actionsColumn(t('common.actions'), 160, (row) => (
      <RowActions perm={PERM} editNeedsQuery onEdit={() => edit.open(row)} onRemove={() => removeRows([row])} />
    )),
  ];

  return (
    <div className="lx-page" data-testid="dict-page">
      <ProTable<DictTypeRow>
        ref={table}
        url={dictTypeApi.listUrl}
        rowKey="dictId"
        selectable
        testId="dict-table"
        empty={t('dict.empty')}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'dictName', label: t('dict.dictName') },
          { type: 'input', name: 'dictType', label: t('dict.dictType') },
          { type: 'select', name: 'status', label: t('sysCommon.status'), dictType: 'sys_normal_disable' },
          { type: 'dateRange', name: 'createTime', label: t('common.createTime') },
        ]}
        toolbar={({ rows }) => (
          <>
            <AddRemoveButtons
              perm={PERM}
              testId="dict"
              onAdd={() => edit.open({ ...EMPTY })}
              onEdit={() => edit.open(rows[0])}
              editNeedsQuery
              selected={rows.length}
              onRemove={() => removeRows(rows)}
            />
            <ExportButton
              perm={PERM}
              url={dictTypeApi.exportUrl}
              table={table}
              fileName="dict_type"
              testId="dict-export"
            />
            <HasPermi value={['system:dict:remove']}>
              <Button icon={<SyncOutlined />} onClick={() => void refreshCache()} data-testid="dict-refresh-cache">
                {t('dict.refreshCache')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <EditDialog<DictTypeForm>
        edit={edit}
        addTitle={t('dict.addTitle')}
        editTitle={t('dict.editTitle')}
        width={560}
        labelWidth={110}
        testId="dict-dialog"
      >
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
          tooltip={edit.isEdit ? t('dict.renameTip') : undefined}
          rules={[
            required(t('dict.dictTypeRequired')),
            { pattern: DICT_TYPE_PATTERN, message: t('dict.dictTypeFormat') },
          ]}
        >
          <Input maxLength={100} placeholder="sys_example_type" data-testid="dict-type" />
        </Form.Item>
        <StatusField />
        <RemarkField />
      </EditDialog>
    </div>
  );
}
