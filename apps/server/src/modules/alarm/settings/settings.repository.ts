import {
  ALARM_KINDS,
  type AlarmConfigType,
  type AlarmSetting,
  type AlarmSettingBody,
  defaultSetting,
} from '@luxgrid/contracts';
import type { Database } from '../../../platform/db.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { type Scope, SqlParams, scopeSql } from '../../../platform/scope.ts';

type Settings = Record<AlarmConfigType, AlarmSetting & { custom: boolean }>;

/** Every type's setting of a project: its own rows over the platform defaults. */
export async function projectSettings(db: Database, projectId: number): Promise<Settings> {
  const rows = await db.query<{
    alarm_config_type: AlarmConfigType;
    enabled: boolean;
    grade: AlarmSetting['grade'];
    threshold: number | null;
    hold_seconds: number | null;
    push: boolean;
    sound: boolean;
    notify: boolean;
    work_order: boolean;
  }>(
    `select alarm_config_type, enabled, grade, threshold, hold_seconds, push, sound, notify, work_order
       from lt_alarm_setting where project_id = $1`,
    [projectId],
  );
  const own = new Map(rows.map((r) => [r.alarm_config_type, r]));
  const out = {} as Settings;
  for (const type of ALARM_KINDS) {
    const r = own.get(type);
    out[type] = r
      ? {
          alarmConfigType: type,
          enabled: r.enabled,
          grade: r.grade,
          threshold: r.threshold,
          holdSeconds: r.hold_seconds,
          push: r.push,
          sound: r.sound,
          notify: r.notify,
          workOrder: r.work_order,
          custom: true,
        }
      : { ...defaultSetting(type), custom: false };
  }
  return out;
}

/** The project if the caller may see it (its customer's), with its customer. */
export async function scopedProject(
  db: Database,
  scope: Pick<Scope, 'clientId'>,
  projectId: number,
): Promise<{ clientId: number } | undefined> {
  const p = new SqlParams(projectId);
  const [row] = await db.query<{ client_id: number }>(
    `select client_id from biz_project where project_id = $1 and del_flag = '0' and ${scopeSql(scope, p)}`,
    p.values,
  );
  return row ? { clientId: row.client_id } : undefined;
}

/**
 * The project a settings or notification request acts on: the one named, else the one chosen in
 * the top bar; refused when none is given, not found outside the caller's customer.
 */
export async function requestProject(db: Database, scope: Pick<Scope, 'clientId' | 'projectId'>, projectId?: number) {
  const id = projectId ?? scope.projectId;
  if (!id) throw fail('lighting.project.required');
  const found = await scopedProject(db, scope, id);
  if (!found) throw notFound();
  return { projectId: id, clientId: found.clientId };
}

export async function saveSetting(
  db: Database,
  scope: Pick<Scope, 'userName'>,
  clientId: number,
  now: number,
  body: AlarmSettingBody,
): Promise<void> {
  await db.query(
    `insert into lt_alarm_setting (client_id, project_id, alarm_config_type, enabled, grade, threshold, hold_seconds,
        push, sound, notify, work_order, create_by, create_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, to_timestamp($13 / 1000.0))
     on conflict (project_id, alarm_config_type) do update set enabled = excluded.enabled, grade = excluded.grade,
        threshold = excluded.threshold, hold_seconds = excluded.hold_seconds, push = excluded.push, sound = excluded.sound,
        notify = excluded.notify, work_order = excluded.work_order, update_by = excluded.create_by,
        update_time = excluded.create_time`,
    [
      clientId,
      body.projectId,
      body.alarmConfigType,
      body.enabled,
      body.grade,
      body.threshold ?? null,
      body.holdSeconds ?? null,
      body.push,
      body.sound,
      body.notify,
      body.workOrder,
      scope.userName,
      now,
    ],
  );
}

export async function resetSettings(db: Database, projectId: number, types: readonly string[]): Promise<void> {
  await db.query('delete from lt_alarm_setting where project_id = $1 and alarm_config_type = any($2::text[])', [
    projectId,
    types,
  ]);
}
