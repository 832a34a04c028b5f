import type { Bilingual } from '../i18n.ts';

/** Messages of customers, projects, packages, subscriptions, subsystems. Keys are prefixed by their area. */
export const TENANT_MESSAGES = {} as const satisfies Record<string, Bilingual>;

/** Labels of the fields that validation messages of this area name. */
export const TENANT_FIELDS: Record<string, Bilingual> = {};
