import type { Lang } from '@luxgrid/contracts';
import {
  ALARM_KINDS,
  ALARM_RULES,
  type AlarmConfigType,
  alarmAckBody,
  alarmClearBody,
  alarmRow,
  alarmShelveBody,
  maintenanceBody,
  maintenanceRow,
  tableOf,
} from '@luxgrid/contracts';
import { ALARM_GRADES, ALARM_STATES, ALARM_TYPES } from '@luxgrid/contracts/enums';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { sendWorkbook } from '../../../platform/excel.ts';
import { dateRange, pageOf, pageQuery } from '../../../platform/paging.ts';
import { idParam } from '../../../platform/params.ts';
import type { Scope } from '../../../platform/scope.ts';
import { alarmDetection } from '../detection/detection.ts';
import { alarmKindLabels } from '../kind-labels.ts';
import {
  ALARM_SORTABLE,
  type AlarmFilter,
  acknowledgeAlarms,
  alarmCounts,
  alarmHistory,
  alarmsInScope,
  alarmsToPush,
  countDevicesInScope,
  endMaintenance,
  findAlarm,
  listAlarms,
  listMaintenance,
  setMaintenance,
  shelveAlarms,
} from './alarm.repository.ts';

const blank = z.literal('').transform(() => undefined);
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).optional().or(blank);

export const alarmListQuery = pageQuery.extend({
  projectId: z.coerce.number().int().positive().optional(),
  alarmConfigType: optionalEnum(ALARM_KINDS),
  alarmType: optionalEnum(ALARM_TYPES),
  grade: optionalEnum(ALARM_GRADES),
  state: optionalEnum(ALARM_STATES),
  deviceId: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(64).optional(),
  acknowledged: optionalEnum(['true', 'false']),
  inhibitedBy: z.coerce.number().int().positive().optional(),
});
export type AlarmListQuery = z.infer<typeof alarmListQuery>;

const GRADE_LABELS: Record<string, [string, string]> = {
  dangerous: ['危险', 'Dangerous'],
  serious: ['严重', 'Serious'],
  urgent: ['紧急', 'Urgent'],
  ordinary: ['一般', 'Ordinary'],
};

export function filterOf(q: AlarmListQuery): AlarmFilter {
  return {
    ...q,
    acknowledged: q.acknowledged === undefined ? undefined : q.acknowledged === 'true',
    ...dateRange(q),
  };
}

export function orderOf(q: AlarmListQuery): string {
  if (!q.orderByColumn) return 'a.last_time desc';
  const column = ALARM_SORTABLE[q.orderByColumn];
  if (!column) throw fail('valid.sortColumn', { field: q.orderByColumn });
  return `${column} ${q.isAsc === 'desc' || q.isAsc === 'descending' ? 'desc' : 'asc'}`;
}

/**
 * The alarm list of a customer's projects (`lighting/alarm`): filters, detail with history and the
 * alarms it inhibits, acknowledge, shelve, clear by hand, maintenance of devices, badge counts, export.
 */
