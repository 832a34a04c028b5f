import {
  type CancelMessage,
  type CommandFinalStatus,
  type CommandMessage,
  castFor,
  checkResultData,
  downTopic,
  type ResultItem,
  type TelemetryItem,
} from '@luxgrid/contracts';
import type { Deps } from '../context.ts';
import type { MqttHub } from '../mqtt.ts';
import type { DeviceEvents, HubEvent } from './events.ts';
import { acceptReading } from './ingest.ts';
import { LIVE_ITEMS_PER_PUSH } from './live.ts';
import type { HubSettings, HubStats } from './options.ts';
import type { DeviceInfo, RegistryCache } from './registry-cache.ts';
import type { TaskProgress } from './task-progress.ts';
import type { DownlinkRoute } from './transport.ts';
import type { BufferedWriter } from './writer.ts';

/** Result items as the SQL updates read them. */
const resultRows = (items: ResultItem[]) =>
  items.map((i) => ({ id: i.id, s: i.status, r: i.data ?? null, e: (i.error ?? '').slice(0, 200) }));

/** A command a result ended, as the follow-up steps read it. */
interface FinishedRow {
  command_id: string;
  batch_id: string;
  device_id: number;
  status: string;
  action: string;
  log_id: number | null;
  result: Record<string, unknown> | null;
  error: string;
  params: Record<string, unknown> | null;
  started: number;
}

interface CommandUpdate {
  commandId: string;
  batchId: string;
  deviceId: number;
  clientId: number;
  projectId: number;
  status: string;
}

/**
 * Commands down and their answers up: PENDING commands go to the sessions that carry their
 * devices (one message per session and batch), acknowledgements mark them DELIVERED, results
 * SUCCESS or FAILED, and the sweep times out or expires the rest. Every step is pushed to
 * browsers; every end is emitted as `commandResult`.
 */
export class CommandFlow {
  /** projects whose commands go out by a route of their own (LoRaWAN), not on the hub's topics */
  routes: ReadonlyMap<number, DownlinkRoute> = new Map();

  constructor(
    private readonly deps: Deps,
    private readonly mqtt: MqttHub,
    private readonly root: string,
    private readonly opts: HubSettings,
    private readonly stats: HubStats,
    private readonly registry: RegistryCache,
    private readonly writer: BufferedWriter,
    private readonly bus: DeviceEvents,
    private readonly progress: TaskProgress,
  ) {}

  /** Sends every open PENDING command of these sessions that are online; returns how many were sent. */
  async dispatch(sessionIds: number[]): Promise<number> {
    if (!sessionIds.length) return 0;
    const now = this.deps.clock.now();
    const rows = await this.deps.database.query<{
      command_id: string;
      batch_id: string;
      project_id: number;
      client_id: number;
      device_id: number;
      session_id: number;
      action: string;
      value: number | null;
      params: Record<string, unknown> | null;
      expire_ms: number;
      uid: string;
      session_uid: string;
      address: number | null;
      rtu_protocol: string | null;
      group_no: number | null;
    }>(
      `with due as (
         select c.command_id from lt_command c join lt_device s on s.device_id = c.session_id
         where c.session_id = any($1::bigint[]) and c.status = 'PENDING' and s.comm_state = 'ON'
           and c.expire_time > to_timestamp($2 / 1000.0)
         for update of c skip locked)
       update lt_command c set status = 'SENT', sent_time = to_timestamp($2 / 1000.0), attempts = c.attempts + 1
       from due, lt_device d, lt_device s left join lt_device_model m on m.model_id = s.model_id,
         lt_command_batch b left join lt_group g on g.group_id = b.group_id
       where c.command_id = due.command_id and d.device_id = c.device_id and s.device_id = c.session_id
         and b.batch_id = c.batch_id
       returning c.command_id, c.batch_id, c.project_id, c.client_id, c.device_id, c.session_id, c.action, c.value, c.params,
         (extract(epoch from c.expire_time) * 1000)::float8 as expire_ms, d.uid, s.uid as session_uid,
         d.address, m.rtu_protocol, g.group_no`,
      [sessionIds, now],
    );
    const messages = new Map<
      string,
      {
        topic: string;
        body: CommandMessage;
        session: { deviceId: number; uid: string; projectId: number };
        cast: { rtuProtocol: string | null; groupNo: number | null; addresses: (number | null)[] };
      }
    >();
    for (const r of rows) {
      const key = `${r.session_id}|${r.batch_id}`;
      let entry = messages.get(key);
      if (!entry) {
        entry = {
          topic: downTopic(this.root, r.project_id, r.session_uid),
          session: { deviceId: r.session_id, uid: r.session_uid, projectId: r.project_id },
          body: {
            action: r.action as CommandMessage['action'],
            ...(r.value !== null ? { value: r.value } : {}),
            ...(r.params ? { params: r.params } : {}),
            ts: now,
            expiresAt: Math.round(r.expire_ms),
            commands: [],
          },
          cast: { rtuProtocol: r.rtu_protocol, groupNo: r.group_no, addresses: [] },
        };
        messages.set(key, entry);
      }
      entry.body.commands.push({ id: r.command_id, uid: r.uid });
      entry.cast.addresses.push(r.address);
    }
    // every session's message goes out at once (QoS 1 acknowledgements awaited together)
    await Promise.all(
      [...messages.values()].map(async ({ topic, body, session, cast }) => {
        // several children of one task: one broadcast by group number or short addresses where the model speaks it
        if (body.commands.length > 1) {
          const mode = castFor(cast.rtuProtocol, cast.groupNo, cast.addresses);
          if (mode) body.cast = mode;
        }
        const route = this.routes.get(session.projectId);
        if (route) await route(session, body);
        else await this.mqtt.client.publishAsync(topic, JSON.stringify(body), { qos: 1 });
      }),
    );
    this.stats.commandsSent += rows.length;
    await this.pushUpdates(
      rows.map((r) => ({
        commandId: r.command_id,
        batchId: r.batch_id,
        deviceId: r.device_id,
        clientId: r.client_id,
        projectId: r.project_id,
        status: 'SENT',
      })),
      now,
    );
    return rows.length;
  }

