import { LightingDurationReport } from '../../../features/lighting/statistics/reports';

/** Lighting duration (lighting/lighting-duration): lit hours by lamp, group, project, day and month. */
export function LightingDurationPage() {
  return <LightingDurationReport />;
}
