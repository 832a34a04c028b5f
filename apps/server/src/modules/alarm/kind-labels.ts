import type { Lang } from '@luxgrid/contracts';
import { eventLabel } from '@luxgrid/contracts/things/index';
import type { Deps } from '../../platform/context.ts';

/**
 * Labels of alarm kinds in one language (exports): the dictionary `alarm_config_type` for
 * lighting's 33 types, the thing model's event label for another family's kinds.
 */
export async function alarmKindLabels(deps: Deps, lang: Lang): Promise<(kind: unknown) => string> {
  const dict = await deps.dictionaries(lang, 'alarm_config_type');
  return (kind) => {
    const label = dict(kind);
    if (label !== String(kind)) return label;
    const model = eventLabel(String(kind));
    return model ? (lang === 'en-US' ? model.en : model.zh) : label;
  };
}
