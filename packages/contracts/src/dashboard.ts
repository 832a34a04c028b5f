import { z } from 'zod';
import { rule } from './validation.ts';

/** The panels a wall-screen dashboard may show; a customer's settings choose which. */
export const DASHBOARD_PANELS = [
  'devices',
  'lamps',
  'lightingRate',
  'alarmGrades',
  'latestAlarms',
  'energy',
  'map',
] as const;
export type DashboardPanel = (typeof DASHBOARD_PANELS)[number];

/** Refresh of the figures the socket does not push, in seconds. */
export const DASHBOARD_REFRESH_MIN = 10;
export const DASHBOARD_REFRESH_MAX = 3600;
export const DASHBOARD_REFRESH_DEFAULT = 60;
/** The wall screen the dashboards are laid out for; other sizes scale the whole canvas. */
export const DASHBOARD_CANVAS = { width: 1920, height: 1080 } as const;

/** A customer's dashboard settings (the platform's own when no customer is chosen). */
export const dashboardSettingsBody = z.object({
  title: z
    .string({ error: rule('valid.type') })
    .trim()
    .min(1, { error: rule('dashboard.titleRequired') })
    .max(40, { error: rule('valid.max', { max: 40 }) }),
  logo: z
    .string({ error: rule('valid.type') })
    .trim()
    .max(255, { error: rule('valid.max', { max: 255 }) })
    .optional()
    .default(''),
  panels: z
    .array(z.enum(DASHBOARD_PANELS, { error: rule('valid.enum') }), { error: rule('valid.type') })
    .min(1, { error: rule('dashboard.panelsRequired') })
    .max(DASHBOARD_PANELS.length)
    .transform((panels) => DASHBOARD_PANELS.filter((panel) => panels.includes(panel))),
  refreshSeconds: z.coerce
    .number({ error: rule('valid.type') })
    .int({ error: rule('valid.type') })
    .min(DASHBOARD_REFRESH_MIN, {
      error: rule('valid.range', { min: DASHBOARD_REFRESH_MIN, max: DASHBOARD_REFRESH_MAX }),
    })
    .max(DASHBOARD_REFRESH_MAX, {
      error: rule('valid.range', { min: DASHBOARD_REFRESH_MIN, max: DASHBOARD_REFRESH_MAX }),
    }),
});
export type DashboardSettingsBody = z.input<typeof dashboardSettingsBody>;
export type DashboardSettings = z.output<typeof dashboardSettingsBody>;