  async acknowledge(session: DeviceInfo, ids: string[], now: number): Promise<void> {
    const rows = await this.deps.database.query<{ command_id: string; batch_id: string; device_id: number }>(
      `update lt_command set status = 'DELIVERED', delivered_time = to_timestamp($3 / 1000.0)
       where command_id = any($1::text[]) and session_id = $2 and status in ('PENDING', 'SENT')
       returning command_id, batch_id, device_id`,
      [ids, session.deviceId, now],
    );
    await this.pushUpdates(
      rows.map((r) => ({
        commandId: r.command_id,
        batchId: r.batch_id,
        deviceId: r.device_id,
        clientId: session.clientId,
        projectId: session.projectId,
        status: 'DELIVERED',
      })),
      now,
    );
  }

  /**
   * Tells the sessions that took these commands (now CANCELED) to drop them: one `cancel` message
   * per session, QoS 1. Marks each cancel SENT; the device's answer settles it (see complete).
   * Returns how many commands the cancel messages named.
   */
  async cancel(commandIds: string[]): Promise<number> {
    if (!commandIds.length) return 0;
    const now = this.deps.clock.now();
    const rows = await this.deps.database.query<{
      command_id: string;
      project_id: number;
      session_id: number;
      uid: string;
      session_uid: string;
    }>(
      `update lt_command c set cancel_state = 'SENT'
       from lt_device d, lt_device s
       where c.command_id = any($1::text[]) and c.status = 'CANCELED' and c.sent_time is not null
         and c.cancel_state is null and d.device_id = c.device_id and s.device_id = c.session_id
       returning c.command_id, c.project_id, c.session_id, d.uid, s.uid as session_uid`,
      [commandIds],
    );
    const messages = new Map<number, { topic: string; body: CancelMessage }>();
    for (const r of rows) {
      let entry = messages.get(r.session_id);
      if (!entry) {
        entry = {
          topic: downTopic(this.root, r.project_id, r.session_uid),
          body: { action: 'cancel', ts: now, commands: [] },
        };
        messages.set(r.session_id, entry);
      }
      entry.body.commands.push({ id: r.command_id, uid: r.uid });
    }
    for (const { topic, body } of messages.values())
      await this.mqtt.client.publishAsync(topic, JSON.stringify(body), { qos: 1 });
    this.stats.cancelsSent += rows.length;
    return rows.length;
  }

  /**
   * Keeps of each result's data what the thing model declares for the command's action and
   * device type; counts the rest (`refusedValues`).
   */
  private async checkResults(session: DeviceInfo, items: ResultItem[]): Promise<ResultItem[]> {
    const withData = items.filter((i) => i.data && Object.keys(i.data).length);
    if (!withData.length) return items;
    const kinds = await this.deps.database.query<{ command_id: string; action: string; device_type: string }>(
      `select c.command_id, c.action, d.device_type from lt_command c join lt_device d on d.device_id = c.device_id
       where c.command_id = any($1::text[]) and c.session_id = $2`,
      [withData.map((i) => i.id), session.deviceId],
    );
    const byId = new Map(kinds.map((k) => [k.command_id, k]));
    return items.map((item) => {
      const kind = byId.get(item.id);
      if (!item.data || !kind) return item;
      const { kept, unknown, outOfRange } = checkResultData(kind.device_type, kind.action, item.data);
      this.stats.refusedValues.unknown += unknown.length;
      this.stats.refusedValues.outOfRange += outOfRange.length;
      return { ...item, data: kept };
    });
  }

