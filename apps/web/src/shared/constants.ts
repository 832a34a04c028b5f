/** Business constants and limits of spec §9 — one place, so screens and tests agree. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const CAPTCHA_TIMEOUT_MS = 20_000;
export const REPEAT_SUBMIT_WINDOW_MS = 1_000;
export const SCROLL_TO_TOP_MS = 800;
export const SELECTION_DEBOUNCE_MS = 300;
export const DEFAULT_DEBOUNCE_MS = 1_000;
export const TRANSPORT_ERROR_DURATION_S = 5;

export const SYSTEM_ID = 100;
export const ALL_CUSTOMERS_ID = -1;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const PAGER_COUNT_MOBILE = 5;
export const PAGER_COUNT_DESKTOP = 7;
export const TABLE_DEFAULT_HEIGHT = 710;
export const DATE_COLUMN_WIDTH = 140;
export const DATE_RANGE_WIDTH = 160;

export const UPLOAD_FILE_TYPES = ['doc', 'xls', 'ppt', 'txt', 'pdf'] as const;
export const UPLOAD_FILE_SIZE_MB = 0.5;
export const UPLOAD_FILE_LIMIT = 5;
export const UPLOAD_IMAGE_TYPES = ['png', 'jpg', 'jpeg'] as const;
export const UPLOAD_IMAGE_SIZE_MB = 5;
export const UPLOAD_IMAGE_LIMIT = 5;
export const EDITOR_IMAGE_SIZE_MB = 5;
export const IMPORT_FILE_TYPES = ['xls', 'xlsx'] as const;
export const AVATAR_SIZE_MB = 2;

export const MOBILE_BREAKPOINT = 992;
export const DRAWER_WIDTH = 280;
export const SIDEBAR_WIDTH = 200;
/** English menu names run longer ("Terminal Configuration Query"): the sidebar is wider in English. */
export const SIDEBAR_WIDTH_EN = 256;
export const sidebarWidth = (lang: string): number => (lang === 'en-US' ? SIDEBAR_WIDTH_EN : SIDEBAR_WIDTH);
export const SIDEBAR_COLLAPSED_WIDTH = 54;
export const TOP_MENU_ITEM_WIDTH = 85;
export const TOP_MENU_DEFAULT_VISIBLE = 5;
export const CONTEXT_MENU_WIDTH = 105;
export const TAB_SCROLL_PADDING = 4;
export const DIALOG_DEFAULT_WIDTH = 1300;
export const DIALOG_MIN_SIZE = 800;
export const Z_INDEX_BASE = 1000;

export const THEME_DEFAULT = '#409EFF';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';
export const RANGE_DEFAULT_TIME = ['00:00:00', '23:59:59'] as const;

export const SUNRISE_FALLBACK = '06:30';
export const SUNSET_FALLBACK = '18:30';

export const SEARCH_WEIGHTS = { title: 0.7, path: 0.3 } as const;
export const SEARCH_THRESHOLD = 0.4;

export const ALL_PERMISSION = '*:*:*';
export const SUPER_ROLE = 'admin';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export const DEFAULT_MAP_CENTER = { longitude: 115.97, latitude: 40.46, city: 'Beijing' } as const;
