import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { ApplyScreen } from '../../../features/lighting/task/ApplyScreen';
import '../../../features/lighting/lighting.css';

/** Single-device apply (lighting/single-apply): one lamp, RTU, branch or box, any action, followed live. */
export function SingleApplyPage() {
  return (
    <NeedProject testId="single-apply-page">
      <ApplyScreen key={useProjectId() ?? 0} mode="single" />
    </NeedProject>
  );
}
