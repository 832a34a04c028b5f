import type { AlarmConfigType, WorkOrderPriority } from '@luxgrid/contracts';
import type { Deps } from '../../../platform/context.ts';
import {
  duesOf,
  extendMaintenance,
  holdMaintenance,
  insertOrder,
  openOrderOf,
  releaseMaintenance,
  slaOf,
  transition,
} from './work-order.repository.ts';

/**
 * Work orders from alarms, in every process (every 5 s): an active alarm of a type whose project
 * setting says "open a work order" opens one (priority from the alarm's grade), any active alarm
 * of a device with an open order joins it — the partial unique index on the open order's device
 * makes a second order impossible whichever process writes — and an alarm order closes itself as
 * VERIFIED once all its alarms have recovered by themselves and stayed so for the customer's hold time.
 */

interface Candidate {
  alarm_id: number;
  client_id: number;
  project_id: number;
  device_id: number;
  alarm_config_type: AlarmConfigType;
  grade: WorkOrderPriority;
  uid: string;
  name: string;
  language: string | null;
}

/** Links an alarm to an order, with the history row, once (the alarm's link is its primary key). */
async function link(deps: Deps, orderId: number, a: Candidate, now: number, joined: boolean) {
  await deps.database.query(
    `with l as (
       insert into ops_work_order_alarm (alarm_id, order_id, client_id, link_time)
       values ($1, $2, $3, to_timestamp($4 / 1000.0)) on conflict do nothing returning alarm_id, order_id, client_id)
     insert into ops_work_order_history (order_id, client_id, action, from_state, to_state, oper_by, oper_time, detail)
     select l.order_id, l.client_id, 'ALARM_JOINED', o.state, o.state, '', to_timestamp($4 / 1000.0),
            jsonb_build_object('alarmId', l.alarm_id, 'alarmConfigType', $5::text, 'grade', $6::text)
       from l join ops_work_order o on o.order_id = l.order_id where $7`,
    [a.alarm_id, orderId, a.client_id, now, a.alarm_config_type, a.grade, joined],
  );
}

/** Opens orders for new alarms and joins alarms to their device's open order; answers how many were opened. */
export async function openFromAlarms(deps: Deps, batch = 200): Promise<number> {
  const db = deps.database;
  const now = deps.clock.now();
  // alarms of types set to open a work order, and any alarm of a device that has an open order
  const candidates = await db.query<Candidate>(
    `select a.alarm_id, a.client_id, a.project_id, a.device_id, a.alarm_config_type, a.grade, d.uid, d.name, p.language
       from lt_alarm a join lt_device d on d.device_id = a.device_id
       left join biz_project p on p.project_id = a.project_id
      where a.state = 'NEW' and a.inhibited_by is null
        and not exists (select 1 from ops_work_order_alarm l where l.alarm_id = a.alarm_id)
        and (exists (select 1 from lt_alarm_setting s where s.project_id = a.project_id
                      and s.alarm_config_type = a.alarm_config_type and s.work_order and s.enabled)
             or exists (select 1 from ops_work_order o where o.device_id = a.device_id and o.state <> 'CLOSED'))
      order by a.alarm_id limit $1`,
    [batch],
  );
  let opened = 0;
  for (const a of candidates) {
    const open = await openOrderOf(db, a.device_id);
    if (open) {
      await link(deps, open.order_id, a, now, true);
      continue;
    }
    const sla = await slaOf(db, a.client_id);
    // titled in the project's language: the device and what is wrong with it
    const label = await deps.dictionaries(a.language === 'en-US' ? 'en-US' : 'zh-CN', 'alarm_config_type');
    const created = await insertOrder(
      db,
      {
        clientId: a.client_id,
        projectId: a.project_id,
        title: `${a.name || a.uid} · ${label(a.alarm_config_type) || a.alarm_config_type}`.slice(0, 100),
        source: 'ALARM',
        priority: a.grade,
        deviceId: a.device_id,
        alarmConfigType: a.alarm_config_type,
        ...duesOf(sla, a.grade, now),
        by: '',
        at: now,
      },
      a.alarm_config_type,
    );
    if (created) {
      opened++;
      await link(deps, created.orderId, a, now, false);
      await holdMaintenance(db, a.device_id, created.orderNo, '', now);
    } else {
      // another process opened the device's order a moment ago: join it
      const other = await openOrderOf(db, a.device_id);
      if (other) await link(deps, other.order_id, a, now, true);
    }
  }
  return opened;
}

/** Closes alarm orders whose faults have stayed gone for the hold time; answers how many. */
export async function closeVerified(deps: Deps): Promise<number> {
  const db = deps.database;
  const now = deps.clock.now();
  const due = await db.query<{ order_id: number; client_id: number; recovered: number }>(
    `select o.order_id, o.client_id, (extract(epoch from max(a.recovered_time)) * 1000)::float8 as recovered,
            coalesce(max(s.verify_hold_minutes), 10) as hold
       from ops_work_order o
       join ops_work_order_alarm l on l.order_id = o.order_id
       join lt_alarm a on a.alarm_id = l.alarm_id
       left join ops_sla_setting s on s.client_id = o.client_id
      where o.state <> 'CLOSED' and o.source = 'ALARM'
      group by o.order_id, o.client_id
     having bool_and(a.state = 'RECOVERED' and a.cleared_by = '')
        and max(a.recovered_time) <= to_timestamp($1 / 1000.0) - make_interval(mins => coalesce(max(s.verify_hold_minutes), 10))`,
    [now],
  );
  let closed = 0;
  for (const o of due) {
    const done = await transition(
      db,
      { clientId: o.client_id },
      {
        orderId: o.order_id,
        from: ['CREATED', 'DISPATCHED', 'ACCEPTED', 'ON_SITE', 'RESOLVED', 'APPROVED'],
        to: 'CLOSED',
        action: 'VERIFIED',
        by: '',
        at: now,
        detail: { recoveredTime: new Date(o.recovered).toISOString() },
        set: { close_time: new Date(now), outcome: 'VERIFIED' },
      },
    );
    if (done) {
      closed++;
      if (done.deviceId) await releaseMaintenance(db, done.deviceId, done.orderNo);
    }
  }
  return closed;
}

/** One pass of the work-order worker. */
export async function sweep(deps: Deps): Promise<{ opened: number; closed: number }> {
  const opened = await openFromAlarms(deps);
  const closed = await closeVerified(deps);
  await extendMaintenance(deps.database, deps.clock.now());
  return { opened, closed };
}

/** Runs the sweep every few seconds in this process; stopped with the HTTP server. */
export class AlarmOrderWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  constructor(private readonly deps: Deps) {}

  tick() {
    this.running ??= sweep(this.deps).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  start(everyMs = 5_000) {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.tick().catch((e) => this.deps.log.error({ err: e }, 'work-order sweep failed'));
    }, everyMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

const workers = new WeakMap<object, AlarmOrderWorker>();
export function alarmOrderWorker(deps: Deps): AlarmOrderWorker {
  let w = workers.get(deps);
  if (!w) {
    w = new AlarmOrderWorker(deps);
    workers.set(deps, w);
  }
  return w;
}
