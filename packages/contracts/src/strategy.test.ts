import { describe, expect, it } from 'vitest';
import { sunDays } from './astro.ts';
import {
  compileStrategy,
  compileVirtualDimming,
  litMinutes,
  seasonalWarnings,
  strategyBody,
  virtualDimmingBody,
} from './strategy.ts';
import { renderIssue } from './validation.ts';

const BEIJING = [39.9042, 116.4074, 'Asia/Shanghai'] as const;
const ALL_DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

const city = strategyBody.parse({
  projectId: 1,
  name: 'Main street',
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  weekDays: ALL_DAYS,
  entries: [
    { timeMode: 'AFTER_SUNSET', offset: 10, action: 'ON' },
    { timeMode: 'FIXED', time: '23:00', action: 'DIM', level: 50 },
    { timeMode: 'BEFORE_SUNRISE', offset: 10, action: 'OFF' },
  ],
  targets: { groupIds: [1] },
});

const messages = (body: unknown, lang: 'en-US' | 'zh-CN' = 'en-US') => {
  const result = strategyBody.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => renderIssue(i, lang));
};

describe('strategy compilation', () => {
  it('sunset +10 on, 23:00 dim 50 %, sunrise −10 off: every day of the year, in time order', () => {
    const sun = sunDays('2025-01-01', '2025-12-31', ...BEIJING);
    const days = compileStrategy(city, sun);
    expect(days).toHaveLength(365);
    const june21 = days.find((d) => d.date === '2025-06-21')!;
    // Beijing 2025-06-21: sunrise 04:46, sunset 19:46 (NOAA)
    expect(june21.steps.map((s) => [s.time, s.action, s.level])).toEqual([
      ['04:36', 'OFF', 0],
      ['19:56', 'ON', 100],
      ['23:00', 'DIM', 50],
    ]);
    const dec21 = days.find((d) => d.date === '2025-12-21')!;
    expect(dec21.sunset).toMatch(/^16:5\d$/);
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
    expect(minutes(dec21.steps[1]!.time) - minutes(dec21.sunset!)).toBe(10);
    expect(minutes(dec21.sunrise!) - minutes(dec21.steps[0]!.time)).toBe(10);
    for (const day of days) expect(day.steps).toHaveLength(3);
    // lit from the evening on through the night: winter nights are longer than summer ones
    const lit = (d: string) => {
      const i = days.findIndex((x) => x.date === d);
      return litMinutes(days[i]!.steps, days[i - 1]!.steps.at(-1)!.level).minutes;
    };
    expect(lit('2025-12-21')).toBeGreaterThan(lit('2025-06-21') + 200);
  });

  it('only on the chosen week days and inside the validity', () => {
    const weekdays = {
      ...city,
      startDate: '2025-03-03',
      endDate: '2025-03-09',
      weekDays: ['MONDAY', 'FRIDAY'] as const,
    };
    const days = compileStrategy(
      { ...weekdays, weekDays: [...weekdays.weekDays] },
      sunDays('2025-03-01', '2025-03-10', ...BEIJING),
    );
    expect(days.filter((d) => d.active).map((d) => d.date)).toEqual(['2025-03-03', '2025-03-07']);
    expect(days.find((d) => d.date === '2025-03-10')!.steps).toEqual([]);
  });

  it('an offset across midnight fires on the next day and is warned about', () => {
    const late = {
      ...city,
      entries: [{ ...city.entries[0]!, timeMode: 'AFTER_SUNSET' as const, offset: 300, action: 'OFF' as const }],
    };
    const sun = sunDays('2025-06-20', '2025-06-22', ...BEIJING);
    const days = compileStrategy(late, sun);
    // sunset 19:46 + 5 h = 00:46 the next day
    expect(days[1]!.steps.map((s) => s.time)).toEqual(['00:46']);
    expect(seasonalWarnings(late, sun).map((w) => w.key)).toContain('strategy.warn.crossesMidnight');
  });

  it('a fixed 06:00 switch-on is warned about when summer sunrises come earlier', () => {
    const early = {
      ...city,
      entries: [
        { timeMode: 'FIXED' as const, time: '06:00', action: 'ON' as const, applyTo: 'LAMP' as const, heads: [] },
      ],
    };
    const warnings = seasonalWarnings(early, sunDays('2025-01-01', '2025-12-31', ...BEIJING));
    const daylight = warnings.find((w) => w.key === 'strategy.warn.fixedOnInDaylight')!;
    expect(daylight.params.count).toBeGreaterThan(150);
    expect(daylight.params.count).toBeLessThan(250);
    expect(seasonalWarnings(city, sunDays('2025-01-01', '2025-12-31', ...BEIJING))).toEqual([]);
  });

  it('polar night and day follow the polar rule at 00:00, sun entries do not fire', () => {
    const tromso = [69.6492, 18.9553, 'Europe/Oslo'] as const;
    const days = compileStrategy(city, sunDays('2025-12-21', '2025-12-21', ...tromso));
    expect(days[0]!.polar).toBe('night');
    expect(days[0]!.steps.map((s) => [s.time, s.action])).toEqual([
      ['00:00', 'ON'],
      ['23:00', 'DIM'],
    ]);
    const summer = compileStrategy({ ...city, polarDay: 'STAY_OFF' }, sunDays('2025-06-21', '2025-06-21', ...tromso));
    expect(summer[0]!.steps.map((s) => [s.time, s.action])).toEqual([
      ['00:00', 'OFF'],
      ['23:00', 'DIM'],
    ]);
    const keys = seasonalWarnings(city, sunDays('2025-06-01', '2025-06-30', ...tromso)).map((w) => w.key);
    // the 23:00 dim lights lamps under the midnight sun: warned too
    expect(keys).toEqual(['strategy.warn.fixedOnInDaylight', 'strategy.warn.polar']);
  });
});

