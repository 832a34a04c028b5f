import type { Bilingual } from '../i18n.ts';

/** Messages of scheduled jobs, cache, server and database monitors, code generator. Keys are prefixed by their area. */
export const MONITOR_MESSAGES = {} as const satisfies Record<string, Bilingual>;

/** Labels of the fields that validation messages of this area name. */
export const MONITOR_FIELDS: Record<string, Bilingual> = {};
