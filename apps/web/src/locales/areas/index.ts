import { alarmTexts } from './alarm';
import { dashboardTexts } from './dashboard';
import { lightingTexts } from './lighting';
import { lightingStatsTexts } from './lighting-stats';
import { lorawanTexts } from './lorawan';
import { manholeTexts } from './manhole';
import { monitorTexts } from './monitor';
import { strategyTexts } from './strategy';
import { systemTexts } from './system';
import { tenantTexts } from './tenant';
import { thingsTexts } from './things';

/** Texts of each area live in their own file, so that areas grow side by side. */
export const AREA_TEXTS = {
  system: systemTexts,
  monitor: monitorTexts,
  tenant: tenantTexts,
  lighting: lightingTexts,
  lightingStats: lightingStatsTexts,
  manhole: manholeTexts,
  strategy: strategyTexts,
  alarm: alarmTexts,
  lorawan: lorawanTexts,
  things: thingsTexts,
  dashboard: dashboardTexts,
};
