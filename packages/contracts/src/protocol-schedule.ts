import { z } from 'zod';
import { addDays, localParts, sunDays } from './astro.ts';
import { type DIRECTIVE_SCHEMES, TIME_MODES, WEEK_DAYS } from './enums.ts';
import {
  compileStrategy,
  compileVirtualDimming,
  POLAR_RULES,
  STRATEGY_ACTIONS,
  STRATEGY_APPLY_TO,
  type StrategyBody,
  type StrategyStep,
  type VirtualDimmingBody,
} from './strategy.ts';

/**
 * The schedule a controller holds (device protocol, action `schedule`): a strategy's entries as
 * rules it evaluates on its own clock at its own coordinates, or a virtual dimming plan's power-cap
 * bands, for the lamps it carries. Each download has a version; the controller reports the version
 * it holds in its hello (`schedules`) and in the result of the download (`data.version`), so the
 * platform sees which controllers drifted from what it expects.
 */

/** What a schedule carries: a strategy's switching rules, or a virtual dimming plan's power caps. */
export const SCHEDULE_KINDS = ['STRATEGY', 'DIMMING'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/** The per-controller issue state: not yet held, held (the controller answered with the version), or refused. */
export const SCHEDULE_ISSUE_STATES = ['UN_PUSH', 'PUSHED', 'FAILED'] as const;
export type ScheduleIssueState = (typeof SCHEDULE_ISSUE_STATES)[number];

/** Who runs a schedule: the controller on its own clock, or the platform sending commands at the due times. */
export const SCHEDULE_RUNNERS = ['DEVICE', 'PLATFORM'] as const;
export type ScheduleRunner = (typeof SCHEDULE_RUNNERS)[number];

/**
 * The directive schemes whose controllers hold a schedule (thing-model capability): boxes and
 * concentrators, and 4G lamp controllers. NB-IoT (RTU_IOT) and Wi-SUN (RTU_WISUN) lamp controllers
 * sleep or have no clock worth trusting: the platform runs their schedules.
 */
export const SCHEDULE_SCHEMES = [
  'BOX_IOT',
  'CCU_IOT',
  'CCU_IN_BOX_IOT',
  'RTU_CAT1',
] as const satisfies readonly (typeof DIRECTIVE_SCHEMES)[number][];

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const scheduleRule = z.object({
  /** FIXED: local `time`; the sun modes: `offset` minutes before/after the local sunrise or sunset */
  mode: z.enum(TIME_MODES),
  time: z.string().regex(HHMM).optional(),
  offset: z.number().int().min(0).max(720).optional(),
  action: z.enum(STRATEGY_ACTIONS),
  /** ON = 100, OFF = 0, DIM: 0–100 % */
  level: z.number().int().min(0).max(100),
  applyTo: z.enum(STRATEGY_APPLY_TO),
  /** lamp heads (1–4); empty = every head */
  heads: z.array(z.number().int().min(1).max(4)).max(4),
});
export type ScheduleRule = z.infer<typeof scheduleRule>;

export const scheduleBand = z.object({
  start: z.string().regex(HHMM),
  end: z.string().regex(HHMM),
  /** at most this share (%) of the lamp's nominal power */
  cap: z.number().int().min(0).max(100),
});

/** The `params` of a `schedule` command: one schedule for the lamps the controller carries. */
export const scheduleParams = z.object({
  kind: z.enum(SCHEDULE_KINDS),
  /** the strategy's or plan's id: a controller holds one schedule per kind and id, a new download replaces it */
  planId: z.number().int().positive(),
  version: z.string().min(1).max(40),
  /** IANA time zone of the controller's local clock, and its coordinates for sunrise and sunset */
  timeZone: z.string().min(1).max(64),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  startDate: z.string().regex(DATE),
  endDate: z.string().regex(DATE),
  /** 0 = Sunday … 6 = Saturday */
  weekDays: z.array(z.number().int().min(0).max(6)).min(1).max(7),
  /** overlapping strategies on one lamp: the higher priority wins, then the one downloaded last */
  priority: z.number().int().min(0).max(99),
  /** STRATEGY: what lamps do on a day without sunrise (polar night) or sunset (polar day) */
  polarDay: z.enum(POLAR_RULES).optional(),
  polarNight: z.enum(POLAR_RULES).optional(),
  /** STRATEGY: in time order of the operator's entries; on equal times the later rule wins */
  rules: z.array(scheduleRule).max(48),
  /** DIMMING: the caps per time band (a band across midnight belongs to the day it starts on) */
  bands: z.array(scheduleBand).max(24),
  /** the lamps (UIDs of lamp controllers) the controller applies it to; empty = the controller itself */
  lamps: z.array(z.string().min(1).max(64)).max(5000),
});
export type ScheduleParams = z.infer<typeof scheduleParams>;

/** A schedule a controller holds, as it reports it in its hello. */
export const heldSchedule = z.object({
  kind: z.enum(SCHEDULE_KINDS),
  planId: z.number().int().positive(),
  version: z.string().min(1).max(40),
});
export type HeldSchedule = z.infer<typeof heldSchedule>;
/** The hello's `schedules`: every schedule the controller holds (an empty list: it lost them all). */
export const heldSchedules = z.array(heldSchedule).max(64);

/** The `data` of a `schedule` command's SUCCESS result: the version now held. */
export const scheduleResultData = z.object({ version: z.string().min(1).max(40) });

/* ---------------------------------------------------------------- compilation */

/** FNV-1a over the text, as 8 hex digits: the same schedule always has the same version. */
function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** The version of a schedule: `<kind initial><planId>-<hash of its content>`. */
export function scheduleVersion(p: Omit<ScheduleParams, 'version'>): string {
  return `${p.kind[0]}${p.planId}-${fnv(JSON.stringify(p))}`;
}

export interface SchedulePlace {
  latitude: number;
  longitude: number;
  zone: string;
}

const weekDayNumbers = (days: readonly string[]) =>
  days.map((d) => WEEK_DAYS.indexOf(d as (typeof WEEK_DAYS)[number])).filter((d) => d >= 0);

/** A strategy as the schedule a controller holds for `lamps`. */
export function strategySchedule(
  planId: number,
  s: Pick<StrategyBody, 'startDate' | 'endDate' | 'weekDays' | 'entries' | 'polarDay' | 'polarNight' | 'priority'>,
  place: SchedulePlace,
  lamps: string[],
): ScheduleParams {
  const body: Omit<ScheduleParams, 'version'> = {
    kind: 'STRATEGY',
    planId,
    timeZone: place.zone,
    latitude: place.latitude,
    longitude: place.longitude,
    startDate: s.startDate,
    endDate: s.endDate,
    weekDays: weekDayNumbers(s.weekDays),
    priority: s.priority,
    polarDay: s.polarDay,
    polarNight: s.polarNight,
    rules: s.entries.map((e) => ({
      mode: e.timeMode,
      ...(e.timeMode === 'FIXED' ? { time: e.time } : { offset: e.offset ?? 0 }),
      action: e.action,
      level: e.action === 'ON' ? 100 : e.action === 'OFF' ? 0 : (e.level ?? 0),
      applyTo: e.applyTo,
      heads: e.heads,
    })),
    bands: [],
    lamps: [...lamps].sort(),
  };
  return { ...body, version: scheduleVersion(body) };
}

/** A virtual dimming plan as the schedule a controller holds for `lamps`. */
export function dimmingSchedule(
  planId: number,
  p: Pick<VirtualDimmingBody, 'startDate' | 'endDate' | 'weekDays' | 'bands'>,
  place: SchedulePlace,
  lamps: string[],
): ScheduleParams {
  const body: Omit<ScheduleParams, 'version'> = {
    kind: 'DIMMING',
    planId,
    timeZone: place.zone,
    latitude: place.latitude,
    longitude: place.longitude,
    startDate: p.startDate,
    endDate: p.endDate,
    weekDays: weekDayNumbers(p.weekDays),
    priority: 0,
    rules: [],
    bands: p.bands.filter((b) => b.start && b.end).map((b) => ({ start: b.start!, end: b.end!, cap: b.cap })),
    lamps: [...lamps].sort(),
  };
  return { ...body, version: scheduleVersion(body) };
}

/** A held schedule as the plan body the compilers take. */
const asPlan = (s: ScheduleParams) => ({
  startDate: s.startDate,
  endDate: s.endDate,
  weekDays: s.weekDays.map((d) => WEEK_DAYS[d]!),
  polarDay: s.polarDay ?? 'STAY_OFF',
  polarNight: s.polarNight ?? 'STAY_ON',
  entries: s.rules.map((r) => ({
    timeMode: r.mode,
    time: r.time,
    offset: r.offset,
    action: r.action,
    level: r.level,
    applyTo: r.applyTo,
    heads: r.heads,
  })),
  bands: s.bands,
});

/** The lamp steps of a schedule on the local days from..to, at its coordinates (what a controller runs). */
export function scheduleSteps(s: ScheduleParams, from: string, to: string): { date: string; steps: StrategyStep[] }[] {
  const sun = sunDays(from, to, s.latitude, s.longitude, s.timeZone);
  return compileStrategy(asPlan(s), sun).map((d) => ({ date: d.date, steps: d.steps }));
}

/**
 * What a schedule asks of its lamps at the instant `ms` read on the controller's clock: the lamp
 * level of the last step at or before the local time (the level carried from the day before
 * when none yet today; null when the schedule set nothing), and the power cap of the band in force.
 */
export function scheduleNow(s: ScheduleParams, ms: number): { level: number | null; cap: number | null } {
  const { date, time } = localParts(ms, s.timeZone);
  const hhmm = time.slice(0, 5);
  let level: number | null = null;
  if (s.kind === 'STRATEGY') {
    const days = scheduleSteps(s, addDays(date, -1), date);
    const lamp = (steps: StrategyStep[]) => steps.filter((step) => step.applyTo === 'LAMP');
    const today = lamp(days[1]!.steps).filter((step) => step.time <= hhmm);
    level = today.at(-1)?.level ?? lamp(days[0]!.steps).at(-1)?.level ?? null;
  }
  let cap: number | null = null;
  if (s.kind === 'DIMMING') {
    const [day] = compileVirtualDimming(asPlan(s), [date]);
    cap = day!.bands.find((b) => b.start <= hhmm && (b.end === '24:00' || hhmm < b.end))?.cap ?? null;
  }
  return { level, cap };
}
