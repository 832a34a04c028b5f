import { OperLogTable } from '../operlog/components/OperLogTable';

/** User operation logs (monitor/userlog): the operations of customer users, with detail and export. */
export function UserLogPage() {
  return (
    <div className="lx-page" data-testid="userlog-page">
      <OperLogTable kind="userlog" />
    </div>
  );
}