  /**
   * Answers to commands cancelled after they were sent: `CANCELED` confirms the cancel, any other
   * result says the device had already carried the command out (kept with the command).
   */
  private async settleCancels(session: DeviceInfo, items: ResultItem[]): Promise<Set<string>> {
    const rows = await this.deps.database.query<{ command_id: string; cancel_state: string }>(
      `update lt_command c set cancel_state = case when x.s = 'CANCELED' then 'CONFIRMED' else 'TOO_LATE' end,
         result = case when x.s = 'CANCELED' then c.result else x.r end,
         error = case when x.s = 'CANCELED' then c.error else x.e end
       from json_to_recordset($1::json) as x(id text, s text, r jsonb, e text)
       where c.command_id = x.id and c.session_id = $2 and c.status = 'CANCELED' and c.cancel_state = 'SENT'
       returning c.command_id, c.cancel_state`,
      [JSON.stringify(resultRows(items)), session.deviceId],
    );
    this.stats.cancelsConfirmed += rows.filter((r) => r.cancel_state === 'CONFIRMED').length;
    return new Set(rows.map((r) => r.command_id));
  }

  async complete(session: DeviceInfo, answers: ResultItem[], now: number): Promise<void> {
    const checked = await this.checkResults(session, answers);
    // a CANCELED answer only ever confirms a cancel message; it never ends an open command
    const items = checked.filter((i) => i.status !== 'CANCELED');
    const rows = items.length ? await this.finish(session, items, now) : [];
    // what ended no open command answers a cancel (CANCELED, or the result of having carried it out)
    const ended = new Set(rows.map((r) => r.command_id));
    const rest = checked.filter((i) => !ended.has(i.id));
    if (rest.length) await this.settleCancels(session, rest);
    if (!rows.length) return;
    await this.afterResults(session, rows, now);
  }

  /** Ends the open commands these results answer, and their device log rows, in one statement. */
  private finish(session: DeviceInfo, items: ResultItem[], now: number) {
    const input = resultRows(items);
    return this.deps.database.query<FinishedRow>(
      `with done as (
         update lt_command c set status = x.s, result = x.r, error = x.e, finish_time = to_timestamp($3 / 1000.0),
           delivered_time = coalesce(c.delivered_time, to_timestamp($3 / 1000.0))
         from json_to_recordset($1::json) as x(id text, s text, r jsonb, e text)
         where c.command_id = x.id and c.session_id = $2 and c.status in ('PENDING', 'SENT', 'DELIVERED')
         returning c.command_id, c.batch_id, c.device_id, c.status, c.action, c.log_id, c.result, c.error, c.params,
           (extract(epoch from coalesce(c.sent_time, c.create_time)) * 1000)::float8 as started),
       logged as (
         update sys_device_log l set status = case when d.status = 'SUCCESS' then 0 else 1 end,
           response = (case when d.result is null then jsonb_build_object('status', d.status)
                       else jsonb_build_object('status', d.status, 'data', d.result) end)::text,
           consume_time = greatest(0, round($3 - d.started))::int, finish_time = to_timestamp($3 / 1000.0)
         from done d where l.log_id = d.log_id)
       select * from done`,
      [JSON.stringify(input), session.deviceId, now],
    );
  }

  /** Read-backs, configuration state, pushes and `commandResult` of ended commands (their log rows are done). */
  private async afterResults(session: DeviceInfo, rows: FinishedRow[], now: number) {
    // read-backs carry the device's state and configuration; configuration issues settle the config state
    for (const r of rows) {
      const info = this.registry.byDeviceId(r.device_id);
      if (r.action === 'calling' && r.status === 'SUCCESS' && r.result && info) {
        const { config, ...values } = r.result as { config?: Record<string, unknown> };
        if (Object.keys(values).length)
          acceptReading(this.writer, this.stats, info, { values: values as TelemetryItem['values'] }, now);
        if (config) this.writer.seen(info, now, { config });
      }
      if (r.action === 'config') {
        await this.deps.database.query(
          `update lt_device set config_state = $2::varchar, config = case when $2::varchar = 'CONFIGURED' then coalesce(config, '{}'::jsonb) || $3::jsonb else config end
           where device_id = $1 and config_state is not null`,
          [r.device_id, r.status === 'SUCCESS' ? 'CONFIGURED' : 'FAILED', JSON.stringify(r.params ?? {})],
        );
      }
    }
    const updates = rows.map((r) => ({
      commandId: r.command_id,
      batchId: r.batch_id,
      deviceId: r.device_id,
      clientId: session.clientId,
      projectId: session.projectId,
      status: r.status,
    }));
    await this.pushUpdates(updates, now);
    await this.writer.flush();
    this.emitResults(
      rows.map((r, i) => ({ ...updates[i]!, action: r.action, data: r.result, error: r.error })),
      now,
    );
  }

