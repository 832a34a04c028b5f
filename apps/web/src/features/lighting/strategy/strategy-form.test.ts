import { sunDays } from '@luxgrid/contracts/astro';
import { compileStrategy, type StrategyBody } from '@luxgrid/contracts/strategy';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { newStrategy, strategyToBody, strategyToForm } from './form';
import { sunDaysOf, yearSeries } from './year-chart';

describe('strategy editor', () => {
  it('sends dates from the range, drops the sensor when switched off and the fields an entry does not use', () => {
    const form = strategyToForm({
      ...newStrategy(7),
      entries: [
        { timeMode: 'FIXED', time: '23:00', offset: 10, action: 'DIM', level: 50, applyTo: 'LAMP', heads: [] },
        { timeMode: 'BEFORE_SUNRISE', time: '06:00', offset: 10, action: 'OFF', level: 30, applyTo: 'LAMP', heads: [] },
      ],
      sensor: { deviceId: 3, luxOn: 20, windowMinutes: 60, minBurnMinutes: 15 },
    });
    expect(form.useSensor).toBe(true);
    const body = strategyToBody({
      ...form,
      useSensor: false,
      validity: [dayjs('2026-03-01'), dayjs('2026-09-30')],
    });
    expect(body).toMatchObject({ projectId: 7, startDate: '2026-03-01', endDate: '2026-09-30', sensor: undefined });
    expect(body.entries).toEqual([
      { timeMode: 'FIXED', time: '23:00', offset: undefined, action: 'DIM', level: 50, applyTo: 'LAMP', heads: [] },
      {
        timeMode: 'BEFORE_SUNRISE',
        time: undefined,
        offset: 10,
        action: 'OFF',
        level: undefined,
        applyTo: 'LAMP',
        heads: [],
      },
    ]);
    expect('validity' in body).toBe(false);
  });

  it("draws the draft's year from the clock's answer exactly as the server compiles it", () => {
    const strategy = { ...newStrategy(1), startDate: '2026-01-01', endDate: '2026-12-31' } as unknown as StrategyBody;
    const sun = sunDays('2026-01-01', '2026-12-31', 39.9, 116.4, 'Asia/Shanghai');
    const answer = sun.map((d) => ({
      date: d.date,
      sunrise: d.sunrise?.time ?? null,
      sunset: d.sunset?.time ?? null,
      polar: d.polar,
      sunriseDayOffset: d.sunrise?.dayOffset ?? 0,
      sunsetDayOffset: d.sunset?.dayOffset ?? 0,
    }));
    const fromAnswer = compileStrategy(strategy, sunDaysOf(answer));
    expect(fromAnswer).toEqual(compileStrategy(strategy, sun));
    const series = yearSeries(fromAnswer);
    expect(series.dates).toHaveLength(365);
    // switched on at sunset and off at sunrise: the lines lie on the sun's
    const june = series.dates.indexOf('2026-06-21');
    expect(Math.abs(series.on[june]! - series.sunset[june]!)).toBeLessThan(0.02);
    expect(Math.abs(series.off[june]! - series.sunrise[june]!)).toBeLessThan(0.02);
    expect(series.on[june]).toBeGreaterThan(series.on[series.dates.indexOf('2026-12-21')]!);
  });
});
