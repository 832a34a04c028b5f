import { useEffect, useState } from 'react';
import type { Project } from '../../features/auth/types';
import { SUNRISE_FALLBACK, SUNSET_FALLBACK } from '../../shared/constants';
import { type DataEnvelope, http } from '../../shared/request';

export interface SunTimes {
  sunrise: string;
  sunset: string;
  /** false when the fallback 06:30 / 18:30 is shown (no project, not answered yet, polar day or night) */
  computed: boolean;
}

/** One day of the astronomical clock, as `GET /lighting/strategy/sun` answers it. */
export interface SunAnswerDay {
  date: string;
  sunrise: string | null;
  sunset: string | null;
  polar: 'day' | 'night' | null;
  sunriseDayOffset: number;
  sunsetDayOffset: number;
}

export const SUN_FALLBACK: SunTimes = { sunrise: SUNRISE_FALLBACK, sunset: SUNSET_FALLBACK, computed: false };

/** 'HH:mm:ss' → 'HH:mm', rounded to the nearest minute as NOAA's calculator shows it. */
export function toMinute(time: string): string {
  const [h, m, s] = time.split(':').map(Number);
  const total = (((h! * 60 + m! + (s! >= 30 ? 1 : 0)) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The times the top bar shows for an answered day; the fallback when the sun neither rises nor sets. */
export function sunTimesOf(day: SunAnswerDay | undefined): SunTimes {
  if (!day?.sunrise || !day.sunset) return SUN_FALLBACK;
  return { sunrise: toMinute(day.sunrise), sunset: toMinute(day.sunset), computed: true };
}

/** Today's date (YYYY-MM-DD) on the project's clock. */
export function projectToday(project: Pick<Project, 'ianaTimeZone'> | null | undefined, now = new Date()): string {
  if (project?.ianaTimeZone) {
    try {
      return new Intl.DateTimeFormat('en-CA', { timeZone: project.ianaTimeZone }).format(now);
    } catch {
      // an unknown zone: the browser's own day
    }
  }
  return new Intl.DateTimeFormat('en-CA').format(now);
}

/**
 * Today's sunrise and sunset of the current project, from the platform's astronomical clock
 * (the project's coordinates and IANA time zone); refreshed when the project's day changes.
 */
export function useSunTimes(project: Project | null | undefined): SunTimes {
  const [times, setTimes] = useState<SunTimes>(SUN_FALLBACK);
  const [today, setToday] = useState(() => projectToday(project));
  useEffect(() => {
    setToday(projectToday(project));
    const timer = setInterval(() => setToday(projectToday(project)), 10 * 60_000);
    return () => clearInterval(timer);
  }, [project]);
  const projectId = project ? Number(project.id) : null;
  useEffect(() => {
    setTimes(SUN_FALLBACK);
    if (!projectId) return;
    let alive = true;
    http
      .get<DataEnvelope<SunAnswerDay[]>>(
        '/lighting/strategy/sun',
        { projectId, from: today, to: today },
        { silent: true },
      )
      .then((res) => {
        if (alive) setTimes(sunTimesOf(res.data?.[0]));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [projectId, today]);
  return times;
}
