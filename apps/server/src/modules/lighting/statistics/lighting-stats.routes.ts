import { addDays, daysBetween, localParts } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail } from '../../../platform/errors.ts';
import { type SheetColumn, sendWorkbook } from '../../../platform/excel.ts';
import { pageOf, pageQuery } from '../../../platform/paging.ts';
import { type Scope, scopeTimeZone } from '../../../platform/scope.ts';
import { STATS_MAX_DAYS } from '../../alarm/statistics/statistics.routes.ts';
import { durationByLamp, durationReport, type ReportScope, sampleReport } from './lighting-stats.repository.ts';

const id = () =>
  z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .or(z.literal('').transform(() => undefined));
const localDate = () =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .or(z.literal('').transform(() => undefined));

export const durationQuery = z.object({
  projectId: id(),
  groupId: id(),
  beginDate: localDate(),
  endDate: localDate(),
  period: z.enum(['day', 'month']).default('day'),
});
export const rateQuery = durationQuery.omit({ groupId: true }).extend({
  period: z.enum(['day', 'month', 'sample']).default('day'),
});
type DurationQuery = z.infer<typeof durationQuery>;
type RateQuery = z.infer<typeof rateQuery>;
/** the most lamps one export holds */
const EXPORT_LAMPS = 100_000;

/** The caller's scope and local dates: by default the 30 days to today (the project's zone); at most 366 days. */
async function reportScope(deps: Deps, scope: Scope, q: DurationQuery | RateQuery): Promise<ReportScope> {
  const projectId = q.projectId ?? scope.projectId;
  const zone = await scopeTimeZone(deps.database, { clientId: scope.clientId, projectId });
  const to = q.endDate ?? localParts(deps.clock.now(), zone).date;
  const from = q.beginDate ?? addDays(to, -29);
  if (Number.isNaN(daysBetween(from, to))) throw fail('valid.type', { field: 'beginDate' });
  if (from > to) throw fail('alarm.stats.order');
  if (daysBetween(from, to) >= STATS_MAX_DAYS) throw fail('alarm.stats.tooLong', { max: STATS_MAX_DAYS });
  return {
    clientId: scope.clientId,
    projectId,
    groupId: 'groupId' in q ? (q.groupId ?? null) : null,
    from,
    to,
    period: q.period === 'month' ? 'month' : 'day',
  };
}

const hoursColumns = (en: boolean): SheetColumn[] => [
  { header: en ? 'Lit hours' : '亮灯时长(小时)', key: 'hours', width: 16 },
  { header: en ? 'Lamps lit' : '亮灯数', key: 'lamps', width: 12 },
  { header: en ? 'Hours per lamp' : '单灯平均时长(小时)', key: 'avgHours', width: 20 },
];
const periodColumn = (en: boolean): SheetColumn => ({ header: en ? 'Period' : '统计周期', key: 'period', width: 18 });

/**
 * Lighting statistics (menus lighting/lighting-duration, lighting/lighting-rate,
 * lighting/online-rate and the statistics subsystem's lighting and online rate, which show the
 * same reports): lighting duration from the lit-period rollup, lighting and online rates from the
 * 10-minute samples; each exports to Excel.
 */
