import type { FeedbackRow, InboxRow } from '@luxgrid/contracts/mobile';
import { App, Badge, Button, Form, Input, List, Select, Tabs, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onPush } from '../../app/socket';
import { DraggableDialog } from '../../shared/DraggableDialog';
import { useDict } from '../../shared/dict';
import { http, type TableEnvelope } from '../../shared/request';
import { pushApi } from './api';

/**
 * What the office sent the signed-in user (their inbox of push messages, marked read when opened)
 * and their feedback: new reports and the answers to earlier ones.
 */
export function CrewCenter({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [inbox, setInbox] = useState<InboxRow[]>([]);
  const [mine, setMine] = useState<FeedbackRow[]>([]);
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm<{ feedbackType: string; content: string; contact?: string }>();
  const types = useDict('app_feedback_type');
  const load = useCallback(async () => {
    const [messages, feedback] = await Promise.all([
      http.get<TableEnvelope<InboxRow>>('/app/push/mine', { pageSize: 50 }),
      http.get<TableEnvelope<FeedbackRow>>('/app/feedback/mine', { pageSize: 50 }),
    ]);
    const rows = messages.rows ?? [];
    setInbox(rows);
    setMine(feedback.rows ?? []);
    const unread = rows.filter((r) => !r.read).map((r) => r.pushId);
    if (unread.length) void pushApi.markRead(unread);
  }, []);
  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSending(true);
    try {
      const res = await http.post('/app/feedback/submit', values);
      if (res.code !== 200) return;
      message.success(t('appFeedback.sent'));
      form.resetFields();
      void load();
    } finally {
      setSending(false);
    }
  };

  return (
    <DraggableDialog
      open={open}
      title={t('appFeedback.center')}
      width={640}
      onCancel={onClose}
      footer={null}
      testId="crew-center"
    >
      <Tabs
        items={[
          {
            key: 'inbox',
            label: t('appPush.inbox'),
            children: (
              <List<InboxRow>
                dataSource={inbox}
                locale={{ emptyText: t('appPush.inboxEmpty') }}
                renderItem={(item) => (
                  <List.Item>
                    <List.Item.Meta
                      title={
                        <>
                          {!item.read && <Badge status="processing" />} {item.title}
                        </>
                      }
                      description={
                        <>
                          <div style={{ whiteSpace: 'pre-wrap' }}>{item.content}</div>
                          <small>
                            {item.sentTime} · {t('appPush.from', { sender: item.sender })}
                          </small>
                        </>
                      }
                    />
                  </List.Item>
                )}
              />
            ),
          },
          {
            key: 'feedback',
            label: t('appFeedback.mine'),
            children: (
              <>
                <Form form={form} layout="vertical" initialValues={{ feedbackType: 'BUG' }}>
                  <Form.Item name="feedbackType" label={t('appFeedback.feedbackType')}>
                    <Select options={types.map((d) => ({ value: d.dictValue, label: d.dictLabel }))} />
                  </Form.Item>
                  <Form.Item
                    name="content"
                    label={t('appFeedback.content')}
                    rules={[{ required: true, whitespace: true, message: t('appFeedback.contentRequired') }]}
                  >
                    <Input.TextArea maxLength={1000} autoSize={{ minRows: 3, maxRows: 6 }} />
                  </Form.Item>
                  <Form.Item name="contact" label={t('appFeedback.contact')}>
                    <Input maxLength={60} />
                  </Form.Item>
                  <Button type="primary" loading={sending} onClick={() => void submit()}>
                    {t('appFeedback.submit')}
                  </Button>
                </Form>
                <List<FeedbackRow>
                  style={{ marginTop: 16 }}
                  dataSource={mine}
                  renderItem={(item) => (
                    <List.Item>
                      <List.Item.Meta
                        title={
                          <>
                            <Tag color={item.state === 'HANDLED' ? 'green' : 'orange'}>
                              {item.state === 'HANDLED' ? t('appFeedback.handled') : t('appFeedback.pending')}
                            </Tag>
                            {item.createTime}
                          </>
                        }
                        description={
                          <>
                            <div style={{ whiteSpace: 'pre-wrap' }}>{item.content}</div>
                            {item.reply && (
                              <div>
                                {t('appFeedback.reply')}: {item.reply}
                              </div>
                            )}
                          </>
                        }
                      />
                    </List.Item>
                  )}
                />
              </>
            ),
          },
        ]}
      />
    </DraggableDialog>
  );
}

/** The number of the signed-in user's unread messages, kept up by the live pushes. */
export function useUnreadMessages(): number {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    void http
      .get<TableEnvelope<InboxRow> & { unread?: number }>('/app/push/mine', { pageSize: 1 }, { silent: true })
      .then((res) => setUnread(res.unread ?? 0))
      .catch(() => undefined);
    return onPush((m) => {
      if (m.type === 'app.push') setUnread((n) => n + 1);
    });
  }, []);
  return unread;
}
