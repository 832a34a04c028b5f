import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { fail } from '../../../platform/errors.ts';
import { type SheetColumn, sendWorkbook } from '../../../platform/excel.ts';
import type { Scope } from '../../../platform/scope.ts';
import { alarmKindLabels } from '../kind-labels.ts';
import { alarmStatistics, faultStatistics, type StatsScope } from './statistics.repository.ts';

export const STATS_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

export const statsQuery = z.object({
  projectId: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  beginTime: z.string().trim().max(19).optional(),
  endTime: z.string().trim().max(19).optional(),
});
type StatsQuery = z.infer<typeof statsQuery>;

const parseTime = (value: string | undefined, endOfDay: boolean) => {
  if (!value) return undefined;
  const full = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value} ${endOfDay ? '23:59:59' : '00:00:00'}` : value;
  const date = new Date(full.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) throw fail('valid.type', { field: endOfDay ? 'endTime' : 'beginTime' });
  return date;
};

/** The caller's scope and the period: by default the last 30 days; at most 366 days. */
export function statsScope(scope: Scope, q: StatsQuery, now: number): StatsScope {
  const end = parseTime(q.endTime, true) ?? new Date(now);
  const begin = parseTime(q.beginTime, false) ?? new Date(end.getTime() - 30 * DAY_MS);
  if (begin > end) throw fail('alarm.stats.order');
  // a whole year of days (to 23:59:59 of the last) is allowed, one more day is not
  if (end.getTime() - begin.getTime() >= STATS_MAX_DAYS * DAY_MS)
    throw fail('alarm.stats.tooLong', { max: STATS_MAX_DAYS });
  return { clientId: scope.clientId, projectId: q.projectId ?? scope.projectId, begin, end };
}

const ALARM_TABLES = ['type', 'grade', 'project', 'day', 'mttr', 'top'] as const;
const FAULT_TABLES = ['type', 'day', 'open'] as const;

const GRADE_LABELS: Record<string, [string, string]> = {
  dangerous: ['危险', 'Dangerous'],
  serious: ['严重', 'Serious'],
  urgent: ['紧急', 'Urgent'],
  ordinary: ['一般', 'Ordinary'],
};

/**
 * Alarm and fault statistics of the statistics subsystem (`statistics/alarm`, `statistics/fault`):
 * the caller's customer, the chosen or filtered project, a period of at most 366 days; each table exports to Excel.
 */
export function statisticsRoutes(deps: Deps): FastifyPluginAsyncZod {
  const db = deps.database;
  const tags = ['statistics/alarm'];

  return async (app) => {
    app.get(
      '/statistics/alarm/summary',
      {
        config: { perm: 'statistics:alarm:list' },
        schema: {
          tags,
          summary: 'Alarms by type, grade, project and day; time to recover; the ten devices with most alarms',
          querystring: statsQuery,
        },
      },
      async (req) => ok(req.lang, await alarmStatistics(db, statsScope(req.auth(), req.query, deps.clock.now()))),
    );

    app.get(
      '/statistics/fault/summary',
      {
        config: { perm: 'statistics:fault:list' },
        schema: {
          tags: ['statistics/fault'],
          summary: 'Device faults by type and day, and those open now',
          querystring: statsQuery,
        },
      },
      async (req) => ok(req.lang, await faultStatistics(db, statsScope(req.auth(), req.query, deps.clock.now()))),
    );

    app.post(
      '/statistics/alarm/export',
      {
        config: { perm: 'statistics:alarm:export', operLog: { title: 'alarm statistics', businessType: 5 } },
        schema: { tags, body: statsQuery.extend({ table: z.enum(ALARM_TABLES) }) },
      },
      async (req, reply) => {
        const stats = await alarmStatistics(db, statsScope(req.auth(), req.body, deps.clock.now()));
        const en = req.lang === 'en-US';
        const type = await alarmKindLabels(deps, req.lang);
        const grade = (g: string) => GRADE_LABELS[g]?.[en ? 1 : 0] ?? g;
        const count: SheetColumn = { header: en ? 'Alarms' : '告警数', key: 'count', width: 10 };
        const sheets: Record<(typeof ALARM_TABLES)[number], [string, SheetColumn[], Record<string, unknown>[]]> = {
          type: [
            en ? 'alarms by type' : '按类型统计',
            [{ header: en ? 'Alarm type' : '告警类型', key: 'label', width: 28 }, count],
            stats.byType.map((r) => ({ ...r, label: type(r.key) })),
          ],
          grade: [
            en ? 'alarms by grade' : '按等级统计',
            [{ header: en ? 'Grade' : '告警等级', key: 'label', width: 12 }, count],
            stats.byGrade.map((r) => ({ ...r, label: grade(r.key) })),
          ],
          project: [
            en ? 'alarms by project' : '按项目统计',
            [{ header: en ? 'Project' : '项目', key: 'projectName', width: 28 }, count],
            stats.byProject,
          ],
          day: [
            en ? 'alarms by day' : '按日统计',
            [
              { header: en ? 'Day' : '日期', key: 'day', width: 12 },
              { header: en ? 'Grade' : '告警等级', key: 'label', width: 12 },
              count,
            ],
            stats.byDay.map((r) => ({ ...r, label: grade(r.grade) })),
          ],
          mttr: [
            en ? 'time to recover' : '平均恢复时长',
            [
              { header: en ? 'Alarm type' : '告警类型', key: 'label', width: 28 },
              { header: en ? 'Recovered' : '已恢复数', key: 'recovered', width: 10 },
              { header: en ? 'Mean time to recover (min)' : '平均恢复时长(分钟)', key: 'minutes', width: 24 },
            ],
            stats.mttr.map((r) => ({ ...r, label: type(r.key) })),
          ],
          top: [
            en ? 'devices with most alarms' : '告警最多的设备',
            [
              { header: 'UID', key: 'uid', width: 20 },
              { header: en ? 'Device' : '设备名称', key: 'deviceName', width: 24 },
              count,
              { header: en ? 'Active' : '未恢复', key: 'active', width: 10 },
            ],
            stats.topDevices,
          ],
        };
        const [name, columns, rows] = sheets[req.body.table];
        return sendWorkbook(reply, name, columns, rows);
      },
    );

    app.post(
      '/statistics/fault/export',
      {
        config: { perm: 'statistics:fault:export', operLog: { title: 'fault statistics', businessType: 5 } },
        schema: { tags: ['statistics/fault'], body: statsQuery.extend({ table: z.enum(FAULT_TABLES) }) },
      },
      async (req, reply) => {
        const stats = await faultStatistics(db, statsScope(req.auth(), req.body, deps.clock.now()));
        const en = req.lang === 'en-US';
        const type = await alarmKindLabels(deps, req.lang);
        const label: SheetColumn = { header: en ? 'Fault type' : '故障类型', key: 'label', width: 28 };
        const count: SheetColumn = { header: en ? 'Faults' : '故障数', key: 'count', width: 10 };
        const sheets: Record<(typeof FAULT_TABLES)[number], [string, SheetColumn[], Record<string, unknown>[]]> = {
          type: [
            en ? 'faults by type' : '按类型统计',
            [
              label,
              count,
              { header: en ? 'Recovered' : '已恢复', key: 'recovered', width: 10 },
              { header: en ? 'Cleared by hand' : '手动清除', key: 'cleared', width: 14 },
              { header: en ? 'Open' : '未恢复', key: 'active', width: 10 },
            ],
            stats.byType.map((r) => ({ ...r, label: type(r.key) })),
          ],
          day: [
            en ? 'faults by day' : '按日统计',
            [{ header: en ? 'Day' : '日期', key: 'day', width: 12 }, label, count],
            stats.byDay.map((r) => ({ ...r, label: type(r.key) })),
          ],
          open: [
            en ? 'open faults' : '当前故障',
            [
              label,
              count,
              { header: en ? 'Unacknowledged' : '未确认', key: 'unacknowledged', width: 14 },
              { header: en ? 'Oldest since' : '最早发生时间', key: 'oldest', width: 20 },
            ],
            stats.open.map((r) => ({ ...r, label: type(r.key) })),
          ],
        };
        const [name, columns, rows] = sheets[req.body.table];
        return sendWorkbook(reply, name, columns, rows);
      },
    );
  };
}
