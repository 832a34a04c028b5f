import {
  DASHBOARD_PANELS,
  DASHBOARD_REFRESH_DEFAULT,
  type DashboardPanel,
  type DashboardSettings,
} from '@luxgrid/contracts/dashboard';
import type { Database } from '../../../platform/db.ts';

/** The row of the platform's own settings (no customer chosen). */
const PLATFORM_ROW = 0;

export interface StoredSettings extends DashboardSettings {
  /** false until someone saved them: the defaults are shown */
  saved: boolean;
  updateTime: Date | null;
}

/** What a customer that never saved its settings sees: its platform name (or name) as title, every panel, 60 s. */
export async function loadSettings(db: Database, clientId: number | null): Promise<StoredSettings> {
  const [row] = await db.query<{
    title: string;
    logo: string;
    panels: unknown;
    refresh_seconds: number;
    update_time: Date | null;
  }>('select title, logo, panels, refresh_seconds, update_time from biz_dashboard_setting where client_id = $1', [
    clientId ?? PLATFORM_ROW,
  ]);
  if (row) {
    const stored = Array.isArray(row.panels) ? (row.panels as string[]) : [];
    return {
      saved: true,
      title: row.title,
      logo: row.logo,
      panels: DASHBOARD_PANELS.filter((panel): panel is DashboardPanel => stored.includes(panel)),
      refreshSeconds: row.refresh_seconds,
      updateTime: row.update_time,
    };
  }
  const [client] =
    clientId === null
      ? []
      : await db.query<{ name: string; platform_name: string | null; logo: string | null }>(
          'select name, platform_name, logo from sys_client where client_id = $1',
          [clientId],
        );
  return {
    saved: false,
    title: (client?.platform_name || client?.name || '').slice(0, 40),
    logo: client?.logo ?? '',
    panels: [...DASHBOARD_PANELS],
    refreshSeconds: DASHBOARD_REFRESH_DEFAULT,
    updateTime: null,
  };
}

/** Saves a customer's settings (the platform's own when clientId is null), replacing what was there. */
export async function saveSettings(
  db: Database,
  clientId: number | null,
  values: DashboardSettings,
  by: string,
  now: number,
): Promise<void> {
  await db.query(
    `insert into biz_dashboard_setting (client_id, title, logo, panels, refresh_seconds, update_by, update_time)
     values ($1, $2, $3, $4::jsonb, $5, $6, to_timestamp($7 / 1000.0))
     on conflict (client_id) do update set title = excluded.title, logo = excluded.logo, panels = excluded.panels,
       refresh_seconds = excluded.refresh_seconds, update_by = excluded.update_by, update_time = excluded.update_time`,
    [
      clientId ?? PLATFORM_ROW,
      values.title,
      values.logo,
      JSON.stringify(values.panels),
      values.refreshSeconds,
      by,
      now,
    ],
  );
}

/** The customer the portal shows. */
export async function portalCustomer(db: Database, clientId: number) {
  const [row] = await db.query<{ name: string; short_name: string; platform_name: string; logo: string }>(
    'select name, short_name, platform_name, logo from sys_client where client_id = $1',
    [clientId],
  );
  return row;
}
