import { Dashboard } from '../../../features/dashboard/Dashboard';

/** The lighting wall screen (dashboard.lighting). */
export default function LightingDashboardPage() {
  return <Dashboard kind="lighting" />;
}
