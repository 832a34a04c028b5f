import { ALARM_GRADES } from '@luxgrid/contracts/enums';
import { DIM_MAX, LAMP_DEVICE_TYPE } from '@luxgrid/contracts/lighting';
import type { FigureProvider } from '../../../platform/home-figures.ts';
import { SqlParams, scopeSql } from '../../../platform/scope.ts';
import { ALARM_SCOPE } from '../../alarm/list/alarm.repository.ts';

/** How old the newest lighting sample may be for the lighting rate "now" (two 10-minute slots). */
const SAMPLE_FRESH_MS = 20 * 60_000;

/**
 * The lamps now, for the home pages and the dashboards (figures.lamps): of the lamps (lamp
 * controllers, as the home page counts them) those online and reporting lit at full level (on),
 * lit below full level (dimmed), dark (off), and those whose state is unknown (offline or never
 * reported). The lighting rate is the newest 10-minute sample's (lighting statistics): lamps lit
 * of those their strategy wants lit; null when no lamp is expected lit now or nothing was sampled.
 */
export const lampFigures: FigureProvider = async (deps, { clientId, projectId }) => {
  const now = deps.clock.now();
  const p = new SqlParams();
  const scope = scopeSql({ clientId, projectId }, p, { client: 'd.client_id', project: 'd.project_id' });
  const [row] = await deps.database.query<{ lamps: number; on: number; dimmed: number; off: number }>(
    `select count(*)::int as lamps,
            count(*) filter (where lit and (level is null or level >= ${DIM_MAX}))::int as on,
            count(*) filter (where lit and level < ${DIM_MAX})::int as dimmed,
            count(*) filter (where d.comm_state = 'ON' and s.data->>'lampState' = 'OFF')::int as off
       from lt_device d
       left join lt_device_state s on s.device_id = d.device_id
       cross join lateral (select d.comm_state = 'ON' and s.data->>'lampState' = 'ON' as lit,
                                  case when jsonb_typeof(s.data->'dimLevel') = 'number'
                                       then (s.data->>'dimLevel')::float8 end as level) v
      where d.device_type = '${LAMP_DEVICE_TYPE}' and ${scope}`,
    p.values,
  );
  const q = new SqlParams(new Date(now - SAMPLE_FRESH_MS));
  const [sample] = await deps.database.query<{ expected: number | null; lit: number | null; ts: Date | null }>(
    `select sum(expected)::int as expected, sum(lit)::int as lit, max(ts) as ts from (
       select distinct on (project_id) project_id, ts, expected, lit from lt_lighting_sample
        where ts >= $1 and ${scopeSql({ clientId, projectId }, q, { client: 'client_id', project: 'project_id' })}
        order by project_id, ts desc) latest`,
    q.values,
  );
  const lamps = row?.lamps ?? 0;
  const on = row?.on ?? 0;
  const dimmed = row?.dimmed ?? 0;
  const off = row?.off ?? 0;
  const expected = sample?.expected ?? 0;
  return {
    lamps,
    on,
    dimmed,
    off,
    unknown: lamps - on - dimmed - off,
    expectedLit: expected,
    sampledLit: sample?.lit ?? 0,
    lightingRate: expected ? Math.round(((sample?.lit ?? 0) / expected) * 1000) / 10 : null,
  };
};

/** Open alarms by grade (figures.alarmGrades), the alarm list's rule: active and not inhibited by a parent's. */
export const alarmGradeFigures: FigureProvider = async (deps, { clientId, projectId }) => {
  const p = new SqlParams();
  const rows = await deps.database.query<{ grade: string; n: number }>(
    `select a.grade, count(*)::int as n from lt_alarm a
      where ${scopeSql({ clientId, projectId }, p, ALARM_SCOPE)} and a.state = 'NEW' and a.inhibited_by is null
      group by a.grade`,
    p.values,
  );
  return Object.fromEntries(ALARM_GRADES.map((grade) => [grade, rows.find((r) => r.grade === grade)?.n ?? 0]));
};
