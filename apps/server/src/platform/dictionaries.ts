import type { Lang } from '@luxgrid/contracts';

/** Turns a dictionary's values into their labels in one language (exports, documents). */
export type DictionaryLabels = (lang: Lang, dictType: string) => Promise<(value: unknown) => string>;

/** Until the app is built, no dictionary can be read: a request reaching this is a wiring mistake. */
export const unwiredDictionaries: DictionaryLabels = async () => {
  throw new Error('no dictionary reader: buildApp wires the one of the system area');
};
