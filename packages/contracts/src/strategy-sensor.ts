import { type SunDay, sunDays } from './astro.ts';
import type { LightSensor } from './strategy.ts';

/**
 * The light-sensor trigger of a strategy: around dusk and dawn (sunset and sunrise ± its window)
 * a luxometer decides when the lamps switch, instead of the clock. Within a window the lamps go
 * on when the illuminance falls below `luxOn` and off when it rises above `luxOff` (default
 * `luxOn`), but not before they have burnt `minBurnMinutes`. Outside the windows, on polar days
 * and nights, and while the luxometer has said nothing in the window, the clock decides.
 */

/** One illuminance reading of the strategy's luxometer. */
export interface LuxReading {
  /** when it was measured (ms since the epoch) */
  ts: number;
  lux: number;
}

/** A span around dusk or dawn in which the sensor decides, as instants and as local HH:mm. */
export interface SensorWindow {
  kind: 'DUSK' | 'DAWN';
  start: number;
  end: number;
  /** local HH:mm of start and end, as the preview says them */
  from: string;
  to: string;
}

const hhmm = (seconds: number) => {
  const m = Math.round(seconds / 60);
  const wrapped = ((m % 1440) + 1440) % 1440;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
};
const seconds = (time: string) =>
  Number(time.slice(0, 2)) * 3600 + Number(time.slice(3, 5)) * 60 + Number(time.slice(6, 8) || 0);

/** The sensor's windows on one local day (none on a polar day or night): dawn first, then dusk. */
export function sensorWindowsOf(day: SunDay, sensor: Pick<LightSensor, 'windowMinutes'>): SensorWindow[] {
  const half = sensor.windowMinutes * 60;
  const out: SensorWindow[] = [];
  const add = (kind: SensorWindow['kind'], event: SunDay['sunrise']) => {
    if (!event) return;
    const at = event.at;
    out.push({
      kind,
      start: at - half * 1000,
      end: at + half * 1000,
      from: hhmm(seconds(event.time) - half),
      to: hhmm(seconds(event.time) + half),
    });
  };
  add('DAWN', day.sunrise);
  add('DUSK', day.sunset);
  return out;
}

/** The sensor windows of the local days from..to at a place. */
export function sensorWindows(
  sensor: Pick<LightSensor, 'windowMinutes'>,
  place: { latitude: number; longitude: number; zone: string },
  from: string,
  to: string,
): { date: string; windows: SensorWindow[] }[] {
  return sunDays(from, to, place.latitude, place.longitude, place.zone).map((day) => ({
    date: day.date,
    windows: sensorWindowsOf(day, sensor),
  }));
}

export interface SensorDecision {
  /** the level the lamps should have: the sensor's within a window it spoke in, else the clock's */
  level: number | null;
  /** the window `ms` lies in (null: the clock decides) */
  window: SensorWindow | null;
  /** the sensor spoke in the window (at least one reading in it up to `ms`) */
  heard: boolean;
  /** how many times the sensor switched the lamps in the window up to `ms` */
  switches: number;
}

/**
 * The level at instant `ms` with the sensor applied. `clockLevel(t)` is what the clock alone
 * says at `t` (expectation.ts, the schedule); `windows` are the sensor's windows around `ms`
 * (sensorWindows of the local day and the one before, for a window across midnight). In a
 * window, the lamps start as the clock had them at its start, lit at the clock's lit level
 * around it (100 when the clock lights them at neither edge), and the readings up to `ms` in
 * time order switch them.
 */
export function sensorLevel(
  sensor: LightSensor,
  windows: SensorWindow[],
  clockLevel: (t: number) => number | null,
  readings: LuxReading[],
  ms: number,
): SensorDecision {
  const window = windows.find((w) => w.start <= ms && ms < w.end) ?? null;
  if (!window) return { level: clockLevel(ms), window: null, heard: false, switches: 0 };
  const inWindow = readings.filter((r) => r.ts >= window.start && r.ts <= ms).sort((a, b) => a.ts - b.ts);
  if (!inWindow.length) return { level: clockLevel(ms), window, heard: false, switches: 0 };
  const atStart = clockLevel(window.start) ?? 0;
  const lit = Math.max(atStart, clockLevel(window.end) ?? 0) || 100;
  const luxOff = sensor.luxOff ?? sensor.luxOn;
  const minBurn = sensor.minBurnMinutes * 60_000;
  let on = atStart > 0;
  // lamps lit before the window have burnt long enough
  let onSince = on ? Number.NEGATIVE_INFINITY : 0;
  let switches = 0;
  for (const r of inWindow) {
    if (!on && r.lux < sensor.luxOn) {
      on = true;
      onSince = r.ts;
      switches++;
    } else if (on && r.lux > luxOff && r.ts - onSince >= minBurn) {
      on = false;
      switches++;
    }
  }
  return { level: on ? lit : 0, window, heard: true, switches };
}
