import type { HeldSchedule, LightSensor, ScheduleKind, ScheduleParams, ScheduleRunner } from '@luxgrid/contracts';
import type { Database } from '../../../platform/db.ts';
import { type Scope, SqlParams, scopeSql } from '../../../platform/scope.ts';

/**
 * The only SQL over schedule issues (lt_schedule_issue) and platform-run steps (lt_schedule_run).
 * Reads for screens take the scope first; the listeners' updates go by command id or device id,
 * which only the device hub hands them.
 */

/** A lamp controller a plan reaches, with the session device that carries it and what that one can hold. */
export interface LampReach {
  deviceId: number;
  uid: string;
  gatewayId: number | null;
  gatewayUid: string | null;
  gatewayName: string | null;
  gatewayType: string | null;
  scheme: string | null;
}

export interface IssueRow {
  deviceId: number;
  runner: ScheduleRunner;
  version: string;
  schedule: ScheduleParams;
}

export interface IssueCounts {
  total: number;
  pushed: number;
  failed: number;
  pending: number;
}

const ISSUE_COLUMNS = `i.issue_id as "issueId", i.kind, i.plan_id as "planId", i.device_id as "deviceId", d.uid, d.name as "deviceName",
  d.device_type as "deviceType", d.comm_state as "commState", i.runner, i.version, i.held_version as "heldVersion",
  to_char(i.held_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "heldTime", i.state, i.reason,
  jsonb_array_length(i.schedule->'lamps') as lamps,
  to_char(i.issue_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "issueTime",
  to_char(i.push_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "pushTime"`;

