import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type PageModule = Record<string, unknown>;

/** Every screen file, loaded lazily: 'system/user/index' → ../pages/system/user/index.tsx. */
const modules = import.meta.glob<PageModule>([
  '../pages/**/*.tsx',
  '!../pages/**/*.test.tsx',
  '!../pages/**/components/**',
]);

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

export function pageFile(component: string): string {
  return `../pages/${component.replace(/^\/+/, '').replace(/\.tsx$/, '')}.tsx`;
}

export function hasPage(component: string): boolean {
  return pageFile(component) in modules;
}

/** The page's component: its default export if any, else its first exported component. */
function pickComponent(module: PageModule): ComponentType {
  if (typeof module.default === 'function') return module.default as ComponentType;
  const exported = Object.values(module).find((value) => typeof value === 'function');
  if (!exported) throw new Error('page module exports no component');
  return exported as ComponentType;
}

export function loadPage(component: string): LazyExoticComponent<ComponentType> | null {
  const file = pageFile(component);
  const loader = modules[file];
  if (!loader) return null;
  let page = cache.get(file);
  if (!page) {
    page = lazy(async () => ({ default: pickComponent(await loader()) }));
    cache.set(file, page);
  }
  return page;
}
