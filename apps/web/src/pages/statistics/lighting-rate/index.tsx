import { RateReport } from '../../../features/lighting/statistics/reports';

/** Lighting rate (statistics/lighting-rate): lamps lit among those their strategy wants lit, from 10-minute samples. */
export function LightingRatePage() {
  return <RateReport kind="lighting" />;
}
