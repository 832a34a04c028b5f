import { CheckOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Badge, Button, Col, Descriptions, Form, Input, Radio, Row, Space, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeApi, type SysNotice } from '../../../features/system/notice-api';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { formatDateTime } from '../../../shared/date';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { RichTextEditor } from '../../../shared/RichTextEditor';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { EmptyState } from '../components/EmptyState';
import { maxLength, required } from '../components/form-rules';

const EMPTY: SysNotice = { noticeTitle: '', noticeType: '1', noticeContent: '', status: '0', remark: '' };

/** Notices and announcements (system/notice): rich text, and whether the signed-in user has read each. */
export function NoticePage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const table = useRef<ProTableRef>(null);
  const types = useDict('sys_notice_type');
  const statuses = useDict('sys_notice_status');
  const [form] = Form.useForm<SysNotice>();
  const [editing, setEditing] = useState<SysNotice | null>(null);
  const [saving, setSaving] = useState(false);
  const [viewing, setViewing] = useState<SysNotice | null>(null);
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

  const openAdd = () => {
    setEditing({ ...EMPTY });
  };

  const openEdit = async (id: number) => {
    try {
      const { data } = await noticeApi.get(id);
      setEditing(data);
    } catch {
      // shown by the request layer
    }
  };

  const view = async (row: SysNotice) => {
    try {
      const readable = readState.has(row.noticeId!);
      const { data } = readable ? await noticeApi.read(row.noticeId!) : await noticeApi.get(row.noticeId!);
      setViewing(data);
      if (readable && !readState.get(row.noticeId!)) void loadReadState();
    } catch {
      // shown by the request layer
    }
  };

  const submit = async () => {
    let values: SysNotice;
    try {
      values = await form.validateFields();
    } catch {
      message.warning(t('common.fillRequired'));
      return;
    }
    setSaving(true);
    try {
      if (editing?.noticeId) await noticeApi.update({ ...values, noticeId: editing.noticeId });
      else await noticeApi.add(values);
      message.success(editing?.noticeId ? t('common.updateSuccess') : t('common.addSuccess'));
      setEditing(null);
      table.current?.refresh();
      void loadReadState();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  const remove = (rows: SysNotice[]) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('notice.deleteConfirm', { names: rows.map((row) => row.noticeTitle).join(', ') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await noticeApi.remove(rows.map((row) => row.noticeId!));
        message.success(t('common.deleteSuccess'));
        table.current?.clearSelection();
        table.current?.refresh();
        void loadReadState();
      },
    });
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

  const columns: ProColumn<SysNotice>[] = [
    { key: 'noticeId', dataIndex: 'noticeId', title: t('notice.noticeId'), width: 90, sortField: 'noticeId' },
    {
      key: 'noticeTitle',
      dataIndex: 'noticeTitle',
      title: t('notice.noticeTitle'),
      ellipsis: true,
      sortField: 'noticeTitle',
      render: (value: string, row: SysNotice) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void view(row)}>
          {value}
        </Button>
      ),
    },
    {
      key: 'noticeType',
      dataIndex: 'noticeType',
      title: t('notice.noticeType'),
      width: 110,
      sortField: 'noticeType',
      render: (value: string) => <DictTag options={types} value={value} />,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('sysCommon.status'),
      width: 90,
      sortField: 'status',
      render: (value: string) => <DictTag options={statuses} value={value} />,
    },
    {
      key: 'read',
      title: t('notice.readState'),
      width: 110,
      render: (_: unknown, row: SysNotice) => {
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
    { key: 'createBy', dataIndex: 'createBy', title: t('notice.createBy'), width: 120, ellipsis: true },
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
      width: 220,
      fixed: 'right',
      render: (_: unknown, row: SysNotice) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => void view(row)}>
            {t('sysCommon.view')}
          </Button>
          <HasPermi value={['system:notice:edit', 'system:notice:query']} mode="all">
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void openEdit(row.noticeId!)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['system:notice:remove']}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([row])}>
              {t('common.delete')}
            </Button>
          </HasPermi>
        </Space>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="notice-page">
      <EmptyState description={t('notice.empty')}>
        <ProTable<SysNotice>
          ref={table}
          url={noticeApi.listUrl}
          rowKey="noticeId"
          selectable
          testId="notice-table"
          columns={columns}
          searchFields={[
            { type: 'input', name: 'noticeTitle', label: t('notice.noticeTitle') },
            { type: 'input', name: 'createBy', label: t('notice.createBy') },
            { type: 'select', name: 'noticeType', label: t('notice.noticeType'), dictType: 'sys_notice_type' },
          ]}
          toolbar={({ rows }) => (
            <>
              <HasPermi value={['system:notice:add']}>
                <Button type="primary" ghost icon={<PlusOutlined />} onClick={openAdd} data-testid="notice-add">
                  {t('common.add')}
                </Button>
              </HasPermi>
              <HasPermi value={['system:notice:edit', 'system:notice:query']} mode="all">
                <Button
                  icon={<EditOutlined />}
                  disabled={rows.length !== 1}
                  onClick={() => void openEdit(rows[0].noticeId!)}
                  data-testid="notice-edit"
                >
                  {t('common.edit')}
                </Button>
              </HasPermi>
              <HasPermi value={['system:notice:remove']}>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!rows.length}
                  onClick={() => remove(rows)}
                  data-testid="notice-remove"
                >
                  {t('common.delete')}
                </Button>
              </HasPermi>
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
      </EmptyState>
      <DraggableDialog
        open={!!editing}
        title={editing?.noticeId ? t('notice.editTitle') : t('notice.addTitle')}
        width={960}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={saving}
        testId="notice-dialog"
      >
        <Form<SysNotice>
          key={editing?.noticeId ?? 'new'}
          form={form}
          labelCol={{ flex: '100px' }}
          initialValues={editing ?? EMPTY}
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
              <Form.Item name="status" label={t('sysCommon.status')}>
                <Radio.Group options={statuses.map((item) => ({ label: item.dictLabel, value: item.dictValue }))} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="noticeContent" label={t('notice.content')}>
                <RichTextEditor minHeight={260} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </DraggableDialog>
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
