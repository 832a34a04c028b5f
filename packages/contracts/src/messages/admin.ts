import type { Bilingual } from '../i18n.ts';

/** Messages of users, roles, menus, departments, posts, dictionaries, notices, logs. Keys are prefixed by their area. */
export const ADMIN_MESSAGES = {} as const satisfies Record<string, Bilingual>;

/** Labels of the fields that validation messages of this area name. */
export const ADMIN_FIELDS: Record<string, Bilingual> = {};
