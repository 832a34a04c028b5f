import { RateReport } from '../../../features/lighting/statistics/reports';

/** Online rate (statistics/online-rate): communicating devices online over time, from 10-minute samples. */
export function OnlineRatePage() {
  return <RateReport kind="online" />;
}
