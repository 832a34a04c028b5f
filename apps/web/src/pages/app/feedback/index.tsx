import { MessageOutlined } from '@ant-design/icons';
import type { FeedbackRow } from '@luxgrid/contracts/mobile';
import { App, Descriptions, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackApi } from '../../../features/mobile/api';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { actionsColumn, DictCell, dictColumn, textColumn, timeColumn } from '../../../shared/table/columns';
import { AddRemoveButtons, RowActions, RowLink, useConfirmRemove } from '../../../shared/table/crud';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const PERM = 'app:feedback';

/** Feedback (app/feedback): what crews report from the app, answered once by the office. */
export function FeedbackPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const [handling, setHandling] = useState<FeedbackRow | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ reply: string }>();
  const remove = useConfirmRemove(feedbackApi.remove, () => t('appFeedback.deleteConfirm'), table);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !handling) return;
    setSaving(true);
    try {
      const res = await feedbackApi.handle(handling.feedbackId, values.reply);
      if (res.code !== 200) return;
      message.success(t('appFeedback.handled'));
      setHandling(null);
      table.current?.refresh();
    } finally {
      setSaving(false);
    }
  };

  const columns: ProColumn<FeedbackRow>[] = [
    {
      key: 'user',
      dataIndex: 'nickName',
      title: t('appFeedback.user'),
      width: 150,
      render: (name: string, row) => `${name || row.userName} (${row.userName})`,
    },
    dictColumn('feedbackType', t('appFeedback.feedbackType'), 'app_feedback_type'),
    textColumn('content', t('appFeedback.content')),
    textColumn('contact', t('appFeedback.contact'), { width: 130 }),
    textColumn('appVersion', t('appFeedback.appVersion'), { width: 100, defaultHidden: true }),
    dictColumn('state', t('appFeedback.state'), 'app_feedback_state'),
    textColumn('reply', t('appFeedback.reply')),
    timeColumn('createTime', t('appFeedback.createTime'), { sortField: 'createTime' }),
    textColumn('handleBy', t('appFeedback.handleBy'), { width: 110, defaultHidden: true }),
    actionsColumn(t('common.actions'), 170, (row) => (
      <RowActions perm={PERM} onRemove={() => remove([row.feedbackId], String(row.feedbackId))}>
        {row.state === 'PENDING' && (
          <RowLink
            perm={`${PERM}:handle`}
            icon={<MessageOutlined />}
            label={t('appFeedback.handle')}
            onClick={() => {
              form.resetFields();
              setHandling(row);
            }}
          />
        )}
      </RowActions>
    )),
  ];

  return (
    <div className="lx-page" data-testid="feedback-page">
      <ProTable<FeedbackRow>
        ref={table}
        url={feedbackApi.listUrl}
        rowKey="feedbackId"
        selectable
        testId="feedback-table"
        empty={t('appFeedback.empty')}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'userName', label: t('appFeedback.keyword') },
          { type: 'select', name: 'feedbackType', label: t('appFeedback.feedbackType'), dictType: 'app_feedback_type' },
          { type: 'select', name: 'state', label: t('appFeedback.state'), dictType: 'app_feedback_state' },
        ]}
        toolbar={({ rows }) => (
          <AddRemoveButtons
            perm={PERM}
            testId="feedback"
            selected={rows.length}
            onRemove={() =>
              remove(
                rows.map((r) => r.feedbackId),
                rows.map((r) => r.feedbackId).join(', '),
              )
            }
          />
        )}
      />
      <DraggableDialog
        open={!!handling}
        title={t('appFeedback.handleTitle')}
        width={620}
        onCancel={() => setHandling(null)}
        onOk={() => void submit()}
        confirmLoading={saving}
        testId="feedback-handle"
      >
        {handling && (
          <>
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                { key: 'user', label: t('appFeedback.user'), children: `${handling.nickName} (${handling.userName})` },
                {
                  key: 'type',
                  label: t('appFeedback.feedbackType'),
                  children: <DictCell dictType="app_feedback_type" value={handling.feedbackType} />,
                },
                { key: 'content', label: t('appFeedback.content'), children: handling.content },
                { key: 'contact', label: t('appFeedback.contact'), children: handling.contact },
                { key: 'time', label: t('appFeedback.createTime'), children: handling.createTime },
              ]}
            />
            <Form form={form} layout="vertical" style={{ marginTop: 12 }}>
              <Form.Item
                name="reply"
                label={t('appFeedback.reply')}
                rules={[{ required: true, whitespace: true, message: t('appFeedback.replyRequired') }]}
              >
                <Input.TextArea maxLength={1000} autoSize={{ minRows: 3, maxRows: 6 }} />
              </Form.Item>
            </Form>
          </>
        )}
      </DraggableDialog>
    </div>
  );
}
