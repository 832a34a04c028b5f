/**
 * The astronomical clock: sunrise and sunset for a place and a local calendar day, in the place's
 * IANA time zone (daylight saving included). NOAA's solar calculator algorithm (Meeus, apparent
 * sun with 0.833° of refraction and semi-diameter), anchored on the day's local noon and refined
 * at the event itself, so it agrees with NOAA to the minute wherever the sun rises and sets.
 * Polar day and polar night have no event: the answer says which, never NaN.
 */

const RAD = Math.PI / 180;
const DAY_MS = 86_400_000;
/** The sun's centre 0.833° below the horizon: refraction plus semi-diameter. */
const ZENITH = 90.833;

export type PolarState = 'day' | 'night';

/** One event on the local clock. */
export interface SunEvent {
  /** local time, HH:mm:ss */
  time: string;
  /** the instant (ms since the epoch) */
  at: number;
  /** 0 on the asked day; +1 / −1 when it falls on the next / previous local day (e.g. a 00:04 sunset near 65°N) */
  dayOffset: number;
}

export interface SunDay {
  /** the local calendar day, YYYY-MM-DD */
  date: string;
  sunrise: SunEvent | null;
  sunset: SunEvent | null;
  /** the sun neither rises nor sets: 'day' above the horizon all day, 'night' below */
  polar: PolarState | null;
}

const julianCentury = (ms: number) => (ms / DAY_MS + 2440587.5 - 2451545) / 36525;

/** Declination (degrees) and equation of time (minutes) at an instant (NOAA's formulas). */
function solarTerms(ms: number): { declination: number; eqTime: number } {
  const t = julianCentury(ms);
  const l0 = (((280.46646 + t * (36000.76983 + t * 0.0003032)) % 360) + 360) % 360;
  const m = 357.52911 + t * (35999.05029 - 0.0001537 * t);
  const e = 0.016708634 - t * (0.000042037 + 0.0000001267 * t);
  const center =
    Math.sin(m * RAD) * (1.914602 - t * (0.004817 + 0.000014 * t)) +
    Math.sin(2 * m * RAD) * (0.019993 - 0.000101 * t) +
    Math.sin(3 * m * RAD) * 0.000289;
  const omega = 125.04 - 1934.136 * t;
  const apparent = l0 + center - 0.00569 - 0.00478 * Math.sin(omega * RAD);
  const seconds = 21.448 - t * (46.815 + t * (0.00059 - t * 0.001813));
  const obliquity = 23 + (26 + seconds / 60) / 60 + 0.00256 * Math.cos(omega * RAD);
  const declination = Math.asin(Math.sin(obliquity * RAD) * Math.sin(apparent * RAD)) / RAD;
  const y = Math.tan((obliquity / 2) * RAD) ** 2;
  const eq =
    y * Math.sin(2 * l0 * RAD) -
    2 * e * Math.sin(m * RAD) +
    4 * e * y * Math.sin(m * RAD) * Math.cos(2 * l0 * RAD) -
    0.5 * y * y * Math.sin(4 * l0 * RAD) -
    1.25 * e * e * Math.sin(2 * m * RAD);
  return { declination, eqTime: (4 * eq) / RAD };
}

/** cos of the event's hour angle: > 1 the sun stays below the horizon, < −1 it stays above. */
function cosHourAngle(latitude: number, declination: number): number {
  const phi = latitude * RAD;
  const delta = declination * RAD;
  return Math.cos(ZENITH * RAD) / (Math.cos(phi) * Math.cos(delta)) - Math.tan(phi) * Math.tan(delta);
}

/** The instant of solar noon (transit) nearest to `near`. */
function transitNear(near: number, longitude: number): number {
  let transit = near;
  for (let i = 0; i < 3; i++) {
    const midnight = Math.floor(transit / DAY_MS) * DAY_MS;
    const { eqTime } = solarTerms(transit);
    let at = midnight + (720 - 4 * longitude - eqTime) * 60_000;
    while (at - near > DAY_MS / 2) at -= DAY_MS;
    while (near - at > DAY_MS / 2) at += DAY_MS;
    transit = at;
  }
  return transit;
}

