import type { Database } from '../../../platform/db.ts';
import type { FigureScope } from '../../../platform/home-figures.ts';
import { SqlParams, scopeSql } from '../../../platform/scope.ts';
import { COUNTED_DEVICE_SQL } from '../../lighting/home/device-figures.ts';

/**
 * A device's connection type: DIRECT when it holds its own session with the broker, NON_DIRECT
 * when a concentrator or box carries it, NONE while nothing can carry it (no session device above it).
 */
export const CONNECTION_SQL = `case when d.gateway_id = d.device_id then 'DIRECT' when d.gateway_id is not null then 'NON_DIRECT' else 'NONE' end`;
export const CONNECTIONS = ['DIRECT', 'NON_DIRECT', 'NONE'] as const;

export interface ConnectivityRow {
  projectId: number;
  projectName: string;
  clientId: number;
  connection: string;
  devices: number;
  online: number;
  neverConnected: number;
}

/** Communicating devices and those online now, per project and connection type (the home page's count). */
export async function connectivityNow(db: Database, scope: FigureScope): Promise<ConnectivityRow[]> {
  const p = new SqlParams();
  const rows = await db.query<ConnectivityRow>(
    `select d.project_id as "projectId", pr.name as "projectName", d.client_id as "clientId",
            ${CONNECTION_SQL} as connection, count(*)::int as devices,
            count(*) filter (where d.comm_state = 'ON')::int as online,
            count(*) filter (where d.comm_state = 'INIT')::int as "neverConnected"
       from lt_device d join biz_project pr on pr.project_id = d.project_id and pr.del_flag = '0'
      where ${COUNTED_DEVICE_SQL} and ${scopeSql(scope, p, { client: 'd.client_id', project: 'd.project_id' })}
      group by 1, 2, 3, 4 order by 1, 4`,
    p.values,
  );
  return rows.map((r) => ({ ...r, projectId: Number(r.projectId), clientId: Number(r.clientId) }));
}

/** Writes one slot's sample for every project once (primary key project, slot, connection); answers the rows written. */
export async function sampleConnectivity(db: Database, slot: number): Promise<number> {
  const rows = await db.query(
    `insert into ops_connectivity_sample (project_id, ts, connection, client_id, devices, online)
     select d.project_id, to_timestamp($1 / 1000.0), ${CONNECTION_SQL}, d.client_id, count(*)::int,
            count(*) filter (where d.comm_state = 'ON')::int
       from lt_device d join biz_project pr on pr.project_id = d.project_id and pr.del_flag = '0'
      where ${COUNTED_DEVICE_SQL}
      group by d.project_id, 3, d.client_id
     on conflict do nothing returning project_id`,
    [slot],
  );
  return rows.length;
}

/** Online over time per connection type (summed over the scope's projects), from `from` on. */
export async function connectivitySeries(db: Database, scope: FigureScope, from: Date) {
  const p = new SqlParams(from);
  const rows = await db.query<{ ts: Date; connection: string; devices: number; online: number }>(
    `select ts, connection, sum(devices)::int as devices, sum(online)::int as online
       from ops_connectivity_sample
      where ts >= $1 and ${scopeSql(scope, p, { client: 'client_id', project: 'project_id' })}
      group by ts, connection order by ts, connection`,
    p.values,
  );
  return rows.map((r) => ({
    ts: new Date(r.ts).getTime(),
    connection: r.connection,
    devices: r.devices,
    online: r.online,
  }));
}

/** Online over time per project (every connection type), for the per-project lines. */
export async function connectivityByProject(db: Database, scope: FigureScope, from: Date) {
  const p = new SqlParams(from);
  const rows = await db.query<{ ts: Date; projectId: number; devices: number; online: number }>(
    `select ts, project_id as "projectId", sum(devices)::int as devices, sum(online)::int as online
       from ops_connectivity_sample
      where ts >= $1 and ${scopeSql(scope, p, { client: 'client_id', project: 'project_id' })}
      group by ts, project_id order by ts, project_id`,
    p.values,
  );
  return rows.map((r) => ({
    ts: new Date(r.ts).getTime(),
    projectId: Number(r.projectId),
    devices: r.devices,
    online: r.online,
  }));
}
