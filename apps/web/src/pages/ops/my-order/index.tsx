import {
  CameraOutlined,
  CloudSyncOutlined,
  DisconnectOutlined,
  EnvironmentOutlined,
  LeftOutlined,
} from '@ant-design/icons';
import { Alert, App, Badge, Button, Card, Empty, Form, Input, InputNumber, List, Space, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../app/session';
import {
  type CrewBody,
  type CrewStep,
  myOrderApi,
  type WorkOrderDetail,
  type WorkOrderRow,
} from '../../../features/ops/api';
import { PriorityTag, SlaClock, StateTag } from '../../../features/ops/labels';
import { mapLink, OrderFacts, OrderRecords } from '../../../features/ops/OrderDrawer';
import {
  applyLocally,
  currentPosition,
  dropRefused,
  enqueue,
  flush,
  loadList,
  loadOrder,
  saveList,
  saveOrder,
  useCrewQueue,
  useOnline,
} from '../../../features/ops/offline';
import { HasPermi } from '../../../shared/perms';
import { useStore } from '../../../shared/store';

const uuid = () => crypto.randomUUID();

/** One order on the phone: facts, navigation, the next step, photos, parts and the resolution. */
function OrderScreen({
  userId,
  userName,
  orderId,
  onBack,
}: {
  userId: number;
  userName: string;
  orderId: number;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const online = useOnline();
  const [order, setOrder] = useState<WorkOrderDetail | null>(null);
  const [readAt, setReadAt] = useState(Date.now());
  const [kind, setKind] = useState<'BEFORE' | 'AFTER'>('BEFORE');
  const camera = useRef<HTMLInputElement>(null);
  const [partForm] = Form.useForm<{ name: string; model?: string; quantity: number; unit?: string }>();
  const [resolveForm] = Form.useForm<{ resolution: string }>();

  const load = useCallback(async () => {
    try {
      const res = await myOrderApi.get(orderId, { silent: true });
      setOrder(res.data);
      setReadAt(Date.now());
      await saveOrder(userId, res.data);
    } catch {
      // no signal: the copy kept on the phone
      const kept = await loadOrder(userId, orderId);
      if (kept) setOrder(kept);
    }
  }, [orderId, userId]);
  useEffect(() => {
    void load();
  }, [load]);

  // while the order is in progress the phone reports where the crew is (the dispatch map's last known positions)
  const inProgress = order?.state === 'ACCEPTED' || order?.state === 'ON_SITE';
  useEffect(() => {
    if (!inProgress) return;
    const report = () => {
      if (!navigator.onLine) return;
      void currentPosition().then((p) => p && myOrderApi.position({ ...p, orderId }).catch(() => undefined));
    };
    report();
    const timer = setInterval(report, 60_000);
    return () => clearInterval(timer);
  }, [inProgress, orderId]);

  const take = async (step: CrewStep, body: Omit<CrewBody, 'opId'>, photo?: { blob: Blob; name: string }) => {
    if (!order) return;
    const position = step === 'part' ? null : await currentPosition();
    const opId = uuid();
    const queued = {
      opId,
      orderId,
      step,
      body: { ...body, ...(position ?? {}), opId, at: Date.now() },
      ...(photo ? { photo } : {}),
    };
    const local = applyLocally(order, queued, userName);
    setOrder(local);
    await saveOrder(userId, local);
    await enqueue(userId, queued);
    message.success(navigator.onLine ? t('opsMy.sent') : t('opsMy.queued'));
    if (navigator.onLine) await load();
  };

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    await take('photo', { kind, takenAt: Date.now() }, { blob: file, name: file.name || `photo-${Date.now()}.jpg` });
    if (camera.current) camera.current.value = '';
  };

  if (!order) return <Card loading />;
  const canWork = order.state === 'ACCEPTED' || order.state === 'ON_SITE';
  const open = order.state !== 'CLOSED';
  return (
    <div data-testid="my-order-detail">
      <Space style={{ marginBottom: 8 }}>
        <Button icon={<LeftOutlined />} onClick={onBack} data-testid="my-order-back">
          {t('opsMy.back')}
        </Button>
        {!online && (
          <Tag icon={<DisconnectOutlined />} color="orange">
            {t('opsMy.offline')}
          </Tag>
        )}
      </Space>
      <Card size="small" title={`${order.orderNo} ${order.title}`}>
        <HasPermi value={['ops:myOrder:edit']}>
          <Space wrap style={{ marginBottom: 12 }}>
            {order.state === 'DISPATCHED' && (
              <Button type="primary" size="large" onClick={() => void take('accept', {})} data-testid="my-order-accept">
                {t('opsMy.accept')}
              </Button>
            )}
            {order.state === 'ACCEPTED' && (
              <Button
                size="large"
                icon={<EnvironmentOutlined />}
                onClick={() => void take('arrive', {})}
                data-testid="my-order-arrive"
              >
                {t('opsMy.arrive')}
              </Button>
            )}
            {order.longitude != null && order.latitude != null && (
              <Button
                size="large"
                href={mapLink(order.longitude, order.latitude)}
                target="_blank"
                icon={<EnvironmentOutlined />}
              >
                {t('opsMy.navigate')}
              </Button>
            )}
          </Space>
        </HasPermi>
        <OrderFacts order={order} readAt={readAt} />
        {open && (
          <HasPermi value={['ops:myOrder:edit']}>
            <Card size="small" title={t('opsMy.photos')} style={{ marginTop: 12 }}>
              <Space wrap>
                <Button.Group>
                  <Button
                    type={kind === 'BEFORE' ? 'primary' : 'default'}
                    onClick={() => setKind('BEFORE')}
                    data-testid="photo-before"
                  >
                    {t('opsMy.before')}
                  </Button>
                  <Button
                    type={kind === 'AFTER' ? 'primary' : 'default'}
                    onClick={() => setKind('AFTER')}
                    data-testid="photo-after"
                  >
                    {t('opsMy.after')}
                  </Button>
                </Button.Group>
                <Button icon={<CameraOutlined />} size="large" onClick={() => camera.current?.click()}>
                  {t('opsMy.takePhoto')}
                </Button>
                <input
                  ref={camera}
                  type="file"
                  accept="image/*"
                  capture="environment"
                  style={{ display: 'none' }}
                  onChange={(e) => void onPhoto(e.target.files?.[0])}
                  data-testid="my-order-camera"
                />
              </Space>
            </Card>
            <Card size="small" title={t('opsMy.addPart')} style={{ marginTop: 12 }}>
              <Form
                form={partForm}
                layout="vertical"
                initialValues={{ quantity: 1 }}
                onFinish={(v) => {
                  void take('part', v);
                  partForm.resetFields();
                }}
              >
                <Form.Item name="name" label={t('opsOrder.partName')} rules={[{ required: true, whitespace: true }]}>
                  <Input maxLength={64} data-testid="part-name" />
                </Form.Item>
                <Space>
                  <Form.Item name="model" label={t('opsOrder.partModel')}>
                    <Input maxLength={64} />
                  </Form.Item>
                  <Form.Item name="quantity" label={t('opsOrder.quantity')} rules={[{ required: true }]}>
                    <InputNumber min={0.01} max={100000} style={{ width: 90 }} />
                  </Form.Item>
                  <Form.Item name="unit" label={t('opsOrder.unit')}>
                    <Input maxLength={12} style={{ width: 70 }} />
                  </Form.Item>
                </Space>
                <Button htmlType="submit" data-testid="part-add">
                  {t('opsMy.recordPart')}
                </Button>
              </Form>
            </Card>
            {canWork && (
              <Card size="small" title={t('opsMy.resolve')} style={{ marginTop: 12 }}>
                <Form
                  form={resolveForm}
                  layout="vertical"
                  onFinish={(v) => void take('resolve', { resolution: v.resolution, parts: [] })}
                >
                  <Form.Item
                    name="resolution"
                    label={t('opsOrder.resolution')}
                    rules={[{ required: true, whitespace: true, message: t('opsMy.resolutionRequired') }]}
                  >
                    <Input.TextArea rows={3} maxLength={1000} data-testid="my-order-resolution" />
                  </Form.Item>
                  <Button type="primary" size="large" htmlType="submit" block data-testid="my-order-resolve">
                    {t('opsMy.resolve')}
                  </Button>
                </Form>
              </Card>
            )}
          </HasPermi>
        )}
        <OrderRecords order={order} />
      </Card>
    </div>
  );
}

/**
 * The crew's own work orders (ops/my-order), built for a phone and usable without a signal: the
 * list and the orders opened are kept on the phone, steps taken offline wait in a queue and are
 * sent when the signal returns.
 */
export function MyOrderPage() {
  // the installable crew app: once this screen has been opened, its shell opens without a signal
  // (public/sw.js); the orders and the queue of offline steps are kept by features/ops/offline.ts
  useEffect(() => {
    if (import.meta.env.PROD && 'serviceWorker' in navigator)
      void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  }, []);
  const { t } = useTranslation();
  const user = useStore(session, (s) => s.user);
  const userId = user?.userId ?? 0;
  const userName = user?.userName ?? '';
  const online = useOnline();
  const queue = useCrewQueue(userId);
  const [rows, setRows] = useState<WorkOrderRow[]>([]);
  const [readAt, setReadAt] = useState(Date.now());
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<number | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await myOrderApi.list({ silent: true });
      setRows(res.rows);
      setReadAt(Date.now());
      await saveList(userId, res.rows);
    } catch {
      setRows((await loadList(userId)) ?? []);
    } finally {
      setLoading(false);
    }
  }, [userId]);
  useEffect(() => {
    if (selected === null) void load();
  }, [load, selected]);
  // back online: send what waited, then read the list again
  useEffect(() => {
    if (!online) return;
    void flush().then(() => {
      if (selected === null) void load();
    });
  }, [online, load, selected]);

  return (
    <div className="lx-page lx-crew" data-testid="my-order-page" style={{ maxWidth: 720, margin: '0 auto' }}>
      {!online && (
        <Alert
          type="warning"
          showIcon
          icon={<DisconnectOutlined />}
          message={t('opsMy.offlineHint')}
          style={{ marginBottom: 8 }}
          data-testid="my-order-offline"
        />
      )}
      {(queue.queued.length > 0 || queue.sending) && (
        <Alert
          type="info"
          showIcon
          icon={<CloudSyncOutlined />}
          message={t('opsMy.pending', { count: queue.queued.length })}
          style={{ marginBottom: 8 }}
          data-testid="my-order-pending"
        />
      )}
      {queue.refused.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => void dropRefused(userId)}
          message={t('opsMy.refused', { count: queue.refused.length })}
          description={queue.refused.map((r) => `${t(`opsMy.step.${r.step}`)}: ${r.reason}`).join('；')}
          style={{ marginBottom: 8 }}
        />
      )}
      {selected !== null ? (
        <OrderScreen userId={userId} userName={userName} orderId={selected} onBack={() => setSelected(null)} />
      ) : (
        <List
          loading={loading}
          dataSource={rows}
          locale={{ emptyText: <Empty description={t('opsMy.empty')} /> }}
          renderItem={(row) => (
            <Card
              size="small"
              hoverable
              style={{ marginBottom: 8 }}
              onClick={() => setSelected(row.orderId)}
              data-testid="my-order-card"
              title={
                <Space>
                  <Badge status={row.state === 'CLOSED' ? 'default' : 'processing'} />
                  {row.orderNo}
                </Space>
              }
              extra={<PriorityTag priority={row.priority} />}
            >
              <div style={{ fontSize: 16, marginBottom: 4 }}>{row.title}</div>
              <Space wrap>
                <StateTag state={row.state} outcome={row.outcome} />
                {row.state !== 'CLOSED' && (
                  <SlaClock left={row.resolveLeft} breached={row.resolveBreached} readAt={readAt} />
                )}
                {row.address && <span>{row.address}</span>}
              </Space>
            </Card>
          )}
        />
      )}
    </div>
  );
}
