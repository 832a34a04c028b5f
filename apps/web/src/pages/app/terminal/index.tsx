import { StopOutlined } from '@ant-design/icons';
import type { TerminalRow } from '@luxgrid/contracts/mobile';
import { App, Badge, Button, Form, Input, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Recipients, recipientsApi, type TerminalForm, terminalApi } from '../../../features/mobile/api';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { actionsColumn, column, dictColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import {
  AddRemoveButtons,
  EditDialog,
  ExportButton,
  RowActions,
  RowLink,
  useConfirmAction,
  useConfirmRemove,
  useEditDialog,
} from '../../../shared/table/crud';
import { RemarkField } from '../../../shared/table/fields';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const PERM = 'app:terminal';
const EMPTY: TerminalForm = { terminalCode: '', platform: 'ANDROID', deviceModel: '', status: '0', remark: '' };

/** Mobile terminals (app/terminal): the phones that signed in from the app; revoking one ends its sessions. */
export function TerminalPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const platforms = useDict('app_platform');
  const [people, setPeople] = useState<Recipients>({ users: [], depts: [] });
  const edit = useEditDialog<TerminalForm>({ api: terminalApi, idKey: 'terminalId', table, warnIncomplete: true });
  const remove = useConfirmRemove(terminalApi.remove, (names) => t('appTerminal.deleteConfirm', { names }), table);
  const confirm = useConfirmAction(table);
  const revoke = (rows: TerminalRow[]) =>
    confirm(
      t('appTerminal.revokeConfirm', { names: rows.map((r) => r.terminalCode).join(', ') }),
      () => terminalApi.revoke(rows.map((r) => r.terminalId)),
      t('appTerminal.revokedDone'),
    );
  useEffect(() => {
    if (edit.editing && !people.users.length) void recipientsApi.get().then((res) => res.data && setPeople(res.data));
  }, [edit.editing, people.users.length]);

  const columns: ProColumn<TerminalRow>[] = [
    textColumn('terminalCode', t('appTerminal.terminalCode'), { width: 180 }),
    {
      key: 'user',
      dataIndex: 'nickName',
      title: t('appTerminal.user'),
      width: 150,
      render: (name: string, row) => `${name} (${row.userName})`,
    },
    dictColumn('platform', t('appTerminal.platform'), 'app_platform', { width: 100 }),
    textColumn('deviceModel', t('appTerminal.deviceModel'), { width: 130 }),
    textColumn('appVersion', t('appTerminal.appVersion'), { width: 100 }),
    textColumn('osVersion', t('appTerminal.osVersion'), { width: 100, defaultHidden: true }),
    textColumn('userAgent', t('appTerminal.userAgent'), { defaultHidden: true }),
    textColumn('ipaddr', t('appTerminal.ipaddr'), { width: 130 }),
    timeColumn('firstSeen', t('appTerminal.firstSeen'), { defaultHidden: true }),
    timeColumn('lastSeen', t('appTerminal.lastSeen'), { sortField: 'lastSeen' }),
    column('online', t('appTerminal.online'), {
      width: 90,
      render: (online: boolean) => (
        <Badge
          status={online ? 'success' : 'default'}
          text={online ? t('appTerminal.online') : t('appTerminal.offline')}
        />
      ),
    }),
    column('status', t('sysCommon.status'), {
      width: 90,
      render: (status: string) =>
        status === '1' ? <Badge status="error" text={t('appTerminal.revoked')} /> : t('appTerminal.active'),
    }),
    actionsColumn(t('common.actions'), 220, (row) => (
      <RowActions perm={PERM} onEdit={() => edit.open(row)} onRemove={() => remove([row.terminalId], row.terminalCode)}>
        {row.status === '0' && (
          <RowLink
            perm={`${PERM}:edit`}
            danger
            icon={<StopOutlined />}
            label={t('appTerminal.revoke')}
            onClick={() => revoke([row])}
            testId={`terminal-revoke-${row.terminalCode}`}
          />
        )}
      </RowActions>
    )),
  ];

  return (
    <div className="lx-page" data-testid="terminal-page">
      <ProTable<TerminalRow>
        ref={table}
        url={terminalApi.listUrl}
        rowKey="terminalId"
        selectable
        testId="terminal-table"
        empty={t('appTerminal.empty')}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'userName', label: t('appTerminal.keyword') },
          { type: 'input', name: 'terminalCode', label: t('appTerminal.terminalCode') },
          { type: 'select', name: 'platform', label: t('appTerminal.platform'), dictType: 'app_platform' },
          {
            type: 'select',
            name: 'status',
            label: t('sysCommon.status'),
            options: [
              { value: '0', label: t('appTerminal.active') },
              { value: '1', label: t('appTerminal.revoked') },
            ],
          },
        ]}
        toolbar={({ rows }) => (
          <>
            <AddRemoveButtons
              perm={PERM}
              testId="terminal"
              onAdd={() => edit.open({ ...EMPTY })}
              selected={rows.length}
              onRemove={() =>
                remove(
                  rows.map((r) => r.terminalId),
                  rows.map((r) => r.terminalCode).join(', '),
                )
              }
            >
              <HasPermi value={[`${PERM}:edit`]}>
                <Button
                  danger
                  icon={<StopOutlined />}
                  disabled={!rows.length}
                  onClick={() => (rows.length ? revoke(rows) : message.warning(t('appTerminal.revoke')))}
                >
                  {t('appTerminal.revoke')}
                </Button>
              </HasPermi>
            </AddRemoveButtons>
            <ExportButton perm={PERM} url={terminalApi.exportUrl} table={table} fileName="mobile_terminals" />
          </>
        )}
      />
      <EditDialog<TerminalForm>
        edit={edit}
        addTitle={t('appTerminal.addTitle')}
        editTitle={t('appTerminal.editTitle')}
        width={560}
        labelWidth={100}
        testId="terminal-dialog"
      >
        <Form.Item
          name="terminalCode"
          label={t('appTerminal.terminalCode')}
          rules={[{ required: true, whitespace: true, message: t('appTerminal.codeRequired') }]}
        >
          <Input maxLength={64} disabled={edit.isEdit} />
        </Form.Item>
        <Form.Item
          name="userId"
          label={t('appTerminal.userId')}
          rules={[{ required: true, message: t('appTerminal.userRequired') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            disabled={edit.isEdit}
            options={people.users.map((u) => ({ value: u.id, label: u.name }))}
          />
        </Form.Item>
        <Form.Item name="platform" label={t('appTerminal.platform')} rules={[{ required: true }]}>
          <Select options={platforms.map((p) => ({ value: p.dictValue, label: p.dictLabel }))} />
        </Form.Item>
        <Form.Item name="deviceModel" label={t('appTerminal.deviceModel')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="status" label={t('sysCommon.status')}>
          <Select
            options={[
              { value: '0', label: t('appTerminal.active') },
              { value: '1', label: t('appTerminal.revoked') },
            ]}
          />
        </Form.Item>
        <RemarkField />
      </EditDialog>
    </div>
  );
}
