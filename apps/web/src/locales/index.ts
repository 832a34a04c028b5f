import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../shared/constants';
import { storage } from '../shared/storage';
import { AREA_TEXTS } from './areas';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: storage.getLang(),
  fallbackLng: 'zh-CN',
  resources: {
    'zh-CN': { translation: Object.assign({}, zhCN, ...Object.values(AREA_TEXTS).map((a) => a['zh-CN'])) },
    'en-US': { translation: Object.assign({}, enUS, ...Object.values(AREA_TEXTS).map((a) => a['en-US'])) },
  },
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Applies the stored language to the document: html lang and title (spec §4). */
export function applyDocumentLanguage(title?: string): void {
  document.documentElement.lang = storage.getLang();
  document.title = title ? `${title} - ${i18n.t('app.title')}` : i18n.t('app.title');
}

/** Stores the language, which every later request sends as Accept-Language, then reloads. */
export function changeLanguage(lang: Language, reload: () => void = () => window.location.reload()): void {
  storage.setLang(lang);
  void i18n.changeLanguage(lang);
  applyDocumentLanguage();
  reload();
}
