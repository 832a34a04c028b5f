import type { PostRow } from '@luxgrid/contracts/answers';
import { Form, Input } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type PostForm, postApi } from '../../../features/system/post-api';
import { actionsColumn, dictColumn, idColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import {
  AddRemoveButtons,
  EditDialog,
  ExportButton,
  RowActions,
  useConfirmRemove,
  useEditDialog,
} from '../../../shared/table/crud';
import { RemarkField, SortField, StatusField } from '../../../shared/table/fields';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { onlyLettersAndDigits } from '../../../shared/validation';
import { maxLength, required } from '../components/form-rules';

const EMPTY: PostForm = { postCode: '', postName: '', postSort: 0, status: '0', remark: '' };
const PERM = 'system:post';

/** Positions (system/post): list, search, add, edit, delete, export. */
export function PostPage() {
  const { t } = useTranslation();
  const table = useRef<ProTableRef>(null);
  const edit = useEditDialog<PostForm>({
    api: postApi,
    idKey: 'postId',
    table,
    load: async (row) => (await postApi.get(row.postId!)).data,
    warnIncomplete: true,
  });
  const remove = useConfirmRemove(postApi.remove, (names) => t('post.deleteConfirm', { names }), table);
  const removeRows = (rows: PostRow[]) =>
    remove(
      rows.map((row) => row.postId!),
      rows.map((row) => row.postName).join(', '),
    );

  const columns: ProColumn<PostRow>[] = [
    idColumn('postId', t('post.postId')),
    textColumn('postCode', t('post.postCode'), { sortField: 'postCode' }),
    textColumn('postName', t('post.postName'), { sortField: 'postName' }),
    idColumn('postSort', t('sysCommon.sort'), { width: 110 }),
    dictColumn('status', t('sysCommon.status'), 'sys_normal_disable'),
    textColumn('remark', t('common.remark'), { defaultHidden: true }),
    timeColumn('createTime', t('common.createTime'), { sortField: 'createTime' }),
    actionsColumn(t('common.actions'), 160, (row) => (
      <RowActions perm={PERM} editNeedsQuery onEdit={() => edit.open(row)} onRemove={() => removeRows([row])} />
    )),
  ];

  return (
    <div className="lx-page" data-testid="post-page">
      <ProTable<PostRow>
        ref={table}
        url={postApi.listUrl}
        rowKey="postId"
        selectable
        testId="post-table"
        empty={t('post.empty')}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'postCode', label: t('post.postCode') },
          { type: 'input', name: 'postName', label: t('post.postName') },
          { type: 'select', name: 'status', label: t('sysCommon.status'), dictType: 'sys_normal_disable' },
        ]}
        toolbar={({ rows }) => (
          <>
            <AddRemoveButtons
              perm={PERM}
              testId="post"
              onAdd={() => edit.open({ ...EMPTY })}
              onEdit={() => edit.open(rows[0])}
              editNeedsQuery
              selected={rows.length}
              onRemove={() => removeRows(rows)}
            />
            <ExportButton perm={PERM} url={postApi.exportUrl} table={table} fileName="post" testId="post-export" />
          </>
        )}
      />
      <EditDialog<PostForm>
        edit={edit}
        addTitle={t('post.addTitle')}
        editTitle={t('post.editTitle')}
        width={560}
        labelWidth={110}
        testId="post-dialog"
      >
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
        <SortField name="postSort" />
        <StatusField />
        <RemarkField />
      </EditDialog>
    </div>
  );
}
