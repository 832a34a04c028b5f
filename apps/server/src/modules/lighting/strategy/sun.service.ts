import { daysBetween, SUN_MAX_DAYS, type SunDay, sunDays } from '@luxgrid/contracts';
import type { Deps } from '../../../platform/context.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { type Scope, SqlParams, scopeSql } from '../../../platform/scope.ts';

/** Where a project's lamps stand and the clock they live by. */
export interface ProjectPlace {
  projectId: number;
  clientId: number;
  latitude: number;
  longitude: number;
  zone: string;
}

/** The project within the scope (its customer), with its coordinates and IANA zone. */
export async function projectPlace(
  deps: Deps,
  scope: Scope,
  projectId: number | null | undefined,
): Promise<ProjectPlace> {
  if (!projectId) throw fail('lighting.project.required');
  const p = new SqlParams(projectId);
  const [row] = await deps.database.query<{
    project_id: number;
    client_id: number;
    latitude: number | null;
    longitude: number | null;
    zone: string;
  }>(
    `select project_id, client_id, latitude, longitude, iana_time_zone as zone from biz_project where project_id = $1 and del_flag = '0' and ${scopeSql(scope, p)}`,
    p.values,
  );
  if (!row) throw notFound();
  const latitude = Number(row.latitude);
  const longitude = Number(row.longitude);
  if (row.latitude === null || row.longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude))
    throw fail('strategy.project.noCoordinates');
  return { projectId: row.project_id, clientId: row.client_id, latitude, longitude, zone: row.zone };
}

/** A from..to range of at most SUN_MAX_DAYS days, in order. */
export function checkRange(from: string, to: string): void {
  const days = daysBetween(from, to);
  if (days < 0) throw fail('strategy.range.order');
  if (days + 1 > SUN_MAX_DAYS) throw fail('strategy.range.tooLong', { max: SUN_MAX_DAYS });
}

export function sunOf(place: ProjectPlace, from: string, to: string): SunDay[] {
  checkRange(from, to);
  return sunDays(from, to, place.latitude, place.longitude, place.zone);
}

/** The answer of the sun route: local HH:mm:ss or null, and which day an event falls on when not the asked one. */
export function sunAnswer(days: SunDay[]) {
  return days.map((d) => ({
    date: d.date,
    sunrise: d.sunrise?.time ?? null,
    sunset: d.sunset?.time ?? null,
    polar: d.polar,
    sunriseDayOffset: d.sunrise?.dayOffset ?? 0,
    sunsetDayOffset: d.sunset?.dayOffset ?? 0,
  }));
}