export function alarmRoutes(deps: Deps): FastifyPluginAsyncZod {
  const db = deps.database;
  const tags = ['lighting/alarm'];
  const handling = alarmHandling(deps);
  const detection = alarmDetection(deps);

  return async (app) => {
    app.get(
      '/lighting/alarm/list',
      {
        config: { perm: 'lighting:alarm:list' },
        schema: { tags, querystring: alarmListQuery, response: { 200: tableOf(alarmRow) } },
      },
      async (req) => {
        const { rows, total } = await handling.list(req.auth(), req.query);
        return table(req.lang, rows, total);
      },
    );

    app.get(
      '/lighting/alarm/count',
      {
        config: { perm: 'lighting:alarm:list' },
        schema: { tags, summary: 'Unacknowledged active alarms (the badge) and alarms raised in the last 10 minutes' },
      },
      async (req) => {
        const ctx = req.auth();
        const counts = await alarmCounts(db, ctx, deps.clock.now());
        // ISA-18.2: more than 10 alarms in 10 minutes for one operator is a flood
        return ok(req.lang, { ...counts, flood: counts.lastTenMinutes > 10 });
      },
    );

    app.get(
      '/lighting/alarm/:alarmId',
      { config: { perm: 'lighting:alarm:query' }, schema: { tags, params: idParam('alarmId') } },
      async (req) => ok(req.lang, await handling.detail(req.auth(), req.params.alarmId)),
    );

    app.put(
      '/lighting/alarm/acknowledge',
      {
        config: { perm: 'lighting:alarm:handle', operLog: { title: 'alarms', businessType: 2 } },
        schema: { tags, body: alarmAckBody },
      },
      async (req) => ok(req.lang, await handling.acknowledge(req.auth(), req.body)),
    );

    app.put(
      '/lighting/alarm/shelve',
      {
        config: { perm: 'lighting:alarm:handle', operLog: { title: 'alarms', businessType: 2 } },
        schema: { tags, body: alarmShelveBody },
      },
      async (req) => {
        const ctx = req.auth();
        const rows = await handling.inScope(ctx, req.body.alarmIds);
        const now = deps.clock.now();
        const until = now + req.body.minutes * 60_000;
        await shelveAlarms(
          db,
          rows.map((r) => r.alarm_id),
          until,
        );
        await detection.store.history(
          rows.map((r) => ({
            a: r.alarm_id,
            c: r.client_id,
            x: 'SHELVED',
            t: now,
            b: ctx.userName,
            m: req.body.comment ?? '',
            v: { minutes: req.body.minutes },
          })),
        );
        return ok(req.lang);
      },
    );

    app.put(
      '/lighting/alarm/clear',
      {
        config: { perm: 'lighting:alarm:handle', operLog: { title: 'alarms', businessType: 2 } },
        schema: { tags, body: alarmClearBody },
      },
      async (req) => ok(req.lang, await handling.clear(req.auth(), req.body)),
    );

    app.get(
      '/lighting/alarm/maintenance/list',
      {
        config: { perm: 'lighting:alarm:list' },
        schema: {
          tags,
          summary: 'Devices under maintenance now: until when, why, who set it',
          querystring: pageQuery.extend({
            projectId: z.coerce.number().int().positive().optional(),
            keyword: z.string().trim().max(64).optional(),
          }),
          response: { 200: tableOf(maintenanceRow) },
        },
      },
      async (req) => {
        const ctx = req.auth();
        const { rows, total } = await listMaintenance(db, ctx, req.query, pageOf(req.query), deps.clock.now());
        return table(req.lang, rows, total);
      },
    );

    app.put(
      '/lighting/alarm/maintenance',
      {
        config: { perm: 'lighting:alarm:handle', operLog: { title: 'device maintenance', businessType: 2 } },
        schema: {
          tags,
          summary: 'Puts devices under maintenance until a time: their alarms are shelved',
          body: maintenanceBody,
        },
      },
      async (req) => {
        const ctx = req.auth();
        const now = deps.clock.now();
        const until = new Date(req.body.until.replace(' ', 'T'));
        if (Number.isNaN(until.getTime())) throw fail('valid.type', { field: 'until' });
        if (until.getTime() <= now) throw fail('alarm.maintenance.past');
        const found = await countDevicesInScope(db, ctx, req.body.deviceIds);
        if (found !== new Set(req.body.deviceIds).size) throw notFound();
        await setMaintenance(db, req.body.deviceIds, {
          until,
          reason: req.body.reason ?? '',
          by: ctx.userName,
          at: now,
        });
        return ok(req.lang);
      },
    );

    app.delete(
      '/lighting/alarm/maintenance/:deviceId',
      {
        config: { perm: 'lighting:alarm:handle', operLog: { title: 'device maintenance', businessType: 3 } },
        schema: { tags, params: idParam('deviceId') },
      },
      async (req) => {
        const ctx = req.auth();
        if (!(await endMaintenance(db, ctx, req.params.deviceId))) throw notFound();
        return ok(req.lang);
      },
    );

    app.post(
      '/lighting/alarm/export',
      {
        config: { perm: 'lighting:alarm:export', operLog: { title: 'alarms', businessType: 5 } },
        schema: { tags, body: alarmListQuery.partial().optional() },
      },
      async (req, reply) => handling.export(req.auth(), alarmListQuery.parse(req.body ?? {}), req.lang, reply),
    );
  };
}

/**
 * What an operator does to alarms, shared by the alarm list and a family's alarm screen (whose
 * routes pass the family's kinds: an alarm of another kind is "not found" there).
 */
