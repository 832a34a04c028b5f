import { randomUUID } from 'node:crypto';
import { downTopic, TOPIC_ROOT } from '@luxgrid/contracts';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { type NewCommands, recordCommands } from '../../../platform/devices/commands.ts';

/** Who issues: an operator's request, or the platform itself (its scheduler) under a name of its own. */
export type Issuer = Pick<Ctx, 'ip'> & { principal: Pick<Ctx['principal'], 'userName'> };

export interface CommandTarget {
  deviceId: number;
  uid: string;
  name: string;
  gatewayId: number | null;
  /** this device's own params, instead of the request's (a schedule names the lamps each controller carries) */
  params?: Record<string, unknown>;
}

export interface IssueRequest {
  clientId: number;
  projectId: number;
  targets: CommandTarget[];
  action: string;
  value?: number;
  params?: Record<string, unknown>;
  /** CONTROL, QUERY (batch query center), CONFIG */
  source: 'CONTROL' | 'QUERY' | 'CONFIG';
  name?: string;
  groupId?: number;
  /** control tasks: what the task was applied to, and the task whose failed devices it retries */
  targetKind?: string;
  parentBatchId?: string;
  ttlMs?: number;
}

export const DEFAULT_COMMAND_TTL_MS = 24 * 3600_000;

/**
 * Records one command per device (and one device-log row each, sharing the batch id), then
 * sends those whose session is online; the rest wait for their session to come back or expire.
 */
export async function issueCommands(deps: Deps, ctx: Issuer, req: IssueRequest) {
  const now = deps.clock.now();
  const batchId = randomUUID();
  const targets = req.targets.filter((t) => t.gatewayId !== null);
  const db = deps.database;
  await db.query(
    `insert into lt_command_batch (batch_id, client_id, project_id, source, action, name, total, group_id, oper_name,
       create_time, target_kind, parent_batch_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, to_timestamp($10 / 1000.0), $11, $12)`,
    [
      batchId,
      req.clientId,
      req.projectId,
      req.source,
      req.action,
      req.name ?? '',
      targets.length,
      req.groupId ?? null,
      ctx.principal.userName,
      now,
      req.targetKind ?? null,
      req.parentBatchId ?? null,
    ],
  );
  if (!targets.length) return { batchId, total: 0, sent: 0 };
  const sessions = await db.query<{ device_id: number; uid: string }>(
    'select device_id, uid from lt_device where device_id = any($1::bigint[])',
    [[...new Set(targets.map((t) => t.gatewayId!))]],
  );
  const sessionUid = new Map(sessions.map((s) => [s.device_id, s.uid]));
  const root = deps.deviceHub?.root ?? TOPIC_ROOT;
  const rows = targets.map((t) => {
    const id = randomUUID();
    return {
      id,
      d: t.deviceId,
      g: t.gatewayId,
      u: t.uid,
      n: t.name,
      m: `MQTT ${downTopic(root, req.projectId, sessionUid.get(t.gatewayId!) ?? '')}`,
      p: t.params ?? req.params ?? null,
      r: JSON.stringify({ id, uid: t.uid, action: req.action, value: req.value, params: t.params ?? req.params }),
    };
  });
  const expire = now + (req.ttlMs ?? DEFAULT_COMMAND_TTL_MS);
  // one statement for the device log and one for the commands, however many devices the batch holds
  const logs = await db.query<{ log_id: number; device_id: number }>(
    `insert into sys_device_log (client_id, project_id, device_id, device_uid, device_name, action, oper_name, request_ip,
       method, request, status, batch_id, batch_count, create_time)
     select $2, $3, d, u, n, $4, $5, $6, m, r, 2, $7, $8, to_timestamp($9 / 1000.0)
     from json_to_recordset($1::json) as x(d bigint, u text, n text, m text, r text)
     returning log_id, device_id`,
    [
      JSON.stringify(rows),
      req.clientId,
      req.projectId,
      req.action,
      ctx.principal.userName,
      ctx.ip,
      batchId,
      rows.length,
      now,
    ],
  );
  const logOf = new Map(logs.map((l) => [l.device_id, l.log_id]));
  const commands: NewCommands = {
    batchId,
    clientId: req.clientId,
    projectId: req.projectId,
    action: req.action,
    value: req.value ?? null,
    operName: ctx.principal.userName,
    now,
    expireAt: expire,
    rows: rows.map((r) => ({ id: r.id, d: r.d, g: r.g!, l: logOf.get(r.d) ?? null, p: r.p })),
  };
  // with the device hub here, commands of online sessions are recorded SENT and go out at once
  let sent = 0;
  if (deps.deviceHub) sent = await deps.deviceHub.issue(commands);
  else await recordCommands(db, commands, false);
  deps.deviceHub?.progress.touch(batchId, { clientId: req.clientId, projectId: req.projectId });
  return { batchId, total: rows.length, sent };
}
