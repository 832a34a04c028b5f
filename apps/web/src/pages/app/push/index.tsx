import { SendOutlined } from '@ant-design/icons';
import type { PushRow } from '@luxgrid/contracts/mobile';
import { App, Checkbox, Form, Input, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PushForm, pushApi, type Recipients, recipientsApi } from '../../../features/mobile/api';
import { useDict } from '../../../shared/dict';
import { actionsColumn, column, dictColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import {
  AddRemoveButtons,
  EditDialog,
  RowActions,
  RowLink,
  useConfirmRemove,
  useEditDialog,
} from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const PERM = 'app:push';
const EMPTY: PushForm = { title: '', content: '', target: 'USER', targetIds: [], send: true };

/** Push messages (app/push): drafts sent once to everyone, chosen users or teams; each recipient sees it at once. */
export function PushPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const targets = useDict('app_push_target');
  const [people, setPeople] = useState<Recipients>({ users: [], depts: [] });
  const edit = useEditDialog<PushForm>({ api: pushApi, idKey: 'pushId', table, warnIncomplete: true });
  const remove = useConfirmRemove(pushApi.remove, (names) => t('appPush.deleteConfirm', { names }), table);
  const target = Form.useWatch('target', edit.form);
  useEffect(() => {
    if (edit.editing && !people.users.length) void recipientsApi.get().then((res) => res.data && setPeople(res.data));
  }, [edit.editing, people.users.length]);
  const send = (row: PushRow) =>
    modal.confirm({
      title: t('common.hint'),
      content: t('appPush.sendConfirm', { title: row.title }),
      onOk: async () => {
        const res = await pushApi.send(row.pushId);
        if (res.code !== 200) return;
        message.success(t('appPush.sent', { count: res.data?.recipients ?? 0 }));
        table.current?.refresh();
      },
    });

  const columns: ProColumn<PushRow>[] = [
    textColumn('title', t('appPush.title'), { width: 180 }),
    textColumn('content', t('appPush.content')),
    dictColumn('target', t('appPush.target'), 'app_push_target', { width: 130 }),
    textColumn('targetNames', t('appPush.targetIds'), { width: 180 }),
    dictColumn('state', t('appPush.state'), 'app_push_state'),
    column('recipients', t('appPush.recipients'), { width: 90 }),
    column('readCount', t('appPush.readCount'), { width: 80 }),
    timeColumn('sentTime', t('appPush.sentTime'), { sortField: 'sentTime' }),
    textColumn('createBy', t('whDoc.createBy'), { width: 110, defaultHidden: true }),
    actionsColumn(t('common.actions'), 220, (row) => (
      <RowActions
        perm={PERM}
        onEdit={row.state === 'DRAFT' ? () => edit.open({ ...row, send: false }) : undefined}
        onRemove={() => remove([row.pushId], row.title)}
      >
        {row.state === 'DRAFT' && (
          <RowLink perm={`${PERM}:edit`} icon={<SendOutlined />} label={t('appPush.send')} onClick={() => send(row)} />
        )}
      </RowActions>
    )),
  ];

  return (
    <div className="lx-page" data-testid="push-page">
      <ProTable<PushRow>
        ref={table}
        url={pushApi.listUrl}
        rowKey="pushId"
        selectable
        testId="push-table"
        empty={t('appPush.empty')}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'title', label: t('appPush.title') },
          { type: 'select', name: 'state', label: t('appPush.state'), dictType: 'app_push_state' },
        ]}
        toolbar={({ rows }) => (
          <AddRemoveButtons
            perm={PERM}
            testId="push"
            onAdd={() => edit.open({ ...EMPTY })}
            selected={rows.length}
            onRemove={() =>
              remove(
                rows.map((r) => r.pushId),
                rows.map((r) => r.title).join(', '),
              )
            }
          />
        )}
      />
      <EditDialog<PushForm>
        edit={edit}
        addTitle={t('appPush.addTitle')}
        editTitle={t('appPush.editTitle')}
        width={620}
        labelWidth={100}
        testId="push-dialog"
      >
        <Form.Item
          name="title"
          label={t('appPush.title')}
          rules={[{ required: true, whitespace: true, message: t('appPush.titleRequired') }]}
        >
          <Input maxLength={60} data-testid="push-title" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('appPush.content')}
          rules={[{ required: true, whitespace: true, message: t('appPush.contentRequired') }]}
        >
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 3, maxRows: 8 }} data-testid="push-content" />
        </Form.Item>
        <Form.Item name="target" label={t('appPush.target')} rules={[{ required: true }]}>
          <Select options={targets.map((d) => ({ value: d.dictValue, label: d.dictLabel }))} />
        </Form.Item>
        {target !== 'ALL' && (
          <Form.Item
            name="targetIds"
            label={target === 'DEPT' ? t('appPush.depts') : t('appPush.users')}
            rules={[{ required: true, message: t('appPush.targetRequired') }]}
          >
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              options={(target === 'DEPT' ? people.depts : people.users).map((p) => ({ value: p.id, label: p.name }))}
              data-testid="push-targets"
            />
          </Form.Item>
        )}
        <Form.Item name="send" label=" " colon={false} valuePropName="checked">
          <Checkbox>{t('appPush.sendNow')}</Checkbox>
        </Form.Item>
      </EditDialog>
    </div>
  );
}
