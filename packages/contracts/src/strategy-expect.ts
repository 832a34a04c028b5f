import { addDays, localParts, sunDays } from './astro.ts';
import { compileStrategy, type STRATEGY_APPLY_TO, type StrategyBody } from './strategy.ts';

/**
 * What state a lamp or a branch should be in at an instant, by its strategies: the level the last
 * step before that instant set (0 = off, 1–100 = lit, dimmed or not). The lighting rate samples it
 * for lamps, the branch abnormal turn-on/off alarms compare a branch's breaker with it.
 */

export type ApplyTo = (typeof STRATEGY_APPLY_TO)[number];

/** A strategy as the expectation needs it: its plan, its rank among overlapping strategies. */
export type ExpectPlan = Pick<
  StrategyBody,
  'startDate' | 'endDate' | 'weekDays' | 'entries' | 'polarDay' | 'polarNight' | 'priority'
> & {
  strategyId: number;
  /** when it was last saved (epoch ms): on equal priority the strategy saved last wins */
  savedAt: number;
};

export interface Place {
  latitude: number;
  longitude: number;
  zone: string;
}

/** How many days back a step is looked for: a lamp switched on Friday evening and not again until Monday is still on. */
export const EXPECT_LOOK_BACK_DAYS = 7;

/**
 * The level one strategy sets for its lamps (LAMP) or branches (BRANCH) at instant `ms`, or null
 * when it says nothing: the local date lies outside its validity, or no step for that kind of
 * target fired in the week before. Steps carry over midnight and over days the strategy does
 * not run (its week days): a controller holds the last level it was given.
 */
export function expectedLevel(plan: ExpectPlan, applyTo: ApplyTo, ms: number, place: Place): number | null {
  const { date, time } = localParts(ms, place.zone);
  if (date < plan.startDate || date > plan.endDate) return null;
  const from = addDays(date, -EXPECT_LOOK_BACK_DAYS);
  // the day after, for a "before sunrise" step whose offset carries it back into `date`
  const sun = sunDays(from, addDays(date, 1), place.latitude, place.longitude, place.zone);
  const now = time.slice(0, 5);
  let level: number | null = null;
  for (const day of compileStrategy(plan, sun)) {
    if (day.date > date) break;
    for (const step of day.steps) {
      if (step.applyTo !== applyTo) continue;
      if (day.date === date && step.time > now) break;
      level = step.level;
    }
  }
  return level;
}

/**
 * Overlapping strategies: the higher priority first, then the one saved last (the rule the
 * strategies README states). A target's expectation is that of the first ranked strategy that
 * says something at the instant; none saying anything = no expectation (left out of the lighting
 * rate and of the branch abnormal turn-on/off alarms).
 */
export function rankPlans<T extends Pick<ExpectPlan, 'priority' | 'savedAt' | 'strategyId'>>(plans: T[]): T[] {
  return [...plans].sort((a, b) => b.priority - a.priority || b.savedAt - a.savedAt || b.strategyId - a.strategyId);
}
