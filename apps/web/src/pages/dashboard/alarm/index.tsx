import { Dashboard } from '../../../features/dashboard/Dashboard';

/** The alarm wall screen (dashboard.alarm). */
export default function AlarmDashboardPage() {
  return <Dashboard kind="alarm" />;
}
