import type { Database } from '../../../platform/db.ts';
import type { FigureScope } from '../../../platform/home-figures.ts';
import { SqlParams, scopeSql } from '../../../platform/scope.ts';
import { formatDate } from '../../system/user/user-info.ts';

/**
 * The communication links: every device that holds its own broker session (concentrators, boxes,
 * direct controllers and sensors), whether it is connected, when it was last heard from, and the
 * devices it carries (and how many of them are online). Those carrying most first, then by name.
 */
export async function listLinks(
  db: Database,
  scope: FigureScope,
  q: { keyword?: string; online?: boolean },
  page: { limit: number; offset: number },
) {
  const p = new SqlParams();
  const where = ['d.gateway_id = d.device_id', scopeSql(scope, p, { client: 'd.client_id', project: 'd.project_id' })];
  if (q.keyword) {
    const k = p.add(`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(d.uid ilike ${k} or d.name ilike ${k})`);
  }
  if (q.online !== undefined) where.push(q.online ? "d.comm_state = 'ON'" : "d.comm_state <> 'ON'");
  const rows = await db.query<{
    deviceId: number;
    uid: string;
    name: string;
    deviceType: string;
    projectName: string;
    commState: string;
    lastSeen: Date | null;
    carried: number;
    carriedOnline: number;
    total: number;
  }>(
    `select d.device_id as "deviceId", d.uid, d.name, d.device_type as "deviceType", pr.name as "projectName",
            d.comm_state as "commState", s.last_seen as "lastSeen",
            coalesce(c.carried, 0)::int as carried, coalesce(c.online, 0)::int as "carriedOnline",
            count(*) over ()::int as total
       from lt_device d
       join biz_project pr on pr.project_id = d.project_id
       left join lt_device_state s on s.device_id = d.device_id
       left join lateral (select count(*) as carried, count(*) filter (where k.comm_state = 'ON') as online
                            from lt_device k where k.gateway_id = d.device_id and k.device_id <> d.device_id) c on true
      where ${where.join(' and ')}
      order by carried desc, d.name, d.device_id
      limit ${page.limit} offset ${page.offset}`,
    p.values,
  );
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map(({ total: _total, ...r }) => ({
      ...r,
      deviceId: Number(r.deviceId),
      lastSeen: formatDate(r.lastSeen),
    })),
  };
}

/** Sessions of the scope: devices holding one, connected now, and the devices they carry. */
export async function linkTotals(db: Database, scope: FigureScope) {
  const p = new SqlParams();
  const [row] = await db.query<{ sessions: number; connected: number; carried: number; lastMessage: Date | null }>(
    `select count(*) filter (where d.gateway_id = d.device_id)::int as sessions,
            count(*) filter (where d.gateway_id = d.device_id and d.comm_state = 'ON')::int as connected,
            count(*) filter (where d.gateway_id is not null and d.gateway_id <> d.device_id)::int as carried,
            (select max(s.last_seen) from lt_device_state s
              where ${scopeSql(scope, p, { client: 's.client_id', project: 's.project_id' })}) as "lastMessage"
       from lt_device d where ${scopeSql(scope, p, { client: 'd.client_id', project: 'd.project_id' })}`,
    p.values,
  );
  return { ...row, lastMessage: formatDate(row?.lastMessage ?? null) };
}
