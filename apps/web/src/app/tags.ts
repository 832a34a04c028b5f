import { createStore } from '../shared/store';

export interface VisitedView {
  /** pathname + search: the tab's identity */
  fullPath: string;
  path: string;
  title: string;
  affix: boolean;
}

export const HOME_VIEW_PATH = '/';

export const tags = createStore<{ views: VisitedView[] }>({ views: [] });

export function addView(view: VisitedView): void {
  const { views } = tags.get();
  const index = views.findIndex((item) => item.path === view.path);
  if (index === -1) {
    tags.set({ views: [...views, view] });
  } else if (views[index].fullPath !== view.fullPath || views[index].title !== view.title) {
    const next = [...views];
    next[index] = { ...views[index], fullPath: view.fullPath, title: view.title };
    tags.set({ views: next });
  }
}

/** Pure tab-closing rules; affixed tabs always stay (spec §2). */
export const closeRules = {
  current: (views: VisitedView[], path: string) => views.filter((view) => view.affix || view.path !== path),
  others: (views: VisitedView[], path: string) => views.filter((view) => view.affix || view.path === path),
  left: (views: VisitedView[], path: string) => {
    const index = views.findIndex((view) => view.path === path);
    return views.filter((view, i) => view.affix || i >= index);
  },
  right: (views: VisitedView[], path: string) => {
    const index = views.findIndex((view) => view.path === path);
    return views.filter((view, i) => view.affix || i <= index);
  },
  all: (views: VisitedView[]) => views.filter((view) => view.affix),
};

export type CloseKind = keyof typeof closeRules;

/** Applies a rule and returns the view to show next when the active one was closed. */
export function closeViews(kind: CloseKind, path: string, activePath: string): VisitedView | null {
  const before = tags.get().views;
  const after = closeRules[kind](before, path);
  tags.set({ views: after });
  if (after.some((view) => view.path === activePath)) return null;
  return after[after.length - 1] ?? null;
}

export function resetViews(): void {
  tags.set({ views: [] });
}
