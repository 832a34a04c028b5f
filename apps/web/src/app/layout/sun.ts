import SunCalc from 'suncalc';
import type { Project } from '../../features/auth/types';
import { SUNRISE_FALLBACK, SUNSET_FALLBACK } from '../../shared/constants';

export interface SunTimes {
  sunrise: string;
  sunset: string;
  /** false when the fallback 06:30 / 18:30 is shown (no project, no coordinates, polar day or night). */
  computed: boolean;
}

const FALLBACK: SunTimes = { sunrise: SUNRISE_FALLBACK, sunset: SUNSET_FALLBACK, computed: false };

/** '+8' / '-5' / '+5.5' → an offset in minutes. */
function offsetMinutes(timeZone: string | undefined): number | null {
  if (!timeZone) return null;
  const match = /^([+-]?)(\d{1,2})(?:[.:](\d+))?$/.exec(timeZone.trim());
  if (!match) return null;
  const sign = match[1] === '-' ? -1 : 1;
  const fraction = match[3] ? Number(`0.${match[3]}`) * 60 : 0;
  return sign * (Number(match[2]) * 60 + fraction);
}

function formatInZone(date: Date, project: Project): string | null {
  if (Number.isNaN(date.getTime())) return null;
  if (project.ianaTimeZone) {
    try {
      return new Intl.DateTimeFormat('en-GB', {
        timeZone: project.ianaTimeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(date);
    } catch {
      // fall through to the numeric offset
    }
  }
  const offset = offsetMinutes(project.timeZone);
  if (offset === null) return null;
  const local = new Date(date.getTime() + offset * 60_000);
  return `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
}

/** The local calendar day of the project, at noon UTC of that day — suncalc anchors on local noon. */
function projectNoon(now: Date, project: Project): Date {
  let ymd: string | null = null;
  if (project.ianaTimeZone) {
    try {
      ymd = new Intl.DateTimeFormat('en-CA', { timeZone: project.ianaTimeZone }).format(now);
    } catch {
      ymd = null;
    }
  }
  if (!ymd) {
    const offset = offsetMinutes(project.timeZone) ?? 0;
    ymd = new Date(now.getTime() + offset * 60_000).toISOString().slice(0, 10);
  }
  const longitude = Number(project.longitude);
  // local solar noon ≈ 12:00 UTC minus longitude/15 hours
  return new Date(Date.parse(`${ymd}T12:00:00Z`) - (longitude / 15) * 3_600_000);
}

/** Today's sunrise and sunset for the project, computed from its coordinates and time zone. */
export function sunTimes(project: Project | null | undefined, now = new Date()): SunTimes {
  if (!project) return FALLBACK;
  const latitude = Number(project.latitude);
  const longitude = Number(project.longitude);
  if (
    project.latitude == null ||
    project.longitude == null ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude)
  )
    return FALLBACK;
  const times = SunCalc.getTimes(projectNoon(now, project), latitude, longitude);
  const sunrise = formatInZone(times.sunrise, project);
  const sunset = formatInZone(times.sunset, project);
  if (!sunrise || !sunset) return FALLBACK;
  return { sunrise, sunset, computed: true };
}
