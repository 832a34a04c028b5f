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
import { GroupCommit } from './group-commit.ts';
import { acceptReading } from './ingest.ts';
import { LIVE_ITEMS_PER_PUSH } from './live.ts';
import type { HubSettings, HubStats } from './options.ts';
import type { DeviceInfo, RegistryCache } from './registry-cache.ts';
import type { TaskProgress } from './task-progress.ts';
import type { DownlinkRoute } from './transport.ts';
import type { BufferedWriter } from './writer.ts';

/** sessions whose commands one dispatch statement sends; larger issues go in slices of this many */
const DISPATCH_SESSIONS = 100;
/** slices of one large issue in flight at once */
const DISPATCH_LANES = 3;

/** answers (command ids) settled together in one write at most */
const ANSWERS_PER_WRITE = 20_000;
/** answer writes running at once (each takes what arrived while the others ran) */
const ANSWER_LANES = 2;

/** A command as the message to its session is built from it. */
interface OutgoingRow {
  command_id: string;
  status: string;
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
}

/** What a message needs of a command `c`, its device `d`, its session `s` with model `m`, and its batch's group `g`. */
const OUTGOING_COLUMNS = `c.command_id, c.status, c.batch_id, c.project_id, c.client_id, c.device_id, c.session_id, c.action, c.value,
  c.params, (extract(epoch from c.expire_time) * 1000)::float8 as expire_ms, d.uid, s.uid as session_uid, d.address,
  m.rtu_protocol, g.group_no`;

/** New commands of one batch, one per device, as `issue` records them. */
export interface NewCommands {
  batchId: string;
  clientId: number;
  projectId: number;
  action: string;
  value: number | null;
  operName: string;
  now: number;
  expireAt: number;
  /** command id, device, session (gateway), device log row, params */
  rows: { id: string; d: number; g: number; l: number | null; p: Record<string, unknown> | null }[];
}

/**
 * Records the commands of a batch in one statement: those whose session is online (and `send`)
 * are recorded SENT at once (no PENDING row rewritten a moment later), the rest PENDING for their
 * session; returns them all with what their messages need. A command is committed before its
 * message leaves, exactly as a PENDING one marked SENT by dispatch.
 */
export function recordCommands(database: Deps['database'], c: NewCommands, send: boolean) {
  return database.query<OutgoingRow>(
    `with added as (
       insert into lt_command (command_id, batch_id, client_id, project_id, device_id, session_id, action, value, params,
         status, attempts, sent_time, log_id, oper_name, create_time, expire_time)
       select x.id, $2, $3, $4, x.d, x.g, $5, $6, x.p,
         case when o.online then 'SENT' else 'PENDING' end, case when o.online then 1 else 0 end,
         case when o.online then to_timestamp($8 / 1000.0) end,
         x.l, $7, to_timestamp($8 / 1000.0), to_timestamp($9 / 1000.0)
       from json_to_recordset($1::json) as x(id text, d bigint, g bigint, l bigint, p jsonb)
         left join lateral (select $10::boolean and s.comm_state = 'ON' as online from lt_device s where s.device_id = x.g) o on true
       returning *)
     select ${OUTGOING_COLUMNS}
     from added c join lt_device d on d.device_id = c.device_id join lt_device s on s.device_id = c.session_id
       left join lt_device_model m on m.model_id = s.model_id
       join lt_command_batch b on b.batch_id = c.batch_id left join lt_group g on g.group_id = b.group_id`,
    [
      JSON.stringify(c.rows),
      c.batchId,
      c.clientId,
      c.projectId,
      c.action,
      c.value,
      c.operName,
      c.now,
      c.expireAt,
      send,
    ],
  );
}

/** One result item as the SQL updates read it: the command, the session that answered, when, and what. */
interface ResultRow {
  id: string;
  sid: number;
  t: number;
  s: string;
  r: Record<string, unknown> | null;
  e: string;
}

/** Acknowledgements or results of one device message, waiting for the write that settles them. */
type Answer = { session: DeviceInfo; now: number } & (
  | { kind: 'ack'; ids: string[] }
  | { kind: 'result'; items: ResultItem[] }
);

/** The first row of each command id: a command answered twice in one write is settled by its first answer. */
const firstOfEach = <R extends { id: string }>(rows: R[]) => {
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
};

