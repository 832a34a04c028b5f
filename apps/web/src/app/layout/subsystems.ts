import type { LinkedSystem } from '../../features/auth/types';
import { systemName } from '../../features/tenant/enter-system';
import { type AppRoute, routeTrail, systemEntryPath } from '../routes';
import { topMenuVisibleCount } from './top-menu';

/** A subsystem the top bar offers: one with menus here (the server leaves unbuilt ones out). */
export interface SwitcherItem {
  systemId: number;
  title: string;
  icon?: string;
  /** Its first page, opened when switching to it. */
  entry: string | null;
}

/**
 * The subsystems present in the menu, in the order of the systems list (then menu order);
 * titles in the interface language, falling back to the first catalogue's title.
 */
export function switcherItems(
  menu: readonly AppRoute[],
  systems: readonly LinkedSystem[],
  lang: string,
): SwitcherItem[] {
  const ids: number[] = [];
  for (const route of menu) {
    if (route.systemId !== undefined && !ids.includes(route.systemId)) ids.push(route.systemId);
  }
  const rank = (id: number) => {
    const at = systems.findIndex((system) => system.id === id);
    return at < 0 ? systems.length + ids.indexOf(id) : at;
  };
  return ids
    .sort((a, b) => rank(a) - rank(b))
    .map((systemId) => {
      const system = systems.find((item) => item.id === systemId);
      const first = menu.find((route) => route.systemId === systemId);
      return {
        systemId,
        title: system ? systemName(system, lang) : (first?.title ?? String(systemId)),
        icon: system?.icon || first?.icon,
        entry: systemEntryPath(menu, systemId),
      };
    });
}

/** The subsystem of the page on screen, else the one last chosen, else the first one. */
export function currentSystemId(
  menu: readonly AppRoute[],
  activeMenu: string,
  chosen: number | null,
  items: readonly SwitcherItem[],
): number | null {
  const shown = routeTrail(menu, activeMenu)[0]?.systemId;
  if (shown !== undefined) return shown;
  if (chosen !== null && items.some((item) => item.systemId === chosen)) return chosen;
  return items[0]?.systemId ?? null;
}

/** The sidebar shows the menus of the current subsystem only. */
export function menuOfSystem(menu: readonly AppRoute[], systemId: number | null): AppRoute[] {
  return systemId === null ? [...menu] : menu.filter((route) => route.systemId === systemId);
}

/**
 * Spec §2: the top bar shows about a third of the body width / 85 px of items, the rest under
 * "more". The current subsystem always stays in view: if it would fall under "more" it takes
 * the last visible place.
 */
export function splitSwitcher<T extends { systemId: number }>(
  items: readonly T[],
  bodyWidth: number | undefined,
  current: number | null,
): { visible: T[]; more: T[] } {
  const count = topMenuVisibleCount(bodyWidth);
  if (items.length <= count) return { visible: [...items], more: [] };
  const visible = items.slice(0, count);
  const more = items.slice(count);
  const hidden = more.findIndex((item) => item.systemId === current);
  if (hidden >= 0) {
    const [chosen] = more.splice(hidden, 1);
    const [bumped] = visible.splice(count - 1, 1, chosen);
    more.unshift(bumped);
  }
  return { visible, more };
}
