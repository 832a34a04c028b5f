import {
  ALARM_RULES,
  type AlarmConfigType,
  type AlarmSetting,
  type HubDevice,
  type LiveAlarm,
} from '@luxgrid/contracts';
import type { Deps } from '../../../platform/context.ts';
import { enqueue, type OutwardAlarm } from '../notify/outbox.ts';

/** One alarm to raise (or repeat). */
export interface RaiseOp {
  device: HubDevice;
  type: AlarmConfigType;
  ts: number;
  detail: Record<string, unknown> | null;
  /** an offline that went with its parent: inhibited by the parent's offline alarm when there is one */
  carried?: boolean;
}

/** Alarms of one device to recover. */
export interface RecoverOp {
  device: HubDevice;
  types: readonly AlarmConfigType[];
  ts: number;
  /** what recovered it, for the history: ONLINE, RECOVER, READING … */
  cause: string;
}

type SettingsOf = (projectId: number) => Promise<Record<AlarmConfigType, AlarmSetting>>;

const OFFLINE_TYPES = (Object.keys(ALARM_RULES) as AlarmConfigType[]).filter((t) => ALARM_RULES[t].offline);

interface Written {
  alarm_id: number;
  client_id: number;
  project_id: number;
  device_id: number;
  uid: string;
  name: string;
  alarm_config_type: AlarmConfigType;
  grade: AlarmSetting['grade'];
  state: 'NEW' | 'RECOVERED';
  inhibited_by: number | null;
  maintenance: boolean;
  shelved: boolean;
  inserted?: boolean;
  ts: number;
}

/**
 * Writes alarms: raises in one statement (the partial unique index keeps one active alarm per
 * device and type, whichever process or connection writes), recovers with the alarms they inhibit,
 * records the history and pushes what changed to the browsers of the alarm's customer and project.
 */
export class AlarmStore {
  raised = 0;
  repeated = 0;
  recovered = 0;

  constructor(
    private readonly deps: Deps,
    private readonly settingsOf: SettingsOf,
  ) {}

  async raise(ops: readonly RaiseOp[]): Promise<void> {
    if (!ops.length) return;
    // parents first: a child's offline looks for its parent's alarm
    await this.raiseRun(ops.filter((op) => !op.carried));
    await this.raiseRun(ops.filter((op) => op.carried));
  }

