import type { Database } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';

export interface ChannelValues {
  kind: 'WEBHOOK' | 'EMAIL';
  name: string;
  url: string;
  /** empty keeps the saved secret */
  secret: string;
  recipients: string;
  enabled: boolean;
}

/** A project's channels; the webhook secret is never answered, only whether one is set. */
export async function listChannels(db: Database, projectId: number) {
  const rows = await db.query<{
    channel_id: number;
    project_id: number;
    kind: string;
    name: string;
    url: string;
    secret: string;
    recipients: string;
    enabled: boolean;
  }>(
    `select channel_id, project_id, kind, name, url, secret, recipients, enabled
       from lt_notify_channel where project_id = $1 order by channel_id`,
    [projectId],
  );
  return rows.map((r) => ({
    channelId: r.channel_id,
    projectId: r.project_id,
    kind: r.kind,
    name: r.name,
    url: r.url,
    hasSecret: r.secret !== '',
    recipients: r.recipients,
    enabled: r.enabled,
  }));
}

export async function insertChannel(
  db: Database,
  scope: Pick<Scope, 'userName'>,
  target: { clientId: number; projectId: number },
  now: number,
  v: ChannelValues,
): Promise<number> {
  const [row] = await db.query<{ channel_id: number }>(
    `insert into lt_notify_channel (client_id, project_id, kind, name, url, secret, recipients, enabled, create_by, create_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, to_timestamp($10 / 1000.0)) returning channel_id`,
    [target.clientId, target.projectId, v.kind, v.name, v.url, v.secret, v.recipients, v.enabled, scope.userName, now],
  );
  return row!.channel_id;
}

export async function updateChannel(
  db: Database,
  scope: Pick<Scope, 'userName'>,
  projectId: number,
  channelId: number,
  now: number,
  v: ChannelValues,
): Promise<boolean> {
  const rows = await db.query(
    `update lt_notify_channel set kind = $3, name = $4, url = $5, secret = case when $6 = '' then secret else $6 end,
            recipients = $7, enabled = $8, update_by = $9, update_time = to_timestamp($10 / 1000.0)
      where channel_id = $1 and project_id = $2 returning channel_id`,
    [channelId, projectId, v.kind, v.name, v.url, v.secret, v.recipients, v.enabled, scope.userName, now],
  );
  return rows.length > 0;
}

/** Removes channels with their queued deliveries; the log of what was sent goes with them. */
export async function deleteChannels(db: Database, projectId: number, ids: number[]): Promise<number> {
  await db.query(`delete from lt_notify_delivery where project_id = $1 and channel_id = any($2::bigint[])`, [
    projectId,
    ids,
  ]);
  const rows = await db.query(
    `delete from lt_notify_channel where project_id = $1 and channel_id = any($2::bigint[]) returning channel_id`,
    [projectId, ids],
  );
  return rows.length;
}

export async function findChannel(db: Database, projectId: number, channelId: number) {
  const [row] = await db.query<{ channel_id: number; client_id: number; project_id: number }>(
    `select channel_id, client_id, project_id from lt_notify_channel where channel_id = $1 and project_id = $2`,
    [channelId, projectId],
  );
  return row;
}

/** The delivery log of a project, newest first. */
export async function listDeliveries(
  db: Database,
  projectId: number,
  q: { status?: string; channelId?: number; pageNum: number; pageSize: number },
) {
  const where = `d.project_id = $1 and ($2::text is null or d.status = $2) and ($3::bigint is null or d.channel_id = $3)`;
  const params = [projectId, q.status || null, q.channelId ?? null];
  const [{ total }] = (await db.query<{ total: number }>(
    `select count(*)::int as total from lt_notify_delivery d where ${where}`,
    params,
  )) as [{ total: number }];
  const rows = await db.query<{ deliveryId: number } & Record<string, unknown>>(
    `select d.delivery_id as "deliveryId", d.channel_id as "channelId", c.name as "channelName", c.kind,
            d.alarm_id as "alarmId", d.action, d.payload->>'alarmConfigType' as "alarmConfigType",
            d.payload->>'deviceName' as "deviceName", d.status, d.attempts, d.last_error as "lastError",
            d.response_code as "responseCode",
            extract(epoch from d.create_time) * 1000 as "createTime", extract(epoch from d.next_time) * 1000 as "nextTime",
            extract(epoch from d.sent_time) * 1000 as "sentTime"
       from lt_notify_delivery d join lt_notify_channel c on c.channel_id = d.channel_id
      where ${where} order by d.delivery_id desc limit $4 offset $5`,
    [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
  );
  const time = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v)));
  return {
    total,
    rows: rows.map((r) => ({
      ...r,
      createTime: time(r.createTime),
      nextTime: time(r.nextTime),
      sentTime: time(r.sentTime),
    })),
  };
}
