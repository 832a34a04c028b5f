import { BATTERY_BANDS, MANHOLE_ALARM_STATE } from '@luxgrid/contracts/things/manhole';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { ALARM_TYPES } from './cover.model.ts';
import { alarmsPerDay, batteryBands, projectTimeZone, stateCounts } from './cover.repository.ts';

const STATS_DAYS = 30;

/**
 * The covers' statistics. Their alarms are alarms of the alarm area (`/manhole/alarm/*`, served there
 * for every family with graded events).
 */
export function insightRoutes(deps: Deps): FastifyPluginAsyncZod {
  const db = deps.database;
  return async (app) => {
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
