import type { FigureProvider } from '../../../platform/home-figures.ts';
import { SqlParams, scopeSql } from '../../../platform/scope.ts';
import { ALARM_SCOPE } from '../list/alarm.repository.ts';

/**
 * The alarm figures of the home pages, for one customer (or all) and project:
 * - open: active alarms (not inhibited by a parent's offline alarm);
 * - unacknowledged: open, not acknowledged, not shelved and not under maintenance — the badge's rule;
 * - today: alarms first raised since midnight where they happened: each project's day in its IANA
 *   time zone (a customer's projects may lie in several), not the server's.
 */
export const alarmFigures: FigureProvider = async (deps, { clientId, projectId }) => {
  const now = new Date(deps.clock.now());
  // a local day is at most 25 h long (daylight saving): alarms older than that are not today's anywhere
  const p = new SqlParams(now, new Date(now.getTime() - 26 * 3_600_000));
  const [row] = await deps.database.query<{ open: number; unacknowledged: number; today: number }>(
    `select count(*) filter (where a.state = 'NEW')::int as open,
            count(*) filter (where a.state = 'NEW' and not a.acknowledged and not a.maintenance
                               and (a.shelved_until is null or a.shelved_until <= $1))::int as unacknowledged,
            count(*) filter (where a.first_time >= date_trunc('day', $1::timestamptz at time zone pr.iana_time_zone)
                                                    at time zone pr.iana_time_zone)::int as today
       from lt_alarm a join biz_project pr on pr.project_id = a.project_id
      where ${scopeSql({ clientId, projectId }, p, ALARM_SCOPE)}
        and a.inhibited_by is null and (a.state = 'NEW' or a.first_time >= $2)`,
    p.values,
  );
  return row ?? { open: 0, unacknowledged: 0, today: 0 };
};