export function issueRepository(database: Database) {
  return {
    /** The lamp controllers among `lampIds`, with their session device and its model's directive scheme. */
    async reach(lampIds: number[]): Promise<LampReach[]> {
      return database.query<LampReach>(
        `select d.device_id as "deviceId", d.uid, d.gateway_id as "gatewayId", g.uid as "gatewayUid", g.name as "gatewayName",
           g.device_type as "gatewayType", m.directive_scheme as scheme
         from lt_device d
         left join lt_device g on g.device_id = d.gateway_id
         left join lt_device_model m on m.model_id = g.model_id
         where d.device_id = any($1::bigint[]) and d.device_type = 'RTU'`,
        [lampIds],
      );
    },

    /** Records (or replaces) each controller's copy: PLATFORM ones are held by the platform at once. */
    async upsert(
      plan: { clientId: number; projectId: number; kind: ScheduleKind; planId: number },
      rows: IssueRow[],
      by: string,
      now: number,
    ): Promise<void> {
      if (!rows.length) return;
      await database.query(
        `insert into lt_schedule_issue as i (client_id, project_id, kind, plan_id, device_id, runner, version, schedule,
           held_version, held_time, state, reason, command_id, issue_by, issue_time, push_time)
         select $2, $3, $4, $5, x.d, x.r, x.v, x.s,
           case when x.r = 'PLATFORM' then x.v end, case when x.r = 'PLATFORM' then to_timestamp($7 / 1000.0) end,
           case when x.r = 'PLATFORM' then 'PUSHED' else 'UN_PUSH' end, '', null, $6, to_timestamp($7 / 1000.0),
           case when x.r = 'PLATFORM' then to_timestamp($7 / 1000.0) end
         from json_to_recordset($1::json) as x(d bigint, r text, v text, s jsonb)
         on conflict (kind, plan_id, device_id) do update set runner = excluded.runner, version = excluded.version,
           schedule = excluded.schedule, state = excluded.state, reason = '', command_id = null,
           held_version = coalesce(excluded.held_version, i.held_version), held_time = coalesce(excluded.held_time, i.held_time),
           issue_by = excluded.issue_by, issue_time = excluded.issue_time, push_time = excluded.push_time`,
        [
          JSON.stringify(rows.map((r) => ({ d: r.deviceId, r: r.runner, v: r.version, s: r.schedule }))),
          plan.clientId,
          plan.projectId,
          plan.kind,
          plan.planId,
          by,
          now,
        ],
      );
    },

    /** Copies the plan held by controllers no longer among its targets are dropped. */
    async dropOthers(kind: ScheduleKind, planId: number, keep: number[]): Promise<void> {
      await database.query(
        'delete from lt_schedule_issue where kind = $1 and plan_id = $2 and not (device_id = any($3::bigint[]))',
        [kind, planId, keep],
      );
    },

    /** Ties each controller's copy to the command that carries it. */
    async linkCommands(kind: ScheduleKind, planId: number, batchId: string): Promise<void> {
      await database.query(
        `update lt_schedule_issue i set command_id = c.command_id
         from lt_command c where c.batch_id = $3 and c.device_id = i.device_id and i.kind = $1 and i.plan_id = $2`,
        [kind, planId, batchId],
      );
    },

    /** The copies whose controllers did not take the schedule (FAILED), or those of the given controllers. */
    async deviceIds(kind: ScheduleKind, planId: number, which: 'FAILED' | 'DRIFT'): Promise<number[]> {
      const rows = await database.query<{ device_id: number }>(
        `select device_id from lt_schedule_issue where kind = $1 and plan_id = $2 and runner = 'DEVICE' and ${
          which === 'FAILED' ? "state = 'FAILED'" : "state = 'PUSHED' and held_version is distinct from version"
        }`,
        [kind, planId],
      );
      return rows.map((r) => Number(r.device_id));
    },

    /**
     * Controllers' answers to downloads, in one statement: PUSHED with the version held, or FAILED
     * with the reason. An answer settles the copy only while it still expects the version the
     * command carried (a late answer to an older download changes nothing).
     */
    async settle(
      answers: { commandId: string; ok: boolean; version: string | null; reason: string; ts: number }[],
    ): Promise<{ kind: ScheduleKind; planId: number; clientId: number; projectId: number }[]> {
      if (!answers.length) return [];
      const rows = await database.query<{ kind: ScheduleKind; plan_id: number; client_id: number; project_id: number }>(
        `update lt_schedule_issue i set state = x.s, reason = x.r, push_time = to_timestamp(x.t / 1000.0),
           command_id = c.command_id,
           held_version = case when x.s = 'PUSHED' then coalesce(x.v, i.version) else i.held_version end,
           held_time = case when x.s = 'PUSHED' then to_timestamp(x.t / 1000.0) else i.held_time end
         from json_to_recordset($1::json) as x(id text, s text, v text, r text, t float8)
         join lt_command c on c.command_id = x.id
         where i.device_id = c.device_id and i.kind = c.params->>'kind'
           and i.plan_id = (c.params->>'planId')::bigint and i.version = c.params->>'version'
         returning i.kind, i.plan_id, i.client_id, i.project_id`,
        [
          JSON.stringify(
            answers.map((a) => ({
              id: a.commandId,
              s: a.ok ? 'PUSHED' : 'FAILED',
              v: a.version,
              r: a.reason.slice(0, 200),
              t: a.ts,
            })),
          ),
        ],
      );
      const plans = new Map(
        rows.map((r) => [
          `${r.kind}:${r.plan_id}`,
          { kind: r.kind, planId: Number(r.plan_id), clientId: r.client_id, projectId: r.project_id },
        ]),
      );
      return [...plans.values()];
    },

    /** What a controller says it holds (its hello): every copy it was sent gets the version it reported, or none. */
    async noteHeld(deviceId: number, held: HeldSchedule[], now: number): Promise<number> {
      const rows = await database.query<{ issue_id: number }>(
        `update lt_schedule_issue i set held_version = x.version, held_time = to_timestamp($3 / 1000.0)
         from (select i2.issue_id, h.version from lt_schedule_issue i2
               left join json_to_recordset($2::json) as h(kind text, "planId" bigint, version text)
                 on h.kind = i2.kind and h."planId" = i2.plan_id
               where i2.device_id = $1 and i2.runner = 'DEVICE') x
         where i.issue_id = x.issue_id and i.held_version is distinct from x.version
         returning i.issue_id`,
        [deviceId, JSON.stringify(held), now],
      );
      return rows.length;
    },

    async counts(kind: ScheduleKind, planId: number): Promise<IssueCounts> {
      const [row] = await database.query<IssueCounts>(
        `select count(*)::int as total, count(*) filter (where state = 'PUSHED')::int as pushed,
           count(*) filter (where state = 'FAILED')::int as failed, count(*) filter (where state = 'UN_PUSH')::int as pending
         from lt_schedule_issue where kind = $1 and plan_id = $2`,
        [kind, planId],
      );
      return row ?? { total: 0, pushed: 0, failed: 0, pending: 0 };
    },

    /** The plan's issue state: PUSHED once every controller holds it, UN_PUSH otherwise. */
    async summarise(kind: ScheduleKind, planId: number, state: 'PUSHED' | 'UN_PUSH'): Promise<void> {
      const [table, column] = kind === 'STRATEGY' ? ['lt_strategy', 'strategy_id'] : ['lt_virtual_dimming', 'plan_id'];
      await database.query(`update ${table} set issue_state = $2 where ${column} = $1`, [planId, state]);
    },

    /** The copies of a plan within the scope, filtered by state, or the drifted ones. */
    async list(scope: Scope, kind: ScheduleKind, planId: number, filter: { state?: string; drift?: boolean }) {
      const p = new SqlParams(kind, planId);
      const conds = ['i.kind = $1', 'i.plan_id = $2', scopeSql(scope, p, { client: 'i.client_id' })];
      if (filter.state) conds.push(`i.state = ${p.add(filter.state)}`);
      if (filter.drift)
        conds.push("i.runner = 'DEVICE' and i.state = 'PUSHED' and i.held_version is distinct from i.version");
      return database.query<Record<string, unknown>>(
        `select ${ISSUE_COLUMNS} from lt_schedule_issue i join lt_device d on d.device_id = i.device_id
         where ${conds.join(' and ')} order by i.state desc, d.uid limit 5000`,
        p.values,
      );
    },

    /** Every controller of the scope whose held schedule differs from the one the platform expects. */
    async drift(scope: Scope, projectId: number | undefined) {
      const p = new SqlParams();
      const conds = [
        "i.runner = 'DEVICE'",
        "i.state = 'PUSHED'",
        'i.held_version is distinct from i.version',
        scopeSql(scope, p, { client: 'i.client_id' }),
      ];
      const project = projectId ?? scope.projectId;
      if (project) conds.push(`i.project_id = ${p.add(project)}`);
      return database.query<Record<string, unknown>>(
        `select ${ISSUE_COLUMNS}, coalesce(s.name, v.name) as "planName" from lt_schedule_issue i
         join lt_device d on d.device_id = i.device_id
         left join lt_strategy s on i.kind = 'STRATEGY' and s.strategy_id = i.plan_id
         left join lt_virtual_dimming v on i.kind = 'DIMMING' and v.plan_id = i.plan_id
         where ${conds.join(' and ')} order by d.uid limit 5000`,
        p.values,
      );
    },

    /** The lamp is a device of the scope's customer. */
    async lampInScope(scope: Scope, deviceId: number): Promise<boolean> {
      const p = new SqlParams(deviceId);
      const rows = await database.query(
        `select 1 from lt_device where device_id = $1 and ${scopeSql(scope, p)}`,
        p.values,
      );
      return rows.length === 1;
    },

    /** The virtual dimming copies that cover a lamp (directly or through its controller). */
    async dimmingOf(deviceId: number): Promise<{ planId: number; schedule: ScheduleParams; state: string }[]> {
      return database.query(
        `select i.plan_id as "planId", i.schedule, i.state from lt_schedule_issue i
         join lt_device d on d.device_id = $1
         where i.kind = 'DIMMING' and i.device_id = coalesce(d.gateway_id, d.device_id)
           and (i.schedule->'lamps') ? d.uid
         order by i.issue_time desc`,
        [deviceId],
      );
    },

    /** Platform-run copies of enabled plans: the scheduler's work. */
    async platformRun(): Promise<
      {
        issueId: number;
        clientId: number;
        projectId: number;
        schedule: ScheduleParams;
        sensor: LightSensor | null;
        priority: number;
        savedAt: number;
        strategyId: number;
      }[]
    > {
      return database.query(
        `select i.issue_id as "issueId", i.client_id as "clientId", i.project_id as "projectId", i.schedule, s.sensor,
           s.priority, (extract(epoch from coalesce(s.update_time, s.create_time)) * 1000)::float8 as "savedAt",
           s.strategy_id as "strategyId"
         from lt_schedule_issue i
         left join lt_strategy s on i.kind = 'STRATEGY' and s.strategy_id = i.plan_id
         where i.runner = 'PLATFORM' and i.kind = 'STRATEGY' and s.status = '0'`,
      );
    },

    /** Claims a due step: true for the one process whose insert wins, false for every other. */
    async claim(runKey: string, issueId: number, due: number, now: number): Promise<boolean> {
      const rows = await database.query(
        `insert into lt_schedule_run (run_key, issue_id, due_time, fired_time)
         values ($1, $2, to_timestamp($3 / 1000.0), to_timestamp($4 / 1000.0))
         on conflict (run_key) do nothing returning run_key`,
        [runKey, issueId, due, now],
      );
      return rows.length === 1;
    },

    async noteBatch(runKey: string, batchId: string): Promise<void> {
      await database.query('update lt_schedule_run set batch_id = $2 where run_key = $1', [runKey, batchId]);
    },

    /** Steps older than a week are forgotten: their keys can no longer come due. */
    async pruneRuns(before: number): Promise<void> {
      await database.query('delete from lt_schedule_run where due_time < to_timestamp($1 / 1000.0)', [before]);
    },

    /** The lamps (device, uid, session) platform-run steps switch. */
    async lampsByUid(projectId: number, uids: string[]) {
      return database.query<{ deviceId: number; uid: string; name: string; gatewayId: number | null }>(
        `select device_id as "deviceId", uid, name, gateway_id as "gatewayId" from lt_device
         where project_id = $1 and uid = any($2::text[])`,
        [projectId, uids],
      );
    },

    /** Session devices of the projects' controllers that hold schedules, for the daily time sync. */
    async heldControllers(): Promise<
      { deviceId: number; uid: string; name: string; clientId: number; projectId: number; zone: string }[]
    > {
      return database.query(
        `select distinct d.device_id as "deviceId", d.uid, d.name, i.client_id as "clientId", i.project_id as "projectId",
           p.iana_time_zone as zone
         from lt_schedule_issue i join lt_device d on d.device_id = i.device_id
         join biz_project p on p.project_id = i.project_id
         where i.runner = 'DEVICE'`,
      );
    },
  };
}

export type IssueRepository = ReturnType<typeof issueRepository>;
