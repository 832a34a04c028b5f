import {
  checkSpan,
  compileStrategy,
  type Lang,
  message,
  type StrategyBody,
  SUN_MAX_DAYS,
  seasonalWarnings,
  sensorWindows,
} from '@luxgrid/contracts';
import type { WEEK_DAYS } from '@luxgrid/contracts/enums';
import type { Deps } from '../../../platform/context.ts';
import { strategyRepository, targetLamps } from './strategy.repository.ts';
import { type ProjectPlace, sunOf } from './sun.service.ts';

/**
 * What an operator is told before a strategy runs: the seasonal traps over its validity (at most a
 * year from its start) and the enabled strategies of the project that switch the same lamps on
 * the same days. Which one wins on a lamp: the higher priority, then the one saved last.
 */
export async function strategyWarnings(
  deps: Deps,
  lang: Lang,
  place: ProjectPlace,
  body: StrategyBody,
  selfId?: number,
): Promise<string[]> {
  const span = checkSpan(body, SUN_MAX_DAYS);
  const sun = sunOf(place, span.from, span.to);
  const warnings = seasonalWarnings(body, sun).map((w) => message(w.key, lang, w.params));
  if (body.status !== '0') return warnings;
  const repo = strategyRepository(deps.database);
  const others = (await repo.strategies.others(place.projectId, selfId, body.startDate, body.endDate)).filter((o) =>
    o.weekDays.some((d) => body.weekDays.includes(d as WEEK_DAYS)),
  );
  if (!others.length) return warnings;
  const mine = await targetLamps(deps.database, place.projectId, body.targets);
  for (const other of others) {
    const theirs = await targetLamps(deps.database, place.projectId, other.targets);
    const shared = [...mine].filter((id) => theirs.has(id)).length;
    if (shared) warnings.push(message('strategy.warn.overlap', lang, { name: other.name, count: shared }));
  }
  return warnings;
}

/** The steps a stored strategy produces from `from` to `to` (at most a year), with the lamps' lit minutes per day. */
export function previewStrategy(place: ProjectPlace, strategy: StrategyBody, from: string, to: string) {
  const days = compileStrategy(strategy, sunOf(place, from, to));
  // with a light sensor: the windows around dawn and dusk in which its luxometer decides
  const windows = strategy.sensor
    ? new Map(sensorWindows(strategy.sensor, place, from, to).map((d) => [d.date, d.windows]))
    : null;
  return days.map((day) => ({
    ...day,
    sensorWindows: (windows?.get(day.date) ?? []).map(({ kind, from, to }) => ({ kind, from, to })),
  }));
}
