import { NeedProject, useProjectId } from '../../../features/lighting/project';
import { ApplyScreen } from '../../../features/lighting/task/ApplyScreen';
import '../../../features/lighting/lighting.css';

/** Group apply (lighting/group-apply): groups, tags, boxes' branches, picked devices or the whole project, followed live. */
export function GroupApplyPage() {
  return (
    <NeedProject testId="group-apply-page">
      <ApplyScreen key={useProjectId() ?? 0} mode="group" />
    </NeedProject>
  );
}
