import { describe, expect, it } from 'vitest';
import { localInstant } from './astro.ts';
import { strategyBody } from './strategy.ts';
import { type ExpectPlan, expectedLevel, rankPlans } from './strategy-expect.ts';

const BEIJING = { latitude: 39.9042, longitude: 116.4074, zone: 'Asia/Shanghai' };
const ALL_DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

const plan = (body: Record<string, unknown>, strategyId = 1, savedAt = 0): ExpectPlan => ({
  ...strategyBody.parse({
    projectId: 1,
    name: 'Main street',
    startDate: '2025-01-01',
    endDate: '2025-12-31',
    weekDays: ALL_DAYS,
    targets: { groupIds: [1] },
    ...body,
  }),
  strategyId,
  savedAt,
});
const city = plan({
  entries: [
    { timeMode: 'AFTER_SUNSET', offset: 10, action: 'ON' },
    { timeMode: 'FIXED', time: '23:00', action: 'DIM', level: 50 },
    { timeMode: 'BEFORE_SUNRISE', offset: 10, action: 'OFF' },
  ],
});
const at = (date: string, hhmm: string) =>
  localInstant(date, Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3, 5)) * 60, BEIJING.zone);

describe('what a lamp or branch should be at an instant', () => {
  it('follows the steps of the day and carries the last one over midnight', () => {
    // Beijing, 1 June 2025: sunrise ≈ 04:47, sunset ≈ 19:39
    expect(expectedLevel(city, 'LAMP', at('2025-06-01', '12:00'), BEIJING)).toBe(0);
    expect(expectedLevel(city, 'LAMP', at('2025-06-01', '19:45'), BEIJING)).toBe(0);
    expect(expectedLevel(city, 'LAMP', at('2025-06-01', '19:55'), BEIJING)).toBe(100);
    expect(expectedLevel(city, 'LAMP', at('2025-06-01', '23:00'), BEIJING)).toBe(50);
    expect(expectedLevel(city, 'LAMP', at('2025-06-02', '02:00'), BEIJING)).toBe(50);
    expect(expectedLevel(city, 'LAMP', at('2025-06-02', '04:45'), BEIJING)).toBe(0);
  });

  it('says nothing outside the validity, for targets no entry switches, or before any step', () => {
    expect(expectedLevel(city, 'LAMP', at('2026-01-01', '22:00'), BEIJING)).toBeNull();
    expect(expectedLevel(city, 'BRANCH', at('2025-06-01', '22:00'), BEIJING)).toBeNull();
    // the first day of validity, before its first step: nothing was set yet
    expect(expectedLevel(city, 'LAMP', at('2025-01-01', '05:00'), BEIJING)).toBeNull();
  });

  it('holds the last level over days the strategy does not run', () => {
    const weekdays = plan({
      startDate: '2025-06-06',
      weekDays: ['FRIDAY'],
      entries: [{ timeMode: 'FIXED', time: '18:00', action: 'ON', applyTo: 'BRANCH' }],
    });
    // Friday 6 June 2025 18:00 on; still on on Sunday; a branch entry says nothing about lamps
    expect(expectedLevel(weekdays, 'BRANCH', at('2025-06-06', '17:59'), BEIJING)).toBeNull();
    expect(expectedLevel(weekdays, 'BRANCH', at('2025-06-08', '09:00'), BEIJING)).toBe(100);
    expect(expectedLevel(weekdays, 'LAMP', at('2025-06-08', '09:00'), BEIJING)).toBeNull();
  });

  it('ranks overlapping strategies: higher priority, then saved last', () => {
    const low = plan({ priority: 1, entries: [{ timeMode: 'FIXED', time: '00:00', action: 'ON' }] }, 1, 5);
    const high = plan({ priority: 2, entries: [{ timeMode: 'FIXED', time: '00:00', action: 'OFF' }] }, 2, 1);
    const later = plan({ priority: 1, entries: [{ timeMode: 'FIXED', time: '00:00', action: 'OFF' }] }, 3, 9);
    expect(rankPlans([low, later, high]).map((p) => p.strategyId)).toEqual([2, 3, 1]);
    const t = at('2025-06-01', '12:00');
    expect(rankPlans([low, later]).map((p) => expectedLevel(p, 'LAMP', t, BEIJING))).toEqual([0, 100]);
  });
});