/** A command a result ended, as the follow-up steps read it. */
interface FinishedRow {
  command_id: string;
  session_id: number;
  answered: number;
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
  /** when it happened, when not the push's time */
  ts?: number;
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

  /**
   * Sends every open PENDING command of these sessions that are online; returns how many were sent.
   * Many sessions go in slices, several at a time: the first concentrators get their messages (and
   * answer) while the commands of the next ones are still being marked SENT.
   */
  async dispatch(sessionIds: number[]): Promise<number> {
    const ids = [...new Set(sessionIds)];
    if (ids.length <= DISPATCH_SESSIONS) return this.dispatchSlice(ids);
    const slices: number[][] = [];
    for (let at = 0; at < ids.length; at += DISPATCH_SESSIONS) slices.push(ids.slice(at, at + DISPATCH_SESSIONS));
    let sent = 0;
    await Promise.all(
      Array.from({ length: DISPATCH_LANES }, async () => {
        for (let slice = slices.shift(); slice; slice = slices.shift()) sent += await this.dispatchSlice(slice);
      }),
    );
    return sent;
  }

  /**
   * Records new commands, those of online sessions already SENT, and publishes their messages
   * (one per session and batch); returns how many were sent. The sessions of the commands left
   * PENDING are looked at once more, as a session that came online meanwhile took none of them.
   */
  async issue(commands: NewCommands): Promise<number> {
    const rows = await recordCommands(this.deps.database, commands, true);
    const sent = rows.filter((r) => r.status === 'SENT');
    await this.publish(sent, commands.now);
    const waiting = new Set(rows.filter((r) => r.status !== 'SENT').map((r) => r.session_id));
    return sent.length + (waiting.size ? await this.dispatch([...waiting]) : 0);
  }

  /** Marks the due commands of these sessions SENT and publishes one message per session and batch. */
  private async dispatchSlice(sessionIds: number[]): Promise<number> {
    if (!sessionIds.length) return 0;
    const now = this.deps.clock.now();
    const rows = await this.deps.database.query<OutgoingRow>(
      `with due as (
         select c.command_id from lt_command c join lt_device s on s.device_id = c.session_id
         where c.session_id = any($1::bigint[]) and c.finish_time is null and c.status = 'PENDING' and s.comm_state = 'ON'
           and c.expire_time > to_timestamp($2 / 1000.0)
         for update of c skip locked)
       update lt_command c set status = 'SENT', sent_time = to_timestamp($2 / 1000.0), attempts = c.attempts + 1
       from due, lt_device d, lt_device s left join lt_device_model m on m.model_id = s.model_id,
         lt_command_batch b left join lt_group g on g.group_id = b.group_id
       where c.command_id = due.command_id and d.device_id = c.device_id and s.device_id = c.session_id
         and b.batch_id = c.batch_id
       returning ${OUTGOING_COLUMNS}`,
      [sessionIds, now],
    );
    await this.publish(rows, now);
    return rows.length;
  }

  /** Publishes the messages of these SENT commands: one per session and batch, all at once. */
  private async publish(rows: OutgoingRow[], now: number) {
    if (!rows.length) return;
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
  }

  /**
   * Acknowledgements and results of every session go to the database together: what arrives while
   * a write runs is settled by the next one, in one statement per step however many sessions
   * answered. A device message is done (and acknowledged to the broker) once its write committed.
   */
  private readonly answers = new GroupCommit<Answer>((batch) => this.settle(batch), ANSWERS_PER_WRITE, ANSWER_LANES);

  /** Marks these commands DELIVERED; resolves once that is committed. */
  acknowledge(session: DeviceInfo, ids: string[], now: number): Promise<void> {
    if (!ids.length) return Promise.resolve();
    return this.answers.add({ kind: 'ack', session, ids, now }, ids.length);
  }

  /** Ends the commands these results answer (or settles their cancels); resolves once that is committed. */
  complete(session: DeviceInfo, items: ResultItem[], now: number): Promise<void> {
    if (!items.length) return Promise.resolve();
    return this.answers.add({ kind: 'result', session, items, now }, items.length);
  }

  /** Resolves once every answer handed in so far is settled. */
  answersSettled(): Promise<void> {
    return this.answers.idle();
  }

