import { Dashboard } from '../../../features/dashboard/Dashboard';

/** The overview wall screen (dashboard.overview). */
export default function OverviewDashboardPage() {
  return <Dashboard kind="overview" />;
}
