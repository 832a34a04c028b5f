import { type Lang, type MessageKey, message } from '@luxgrid/contracts';

export { pickLang } from '@luxgrid/contracts';

export function t(lang: Lang, key: MessageKey, params?: Record<string, unknown>): string {
  return message(key, lang, params);
}

/** Chooses the label for the request's language, falling back to the Chinese one. */
export function localized(lang: Lang, zh: string, en: string | null | undefined): string {
  return lang === 'en-US' && en ? en : zh;
}
