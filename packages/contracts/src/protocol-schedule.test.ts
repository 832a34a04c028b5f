import { describe, expect, it } from 'vitest';
import { localInstant, sunDay } from './astro.ts';
import { dimmingSchedule, scheduleNow, scheduleParams, scheduleSteps, strategySchedule } from './protocol-schedule.ts';
import { compileStrategy } from './strategy.ts';

const SHANGHAI = { latitude: 31.23, longitude: 121.47, zone: 'Asia/Shanghai' };
const ALL_DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;
const street = {
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  weekDays: [...ALL_DAYS],
  polarDay: 'STAY_OFF' as const,
  polarNight: 'STAY_ON' as const,
  priority: 3,
  entries: [
    { timeMode: 'AFTER_SUNSET' as const, offset: 10, action: 'ON' as const, applyTo: 'LAMP' as const, heads: [] },
    {
      timeMode: 'FIXED' as const,
      time: '23:00',
      action: 'DIM' as const,
      level: 50,
      applyTo: 'LAMP' as const,
      heads: [],
    },
    { timeMode: 'BEFORE_SUNRISE' as const, offset: 10, action: 'OFF' as const, applyTo: 'LAMP' as const, heads: [] },
  ],
};

describe('a strategy compiled to the schedule a controller holds', () => {
  const s = strategySchedule(7, street, SHANGHAI, ['RTU-2', 'RTU-1']);

  it('carries the rules, validity, week days as numbers, coordinates and a content version', () => {
    expect(scheduleParams.parse(s)).toEqual(s);
    expect(s).toMatchObject({
      kind: 'STRATEGY',
      planId: 7,
      timeZone: 'Asia/Shanghai',
      weekDays: [0, 1, 2, 3, 4, 5, 6],
      priority: 3,
      lamps: ['RTU-1', 'RTU-2'],
      rules: [
        { mode: 'AFTER_SUNSET', offset: 10, action: 'ON', level: 100 },
        { mode: 'FIXED', time: '23:00', action: 'DIM', level: 50 },
        { mode: 'BEFORE_SUNRISE', offset: 10, action: 'OFF', level: 0 },
      ],
      bands: [],
    });
    expect(s.version).toMatch(/^S7-[0-9a-f]{8}$/);
  });

  it('has the same version for the same content and another for any change', () => {
    expect(strategySchedule(7, street, SHANGHAI, ['RTU-1', 'RTU-2']).version).toBe(s.version);
    expect(strategySchedule(7, street, SHANGHAI, ['RTU-1']).version).not.toBe(s.version);
    const later = { ...street, entries: [street.entries[0]!, { ...street.entries[1]!, time: '23:30' }] };
    expect(strategySchedule(7, later, SHANGHAI, ['RTU-1', 'RTU-2']).version).not.toBe(s.version);
  });

  it('yields on the controller the same steps the platform previews', () => {
    const preview = compileStrategy(street, [
      sunDay('2026-06-21', SHANGHAI.latitude, SHANGHAI.longitude, SHANGHAI.zone),
    ]);
    const [held] = scheduleSteps(s, '2026-06-21', '2026-06-21');
    expect(held!.steps).toEqual(preview[0]!.steps);
    expect(held!.steps.map((x) => x.level)).toEqual([0, 100, 50]);
  });

  it('answers the level in force on the controller clock, carried over midnight', () => {
    const at = (date: string, hhmm: string) =>
      localInstant(date, Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3)) * 60, 'Asia/Shanghai');
    expect(scheduleNow(s, at('2026-06-21', '12:00')).level).toBe(0);
    expect(scheduleNow(s, at('2026-06-21', '20:00')).level).toBe(100);
    expect(scheduleNow(s, at('2026-06-21', '23:30')).level).toBe(50);
    // after midnight, before the morning's off: the night's dim level carries in
    expect(scheduleNow(s, at('2026-06-22', '01:00')).level).toBe(50);
    // outside the validity nothing is asked
    const short = strategySchedule(7, { ...street, endDate: '2026-06-30' }, SHANGHAI, ['RTU-1']);
    expect(scheduleNow(short, at('2026-07-05', '20:00')).level).toBeNull();
  });

  it('keeps a week-day strategy to its days', () => {
    const weekdays = strategySchedule(8, { ...street, weekDays: ['MONDAY'] }, SHANGHAI, ['RTU-1']);
    expect(weekdays.weekDays).toEqual([1]);
    const [sunday, monday] = scheduleSteps(weekdays, '2026-06-21', '2026-06-22');
    // Sunday itself does nothing; Monday runs (its before-sunrise off lands on Monday morning)
    expect(sunday!.steps).toEqual([]);
    expect(monday!.steps.map((x) => x.action)).toEqual(['OFF', 'ON', 'DIM']);
  });
});

describe('a virtual dimming plan compiled to a schedule', () => {
  const plan = {
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    weekDays: [...ALL_DAYS],
    bands: [
      { start: '22:00', end: '06:00', cap: 60 },
      { start: '06:00', end: '22:00', cap: 90 },
    ],
  };
  const s = dimmingSchedule(4, plan, SHANGHAI, ['RTU-1']);

  it('carries the bands and no rules', () => {
    expect(scheduleParams.parse(s)).toEqual(s);
    expect(s).toMatchObject({ kind: 'DIMMING', rules: [], bands: plan.bands });
    expect(s.version).toMatch(/^D4-/);
  });

  it('answers the cap in force, across midnight', () => {
    const at = (date: string, h: number) => localInstant(date, h * 3600, 'Asia/Shanghai');
    expect(scheduleNow(s, at('2026-03-02', 23)).cap).toBe(60);
    expect(scheduleNow(s, at('2026-03-03', 2)).cap).toBe(60);
    expect(scheduleNow(s, at('2026-03-03', 12)).cap).toBe(90);
    expect(scheduleNow(s, at('2026-03-03', 12)).level).toBeNull();
  });
});