export function lightingStatsRoutes(deps: Deps): FastifyPluginAsyncZod {
  const db = deps.database;
  const tags = ['lighting/statistics'];
  const rateRead = { any: ['lighting:lightingRate:list', 'statistics:lightingRate:list'] };
  const rateExport = { any: ['lighting:lightingRate:export', 'statistics:lightingRate:export'] };
  const onlineRead = { any: ['lighting:onlineRate:list', 'statistics:onlineRate:list'] };
  const onlineExport = { any: ['lighting:onlineRate:export', 'statistics:onlineRate:export'] };

  return async (app) => {
    app.get(
      '/lighting/statistics/duration',
      {
        config: { perm: 'lighting:lightingDuration:list' },
        schema: { tags, summary: 'Lit hours per day or month, per project and group', querystring: durationQuery },
      },
      async (req) => {
        const s = await reportScope(deps, req.auth(), req.query);
        return ok(req.lang, { from: s.from, to: s.to, ...(await durationReport(db, s, deps.clock.now())) });
      },
    );

    app.get(
      '/lighting/statistics/duration/lamps',
      {
        config: { perm: 'lighting:lightingDuration:list' },
        schema: { tags, summary: 'Lit hours per lamp, most first', querystring: durationQuery.extend(pageQuery.shape) },
      },
      async (req) => {
        const s = await reportScope(deps, req.auth(), req.query);
        const { rows, total } = await durationByLamp(db, s, deps.clock.now(), pageOf(req.query));
        return table(req.lang, rows, total);
      },
    );

    app.post(
      '/lighting/statistics/duration/export',
      {
        config: { perm: 'lighting:lightingDuration:export', operLog: { title: 'lighting duration', businessType: 5 } },
        schema: { tags, body: durationQuery.extend({ table: z.enum(['series', 'project', 'group', 'lamp']) }) },
      },
      async (req, reply) => {
        const s = await reportScope(deps, req.auth(), req.body);
        const en = req.lang === 'en-US';
        const now = deps.clock.now();
        if (req.body.table === 'lamp') {
          const { rows } = await durationByLamp(db, s, now, { limit: EXPORT_LAMPS, offset: 0 });
          return sendWorkbook(
            reply,
            en ? 'lighting duration by lamp' : '单灯亮灯时长',
            [
              { header: 'UID', key: 'uid', width: 20 },
              { header: en ? 'Lamp' : '灯具', key: 'deviceName', width: 24 },
              { header: en ? 'Lit hours' : '亮灯时长(小时)', key: 'hours', width: 16 },
              { header: en ? 'Days lit' : '亮灯天数', key: 'days', width: 12 },
            ],
            rows,
          );
        }
        const report = await durationReport(db, s, now);
        const sheets = {
          series: [en ? 'lighting duration' : '亮灯时长', [periodColumn(en), ...hoursColumns(en)], report.series],
          project: [
            en ? 'lighting duration by project' : '按项目亮灯时长',
            [{ header: en ? 'Project' : '项目', key: 'projectName', width: 28 }, ...hoursColumns(en)],
            report.byProject,
          ],
          group: [
            en ? 'lighting duration by group' : '按分组亮灯时长',
            [{ header: en ? 'Group' : '分组', key: 'groupName', width: 28 }, ...hoursColumns(en)],
            report.byGroup,
          ],
        } as const;
        const [name, columns, rows] = sheets[req.body.table];
        return sendWorkbook(reply, name, [...columns], rows as unknown as Record<string, unknown>[]);
      },
    );

    const rateReport = async (scope: Scope, q: RateQuery) => {
      const s = await reportScope(deps, scope, q);
      return { from: s.from, to: s.to, rows: await sampleReport(db, { ...s, period: q.period }) };
    };

    /** The two sampled reports: the same query and rows, their own permissions, summary and sheet. */
    const rateReports = [
      {
        path: 'lighting-rate',
        read: rateRead,
        export: rateExport,
        summary: 'Lamps lit among those their strategy wants lit, from 10-minute samples',
        title: { en: 'lighting rate', zh: '亮灯率' },
        columns: (en: boolean) => [
          { header: en ? 'Lamps expected lit' : '应亮灯数', key: 'expected', width: 18 },
          { header: en ? 'Lamps lit' : '实亮灯数', key: 'lit', width: 12 },
          { header: en ? 'Lighting rate (%)' : '亮灯率(%)', key: 'lightingRate', width: 16 },
        ],
      },
      {
        path: 'online-rate',
        read: onlineRead,
        export: onlineExport,
        summary: 'Devices online among communicating devices, from 10-minute samples',
        title: { en: 'online rate', zh: '在线率' },
        columns: (en: boolean) => [
          { header: en ? 'Devices' : '设备数', key: 'devices', width: 12 },
          { header: en ? 'Online' : '在线数', key: 'online', width: 12 },
          { header: en ? 'Online rate (%)' : '在线率(%)', key: 'onlineRate', width: 16 },
        ],
      },
    ];

    for (const report of rateReports) {
      app.get(
        `/lighting/statistics/${report.path}`,
        { config: { perm: report.read }, schema: { tags, summary: report.summary, querystring: rateQuery } },
        async (req) => ok(req.lang, await rateReport(req.auth(), req.query)),
      );

      app.post(
        `/lighting/statistics/${report.path}/export`,
        {
          config: { perm: report.export, operLog: { title: report.title.en, businessType: 5 } },
          schema: { tags, body: rateQuery },
        },
        async (req, reply) => {
          const en = req.lang === 'en-US';
          const { rows } = await rateReport(req.auth(), req.body);
          return sendWorkbook(
            reply,
            en ? report.title.en : report.title.zh,
            [
              periodColumn(en),
              ...report.columns(en),
              { header: en ? 'Samples' : '采样次数', key: 'samples', width: 10 },
            ],
            rows,
          );
        },
      );
    }
  };
}
