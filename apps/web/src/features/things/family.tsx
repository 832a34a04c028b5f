import type { DeviceTypeDefinition } from '@luxgrid/contracts/things/types';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { connectionStatus, type FamilyApi, type FamilyStatus } from './model';

/** What a device family's page is made of: the rest comes from the thing model. */
export interface DeviceFamily {
  /** the family's device type in the thing model: readings (live, chart), events, commands */
  type: DeviceTypeDefinition;
  api: FamilyApi;
  /** permission prefix of the family's device routes, e.g. 'manhole:device' */
  perm: string;
  /** test ids of the page start with it: `<testId>-page`, `<testId>-table`, `<testId>-drawer` … */
  testId: string;
  /** the export's file name, without date and extension */
  fileName: string;
  /** where the words of enum readings live: `<valueTexts>.<field>.<value>` */
  valueTexts?: string;
  /** the device's state and colour; alarm / online / offline unless the family says more */
  status?: (device: { commState: string; alarms: readonly string[]; values: Record<string, unknown> }) => FamilyStatus;
  /** where the words of the states live: `<statusTexts>.<key>` */
  statusTexts?: string;
}

/** A device's state as a coloured tag, in the family's words. */
export function StatusTag({
  family,
  device,
}: {
  family: DeviceFamily;
  device: { commState: string; alarms: readonly string[]; values: Record<string, unknown> };
}) {
  const { t } = useTranslation();
  const status = (family.status ?? connectionStatus)(device);
  return (
    <Tag color={status.colour} data-testid={`${family.testId}-status`}>
      {t(`${family.statusTexts ?? 'familyStatus'}.${status.key}`)}
    </Tag>
  );
}
