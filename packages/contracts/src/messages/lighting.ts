import type { Bilingual } from '../i18n.ts';

/** Messages of devices, models, groups, tags, imports, the device gateway. Keys are prefixed by their area. */
export const LIGHTING_MESSAGES = {} as const satisfies Record<string, Bilingual>;

/** Labels of the fields that validation messages of this area name. */
export const LIGHTING_FIELDS: Record<string, Bilingual> = {};