export function alarmHandling(deps: Deps, kinds?: readonly AlarmConfigType[]) {
  const db = deps.database;
  const detection = alarmDetection(deps);

  /** The alarms of the caller's customer (and kinds) among these ids; one outside it is "not found". */
  async function inScope(scope: Scope, alarmIds: readonly number[]) {
    const rows = await alarmsInScope(db, scope, alarmIds);
    if (rows.length !== new Set(alarmIds).size) throw notFound();
    if (kinds && rows.some((r) => !kinds.includes(r.alarm_config_type as AlarmConfigType))) throw notFound();
    return rows;
  }

  return {
    inScope,

    async list(scope: Scope, q: AlarmListQuery) {
      return listAlarms(db, scope, { ...filterOf(q), kinds }, orderOf(q), pageOf(q), deps.clock.now());
    },

    async detail(scope: Scope, alarmId: number) {
      const alarm = await findAlarm(db, scope, alarmId, deps.clock.now());
      if (!alarm || (kinds && !kinds.includes(alarm.alarmConfigType))) throw notFound();
      const history = await alarmHistory(db, alarmId);
      return { ...alarm, manualClear: ALARM_RULES[alarm.alarmConfigType]?.manualClear ?? false, history };
    },

    async acknowledge(scope: Scope, body: { alarmIds: number[]; comment?: string }) {
      const rows = await inScope(scope, body.alarmIds);
      const now = deps.clock.now();
      const done = await acknowledgeAlarms(
        db,
        rows.map((r) => r.alarm_id),
        scope.userName,
        now,
      );
      await detection.store.history(
        done.map((r) => ({
          a: r.alarm_id,
          c: r.client_id,
          x: 'ACKNOWLEDGED',
          t: now,
          b: scope.userName,
          m: body.comment ?? '',
        })),
      );
      await pushChanged(
        deps,
        done.map((r) => r.alarm_id),
        'ACKNOWLEDGED',
      );
      return { acknowledged: done.length };
    },

    async clear(scope: Scope, body: { alarmIds: number[]; comment?: string }) {
      const rows = await inScope(scope, body.alarmIds);
      const refused = rows.find((r) => !ALARM_RULES[r.alarm_config_type as AlarmConfigType]?.manualClear);
      if (refused) throw fail('alarm.clear.notAllowed', { type: refused.alarm_config_type });
      if (rows.every((r) => r.state !== 'NEW')) throw fail('alarm.recovered');
      const cleared = await detection.store.clearByHand(
        rows.map((r) => r.alarm_id),
        scope.userName,
        body.comment ?? '',
      );
      return { cleared };
    },

    async export(scope: Scope, q: AlarmListQuery, lang: Lang, reply: FastifyReply) {
      const { rows } = await listAlarms(
        db,
        scope,
        { ...filterOf(q), kinds },
        orderOf(q),
        { limit: 100_000, offset: 0 },
        deps.clock.now(),
      );
      const en = lang === 'en-US';
      const label = await alarmKindLabels(deps, lang);
      const yes = en ? 'Yes' : '是';
      const no = en ? 'No' : '否';
      return sendWorkbook(
        reply,
        en ? 'alarms' : '告警数据',
        [
          { header: en ? 'Alarm' : '告警类型', key: 'type', width: 26 },
          { header: en ? 'Grade' : '告警等级', key: 'grade', width: 10 },
          { header: en ? 'State' : '状态', key: 'state', width: 10 },
          { header: 'UID', key: 'uid', width: 20 },
          { header: en ? 'Device' : '设备名称', key: 'deviceName', width: 24 },
          { header: en ? 'Count' : '次数', key: 'count', width: 8 },
          { header: en ? 'First time' : '首次告警时间', key: 'firstTime', width: 20 },
          { header: en ? 'Last time' : '最近告警时间', key: 'lastTime', width: 20 },
          { header: en ? 'Recovered at' : '恢复时间', key: 'recoveredTime', width: 20 },
          { header: en ? 'Acknowledged' : '已确认', key: 'acknowledged', width: 10 },
        ],
        rows.map((r) => ({
          ...r,
          type: label(r.alarmConfigType),
          grade: GRADE_LABELS[String(r.grade)]?.[en ? 1 : 0] ?? r.grade,
          state: r.state === 'NEW' ? (en ? 'Active' : '未恢复') : en ? 'Recovered' : '已恢复',
          acknowledged: r.acknowledged ? yes : no,
        })),
      );
    },
  };
}

/** Tells the viewers that these alarms changed (acknowledged): their badges count again. */
async function pushChanged(deps: Deps, alarmIds: readonly number[], action: 'ACKNOWLEDGED') {
  if (!alarmIds.length) return;
  const rows = await alarmsToPush(deps.database, alarmIds);
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = `${r.client_id}:${r.project_id}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const ts = deps.clock.now();
  for (const group of groups.values()) {
    const { client_id: clientId, project_id: projectId } = group[0]!;
    await deps.ws.publish(
      { clientId, projectId },
      {
        type: 'alarm.update',
        clientId,
        projectId,
        items: group.map((r) => ({
          alarmId: r.alarm_id,
          deviceId: r.device_id,
          uid: r.uid,
          deviceName: r.name,
          alarmConfigType: r.alarm_config_type,
          grade: r.grade,
          state: r.state,
          action,
          sound: false,
          ts,
        })),
      },
    );
  }
}
