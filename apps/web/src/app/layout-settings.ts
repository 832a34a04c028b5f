import { MOBILE_BREAKPOINT, THEME_DEFAULT } from '../shared/constants';
import { cookies, storage } from '../shared/storage';
import { createStore } from '../shared/store';

export interface LayoutSettings {
  theme: string;
  sideTheme: 'dark' | 'light';
  topNav: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  dynamicTitle: boolean;
}

/** Spec §9 defaults: #409EFF, dark side theme, fixed header off, tags view off, sidebar logo on. */
export const DEFAULT_LAYOUT: LayoutSettings = {
  theme: THEME_DEFAULT,
  sideTheme: 'dark',
  topNav: false,
  tagsView: false,
  fixedHeader: false,
  sidebarLogo: true,
  dynamicTitle: false,
};

export type UiSize = 'default' | 'medium' | 'small' | 'mini';
export const UI_SIZES: UiSize[] = ['default', 'medium', 'small', 'mini'];

export function readLayoutSettings(): LayoutSettings {
  const stored = storage.getJson<Partial<LayoutSettings>>(storage.keys.layout) ?? {};
  return { ...DEFAULT_LAYOUT, ...stored };
}

function readSize(): UiSize {
  const size = cookies.getSize() as UiSize | undefined;
  return size && UI_SIZES.includes(size) ? size : 'medium';
}

export interface UiState {
  settings: LayoutSettings;
  sidebarOpened: boolean;
  mobile: boolean;
  size: UiSize;
  settingsOpen: boolean;
}

const isMobileWidth = () =>
  typeof document !== 'undefined' && document.body.getBoundingClientRect().width < MOBILE_BREAKPOINT;

export const ui = createStore<UiState>({
  settings: readLayoutSettings(),
  sidebarOpened: cookies.getSidebarOpened(),
  mobile: false,
  size: readSize(),
  settingsOpen: false,
});

export function toggleSidebar(): void {
  const opened = !ui.get().sidebarOpened;
  if (!ui.get().mobile) cookies.setSidebarOpened(opened);
  ui.set({ sidebarOpened: opened });
}

/** Under 992 px the app is in mobile mode and the sidebar closes itself (spec §4). */
export function syncDevice(): void {
  const mobile = isMobileWidth();
  if (mobile === ui.get().mobile) return;
  ui.set(mobile ? { mobile, sidebarOpened: false } : { mobile, sidebarOpened: cookies.getSidebarOpened() });
}

export function setSize(size: UiSize): void {
  cookies.setSize(size);
  ui.set({ size });
}

export function saveLayoutSettings(settings: LayoutSettings): void {
  storage.setJson(storage.keys.layout, settings);
}

export function resetLayoutSettings(): void {
  storage.remove(storage.keys.layout);
}
