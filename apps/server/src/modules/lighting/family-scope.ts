import { FAMILIES } from '@luxgrid/contracts/things/index';

/** Device types of the other families (manhole covers …), which share the device registry table. */
export const OTHER_FAMILY_TYPES = FAMILIES.filter((family) => family.code !== 'lighting').flatMap((family) =>
  family.types.map((type) => type.code),
);

/** SQL condition: the device (table alias) is not another family's; lighting's lists, tree and figures carry it. */
export const lightingOnly = (alias: string) =>
  OTHER_FAMILY_TYPES.length
    ? `${alias}.device_type not in (${OTHER_FAMILY_TYPES.map((type) => `'${type}'`).join(', ')})`
    : 'true';