describe('strategy validation messages', () => {
  it('time and offset may not be empty; object count not 0', () => {
    const bad = {
      ...city,
      entries: [
        { timeMode: 'FIXED', action: 'ON' },
        { timeMode: 'AFTER_SUNSET', offset: '', action: 'ON' },
      ],
      targets: { groupIds: [] },
    };
    expect(messages(bad)).toEqual([
      'Time, offset empty not allowed',
      'Time, offset empty not allowed',
      'object count not 0 or empty',
    ]);
    expect(messages(bad, 'zh-CN')).toEqual(['时间、偏移量不能为空', '时间、偏移量不能为空', '对象数量不能为0或为空']);
  });
  it('dim level 0–100, week days, dates in order, entries present', () => {
    expect(messages({ ...city, entries: [{ timeMode: 'FIXED', time: '23:00', action: 'DIM', level: 120 }] })).toEqual([
      'The dim level must be between 0 and 100',
    ]);
    expect(messages({ ...city, entries: [{ timeMode: 'FIXED', time: '23:00', action: 'DIM' }] })).toEqual([
      'The dim level must be between 0 and 100',
    ]);
    expect(messages({ ...city, weekDays: [] })).toEqual(['Choose at least one week day']);
    expect(messages({ ...city, entries: [] })).toEqual(['Add at least one entry']);
    expect(messages({ ...city, startDate: '2025-05-01', endDate: '2025-04-30' })).toEqual([
      'The end date cannot be before the start date',
    ]);
    expect(messages({ ...city, startDate: '2025-02-30' }).length).toBe(1);
  });
});

describe('virtual dimming', () => {
  const plan = virtualDimmingBody.parse({
    projectId: 1,
    name: 'Night cap',
    startDate: '2025-01-06',
    endDate: '2025-01-07',
    weekDays: ALL_DAYS,
    bands: [
      { start: '22:00', end: '02:00', cap: 60 },
      { start: '02:00', end: '05:00', cap: 40 },
    ],
    targets: { tagIds: [3] },
  });
  it('a band across midnight caps the evening and the next early morning', () => {
    const days = compileVirtualDimming(plan, ['2025-01-06', '2025-01-07', '2025-01-08']);
    expect(days[0]!.bands).toEqual([
      { start: '02:00', end: '05:00', cap: 40 },
      { start: '22:00', end: '24:00', cap: 60 },
    ]);
    expect(days[1]!.bands).toEqual([
      { start: '00:00', end: '02:00', cap: 60 },
      { start: '02:00', end: '05:00', cap: 40 },
      { start: '22:00', end: '24:00', cap: 60 },
    ]);
    // the plan ends on the 7th: only the night that began then goes on into the 8th
    expect(days[2]!.bands).toEqual([{ start: '00:00', end: '02:00', cap: 60 }]);
  });
  it('overlapping or empty bands and missing times are refused', () => {
    const issues = (bands: unknown[]) => {
      const r = virtualDimmingBody.safeParse({ ...plan, bands });
      return r.success ? [] : r.error.issues.map((i) => renderIssue(i, 'en-US'));
    };
    expect(
      issues([
        { start: '22:00', end: '02:00', cap: 60 },
        { start: '01:00', end: '03:00', cap: 40 },
      ]),
    ).toEqual(['Time band 1 overlaps time band 2']);
    expect(issues([{ start: '22:00', end: '22:00', cap: 60 }])).toEqual([
      'Time band 1 starts and ends at the same time',
    ]);
    expect(issues([{ start: '22:00', cap: 60 }])).toEqual(['Time, offset empty not allowed']);
    expect(issues([{ start: '22:00', end: '23:00', cap: 101 }])).toEqual(['The dim level must be between 0 and 100']);
  });
});
