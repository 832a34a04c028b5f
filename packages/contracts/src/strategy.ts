import { z } from 'zod';
import { addDays, daysBetween, type SunDay, weekDayOf } from './astro.ts';
import { ISSUE_STATES, TIME_MODES, WEEK_DAYS } from './enums.ts';
import { idList } from './system.ts';
import { idNumber, optionalText, rule, text } from './validation.ts';

/**
 * Lighting strategies (switching and dimming by the clock and the sun) and virtual dimming plans
 * (power caps per time band): their payloads, and the pure compilation of a plan into the
 * switching times of each day, which the preview answers and the controllers will hold.
 */

export const STRATEGY_ACTIONS = ['ON', 'OFF', 'DIM'] as const;
export type StrategyAction = (typeof STRATEGY_ACTIONS)[number];
/** What an entry switches: the lamp heads (lamp controllers) or the branches (breakers of the boxes). */
export const STRATEGY_APPLY_TO = ['LAMP', 'BRANCH'] as const;
/** What the lamps do on a day without sunrise or sunset. */
export const POLAR_RULES = ['STAY_ON', 'STAY_OFF'] as const;
export type PolarRule = (typeof POLAR_RULES)[number];

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

const date = () =>
  z
    .string({ error: (iss) => (iss.input === undefined ? rule('valid.required') : rule('valid.type')) })
    .regex(DATE, { error: rule('valid.type') })
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      {
        error: rule('valid.type'),
      },
    );
const clock = () =>
  z.preprocess(
    blank,
    z
      .string({ error: rule('valid.type') })
      .regex(HHMM, { error: rule('valid.type') })
      .optional(),
  );
const percent = () =>
  z.coerce
    .number({ error: rule('strategy.dim.level') })
    .int({ error: rule('strategy.dim.level') })
    .min(0, { error: rule('strategy.dim.level') })
    .max(100, { error: rule('strategy.dim.level') });

export const strategyEntry = z
  .object({
    timeMode: z.enum(TIME_MODES, { error: rule('valid.enum') }),
    /** FIXED: local HH:mm */
    time: clock(),
    /** sun modes: minutes before/after the event, 0–720 */
    offset: z.preprocess(
      blank,
      z.coerce
        .number({ error: rule('valid.type') })
        .int({ error: rule('valid.type') })
        .min(0)
        .max(720)
        .optional(),
    ),
    action: z.enum(STRATEGY_ACTIONS, { error: rule('valid.enum') }),
    /** DIM: 0–100 % */
    level: z.preprocess(blank, percent().optional()),
    applyTo: z.enum(STRATEGY_APPLY_TO, { error: rule('valid.enum') }).default('LAMP'),
    /** lamp head numbers (1–4); none = every head */
    heads: z
      .array(z.coerce.number().int().min(1).max(4), { error: rule('valid.type') })
      .max(4)
      .default([]),
  })
  .superRefine((e, ctx) => {
    if (e.timeMode === 'FIXED' ? !e.time : e.offset === undefined)
      ctx.addIssue({
        code: 'custom',
        path: [e.timeMode === 'FIXED' ? 'time' : 'offset'],
        message: rule('strategy.timeOffset.empty'),
      });
    if (e.action === 'DIM' && e.level === undefined)
      ctx.addIssue({ code: 'custom', path: ['level'], message: rule('strategy.dim.level') });
  });
export type StrategyEntry = z.infer<typeof strategyEntry>;

export const strategyTargets = z.object({
  groupIds: idList().default([]),
  tagIds: idList().default([]),
  boxIds: idList().default([]),
  deviceIds: idList().default([]),
});
export type StrategyTargets = z.infer<typeof strategyTargets>;
export const targetCount = (t: StrategyTargets) =>
  t.groupIds.length + t.tagIds.length + t.boxIds.length + t.deviceIds.length;

export const lightSensor = z.object({
  /** a LUXOMETER of the project */
  deviceId: idNumber(),
  /** lamps may come on below this illuminance … */
  luxOn: z.coerce.number().min(0).max(100_000),
  /** … and go off above this one (hysteresis); default luxOn */
  luxOff: z.preprocess(blank, z.coerce.number().min(0).max(100_000).optional()),
  /** the sensor acts only this many minutes either side of dusk and dawn */
  windowMinutes: z.coerce.number().int().min(0).max(240).default(60),
  /** once on, lamps stay on at least this long (no flicker under passing clouds) */
  minBurnMinutes: z.coerce.number().int().min(0).max(240).default(15),
});
export type LightSensor = z.infer<typeof lightSensor>;

