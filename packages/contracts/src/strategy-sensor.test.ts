import { describe, expect, it } from 'vitest';
import { localInstant } from './astro.ts';
import { lightSensor, strategyBody } from './strategy.ts';
import { type ExpectPlan, expectedLevel } from './strategy-expect.ts';
import { type LuxReading, sensorLevel, sensorWindows } from './strategy-sensor.ts';

const BEIJING = { latitude: 39.9042, longitude: 116.4074, zone: 'Asia/Shanghai' };
const ALL_DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
const city: ExpectPlan = {
  ...strategyBody.parse({
    projectId: 1,
    name: 'Main street',
    startDate: '2025-01-01',
    endDate: '2025-12-31',
    weekDays: ALL_DAYS,
    targets: { groupIds: [1] },
    entries: [
      { timeMode: 'AFTER_SUNSET', offset: 10, action: 'ON' },
      { timeMode: 'FIXED', time: '23:00', action: 'DIM', level: 50 },
      { timeMode: 'BEFORE_SUNRISE', offset: 10, action: 'OFF' },
    ],
  }),
  strategyId: 1,
  savedAt: 0,
};
const sensor = lightSensor.parse({ deviceId: 9, luxOn: 30, luxOff: 60, windowMinutes: 60, minBurnMinutes: 15 });
const at = (date: string, hhmm: string) =>
  localInstant(date, Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3, 5)) * 60, BEIJING.zone);
const clock = (t: number) => expectedLevel(city, 'LAMP', t, BEIJING);
// Beijing, 1 June 2025: sunrise ≈ 04:48, sunset ≈ 19:37 → windows 03:48–05:48 and 18:37–20:37
const [june1] = sensorWindows(sensor, BEIJING, '2025-06-01', '2025-06-01');
const windows = june1!.windows;
const lux = (date: string, pairs: [string, number][]): LuxReading[] =>
  pairs.map(([hhmm, value]) => ({ ts: at(date, hhmm), lux: value }));

describe('the light-sensor trigger of a strategy', () => {
  it('has a window either side of dawn and dusk, in local time', () => {
    expect(windows.map((w) => [w.kind, w.from, w.to])).toEqual([
      ['DAWN', '03:48', '05:48'],
      ['DUSK', '18:37', '20:37'],
    ]);
    expect(windows[1]!.end - windows[1]!.start).toBe(120 * 60_000);
    // no sunrise, no sunset: no window (the polar rule and the clock decide)
    const [polar] = sensorWindows(
      sensor,
      { latitude: 78.2, longitude: 15.6, zone: 'Arctic/Longyearbyen' },
      '2025-06-21',
      '2025-06-21',
    );
    expect(polar!.windows).toEqual([]);
  });

  it('switches the lamps on at dusk when it gets darker than the threshold, before the clock would', () => {
    const dark = lux('2025-06-01', [
      ['19:00', 120],
      ['19:20', 25],
      ['19:30', 10],
    ]);
    // the clock alone: off until sunset + 10 (19:47)
    expect(clock(at('2025-06-01', '19:25'))).toBe(0);
    expect(sensorLevel(sensor, windows, clock, dark, at('2025-06-01', '19:10'))).toMatchObject({
      level: 0,
      heard: true,
    });
    expect(sensorLevel(sensor, windows, clock, dark, at('2025-06-01', '19:25'))).toMatchObject({
      level: 100,
      switches: 1,
      window: { kind: 'DUSK' },
    });
  });

  it('keeps them off in a bright dusk until the window ends, then the clock decides', () => {
    const bright = lux('2025-06-01', [
      ['19:00', 400],
      ['20:00', 200],
      ['20:30', 90],
    ]);
    // past the clock's 19:47 switch-on, the sensor still says it is light enough
    expect(sensorLevel(sensor, windows, clock, bright, at('2025-06-01', '20:35')).level).toBe(0);
    expect(sensorLevel(sensor, windows, clock, bright, at('2025-06-01', '20:50'))).toEqual({
      level: 100,
      window: null,
      heard: false,
      switches: 0,
    });
  });

  it('burns at least the minimum time, with hysteresis between the two thresholds', () => {
    const cloud = lux('2025-06-01', [
      ['19:00', 20], // a passing cloud: on
      ['19:05', 80], // bright again, but only 5 minutes burnt
      ['19:10', 50], // between the thresholds: stays on
      ['19:16', 80], // 16 minutes: off
    ]);
    const level = (hhmm: string) => sensorLevel(sensor, windows, clock, cloud, at('2025-06-01', hhmm)).level;
    expect(level('19:01')).toBe(100);
    expect(level('19:06')).toBe(100);
    expect(level('19:12')).toBe(100);
    expect(level('19:17')).toBe(0);
    expect(sensorLevel(sensor, windows, clock, cloud, at('2025-06-01', '19:17')).switches).toBe(2);
  });

  it('at dawn switches off when it is bright enough, at the dimmed level the night had until then', () => {
    const dawn = lux('2025-06-01', [
      ['04:00', 5],
      ['04:20', 70],
    ]);
    // the clock: dimmed to 50 since 23:00, off at sunrise − 10 (04:38)
    expect(sensorLevel(sensor, windows, clock, dawn, at('2025-06-01', '04:10')).level).toBe(50);
    expect(sensorLevel(sensor, windows, clock, dawn, at('2025-06-01', '04:25')).level).toBe(0);
    // a dark, overcast dawn keeps them lit past the clock's switch-off
    const overcast = lux('2025-06-01', [
      ['04:00', 5],
      ['04:40', 12],
    ]);
    expect(clock(at('2025-06-01', '04:45'))).toBe(0);
    expect(sensorLevel(sensor, windows, clock, overcast, at('2025-06-01', '04:45')).level).toBe(50);
  });

  it('falls back on the clock while the luxometer says nothing in the window', () => {
    const silent: LuxReading[] = lux('2025-06-01', [['17:00', 5]]);
    expect(sensorLevel(sensor, windows, clock, silent, at('2025-06-01', '20:00'))).toMatchObject({
      level: 100,
      heard: false,
    });
    expect(sensorLevel(sensor, windows, clock, [], at('2025-06-01', '19:30')).level).toBe(0);
  });
});
