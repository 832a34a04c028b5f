import {
  App,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Image,
  Input,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Timeline,
} from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableDialog } from '../../shared/DraggableDialog';
import { HasPermi } from '../../shared/perms';
import { type DispatchChoices, type WorkOrderDetail, workOrderApi } from './api';
import { PriorityTag, SlaClock, StateTag, useOpsLabel } from './labels';

/** A map link to a place (any phone opens it in its map app). */
export function mapLink(longitude: number, latitude: number) {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`;
}

/** What an order holds besides its row: the steps, photos, parts and alarms. */
export function OrderRecords({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation();
  const label = useOpsLabel();
  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'history',
          label: t('opsOrder.history'),
          children: (
            <Timeline
              data-testid="order-history"
              items={order.history.map((h) => ({
                children: (
                  <div>
                    <b>{label('action', h.action)}</b> · {h.operBy || t('opsOrder.platform')} · {h.operTime}
                    {h.comment && <div style={{ color: '#666' }}>{h.comment}</div>}
                  </div>
                ),
              }))}
            />
          ),
        },
        {
          key: 'photos',
          label: `${t('opsOrder.photos')} (${order.photos.length})`,
          children: order.photos.length ? (
            <Image.PreviewGroup>
              <Space wrap>
                {order.photos.map((p) => (
                  <div key={p.photoId} style={{ width: 120 }} data-testid="order-photo">
                    <Image src={p.url} width={120} height={90} style={{ objectFit: 'cover' }} />
                    <div style={{ fontSize: 12 }}>
                      <Tag>{label('photo', p.kind)}</Tag>
                      {p.takenTime}
                      {p.longitude != null && p.latitude != null && (
                        <div>
                          {p.longitude.toFixed(5)}, {p.latitude.toFixed(5)}
                        </div>
                      )}
                    </div>
                  </div>
                ))}
              </Space>
            </Image.PreviewGroup>
          ) : (
            <Empty description={t('opsOrder.noPhotos')} />
          ),
        },
        {
          key: 'parts',
          label: `${t('opsOrder.parts')} (${order.parts.length})`,
          children: (
            <Table
              size="small"
              rowKey="partId"
              pagination={false}
              dataSource={order.parts}
              locale={{ emptyText: t('opsOrder.noParts') }}
              columns={[
                { key: 'name', dataIndex: 'name', title: t('opsOrder.partName') },
                { key: 'model', dataIndex: 'model', title: t('opsOrder.partModel') },
                { key: 'quantity', dataIndex: 'quantity', title: t('opsOrder.quantity'), width: 80 },
                { key: 'unit', dataIndex: 'unit', title: t('opsOrder.unit'), width: 70 },
                { key: 'recordBy', dataIndex: 'recordBy', title: t('opsOrder.recordBy'), width: 110 },
              ]}
            />
          ),
        },
        ...(order.alarms.length
          ? [
              {
                key: 'alarms',
                label: `${t('opsOrder.alarms')} (${order.alarms.length})`,
                children: (
                  <Table
                    size="small"
                    rowKey="alarmId"
                    pagination={false}
                    dataSource={order.alarms}
                    columns={[
                      { key: 'type', dataIndex: 'alarmConfigType', title: t('opsOrder.alarmType') },
                      {
                        key: 'grade',
                        dataIndex: 'grade',
                        title: t('opsOrder.priority'),
                        render: (v: string) => <PriorityTag priority={v} />,
                      },
                      { key: 'state', dataIndex: 'state', title: t('opsOrder.state') },
                    ]}
                  />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** The order's fields as a description list (shared by the dispatcher's drawer and the crew's screen). */
export function OrderFacts({ order, readAt, extra }: { order: WorkOrderDetail; readAt: number; extra?: ReactNode }) {
  const { t } = useTranslation();
  const label = useOpsLabel();
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={t('opsOrder.state')}>
        <StateTag state={order.state} outcome={order.outcome} /> <PriorityTag priority={order.priority} />
      </Descriptions.Item>
      <Descriptions.Item label={t('opsOrder.acceptClock')}>
        <SlaClock left={order.acceptLeft} breached={order.acceptBreached} readAt={readAt} /> {order.acceptDue}
      </Descriptions.Item>
      <Descriptions.Item label={t('opsOrder.resolveClock')}>
        <SlaClock left={order.resolveLeft} breached={order.resolveBreached} readAt={readAt} /> {order.resolveDue}
      </Descriptions.Item>
      <Descriptions.Item label={t('opsOrder.source')}>{label('source', order.source)}</Descriptions.Item>
      {order.deviceUid && (
        <Descriptions.Item label={t('opsOrder.device')}>
          {order.deviceName} ({order.deviceUid})
        </Descriptions.Item>
      )}
      {(order.address || order.longitude != null) && (
        <Descriptions.Item label={t('opsOrder.place')}>
          {order.address}{' '}
          {order.longitude != null && order.latitude != null && (
            <a
              href={mapLink(order.longitude, order.latitude)}
              target="_blank"
              rel="noreferrer"
              data-testid="order-map-link"
            >
              {order.longitude.toFixed(5)}, {order.latitude.toFixed(5)}
            </a>
          )}
        </Descriptions.Item>
      )}
      {order.description && (
        <Descriptions.Item label={t('opsOrder.description')}>{order.description}</Descriptions.Item>
      )}
      {order.reporter && (
        <Descriptions.Item label={t('opsOrder.reporter')}>
          {order.reporter} {order.reporterPhone}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('opsOrder.assignee')}>
        {[order.teamName, order.assigneeName].filter(Boolean).join(' · ') || '-'}
      </Descriptions.Item>
      {order.resolution && <Descriptions.Item label={t('opsOrder.resolution')}>{order.resolution}</Descriptions.Item>}
      {extra}
    </Descriptions>
  );
}

type Step = 'approve' | 'send-back' | 'close' | 'cancel';

/** Dispatches an order to a team (members on duty first) and/or a person. */
export function DispatchDialog({ orderId, onClose }: { orderId: number | null; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [choices, setChoices] = useState<DispatchChoices | null>(null);
  const [teamId, setTeamId] = useState<number | null>(null);
  const [assigneeId, setAssigneeId] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setChoices(null);
    setTeamId(null);
    setAssigneeId(null);
    setComment('');
    if (orderId)
      workOrderApi.choices(orderId).then(
        (res) => setChoices(res.data),
        () => undefined,
      );
  }, [orderId]);
  const team = choices?.teams.find((x) => x.teamId === teamId);
  const people = team
    ? team.members.map((m) => ({
        value: m.userId,
        label: `${m.nickName || m.userName}${m.onDuty ? ` · ${t('opsTeam.onDuty')}` : ''}`,
      }))
    : (choices?.users ?? []).map((u) => ({ value: u.userId, label: u.nickName || u.userName }));
  const submit = async () => {
    if (!orderId) return;
    if (!teamId && !assigneeId) {
      message.warning(t('opsOrder.whom'));
      return;
    }
    setBusy(true);
    try {
      await workOrderApi.dispatch(orderId, { teamId, assigneeId, comment });
      message.success(t('opsOrder.dispatched'));
      onClose(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <DraggableDialog
      open={orderId !== null}
      title={t('opsOrder.dispatch')}
      width={480}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={busy}
      testId="dispatch-dialog"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select
          allowClear
          placeholder={t('opsOrder.team')}
          style={{ width: '100%' }}
          value={teamId ?? undefined}
          onChange={(v) => {
            setTeamId(v ?? null);
            setAssigneeId(null);
          }}
          options={(choices?.teams ?? []).map((x) => ({
            value: x.teamId,
            label: `${x.name} · ${t('opsTeam.onDutyCount', { count: x.onDutyCount })}`,
          }))}
          data-testid="dispatch-team"
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('opsOrder.person')}
          style={{ width: '100%' }}
          value={assigneeId ?? undefined}
          onChange={(v) => setAssigneeId(v ?? null)}
          options={people}
          data-testid="dispatch-person"
        />
        <Input.TextArea
          rows={2}
          maxLength={500}
          placeholder={t('opsOrder.comment')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </Space>
    </DraggableDialog>
  );
}

/** The dispatcher's view of one order: facts, clocks, steps, photos, parts; approve, send back, close, cancel. */
export function OrderDrawer({
  orderId,
  onClose,
  onChanged,
}: {
  orderId: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [order, setOrder] = useState<WorkOrderDetail | null>(null);
  const [readAt, setReadAt] = useState(Date.now());
  const [step, setStep] = useState<Step | null>(null);
  const [comment, setComment] = useState('');
  const [dispatching, setDispatching] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    if (!orderId) return setOrder(null);
    const res = await workOrderApi.get(orderId);
    setOrder(res.data);
    setReadAt(Date.now());
  }, [orderId]);
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);

  const run = async () => {
    if (!order || !step) return;
    if ((step === 'send-back' || step === 'cancel') && !comment.trim()) {
      message.warning(t('opsOrder.reasonRequired'));
      return;
    }
    setBusy(true);
    try {
      await workOrderApi.step(order.orderId, step, comment.trim());
      message.success(t('opsOrder.done'));
      setStep(null);
      setComment('');
      await load();
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  const ask = (s: Step) => {
    setComment('');
    setStep(s);
  };
  const open = order && order.state !== 'CLOSED';
  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      width={640}
      title={order ? `${order.orderNo} ${order.title}` : ''}
      destroyOnHidden
    >
      {order && (
        <div data-testid="order-drawer">
          <Space wrap style={{ marginBottom: 12 }}>
            {order.state === 'RESOLVED' && (
              <HasPermi value={['ops:workOrder:approval']}>
                <Button type="primary" onClick={() => ask('approve')} data-testid="order-approve">
                  {t('opsOrder.approve')}
                </Button>
                <Button onClick={() => ask('send-back')} data-testid="order-send-back">
                  {t('opsOrder.sendBack')}
                </Button>
              </HasPermi>
            )}
            {order.state === 'APPROVED' && (
              <HasPermi value={['ops:workOrder:approval']}>
                <Button type="primary" onClick={() => ask('close')} data-testid="order-close">
                  {t('opsOrder.close')}
                </Button>
              </HasPermi>
            )}
            {open && ['CREATED', 'DISPATCHED', 'ACCEPTED'].includes(order.state) && (
              <HasPermi value={['ops:workOrder:dispatch']}>
                <Button onClick={() => setDispatching(order.orderId)} data-testid="order-dispatch">
                  {t('opsOrder.dispatch')}
                </Button>
              </HasPermi>
            )}
            {open && order.state !== 'RESOLVED' && order.state !== 'APPROVED' && (
              <HasPermi value={['ops:workOrder:edit']}>
                <Button danger onClick={() => ask('cancel')}>
                  {t('opsOrder.cancel')}
                </Button>
              </HasPermi>
            )}
          </Space>
          <OrderFacts order={order} readAt={readAt} />
          <OrderRecords order={order} />
        </div>
      )}
      <DraggableDialog
        open={step !== null}
        title={step ? t(`opsOrder.step.${step}`) : ''}
        width={440}
        onCancel={() => setStep(null)}
        onOk={() => void run()}
        confirmLoading={busy}
        testId="order-step-dialog"
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder={step === 'send-back' || step === 'cancel' ? t('opsOrder.reason') : t('opsOrder.comment')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          data-testid="order-step-comment"
        />
      </DraggableDialog>
      <DispatchDialog
        orderId={dispatching}
        onClose={(done) => {
          setDispatching(null);
          if (done) {
            void load();
            onChanged();
          }
        }}
      />
    </Drawer>
  );
}
