import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { findRoute, matchGuarded } from '../routes';
import { useShellRoutes } from '../shell-context';

export interface RouteMeta {
  title: string;
  /** The menu entry that should appear selected for this page. */
  activeMenu: string;
  noCache: boolean;
}

/** Title and active menu of any path the shell can show. */
export function useRouteMeta(pathname?: string): RouteMeta {
  const { t } = useTranslation();
  const location = useLocation();
  const { routes, guarded } = useShellRoutes();
  const path = pathname ?? location.pathname;
  if (path === '/') return { title: t('routes.home'), activeMenu: '/', noCache: false };
  if (path === '/web/user/profile') return { title: t('routes.profile'), activeMenu: path, noCache: false };
  const route = findRoute(routes, path);
  if (route) return { title: route.title, activeMenu: route.path, noCache: route.noCache };
  const hidden = guarded.find((item) => matchGuarded(item.path, path));
  if (hidden) return { title: t(hidden.titleKey), activeMenu: hidden.activeMenu, noCache: false };
  return { title: t('error.notFoundTitle'), activeMenu: path, noCache: false };
}
