import Fuse, { type IFuseOptions } from 'fuse.js';
import { SEARCH_THRESHOLD, SEARCH_WEIGHTS } from '../../shared/constants';
import type { AppRoute } from '../routes';

export interface SearchEntry {
  path: string;
  /** Titles from the outermost catalogue down to the page. */
  title: string[];
}

/** Spec §2: title weight 0.7, path weight 0.3, threshold 0.4. */
export const ROUTE_SEARCH_OPTIONS: IFuseOptions<SearchEntry> = {
  shouldSort: true,
  threshold: SEARCH_THRESHOLD,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: SEARCH_WEIGHTS.title },
    { name: 'path', weight: SEARCH_WEIGHTS.path },
  ],
};

/** Every visible page and embedded link, with its breadcrumb of titles. */
export function searchPool(routes: readonly AppRoute[], prefix: string[] = []): SearchEntry[] {
  const entries: SearchEntry[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const title = [...prefix, route.title];
    if (route.kind === 'page' || route.kind === 'inner-link' || route.kind === 'external') {
      entries.push({ path: route.path, title });
    }
    entries.push(...searchPool(route.children, title));
  }
  return entries;
}

export function createRouteSearch(pool: readonly SearchEntry[]) {
  const fuse = new Fuse(pool, ROUTE_SEARCH_OPTIONS);
  return (query: string): SearchEntry[] => (query.trim() ? fuse.search(query.trim()).map((hit) => hit.item) : []);
}
