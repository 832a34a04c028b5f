import { Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SIDEBAR_COLLAPSED_WIDTH, sidebarWidth } from '../../shared/constants';
import { useStore } from '../../shared/store';
import { toggleSidebar } from '../layout-settings';
import { type AppRoute, routeTrail } from '../routes';
import { session } from '../session';
import { menuIcon } from './icons';
import { useRouteMeta } from './use-route-meta';

type MenuItem = Required<MenuProps>['items'][number];

export function routeTarget(route: AppRoute): string {
  if (!route.query) return route.path;
  try {
    const query = new URLSearchParams(JSON.parse(route.query) as Record<string, string>).toString();
    return query ? `${route.path}?${query}` : route.path;
  } catch {
    return route.path;
  }
}

/** A menu name; one still too long for the sidebar ends in an ellipsis and shows whole on hover. */
const menuLabel = (title: string) => (
  <span className="lx-menu-label" title={title}>
    {title}
  </span>
);

export function toMenuItems(routes: readonly AppRoute[]): MenuItem[] {
  return routes.map((route) => {
    const icon = menuIcon(route.icon);
    if (route.kind === 'external') {
      return {
        key: route.path,
        icon,
        label: (
          <a href={route.path} target="_blank" rel="noreferrer">
            {route.title}
          </a>
        ),
      };
    }
    // A catalogue with a single visible child and no alwaysShow collapses into that child (RuoYi habit).
    if (route.children.length === 1 && !route.alwaysShow && route.kind !== 'page') {
      const [only] = route.children;
      if (!only.children.length)
        return { key: only.path, icon: menuIcon(only.icon) ?? icon, label: menuLabel(only.title) };
    }
    if (route.children.length) {
      return { key: route.path, icon, label: menuLabel(route.title), children: toMenuItems(route.children) };
    }
    return { key: route.path, icon, label: menuLabel(route.title) };
  });
}

function findByKey(routes: readonly AppRoute[], key: string): AppRoute | undefined {
  for (const route of routes) {
    if (route.path === key) return route;
    const found = findByKey(route.children, key);
    if (found) return found;
  }
  return undefined;
}

interface SidebarProps {
  menu: AppRoute[];
  collapsed: boolean;
  mobile: boolean;
  theme: 'dark' | 'light';
  logo: boolean;
}

export function Sidebar({ menu, collapsed, mobile, theme, logo }: SidebarProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const meta = useRouteMeta();
  const customer = useStore(session, (state) => state.currentCustomer);
  const items = useMemo(() => toMenuItems(menu), [menu]);
  const trail = useMemo(() => routeTrail(menu, meta.activeMenu).map((route) => route.path), [menu, meta.activeMenu]);
  const [openKeys, setOpenKeys] = useState<string[]>(trail.slice(0, -1));

  useEffect(() => {
    setOpenKeys((keys) => Array.from(new Set([...keys, ...trail.slice(0, -1)])));
  }, [trail]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const route = findByKey(menu, key);
    if (!route || route.kind === 'external') return;
    navigate(routeTarget(route));
    if (mobile) toggleSidebar();
  };

  const title = customer?.platformName || t('app.title');
  return (
    <Layout.Sider
      className="lx-sider"
      width={sidebarWidth(i18n.language)}
      collapsedWidth={mobile ? 0 : SIDEBAR_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      theme={theme}
      data-testid="sidebar"
    >
      {logo && (
        <div className="lx-logo" title={title}>
          {customer?.logo ? <img src={customer.logo} alt="" /> : <img src="/logo.svg" alt="" />}
          {!collapsed && <span>{title}</span>}
        </div>
      )}
      <Menu
        mode="inline"
        theme={theme}
        items={items}
        selectedKeys={[meta.activeMenu]}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        onClick={onClick}
      />
    </Layout.Sider>
  );
}
