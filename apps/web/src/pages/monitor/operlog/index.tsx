import { OperLogTable } from './components/OperLogTable';

/** Operation logs (monitor/operlog): every recorded operation, with detail, delete, clean and export. */
export function OperLogPage() {
  return (
    <div className="lx-page" data-testid="operlog-page">
      <OperLogTable kind="operlog" />
    </div>
  );
}
