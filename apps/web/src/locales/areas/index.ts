import { alarmTexts } from './alarm';
import { dashboardTexts } from './dashboard';
import { gisTexts } from './gis';
import { lightingTexts } from './lighting';
import { lightingStatsTexts } from './lighting-stats';
import { lorawanTexts } from './lorawan';
import { manholeTexts } from './manhole';
import { mobileTexts } from './mobile';
import { monitorTexts } from './monitor';
import { opsTexts } from './ops';
import { strategyTexts } from './strategy';
import { systemTexts } from './system';
import { tenantTexts } from './tenant';
import { thingsTexts } from './things';
import { warehouseTexts } from './warehouse';

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
  warehouse: warehouseTexts,
  mobile: mobileTexts,
  gis: gisTexts,
  ops: opsTexts,
  dashboard: dashboardTexts,
};
