import { ALARM_GRADES } from '@luxgrid/contracts/enums';
import { BATTERY_BANDS, MANHOLE_ALARM_STATE } from '@luxgrid/contracts/things/manhole';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/context.ts';
import { ok, table } from '../../platform/envelope.ts';
import { sendWorkbook } from '../../platform/excel.ts';
import { dateRange, pageOf, pageQuery } from '../../platform/paging.ts';
import { formatDate } from '../system/user/user-info.ts';
import { ALARM_EVENTS, ALARM_TYPES, eventLabel, gradeOf } from './cover.model.ts';
import {
  type AlarmFilter,
  type AlarmRow,
  alarmsPerDay,
  batteryBands,
  listAlarms,
  projectTimeZone,
  stateCounts,
} from './cover.repository.ts';

const blank = z.literal('').transform(() => undefined);
const STATS_DAYS = 30;
const GRADE_LABELS: Record<string, [string, string]> = {
  dangerous: ['危险', 'Dangerous'],
  serious: ['严重', 'Serious'],
  urgent: ['紧急', 'Urgent'],
  ordinary: ['一般', 'Ordinary'],
};

export const alarmListQuery = pageQuery.extend({
  projectId: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(64).optional(),
  eventType: z
    .enum(ALARM_TYPES as [string, ...string[]])
    .optional()
    .or(blank),
  grade: z.enum(ALARM_GRADES).optional().or(blank),
  recovered: z.enum(['true', 'false']).optional().or(blank),
});
type AlarmListQuery = z.infer<typeof alarmListQuery>;

function alarmFilter(q: AlarmListQuery): AlarmFilter {
  const byGrade = q.grade ? ALARM_EVENTS.filter((e) => e.grade === q.grade).map((e) => e.type) : null;
  const types = q.eventType ? [q.eventType].filter((t) => !byGrade || byGrade.includes(t)) : byGrade;
  const { begin, end } = dateRange(q);
  return {
    projectId: q.projectId,
    keyword: q.keyword,
    // a grade no alarm has matches nothing
    eventTypes: types ? (types.length ? types : ['-']) : undefined,
    recovered: q.recovered === undefined ? undefined : q.recovered === 'true',
    begin,
    end,
  };
}

const alarmView = (r: AlarmRow) => ({
  eventId: r.eventId,
  time: formatDate(r.ts),
  eventType: r.eventType,
  grade: gradeOf(r.eventType),
  deviceId: r.deviceId,
  uid: r.uid,
  name: r.name,
  longitude: r.longitude,
  latitude: r.latitude,
  locationName: r.locationName,
  recovered: r.recoveredTime !== null,
  recoveredTime: formatDate(r.recoveredTime),
  data: r.data,
});

/** The covers' alarms (from their device events, until the alarm area holds them) and statistics. */
export function insightRoutes(deps: Deps): FastifyPluginAsyncZod {
  const db = deps.database;
  return async (app) => {
    app.get(
      '/manhole/alarm/list',
      {
        config: { perm: 'manhole:alarm:list' },
        schema: { tags: ['manhole/alarm'], querystring: alarmListQuery },
      },
      async (req) => {
        const ctx = req.auth();
        const { rows, total } = await listAlarms(db, ctx, alarmFilter(req.query), pageOf(req.query));
        return table(req.lang, rows.map(alarmView), total);
      },
    );

    app.post(
      '/manhole/alarm/export',
      {
        config: { perm: 'manhole:alarm:export', operLog: { title: 'manhole alarms', businessType: 5 } },
        schema: { tags: ['manhole/alarm'], body: alarmListQuery.partial().optional() },
      },
      async (req, reply) => {
        const ctx = req.auth();
        const q = alarmListQuery.parse(req.body ?? {});
        const { rows } = await listAlarms(db, ctx, alarmFilter(q), { limit: 100_000, offset: 0 });
        const lang = req.lang;
        const en = lang === 'en-US';
        return sendWorkbook(
          reply,
          en ? 'manhole_alarms' : '井盖告警',
          [
            { header: en ? 'Time' : '告警时间', key: 'time', width: 20 },
            { header: en ? 'Alarm' : '告警类型', key: 'type', width: 16 },
            { header: en ? 'Grade' : '告警等级', key: 'grade', width: 10 },
            { header: 'UID', key: 'uid', width: 18 },
            { header: en ? 'Cover' : '井盖', key: 'name', width: 24 },
            { header: en ? 'Location' : '位置', key: 'location', width: 28 },
            { header: en ? 'Recovered' : '是否恢复', key: 'recovered', width: 10 },
            { header: en ? 'Recovered at' : '恢复时间', key: 'recoveredTime', width: 20 },
          ],
          rows.map(alarmView).map((a) => ({
            time: a.time,
            type: eventLabel(a.eventType, lang),
            grade: a.grade ? GRADE_LABELS[a.grade]![en ? 1 : 0] : '',
            uid: a.uid,
            name: a.name,
            location:
              a.locationName ?? (a.longitude !== null && a.latitude !== null ? `${a.longitude}, ${a.latitude}` : ''),
            recovered: a.recovered ? (en ? 'Yes' : '是') : en ? 'No' : '否',
            recoveredTime: a.recoveredTime ?? '',
          })),
        );
      },
    );

    app.get(
      '/manhole/statistics',
      {
        config: { perm: 'manhole:statistics:list' },
        schema: {
          tags: ['manhole/statistics'],
          summary: 'Covers by state, alarms per day over the last 30 days, battery bands',
          querystring: z.object({ projectId: z.coerce.number().int().positive().optional() }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const projectId = req.query.projectId ?? ctx.projectId;
        const timeZone = await projectTimeZone(db, projectId);
        const now = deps.clock.now();
        const since = new Date(now - STATS_DAYS * 86_400_000);
        const [counts, perDay, battery] = await Promise.all([
          stateCounts(db, ctx, projectId),
          alarmsPerDay(db, ctx, projectId, since, timeZone),
          batteryBands(db, ctx, projectId, BATTERY_BANDS),
        ]);
        const states: Record<string, number> = {
          total: counts.total ?? 0,
          online: counts.online ?? 0,
          offline: (counts.total ?? 0) - (counts.online ?? 0),
        };
        for (const [type, state] of Object.entries(MANHOLE_ALARM_STATE)) states[state] = counts[type] ?? 0;
        // every day of the window, in the project's time zone, even those without alarms
        const fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
        const days = Array.from({ length: STATS_DAYS }, (_, i) =>
          fmt.format(new Date(now - (STATS_DAYS - 1 - i) * 86_400_000)),
        );
        const series = ALARM_TYPES.map((type) => ({
          eventType: type,
          counts: days.map((day) => perDay.find((r) => r.day === day && r.eventType === type)?.n ?? 0),
        }));
        return ok(req.lang, {
          states,
          days,
          series,
          battery: {
            bands: BATTERY_BANDS.map(([from, below]) => `${from}–${Math.min(below, 100)}%`),
            counts: battery.counts,
            unknown: battery.unknown,
          },
        });
      },
    );
  };
}
