import { CheckOutlined, EyeOutlined } from '@ant-design/icons';
import type { NoticeRow } from '@luxgrid/contracts/answers';
import { App, Badge, Button, Col, Descriptions, Form, Input, Radio, Row, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NoticeForm, noticeApi } from '../../../features/system/notice-api';
import { DictTag } from '../../../shared/DictTag';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { formatDateTime } from '../../../shared/date';
import { useDict } from '../../../shared/dict';
import { RichTextEditor } from '../../../shared/RichTextEditor';
import { actionsColumn, dictColumn, idColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import { AddRemoveButtons, EditDialog, RowActions, useConfirmRemove, useEditDialog } from '../../../shared/table/crud';
import { StatusField } from '../../../shared/table/fields';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { maxLength, required } from '../components/form-rules';

const PERM = 'system:notice';
const EMPTY: NoticeForm = { noticeTitle: '', noticeType: '1', noticeContent: '', status: '0', remark: '' };

/** Notices and announcements (system/notice): rich text, and whether the signed-in user has read each. */
export function NoticePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const types = useDict('sys_notice_type');
  const [viewing, setViewing] = useState<NoticeRow | null>(null);
  /** read state of the notices this user can read (open ones of its customer and the platform) */
  const [readState, setReadState] = useState<Map<number, boolean>>(new Map());
  const [unread, setUnread] = useState(0);

  const loadReadState = useCallback(async () => {
    try {
      const res = await noticeApi.latest(50);
      setReadState(new Map((res.data ?? []).map((item) => [item.noticeId!, item.read])));
      setUnread(res.unreadCount ?? 0);
    } catch {
      setReadState(new Map());
    }
  }, []);
  useEffect(() => {
    void loadReadState();
  }, [loadReadState]);

  const edit = useEditDialog<NoticeForm>({
    api: noticeApi,
    idKey: 'noticeId',
    table,
    load: async (row) => (await noticeApi.get(row.noticeId!)).data,
    warnIncomplete: true,
    onSaved: () => void loadReadState(),
  });
  const remove = useConfirmRemove(
    noticeApi.remove,
    (names) => t('notice.deleteConfirm', { names }),
    table,
    () => {
      table.current?.refresh();
      void loadReadState();
    },
  );
  const removeRows = (rows: NoticeRow[]) =>
    remove(
      rows.map((row) => row.noticeId!),
      rows.map((row) => row.noticeTitle).join(', '),
    );

  const view = async (row: NoticeRow) => {
    try {
      const readable = readState.has(row.noticeId!);
      const { data } = readable ? await noticeApi.read(row.noticeId!) : await noticeApi.get(row.noticeId!);
      setViewing(data);
      if (readable && !readState.get(row.noticeId!)) void loadReadState();
    } catch {
      // shown by the request layer
    }
  };

  const readAll = async () => {
    try {
      await noticeApi.readAll();
      message.success(t('notice.allRead'));
      await loadReadState();
    } catch {
      // shown by the request layer
    }
  };

  const columns: ProColumn<NoticeRow>[] = [
    idColumn('noticeId', t('notice.noticeId')),
    textColumn('noticeTitle', t('notice.noticeTitle'), {
      sortField: 'noticeTitle',
      render: (value: string, row: NoticeRow) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void view(row)}>
          {value}
        </Button>
      ),
    }),
    dictColumn('noticeType', t('notice.noticeType'), 'sys_notice_type', { width: 110, sortField: 'noticeType' }),
    dictColumn('status', t('sysCommon.status'), 'sys_notice_status', { sortField: 'status' }),
    {
      key: 'read',
      title: t('notice.readState'),
      width: 110,
      render: (_: unknown, row: NoticeRow) => {
        const read = readState.get(row.noticeId!);
        if (read === undefined)
          return (
            <span style={{ color: '#999' }} title={t('notice.notReadable')}>
              -
            </span>
          );
        return read ? (
          <Badge status="default" text={t('notice.read')} />
        ) : (
          <Badge status="processing" text={t('notice.unread')} data-testid={`notice-unread-${row.noticeId}`} />
        );
      },
    },
    textColumn('createBy', t('notice.createBy'), { width: 120 }),
    timeColumn('createTime', t('common.createTime'), { sortField: 'createTime' }),
    actionsColumn(t('common.actions'), 220, (row) => (
      <RowActions perm={PERM} editNeedsQuery onEdit={() => edit.open(row)} onRemove={() => removeRows([row])}>
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => void view(row)}>
          {t('sysCommon.view')}
        </Button>
      </RowActions>
    )),
  ];

  return (
    <div className="lx-page" data-testid="notice-page">
      <ProTable<NoticeRow>
        ref={table}
        url={noticeApi.listUrl}
        rowKey="noticeId"
        selectable
        testId="notice-table"
        empty={t('notice.empty')}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'noticeTitle', label: t('notice.noticeTitle') },
          { type: 'input', name: 'createBy', label: t('notice.createBy') },
          { type: 'select', name: 'noticeType', label: t('notice.noticeType'), dictType: 'sys_notice_type' },
        ]}
        toolbar={({ rows }) => (
          <>
            <AddRemoveButtons
              perm={PERM}
              testId="notice"
              onAdd={() => edit.open({ ...EMPTY })}
              onEdit={() => edit.open(rows[0])}
              editNeedsQuery
              selected={rows.length}
              onRemove={() => removeRows(rows)}
            />
            <Badge count={unread} size="small" offset={[-4, 4]}>
              <Button
                icon={<CheckOutlined />}
                disabled={!unread}
                onClick={() => void readAll()}
                data-testid="notice-read-all"
              >
                {t('notice.readAll')}
              </Button>
            </Badge>
          </>
        )}
      />
      <EditDialog<NoticeForm>
        edit={edit}
        addTitle={t('notice.addTitle')}
        editTitle={t('notice.editTitle')}
        width={960}
        labelWidth={100}
        testId="notice-dialog"
      >
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item
              name="noticeTitle"
              label={t('notice.noticeTitle')}
              rules={[required(t('notice.titleRequired')), maxLength(t, 50)]}
            >
              <Input
                maxLength={50}
                autoFocus
                placeholder={t('common.inputPlaceholder', { label: t('notice.noticeTitle') })}
                data-testid="notice-title"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="noticeType"
              label={t('notice.noticeType')}
              rules={[{ required: true, message: t('notice.typeRequired') }]}
            >
              <Radio.Group options={types.map((item) => ({ label: item.dictLabel, value: item.dictValue }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <StatusField dict="sys_notice_status" />
          </Col>
          <Col span={24}>
            <Form.Item name="noticeContent" label={t('notice.content')}>
              <RichTextEditor minHeight={260} />
            </Form.Item>
          </Col>
        </Row>
      </EditDialog>
      <DraggableDialog
        open={!!viewing}
        title={viewing?.noticeTitle ?? ''}
        width={960}
        onCancel={() => setViewing(null)}
        footer={null}
        testId="notice-view"
      >
        {viewing && (
          <>
            <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={t('notice.noticeType')}>
                <DictTag options={types} value={viewing.noticeType} />
              </Descriptions.Item>
              <Descriptions.Item label={t('notice.createBy')}>{viewing.createBy}</Descriptions.Item>
              <Descriptions.Item label={t('common.createTime')}>{formatDateTime(viewing.createTime)}</Descriptions.Item>
            </Descriptions>
            {viewing.status === '1' && <Tag color="error">{t('notice.closed')}</Tag>}
            {viewing.noticeContent ? (
              <RichTextEditor readOnly value={viewing.noticeContent} minHeight={80} />
            ) : (
              <span style={{ color: '#999' }}>{t('notice.noContent')}</span>
            )}
          </>
        )}
      </DraggableDialog>
    </div>
  );
}