const validity = <T extends { startDate: string; endDate: string }>(b: T, ctx: z.RefinementCtx) => {
  if (b.endDate < b.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: rule('strategy.dates.order') });
};
const weekDays = () =>
  z
    .array(z.enum(WEEK_DAYS, { error: rule('valid.enum') }), { error: rule('valid.type') })
    .min(1, { error: rule('strategy.weekDays.empty') })
    .max(7);
const targets = () =>
  z
    .preprocess((v) => v ?? {}, strategyTargets)
    .refine((t) => targetCount(t) > 0, { error: rule('strategy.objects.empty') });

export const strategyBody = z
  .object({
    strategyId: z.preprocess(blank, idNumber().optional()),
    projectId: idNumber(),
    name: text(1, 40),
    startDate: date(),
    endDate: date(),
    weekDays: weekDays(),
    entries: z
      .array(strategyEntry, { error: rule('valid.type') })
      .min(1, { error: rule('strategy.entries.empty') })
      .max(48),
    sensor: z.preprocess(blank, lightSensor.optional()),
    polarDay: z.enum(POLAR_RULES, { error: rule('valid.enum') }).default('STAY_OFF'),
    polarNight: z.enum(POLAR_RULES, { error: rule('valid.enum') }).default('STAY_ON'),
    /** overlapping strategies on one lamp: the higher priority wins, then the one saved last */
    priority: z.coerce.number().int().min(0).max(99).default(0),
    targets: targets(),
    status: z.enum(['0', '1'], { error: rule('valid.enum') }).default('0'),
    remark: optionalText(500),
  })
  .superRefine(validity);
export type StrategyBody = z.infer<typeof strategyBody>;

export const virtualBand = z.object({
  start: clock(),
  end: clock(),
  /** the lamp may draw at most this share of its nominal power */
  cap: percent(),
});
export type VirtualBand = z.infer<typeof virtualBand>;

const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A band's minutes of the day as half-open intervals (a band across midnight is two). */
function bandIntervals(b: { start: string; end: string }): [number, number][] {
  const s = clockMinutes(b.start);
  const e = clockMinutes(b.end);
  return s < e
    ? [[s, e]]
    : [
        [s, 1440],
        [0, e],
      ];
}

export const virtualDimmingBody = z
  .object({
    planId: z.preprocess(blank, idNumber().optional()),
    projectId: idNumber(),
    name: text(1, 40),
    startDate: date(),
    endDate: date(),
    weekDays: weekDays(),
    bands: z
      .array(virtualBand, { error: rule('valid.type') })
      .min(1, { error: rule('strategy.entries.empty') })
      .max(24),
    targets: targets(),
    status: z.enum(['0', '1'], { error: rule('valid.enum') }).default('0'),
    remark: optionalText(500),
  })
  .superRefine((b, ctx) => {
    validity(b, ctx);
    b.bands.forEach((band, i) => {
      if (!band.start || !band.end)
        ctx.addIssue({
          code: 'custom',
          path: ['bands', i, band.start ? 'end' : 'start'],
          message: rule('strategy.timeOffset.empty'),
        });
      else if (band.start === band.end)
        ctx.addIssue({ code: 'custom', path: ['bands', i], message: rule('strategy.band.empty', { n: i + 1 }) });
    });
    for (let i = 0; i < b.bands.length; i++)
      for (let j = i + 1; j < b.bands.length; j++) {
        const [x, y] = [b.bands[i]!, b.bands[j]!];
        if (!x.start || !x.end || !y.start || !y.end || x.start === x.end || y.start === y.end) continue;
        const clash = bandIntervals(x as Required<VirtualBand>).some(([a, c]) =>
          bandIntervals(y as Required<VirtualBand>).some(([d, e]) => a < e && d < c),
        );
        if (clash)
          ctx.addIssue({
            code: 'custom',
            path: ['bands', j],
            message: rule('strategy.band.overlap', { a: i + 1, b: j + 1 }),
          });
      }
  });
export type VirtualDimmingBody = z.infer<typeof virtualDimmingBody>;

export const strategyRow = z.looseObject({
  strategyId: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  weekDays: z.array(z.string()),
  entries: z.array(z.looseObject({})),
  priority: z.number().int(),
  issueState: z.enum(ISSUE_STATES),
  status: z.string(),
});
export type StrategyRow = z.infer<typeof strategyRow> & StrategyBody & { strategyId: number; warnings?: string[] };

