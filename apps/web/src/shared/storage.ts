import Cookies from 'js-cookie';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';

/** Keys kept in the browser. Login state is the presence of the access token (spec §4). */
const KEYS = {
  token: 'access_token',
  lang: 'lang',
  userInfo: 'userInfo',
  customers: 'customers',
  currentCustomer: 'currentCustomer',
  systems: 'systems',
  currentProject: 'currentProject',
  layout: 'layout-setting',
  firstNavigation: 'firstNavigation',
  monitorUrl: 'monitorUrl',
} as const;

function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  if (value === null || value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}

export const storage = {
  keys: KEYS,
  getToken: (): string | null => localStorage.getItem(KEYS.token),
  setToken: (token: string) => localStorage.setItem(KEYS.token, token),
  removeToken: () => localStorage.removeItem(KEYS.token),
  getLang(): Language {
    const lang = localStorage.getItem(KEYS.lang);
    return (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : DEFAULT_LANGUAGE;
  },
  setLang: (lang: Language) => localStorage.setItem(KEYS.lang, lang),
  getJson: readJson,
  setJson: writeJson,
  remove: (key: string) => localStorage.removeItem(key),
};

/** Sidebar open/closed and component size live in cookies (spec §4, §9). */
export const cookies = {
  getSidebarOpened: (): boolean => Cookies.get('sidebarStatus') !== '0',
  setSidebarOpened: (opened: boolean) => Cookies.set('sidebarStatus', opened ? '1' : '0'),
  getSize: (): string | undefined => Cookies.get('size'),
  setSize: (size: string) => Cookies.set('size', size),
};
