import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AppRoute, firstRoutePath, routeTrail } from '../routes';
import { menuIcon } from './icons';
import { topMenuVisibleCount } from './top-menu';
import { useRouteMeta } from './use-route-meta';

/** Top-menu mode: the first N catalogues in the bar, the rest under "more". */
export function TopMenu({ menu }: { menu: AppRoute[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const meta = useRouteMeta();
  const [visible, setVisible] = useState(() => topMenuVisibleCount(document.body?.offsetWidth));

  useEffect(() => {
    const onResize = () => setVisible(topMenuVisibleCount(document.body.offsetWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const active = routeTrail(menu, meta.activeMenu)[0]?.path;
  const items = useMemo<MenuProps['items']>(() => {
    const toItem = (route: AppRoute) => ({ key: route.path, icon: menuIcon(route.icon), label: route.title });
    const shown = menu.slice(0, visible).map(toItem);
    const rest = menu.slice(visible);
    return rest.length ? [...shown, { key: '__more', label: t('navbar.moreMenu'), children: rest.map(toItem) }] : shown;
  }, [menu, visible, t]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const route = menu.find((item) => item.path === key);
    if (!route) return;
    if (route.kind === 'external') {
      window.open(route.path, '_blank');
      return;
    }
    const target = route.kind === 'page' || route.kind === 'inner-link' ? route.path : firstRoutePath(route.children);
    if (target) navigate(target);
  };

  return (
    <Menu
      className="lx-top-menu"
      mode="horizontal"
      items={items}
      selectedKeys={active ? [active] : []}
      onClick={onClick}
      data-testid="top-menu"
    />
  );
}