/** An event's instant, refined at the event itself (NOAA); null when it does not happen. */
function eventAt(transit: number, latitude: number, rise: boolean): number | null {
  const atTransit = solarTerms(transit).eqTime;
  let at = transit;
  for (let i = 0; i < 4; i++) {
    const { declination, eqTime } = solarTerms(at);
    const cos = cosHourAngle(latitude, declination);
    if (cos > 1 || cos < -1) return null;
    const hourAngle = Math.acos(cos) / RAD;
    at = transit + (atTransit - eqTime) * 60_000 + (rise ? -1 : 1) * hourAngle * 4 * 60_000;
  }
  return at;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The local wall clock of an instant in a zone: date YYYY-MM-DD and time HH:mm:ss. */
export function localParts(ms: number, zone: string): { date: string; time: string } {
  const parts: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  const hour = parts.hour === '24' ? '00' : parts.hour;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${hour}:${parts.minute}:${parts.second}` };
}

/** The zone's offset from UTC at an instant, in minutes (east positive). */
export function zoneOffsetMinutes(ms: number, zone: string): number {
  const { date, time } = localParts(ms, zone);
  const wall = Date.parse(`${date}T${time}Z`);
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** A valid calendar date YYYY-MM-DD, or null. */
export function parseLocalDate(date: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return null;
  return { y, m, d };
}

/** Days between two YYYY-MM-DD dates (to − from). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The week day of a YYYY-MM-DD date, 0 = Sunday (as WEEK_DAYS). */
export function weekDayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The instant of a local wall-clock time on a local day in a zone (the later one in a DST gap's wake). */
export function localInstant(date: string, seconds: number, zone: string): number {
  const guess = Date.parse(`${date}T00:00:00Z`) + seconds * 1000;
  let at = guess - zoneOffsetMinutes(guess, zone) * 60_000;
  at = guess - zoneOffsetMinutes(at, zone) * 60_000;
  return at;
}

function event(at: number | null, date: string, zone: string): SunEvent | null {
  if (at === null || !Number.isFinite(at)) return null;
  const rounded = Math.round(at / 1000) * 1000;
  const local = localParts(rounded, zone);
  return { time: local.time, at: rounded, dayOffset: daysBetween(date, local.date) };
}

/** Sunrise and sunset of a local day (YYYY-MM-DD) at a place, in its IANA zone. */
export function sunDay(date: string, latitude: number, longitude: number, zone: string): SunDay {
  if (!parseLocalDate(date)) throw new RangeError(`not a date: ${date}`);
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) throw new RangeError('latitude');
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) throw new RangeError('longitude');
  const noon = localInstant(date, 12 * 3600, zone);
  const transit = transitNear(noon, longitude);
  const sunrise = event(eventAt(transit, latitude, true), date, zone);
  const sunset = event(eventAt(transit, latitude, false), date, zone);
  let polar: PolarState | null = null;
  if (!sunrise && !sunset) {
    const { declination } = solarTerms(transit);
    polar = cosHourAngle(latitude, declination) < -1 ? 'day' : 'night';
  } else if (!sunrise || !sunset) {
    // one event without the other (the first or last day of a polar period): the sun is up or down at noon
    const { declination } = solarTerms(transit);
    const altitudeAtNoon = 90 - Math.abs(latitude - declination);
    polar = altitudeAtNoon > 90 - ZENITH ? 'day' : 'night';
  }
  return { date, sunrise, sunset, polar };
}

/** Sunrise and sunset for every day from `from` to `to` inclusive. */
export function sunDays(from: string, to: string, latitude: number, longitude: number, zone: string): SunDay[] {
  const days: SunDay[] = [];
  const count = daysBetween(from, to);
  for (let i = 0; i <= count; i++) days.push(sunDay(addDays(from, i), latitude, longitude, zone));
  return days;
}

/** The most days one sun query or preview answers. */
export const SUN_MAX_DAYS = 366;