  private async raiseRun(ops: readonly RaiseOp[]): Promise<void> {
    if (!ops.length) return;
    const db = this.deps.database;
    const settings = new Map<number, Record<AlarmConfigType, AlarmSetting>>();
    for (const projectId of new Set(ops.map((op) => op.device.projectId)))
      settings.set(projectId, await this.settingsOf(projectId));
    // one row per device and type: repeats in the batch add to its count
    const rows = new Map<string, { op: RaiseOp; n: number; first: number; last: number }>();
    for (const op of ops) {
      if (!settings.get(op.device.projectId)![op.type].enabled) continue;
      const key = `${op.device.deviceId}:${op.type}`;
      const row = rows.get(key);
      if (row) {
        row.n++;
        row.first = Math.min(row.first, op.ts);
        row.last = Math.max(row.last, op.ts);
        row.op = op.ts >= row.last ? op : row.op;
      } else rows.set(key, { op, n: 1, first: op.ts, last: op.ts });
    }
    if (!rows.size) return;
    const deviceIds = [...new Set([...rows.values()].map((r) => r.op.device.deviceId))];
    const now = this.deps.clock.now();
    const maintenance = new Set(
      (
        await db.query<{ device_id: number }>(
          'select device_id from lt_device_maintenance where device_id = any($1::bigint[]) and until > to_timestamp($2 / 1000.0)',
          [deviceIds, now],
        )
      ).map((r) => r.device_id),
    );
    const carried = [...rows.values()].filter((r) => r.op.carried).map((r) => r.op.device.deviceId);
    const parents = new Map<number, number>();
    if (carried.length) {
      const found = await db.query<{ origin: number; alarm_id: number }>(
        `with recursive up(origin, device_id, depth) as (
           select x, x, 0 from unnest($1::bigint[]) as u(x)
           union all
           select up.origin, p.id, up.depth + 1
             from up join lt_device d on d.device_id = up.device_id
             cross join lateral (values (d.parent_id), (d.gateway_id)) as p(id)
            where p.id is not null and p.id <> up.device_id and up.depth < 8)
         select distinct on (up.origin) up.origin, a.alarm_id
           from up join lt_alarm a on a.device_id = up.device_id and a.state = 'NEW' and a.inhibited_by is null
                                  and a.alarm_config_type = any($2::text[])
          where up.depth > 0
          order by up.origin, up.depth`,
        [carried, OFFLINE_TYPES],
      );
      for (const r of found) parents.set(r.origin, r.alarm_id);
    }
    const json = JSON.stringify(
      [...rows.values()].map(({ op, n, first, last }) => ({
        cl: op.device.clientId,
        p: op.device.projectId,
        d: op.device.deviceId,
        t: op.type,
        at: ALARM_RULES[op.type].alarmType,
        g: settings.get(op.device.projectId)![op.type].grade,
        n,
        f: first,
        l: last,
        v: op.detail,
        m: maintenance.has(op.device.deviceId),
        i: op.carried ? (parents.get(op.device.deviceId) ?? null) : null,
      })),
    );
    const written = await db.query<Written>(
      `with w as (
         insert into lt_alarm (client_id, project_id, device_id, alarm_config_type, alarm_type, grade, count,
                               first_time, last_time, detail, maintenance, inhibited_by)
         select x.cl, x.p, x.d, x.t, x.at, x.g, x.n, to_timestamp(x.f / 1000.0), to_timestamp(x.l / 1000.0), x.v, x.m, x.i
           from json_to_recordset($1::json) as x(cl bigint, p bigint, d bigint, t text, at text, g text, n int,
                                                  f double precision, l double precision, v jsonb, m boolean, i bigint)
          order by x.d, x.t
         on conflict (device_id, alarm_config_type) where state = 'NEW'
         do update set count = lt_alarm.count + excluded.count,
                       last_time = greatest(lt_alarm.last_time, excluded.last_time),
                       detail = coalesce(excluded.detail, lt_alarm.detail)
         returning alarm_id, client_id, project_id, device_id, alarm_config_type, grade, state, inhibited_by, maintenance,
                   coalesce(shelved_until > to_timestamp($2 / 1000.0), false) as shelved, (xmax = 0) as inserted,
                   (extract(epoch from last_time) * 1000)::float8 as ts)
       select w.*, d.uid, d.name from w join lt_device d on d.device_id = w.device_id`,
      [json, now],
    );
    const history = written.map((w) => ({
      a: w.alarm_id,
      c: w.client_id,
      x: w.inserted ? (w.inhibited_by ? 'INHIBITED' : 'RAISED') : 'REPEATED',
      t: w.ts,
      v: w.inserted && w.inhibited_by ? { parentAlarmId: w.inhibited_by } : null,
    }));
    await this.history(history);
    for (const w of written) w.inserted ? this.raised++ : this.repeated++;
    await this.push(
      written.filter((w) => w.inserted),
      'NEW',
      settings,
    );
  }

  async recover(ops: readonly RecoverOp[]): Promise<void> {
    if (!ops.length) return;
    const byDevice = new Map<number, { d: number; t: string[]; ts: number; c: string }>();
    for (const op of ops) {
      const row = byDevice.get(op.device.deviceId);
      if (row) {
        row.t = [...new Set([...row.t, ...op.types])];
        row.ts = Math.max(row.ts, op.ts);
      } else byDevice.set(op.device.deviceId, { d: op.device.deviceId, t: [...op.types], ts: op.ts, c: op.cause });
    }
    const recovered = await this.recoverRows(
      `update lt_alarm a set state = 'RECOVERED', recovered_time = to_timestamp(x.ts / 1000.0)
         from json_to_recordset($1::json) as x(d bigint, t jsonb, ts double precision)
        where a.device_id = x.d and a.state = 'NEW' and a.alarm_config_type in (select jsonb_array_elements_text(x.t))`,
      [JSON.stringify([...byDevice.values()])],
      (w) => ({ cause: byDevice.get(w.device_id)?.c ?? '' }),
    );
    await this.recoverInhibited(recovered, 'PARENT');
  }

  /** Clears alarms by hand (the caller checked the scope and that the types allow it). */
  async clearByHand(alarmIds: readonly number[], userName: string, comment: string): Promise<number> {
    const now = this.deps.clock.now();
    const cleared = await this.recoverRows(
      `update lt_alarm a set state = 'RECOVERED', recovered_time = to_timestamp($2 / 1000.0), cleared_by = $3
        where a.alarm_id = any($1::bigint[]) and a.state = 'NEW'`,
      [alarmIds, now, userName],
      () => ({ by: userName, comment, action: 'CLEARED' }),
    );
    await this.recoverInhibited(cleared, 'PARENT');
    return cleared.length;
  }

