import type { Area } from '../../platform/area.ts';
import { alarmDetection } from './detection/detection.ts';
import { alarmRoutes } from './list/alarm.routes.ts';
import { familyAlarmRoutes } from './list/family.routes.ts';
import { notifyRoutes } from './notify/notify.routes.ts';
import { cleanDeliveriesJob } from './notify/retention.ts';
import { notifyWorker } from './notify/worker.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { alarmFigures } from './statistics/alarm-figures.ts';
import { statisticsRoutes } from './statistics/statistics.routes.ts';

/**
 * Alarms of smart lighting and of every other device family's graded events: settings per project, detection from the device hub's events, readings
 * and presence, the alarm list and its operator workflow, live pushes, alarm and fault statistics
 * (`statistics/alarm`, `statistics/fault`) and the home pages'
 * alarm figures. Its other screens
 * (`lighting/alarm`, `lighting/alarm-config`) are pages of the lighting menus, served by the lighting area.
 */
export const alarmArea: Area = {
  name: 'alarm',
  menus: ['statistics/alarm', 'statistics/fault'],
  figures: { alarms: alarmFigures },
  jobs: [cleanDeliveriesJob],
  // the outward notification worker polls the database: it stops with the HTTP server, before the database closes
  hooks: (app, deps) => app.addHook('onClose', async () => notifyWorker(deps).stop()),
  routes: (deps) => [
    settingsRoutes(deps),
    alarmRoutes(deps),
    familyAlarmRoutes(deps),
    notifyRoutes(deps),
    statisticsRoutes(deps),
  ],
  listens: (deps) => {
    void alarmDetection(deps).listen();
    notifyWorker(deps).start();
  },
};
