import { eventLabel } from '@luxgrid/contracts/things/index';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../shared/dict';

/**
 * The label of an alarm kind: the dictionary's for lighting's 33 types (editable by the
 * administrator), the thing model's for another family's graded event (a cover's COVER_OPENED).
 * Stable while the dictionary and the language stay (charts may depend on it).
 */
export function useAlarmKindLabel(): (kind: string) => string {
  const types = useDict('alarm_config_type');
  const { i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  return useCallback(
    (kind: string) => {
      const own = types.find((o) => o.dictValue === kind)?.dictLabel;
      if (own) return own;
      const model = eventLabel(kind);
      return model ? (en ? model.en : model.zh) : kind;
    },
    [types, en],
  );
}
