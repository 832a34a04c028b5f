import type { FigureProvider } from '../../../platform/home-figures.ts';

/**
 * The alarm figures of the home pages, for one customer (or all) and project:
 * - open: active alarms (not inhibited by a parent's offline alarm);
 * - unacknowledged: open, not acknowledged, not shelved and not under maintenance — the badge's rule;
 * - today: alarms first raised since midnight (the server's day).
 */
export const alarmFigures: FigureProvider = async (deps, { clientId, projectId }) => {
  const now = new Date(deps.clock.now());
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const [row] = await deps.database.query<{ open: number; unacknowledged: number; today: number }>(
    `select count(*) filter (where a.state = 'NEW')::int as open,
            count(*) filter (where a.state = 'NEW' and not a.acknowledged and not a.maintenance
                               and (a.shelved_until is null or a.shelved_until <= $3))::int as unacknowledged,
            count(*) filter (where a.first_time >= $4)::int as today
       from lt_alarm a
      where ($1::bigint is null or a.client_id = $1) and ($2::bigint is null or a.project_id = $2)
        and a.inhibited_by is null and (a.state = 'NEW' or a.first_time >= $4)`,
    [clientId, projectId, now, midnight],
  );
  return row ?? { open: 0, unacknowledged: 0, today: 0 };
};