export const virtualDimmingRow = z.looseObject({
  planId: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  weekDays: z.array(z.string()),
  bands: z.array(z.looseObject({})),
  issueState: z.enum(ISSUE_STATES),
  status: z.string(),
});
export type VirtualDimmingRow = z.infer<typeof virtualDimmingRow> & VirtualDimmingBody & { planId: number };

/** A date range query: from..to inclusive, at most SUN_MAX_DAYS days (checked by the route). */
export const dateRangeQuery = z.object({ from: date(), to: date() });

/* ---------------------------------------------------------------- compilation */

/** One switching step of a day. */
export interface StrategyStep {
  /** local HH:mm */
  time: string;
  action: StrategyAction;
  /** DIM level, ON = 100, OFF = 0 */
  level: number;
  applyTo: (typeof STRATEGY_APPLY_TO)[number];
  heads: number[];
  /** the entry (1-based) it comes from; 0 for the polar rule */
  entry: number;
}

export interface StrategyDay {
  date: string;
  /** the strategy runs this day (validity and week day) */
  active: boolean;
  sunrise: string | null;
  sunset: string | null;
  polar: 'day' | 'night' | null;
  steps: StrategyStep[];
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const sunMinutes = (t: string) => clockMinutes(t) + (Number(t.slice(6, 8) || 0) >= 30 ? 1 : 0);

/**
 * The minute of the local day (possibly < 0 or ≥ 1440: it falls on the day before or after) at
 * which an entry fires on a day, or null when its sun event does not happen that day.
 */
export function entryMinute(entry: Pick<StrategyEntry, 'timeMode' | 'time' | 'offset'>, sun: SunDay): number | null {
  if (entry.timeMode === 'FIXED') return entry.time ? clockMinutes(entry.time) : null;
  const event = entry.timeMode.endsWith('SUNRISE') ? sun.sunrise : sun.sunset;
  if (!event) return null;
  const base = sunMinutes(event.time) + event.dayOffset * 1440;
  const offset = entry.offset ?? 0;
  return entry.timeMode.startsWith('BEFORE') ? base - offset : base + offset;
}

type Compilable = Pick<StrategyBody, 'startDate' | 'endDate' | 'weekDays' | 'entries' | 'polarDay' | 'polarNight'>;

/**
 * The steps a strategy produces on each day of `sun` (consecutive days). An entry belongs to the
 * day it is computed for; when its offset carries it across midnight it fires on the neighbouring
 * day, at that day's clock time. On a polar day or night, sun entries do not fire and the polar
 * rule switches the lamps at 00:00. Steps of a day are in time order; on equal times the later
 * entry comes last (and wins).
 */
export function compileStrategy(strategy: Compilable, sun: SunDay[]): StrategyDay[] {
  const index = new Map(sun.map((s, i) => [s.date, i]));
  const days: StrategyDay[] = sun.map((s) => ({
    date: s.date,
    active: isActive(strategy, s.date),
    sunrise: s.sunrise ? hhmm(sunMinutes(s.sunrise.time) % 1440) : null,
    sunset: s.sunset ? hhmm(sunMinutes(s.sunset.time) % 1440) : null,
    polar: s.polar,
    steps: [],
  }));
  sun.forEach((s, i) => {
    if (!days[i]!.active) return;
    const polar = !s.sunrise && !s.sunset ? s.polar : null;
    if (polar) {
      const rule = polar === 'day' ? strategy.polarDay : strategy.polarNight;
      days[i]!.steps.push({
        time: '00:00',
        action: rule === 'STAY_ON' ? 'ON' : 'OFF',
        level: rule === 'STAY_ON' ? 100 : 0,
        applyTo: 'LAMP',
        heads: [],
        entry: 0,
      });
    }
    strategy.entries.forEach((entry, n) => {
      const minute = entryMinute(entry, s);
      if (minute === null) return;
      const shift = Math.floor(minute / 1440);
      const target = index.get(shift === 0 ? s.date : addDays(s.date, shift));
      if (target === undefined) return;
      days[target]!.steps.push({
        time: hhmm(minute - shift * 1440),
        action: entry.action,
        level: entry.action === 'ON' ? 100 : entry.action === 'OFF' ? 0 : (entry.level ?? 0),
        applyTo: entry.applyTo,
        heads: entry.heads,
        entry: n + 1,
      });
    });
  });
  for (const day of days) day.steps.sort((a, b) => a.time.localeCompare(b.time) || a.entry - b.entry);
  return days;
}

export function isActive(plan: Pick<StrategyBody, 'startDate' | 'endDate' | 'weekDays'>, date: string): boolean {
  return date >= plan.startDate && date <= plan.endDate && plan.weekDays.includes(WEEK_DAYS[weekDayOf(date)]!);
}

/** Minutes the lamps are lit (level > 0) during a day, given the level they carry in from the day before. */
export function litMinutes(steps: StrategyStep[], carried: number): { minutes: number; last: number } {
  let level = carried;
  let at = 0;
  let lit = 0;
  for (const step of steps.filter((s) => s.applyTo === 'LAMP')) {
    const m = clockMinutes(step.time);
    if (level > 0) lit += m - at;
    at = m;
    level = step.level;
  }
  if (level > 0) lit += 1440 - at;
  return { minutes: lit, last: level };
}

export interface StrategyWarning {
  key: 'strategy.warn.fixedOnInDaylight' | 'strategy.warn.crossesMidnight' | 'strategy.warn.polar';
  params: Record<string, string | number>;
}

/** The seasonal traps of a strategy over the days of `sun`: fixed switch-ons in daylight, offsets across midnight, polar days. */
export function seasonalWarnings(strategy: Compilable, sun: SunDay[]): StrategyWarning[] {
  const warnings: StrategyWarning[] = [];
  const active = sun.filter((s) => isActive(strategy, s.date));
  strategy.entries.forEach((entry, n) => {
    if (entry.timeMode === 'FIXED' && entry.time && entry.action !== 'OFF') {
      const m = clockMinutes(entry.time);
      const bright = active.filter(
        (s) =>
          (s.polar === 'day' && !s.sunrise && !s.sunset) ||
          (s.sunrise &&
            s.sunset &&
            s.sunrise.dayOffset === 0 &&
            m >= sunMinutes(s.sunrise.time) &&
            (s.sunset.dayOffset > 0 || m < sunMinutes(s.sunset.time))),
      );
      if (bright.length) {
        const first = bright.find((s) => s.sunrise) ?? bright[0]!;
        warnings.push({
          key: 'strategy.warn.fixedOnInDaylight',
          params: {
            entry: n + 1,
            time: entry.time,
            count: bright.length,
            date: first.date,
            sunrise: first.sunrise?.time.slice(0, 5) ?? '—',
          },
        });
      }
    }
    if (entry.timeMode !== 'FIXED') {
      const crossing = active.filter((s) => {
        const m = entryMinute(entry, s);
        return m !== null && (m < 0 || m >= 1440);
      });
      if (crossing.length)
        warnings.push({
          key: 'strategy.warn.crossesMidnight',
          params: { entry: n + 1, count: crossing.length, date: crossing[0]!.date },
        });
    }
  });
  const usesSun = strategy.entries.some((e) => e.timeMode !== 'FIXED');
  const polar = active.filter((s) => !s.sunrise || !s.sunset);
  if (usesSun && polar.length) warnings.push({ key: 'strategy.warn.polar', params: { count: polar.length } });
  return warnings;
}

/** The span of days a strategy's checks look at: its validity, at most a year from its start. */
export function checkSpan(
  plan: Pick<StrategyBody, 'startDate' | 'endDate'>,
  maxDays: number,
): { from: string; to: string } {
  const days = Math.min(daysBetween(plan.startDate, plan.endDate), maxDays - 1);
  return { from: plan.startDate, to: addDays(plan.startDate, days) };
}

/* ---------------------------------------------------------------- virtual dimming */

export interface VirtualDay {
  date: string;
  active: boolean;
  /** the caps in force, in time order, as parts of this day (a band across midnight ends at 24:00 and goes on the next day) */
  bands: { start: string; end: string; cap: number }[];
}

export function compileVirtualDimming(
  plan: Pick<VirtualDimmingBody, 'startDate' | 'endDate' | 'weekDays' | 'bands'>,
  dates: string[],
): VirtualDay[] {
  const days: VirtualDay[] = dates.map((d) => ({ date: d, active: isActive(plan, d), bands: [] }));
  days.forEach((day, i) => {
    for (const band of plan.bands) {
      if (!band.start || !band.end) continue;
      const [first, second] = bandIntervals(band as Required<VirtualBand>);
      if (day.active) day.bands.push({ start: hhmm(first![0]), end: hhmm(first![1]), cap: band.cap });
      // the after-midnight part belongs to the day the band started on
      const previous = i > 0 ? days[i - 1]!.active : isActive(plan, addDays(day.date, -1));
      if (second && second[1] > 0 && previous)
        day.bands.push({ start: hhmm(second[0]), end: hhmm(second[1]), cap: band.cap });
    }
    day.bands.sort((a, b) => a.start.localeCompare(b.start));
  });
  return days;
}