  /** Times out commands a device took but never answered, and expires those an offline device never took. */
  async expire(now: number): Promise<number> {
    const rows = await this.deps.database.query<{
      command_id: string;
      batch_id: string;
      device_id: number;
      client_id: number;
      project_id: number;
      status: string;
      action: string;
      log_id: number | null;
      started: number;
    }>(
      `update lt_command set status = case when status = 'PENDING' then 'EXPIRED' else 'TIMEOUT' end,
         finish_time = to_timestamp($1 / 1000.0)
       where (status = 'PENDING' and expire_time <= to_timestamp($1 / 1000.0))
          or (status in ('SENT', 'DELIVERED') and sent_time <= to_timestamp(($1 - $2) / 1000.0))
       returning command_id, batch_id, device_id, client_id, project_id, status, action, log_id,
         (extract(epoch from create_time) * 1000)::float8 as started`,
      [now, this.opts.resultTimeoutMs],
    );
    if (!rows.length) return 0;
    await this.finishDeviceLogs(
      rows.map((r) => ({
        logId: r.log_id,
        ok: false,
        response: JSON.stringify({ status: r.status }),
        consume: Math.max(0, Math.round(now - r.started)),
      })),
      now,
    );
    const configs = rows.filter((r) => r.action === 'config').map((r) => r.device_id);
    if (configs.length)
      await this.deps.database.query(
        `update lt_device set config_state = 'FAILED' where device_id = any($1::bigint[]) and config_state = 'CONFIGURING'`,
        [configs],
      );
    const updates = rows.map((r) => ({
      commandId: r.command_id,
      batchId: r.batch_id,
      deviceId: r.device_id,
      clientId: r.client_id,
      projectId: r.project_id,
      status: r.status,
    }));
    await this.pushUpdates(updates, now);
    this.emitResults(
      rows.map((r, i) => ({ ...updates[i]!, action: r.action, data: null, error: '' })),
      now,
    );
    return rows.length;
  }

  private emitResults(
    rows: (CommandUpdate & { action: string; data: Record<string, unknown> | null; error: string })[],
    now: number,
  ) {
    this.bus.emit(
      rows.map(
        (r): HubEvent => ({
          type: 'commandResult',
          payload: {
            commandId: r.commandId,
            device: { deviceId: r.deviceId, clientId: r.clientId, projectId: r.projectId },
            action: r.action,
            status: r.status as CommandFinalStatus,
            data: r.data,
            error: r.error,
            ts: now,
          },
        }),
      ),
    );
  }

  private async finishDeviceLogs(
    rows: { logId: number | null; ok: boolean; response: string; consume: number }[],
    now: number,
  ) {
    const logs = rows
      .filter((r) => r.logId !== null)
      .map((r) => ({ i: r.logId, s: r.ok ? 0 : 1, r: r.response, c: r.consume }));
    if (!logs.length) return;
    await this.deps.database.query(
      `update sys_device_log l set status = x.s, response = x.r, consume_time = x.c, finish_time = to_timestamp($2 / 1000.0)
       from json_to_recordset($1::json) as x(i bigint, s int, r text, c int) where l.log_id = x.i`,
      [JSON.stringify(logs), now],
    );
  }

  private async pushUpdates(rows: CommandUpdate[], now: number) {
    const byProject = new Map<number, CommandUpdate[]>();
    for (const r of rows) {
      const list = byProject.get(r.projectId);
      if (list) list.push(r);
      else byProject.set(r.projectId, [r]);
      this.progress.touch(r.batchId, { clientId: r.clientId, projectId: r.projectId });
    }
    for (const [projectId, list] of byProject) {
      const clientId = list[0]!.clientId;
      await this.deps.ws.publish(
        { clientId, projectId },
        {
          type: 'command.update',
          clientId,
          projectId,
          items: list.slice(0, LIVE_ITEMS_PER_PUSH).map((r) => ({
            commandId: r.commandId,
            deviceId: r.deviceId,
            status: r.status as 'SENT',
            ts: now,
          })),
        },
      );
    }
  }
}
