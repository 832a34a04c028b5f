import type { Area } from '../../platform/area.ts';
import { alarmDetection } from './detection/detection.ts';
import { alarmRoutes } from './list/alarm.routes.ts';
import { notifyRoutes } from './notify/notify.routes.ts';
import { notifyWorker } from './notify/worker.ts';
import { settingsRoutes } from './settings/settings.routes.ts';

/**
 * Alarms of smart lighting: settings per project, detection from the device hub's events, readings
 * and presence, the alarm list and its operator workflow, live pushes. Its screens
 * (`lighting/alarm`, `lighting/alarm-config`) are pages of the lighting menus, served by the lighting area.
 */
export const alarmArea: Area = {
  name: 'alarm',
  menus: [],
  routes: (deps) => [settingsRoutes(deps), alarmRoutes(deps), notifyRoutes(deps)],
  listens: (deps) => {
    void alarmDetection(deps).listen();
    notifyWorker(deps).start();
  },
};