  private async settle(batch: Answer[]) {
    const sessions = new Map(batch.map((a) => [a.session.deviceId, a.session]));
    const acks = batch.flatMap((a) =>
      a.kind === 'ack' ? a.ids.map((id) => ({ id, sid: a.session.deviceId, t: a.now })) : [],
    );
    if (acks.length) await this.deliver(sessions, firstOfEach(acks));
    const results = batch.filter((a) => a.kind === 'result');
    if (results.length) await this.completeAll(sessions, results);
  }

  private async deliver(sessions: Map<number, DeviceInfo>, acks: { id: string; sid: number; t: number }[]) {
    const rows = await this.deps.database.query<{
      command_id: string;
      batch_id: string;
      device_id: number;
      session_id: number;
      t: number;
    }>(
      `update lt_command c set status = 'DELIVERED', delivered_time = to_timestamp(x.t / 1000.0)
       from json_to_recordset($1::json) as x(id text, sid bigint, t float8)
       where c.command_id = x.id and c.session_id = x.sid and c.status in ('PENDING', 'SENT')
       returning c.command_id, c.batch_id, c.device_id, c.session_id, x.t`,
      [JSON.stringify(acks)],
    );
    await this.pushUpdates(
      rows.map((r) => {
        const session = sessions.get(r.session_id)!;
        return {
          commandId: r.command_id,
          batchId: r.batch_id,
          deviceId: r.device_id,
          clientId: session.clientId,
          projectId: session.projectId,
          status: 'DELIVERED',
          ts: r.t,
        };
      }),
      this.deps.clock.now(),
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
   * device type; counts the rest (`refusedValues`). Returns the items as the SQL updates read them.
   */
  private async checkResults(answers: { session: DeviceInfo; items: ResultItem[]; now: number }[]) {
    const rows = answers.flatMap(({ session, items, now }) =>
      items.map(
        (i): ResultRow => ({
          id: i.id,
          sid: session.deviceId,
          t: now,
          s: i.status,
          r: i.data ?? null,
          e: (i.error ?? '').slice(0, 200),
        }),
      ),
    );
    const withData = rows.filter((r) => r.r && Object.keys(r.r).length);
    if (!withData.length) return rows;
    const kinds = await this.deps.database.query<{
      command_id: string;
      session_id: number;
      action: string;
      device_type: string;
    }>(
      `select c.command_id, c.session_id, c.action, d.device_type from lt_command c join lt_device d on d.device_id = c.device_id
       where c.command_id = any($1::text[])`,
      [withData.map((r) => r.id)],
    );
    const byId = new Map(kinds.map((k) => [k.command_id, k]));
    return rows.map((row) => {
      const kind = byId.get(row.id);
      if (!row.r || !kind || kind.session_id !== row.sid) return row;
      const { kept, unknown, outOfRange } = checkResultData(kind.device_type, kind.action, row.r);
      this.stats.refusedValues.unknown += unknown.length;
      this.stats.refusedValues.outOfRange += outOfRange.length;
      return { ...row, r: kept };
    });
  }

  /**
   * Answers to commands cancelled after they were sent: `CANCELED` confirms the cancel, any other
   * result says the device had already carried the command out (kept with the command).
   */
  private async settleCancels(items: ResultRow[]) {
    const rows = await this.deps.database.query<{ command_id: string; cancel_state: string }>(
      `update lt_command c set cancel_state = case when x.s = 'CANCELED' then 'CONFIRMED' else 'TOO_LATE' end,
         result = case when x.s = 'CANCELED' then c.result else x.r end,
         error = case when x.s = 'CANCELED' then c.error else x.e end
       from json_to_recordset($1::json) as x(id text, sid bigint, s text, r jsonb, e text)
       where c.command_id = x.id and c.session_id = x.sid and c.status = 'CANCELED' and c.cancel_state = 'SENT'
       returning c.command_id, c.cancel_state`,
      [JSON.stringify(items)],
    );
    this.stats.cancelsConfirmed += rows.filter((r) => r.cancel_state === 'CONFIRMED').length;
  }

  /** The results of several device messages: the commands they end, then the cancels they answer. */
  private async completeAll(
    sessions: Map<number, DeviceInfo>,
    answers: { session: DeviceInfo; items: ResultItem[]; now: number }[],
  ) {
    const checked = await this.checkResults(answers);
    // a CANCELED answer only ever confirms a cancel message; it never ends an open command
    const items = firstOfEach(checked.filter((i) => i.s !== 'CANCELED'));
    const rows = items.length ? await this.finish(items) : [];
    // what ended no open command answers a cancel (CANCELED, or the result of having carried it out)
    const ended = new Set(rows.map((r) => r.command_id));
    const rest = firstOfEach(checked.filter((i) => !ended.has(i.id)));
    if (rest.length) await this.settleCancels(rest);
    if (!rows.length) return;
    await this.afterResults(sessions, rows);
  }

  /** Ends the open commands these results answer, and their device log rows, in one statement. */
  private finish(items: ResultRow[]) {
    return this.deps.database.query<FinishedRow>(
      `with done as (
         update lt_command c set status = x.s, result = x.r, error = x.e, finish_time = to_timestamp(x.t / 1000.0),
           delivered_time = coalesce(c.delivered_time, to_timestamp(x.t / 1000.0))
         from json_to_recordset($1::json) as x(id text, sid bigint, t float8, s text, r jsonb, e text)
         where c.command_id = x.id and c.session_id = x.sid and c.status in ('PENDING', 'SENT', 'DELIVERED')
         returning c.command_id, c.session_id, x.t as answered, c.batch_id, c.device_id, c.status, c.action, c.log_id,
           c.result, c.error, c.params, (extract(epoch from coalesce(c.sent_time, c.create_time)) * 1000)::float8 as started),
       logged as (
         update sys_device_log l set status = case when d.status = 'SUCCESS' then 0 else 1 end,
           response = (case when d.result is null then jsonb_build_object('status', d.status)
                       else jsonb_build_object('status', d.status, 'data', d.result) end)::text,
           consume_time = greatest(0, round(d.answered - d.started))::int, finish_time = to_timestamp(d.answered / 1000.0)
         from done d where l.log_id = d.log_id)
       select * from done`,
      [JSON.stringify(items)],
    );
  }

  /** Read-backs, configuration state, pushes and `commandResult` of ended commands (their log rows are done). */
  private async afterResults(sessions: Map<number, DeviceInfo>, rows: FinishedRow[]) {
    // read-backs carry the device's state and configuration; configuration issues settle the config state
    // a device's configuration state: its last configuration issue answered
    const configs = new Map<number, { d: number; s: string; p: Record<string, unknown> }>();
    for (const r of rows) {
      const info = this.registry.byDeviceId(r.device_id);
      if (r.action === 'calling' && r.status === 'SUCCESS' && r.result && info) {
        const { config, ...values } = r.result as { config?: Record<string, unknown> };
        if (Object.keys(values).length)
          acceptReading(this.writer, this.stats, info, { values: values as TelemetryItem['values'] }, r.answered);
        if (config) this.writer.seen(info, r.answered, { config });
      }
      if (r.action === 'config')
        configs.set(r.device_id, {
          d: r.device_id,
          s: r.status === 'SUCCESS' ? 'CONFIGURED' : 'FAILED',
          p: r.params ?? {},
        });
    }
    if (configs.size)
      await this.deps.database.query(
        `update lt_device set config_state = x.s,
           config = case when x.s = 'CONFIGURED' then coalesce(config, '{}'::jsonb) || x.p else config end
         from json_to_recordset($1::json) as x(d bigint, s text, p jsonb)
         where device_id = x.d and config_state is not null`,
        [JSON.stringify([...configs.values()])],
      );
    const updates = rows.map((r) => {
      const session = sessions.get(r.session_id)!;
      return {
        commandId: r.command_id,
        batchId: r.batch_id,
        deviceId: r.device_id,
        clientId: session.clientId,
        projectId: session.projectId,
        status: r.status,
        ts: r.answered,
      };
    });
    await this.pushUpdates(updates, this.deps.clock.now());
    await this.writer.flush();
    this.emitResults(
      rows.map((r, i) => ({ ...updates[i]!, action: r.action, data: r.result, error: r.error })),
      this.deps.clock.now(),
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
       where finish_time is null
         and ((status = 'PENDING' and expire_time <= to_timestamp($1 / 1000.0))
           or (status in ('SENT', 'DELIVERED') and sent_time <= to_timestamp(($1 - $2) / 1000.0)))
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
            ts: r.ts ?? now,
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
            ts: r.ts ?? now,
          })),
        },
      );
    }
  }
}