  private async recoverInhibited(recovered: readonly Written[], cause: string): Promise<void> {
    // only an offline alarm inhibits others
    const parents = recovered.filter((w) => OFFLINE_TYPES.includes(w.alarm_config_type));
    if (!parents.length) return;
    await this.recoverRows(
      `update lt_alarm a set state = 'RECOVERED', recovered_time = p.recovered_time
         from lt_alarm p
        where p.alarm_id = any($1::bigint[]) and a.inhibited_by = p.alarm_id and a.state = 'NEW'`,
      [parents.map((p) => p.alarm_id)],
      (w) => ({ cause, parentAlarmId: w.inhibited_by }),
    );
  }

  private async recoverRows(
    update: string,
    params: unknown[],
    note: (w: Written) => { by?: string; comment?: string; action?: string; [k: string]: unknown },
  ): Promise<Written[]> {
    const db = this.deps.database;
    const now = this.deps.clock.now();
    const nowParam = `$${params.length + 1}`;
    const rows = await db.query<Written>(
      `with w as (${update}
         returning a.alarm_id, a.client_id, a.project_id, a.device_id, a.alarm_config_type, a.grade, a.state,
                   a.inhibited_by, a.maintenance, coalesce(a.shelved_until > to_timestamp(${nowParam} / 1000.0), false) as shelved,
                   (extract(epoch from a.recovered_time) * 1000)::float8 as ts)
       select w.*, d.uid, d.name from w join lt_device d on d.device_id = w.device_id`,
      [...params, now],
    );
    if (!rows.length) return rows;
    this.recovered += rows.length;
    await this.history(
      rows.map((w) => {
        const { by, comment, action, ...detail } = note(w);
        return {
          a: w.alarm_id,
          c: w.client_id,
          x: action ?? 'RECOVERED',
          t: w.ts,
          b: by ?? '',
          m: comment ?? '',
          v: Object.keys(detail).length ? detail : null,
        };
      }),
    );
    const settings = new Map<number, Record<AlarmConfigType, AlarmSetting>>();
    for (const projectId of new Set(rows.map((r) => r.project_id)))
      settings.set(projectId, await this.settingsOf(projectId));
    await this.push(rows, note(rows[0]!).action === 'CLEARED' ? 'CLEARED' : 'RECOVERED', settings);
    return rows;
  }

  async history(
    rows: readonly { a: number; c: number; x: string; t: number; b?: string; m?: string; v?: unknown }[],
  ): Promise<void> {
    if (!rows.length) return;
    await this.deps.database.query(
      `insert into lt_alarm_history (alarm_id, client_id, action, oper_by, oper_time, comment, detail)
       select x.a, x.c, x.x, coalesce(x.b, ''), to_timestamp(x.t / 1000.0), coalesce(x.m, ''), x.v
         from json_to_recordset($1::json) as x(a bigint, c bigint, x text, b text, t double precision, m text, v jsonb)`,
      [JSON.stringify(rows)],
    );
  }

  /**
   * Pushes alarms to the viewers of their customer and project: not those inhibited by a parent,
   * shelved or under maintenance, nor types whose settings say not to push. Types whose settings
   * say to notify outward are queued for the project's webhooks and e-mail.
   */
  async push(
    rows: readonly Written[],
    action: LiveAlarm['action'],
    settings: Map<number, Record<AlarmConfigType, AlarmSetting>>,
  ): Promise<void> {
    const groups = new Map<string, { clientId: number; projectId: number; items: LiveAlarm[] }>();
    const outward: OutwardAlarm[] = [];
    for (const w of rows) {
      const setting = settings.get(w.project_id)?.[w.alarm_config_type];
      if (w.inhibited_by || w.maintenance || w.shelved) continue;
      if (setting?.notify)
        outward.push({
          alarmId: w.alarm_id,
          clientId: w.client_id,
          projectId: w.project_id,
          deviceId: w.device_id,
          uid: w.uid,
          deviceName: w.name,
          alarmConfigType: w.alarm_config_type,
          grade: w.grade,
          state: w.state,
          action,
          ts: w.ts,
        });
      if (!setting?.push) continue;
      const key = `${w.client_id}:${w.project_id}`;
      const group = groups.get(key) ?? { clientId: w.client_id, projectId: w.project_id, items: [] };
      groups.set(key, group);
      group.items.push({
        alarmId: w.alarm_id,
        deviceId: w.device_id,
        uid: w.uid,
        deviceName: w.name,
        alarmConfigType: w.alarm_config_type,
        grade: w.grade,
        state: w.state,
        action,
        sound: action === 'NEW' && setting.sound,
        ts: w.ts,
      });
    }
    // queued in the database: sent by the notification worker, retried, kept across restarts
    await enqueue(this.deps.database, outward, this.deps.clock.now());
    for (const g of groups.values())
      await this.deps.ws.publish(
        { clientId: g.clientId, projectId: g.projectId },
        { type: 'alarm.update', clientId: g.clientId, projectId: g.projectId, items: g.items },
      );
  }
}
