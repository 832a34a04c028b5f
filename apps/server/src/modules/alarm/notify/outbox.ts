import type { Database } from '../../../platform/db.ts';

/** An alarm as it leaves the platform: the webhook's JSON body, the e-mail's content. */
export interface OutwardAlarm {
  alarmId: number | null;
  clientId: number;
  projectId: number;
  deviceId: number | null;
  uid: string;
  deviceName: string;
  alarmConfigType: string;
  grade: string;
  state: string;
  action: 'NEW' | 'RECOVERED' | 'ACKNOWLEDGED' | 'CLEARED' | 'TEST';
  ts: number;
}

export interface DueDelivery {
  delivery_id: number;
  channel_id: number;
  attempts: number;
  payload: OutwardAlarm;
  kind: 'WEBHOOK' | 'EMAIL';
  url: string;
  secret: string;
  recipients: string;
}

/** Attempts before a delivery is given up, and the first retry's delay (doubled each time). */
export const MAX_ATTEMPTS = 5;
export const BASE_DELAY_MS = 30_000;
/** How long a picked delivery stays leased: a process that dies while sending hands it back then. */
export const LEASE_MS = 120_000;

export function backoffMs(attempts: number, base = BASE_DELAY_MS): number {
  return base * 2 ** Math.max(0, attempts - 1);
}

/** Queues a test message for one channel. */
export async function enqueueTest(
  db: Database,
  channel: { channel_id: number; client_id: number; project_id: number },
  alarm: OutwardAlarm,
  now: number,
): Promise<number> {
  const [row] = await db.query<{ delivery_id: number }>(
    `insert into lt_notify_delivery (client_id, project_id, channel_id, alarm_id, action, payload, status, attempts, next_time, create_time)
     values ($1, $2, $3, null, 'TEST', $4::jsonb, 'PENDING', 0, to_timestamp($5 / 1000.0), to_timestamp($5 / 1000.0))
     returning delivery_id`,
    [channel.client_id, channel.project_id, channel.channel_id, JSON.stringify(alarm), now],
  );
  return row!.delivery_id;
}

/** Queues each alarm once for every enabled channel of its project. */
export async function enqueue(db: Database, alarms: readonly OutwardAlarm[], now: number): Promise<number> {
  if (!alarms.length) return 0;
  const rows = await db.query<{ delivery_id: number }>(
    `insert into lt_notify_delivery (client_id, project_id, channel_id, alarm_id, action, payload, status, attempts, next_time, create_time)
     select c.client_id, c.project_id, c.channel_id, x.alarm_id, x.action, x.payload, 'PENDING', 0,
            to_timestamp($2 / 1000.0), to_timestamp($2 / 1000.0)
       from json_to_recordset($1::json) as x(project_id bigint, alarm_id bigint, action text, payload jsonb)
       join lt_notify_channel c on c.project_id = x.project_id and c.enabled
     returning delivery_id`,
    [
      JSON.stringify(
        alarms.map((a) => ({ project_id: a.projectId, alarm_id: a.alarmId, action: a.action, payload: a })),
      ),
      now,
    ],
  );
  return rows.length;
}

/**
 * Leases the due deliveries in one statement: rows another process holds are skipped
 * (`for update skip locked`), so each is sent by one process only.
 */
export async function claimDue(db: Database, now: number, limit: number, only?: number): Promise<DueDelivery[]> {
  return db.query<DueDelivery>(
    `with due as (
       select delivery_id from lt_notify_delivery
        where status in ('PENDING', 'SENDING') and next_time <= to_timestamp($1 / 1000.0)
          and ($4::bigint is null or delivery_id = $4)
        order by next_time limit $2 for update skip locked)
     update lt_notify_delivery d set status = 'SENDING', attempts = d.attempts + 1,
            next_time = to_timestamp(($1 + $3) / 1000.0)
       from due, lt_notify_channel c
      where d.delivery_id = due.delivery_id and c.channel_id = d.channel_id
     returning d.delivery_id, d.channel_id, d.attempts, d.payload, c.kind, c.url, c.secret, c.recipients`,
    [now, limit, LEASE_MS, only ?? null],
  );
}

/** Records an attempt: sent, to be retried after its backoff, or given up after the last attempt. */
export async function settle(
  db: Database,
  d: Pick<DueDelivery, 'delivery_id' | 'attempts'>,
  now: number,
  outcome: { ok: boolean; code: number | null; error: string },
  base = BASE_DELAY_MS,
): Promise<void> {
  const status = outcome.ok ? 'SENT' : d.attempts >= MAX_ATTEMPTS ? 'FAILED' : 'PENDING';
  await db.query(
    `update lt_notify_delivery set status = $2::text, response_code = $3, last_error = $4,
            next_time = to_timestamp($5 / 1000.0), sent_time = case when $2::text = 'SENT' then to_timestamp($6 / 1000.0) end
      where delivery_id = $1`,
    [d.delivery_id, status, outcome.code, outcome.error.slice(0, 500), now + backoffMs(d.attempts, base), now],
  );
}
