import { Layout } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { applyDocumentLanguage } from '../../locales';
import { SIDEBAR_COLLAPSED_WIDTH, sidebarWidth } from '../../shared/constants';
import { useStore } from '../../shared/store';
import { syncDevice, toggleSidebar, ui } from '../layout-settings';
import { routeTrail, visibleMenu } from '../routes';
import { useShellRoutes } from '../shell-context';
import { addView, HOME_VIEW_PATH } from '../tags';
import { Navbar } from './Navbar';
import { SettingsDrawer } from './SettingsDrawer';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { useRouteMeta } from './use-route-meta';
import './layout.css';

/** The back-office frame: sidebar, navbar, tabs of visited views, main area, settings drawer. */
export function AppLayout() {
  const { i18n } = useTranslation();
  const { routes } = useShellRoutes();
  const location = useLocation();
  const settings = useStore(ui, (state) => state.settings);
  const opened = useStore(ui, (state) => state.sidebarOpened);
  const mobile = useStore(ui, (state) => state.mobile);
  const meta = useRouteMeta();

  useEffect(() => {
    syncDevice();
    window.addEventListener('resize', syncDevice);
    return () => window.removeEventListener('resize', syncDevice);
  }, []);

  // Every page the user opens becomes a tab; home is pinned.
  useEffect(() => {
    addView({ fullPath: '/', path: HOME_VIEW_PATH, title: '', affix: true });
  }, []);
  useEffect(() => {
    if (location.pathname === HOME_VIEW_PATH) return;
    addView({
      fullPath: location.pathname + location.search,
      path: location.pathname,
      title: meta.title,
      affix: false,
    });
  }, [location.pathname, location.search, meta.title]);

  useEffect(() => {
    applyDocumentLanguage(settings.dynamicTitle ? meta.title : undefined);
  }, [settings.dynamicTitle, meta.title]);

  const menu = useMemo(() => visibleMenu(routes), [routes]);
  // Top-menu mode: the sidebar shows the children of the active top entry, and hides when there are none.
  const sideMenu = useMemo(() => {
    if (!settings.topNav) return menu;
    const top = routeTrail(menu, meta.activeMenu)[0];
    return top?.children ?? [];
  }, [menu, settings.topNav, meta.activeMenu]);
  const showSidebar = sideMenu.length > 0;
  const siderWidth = showSidebar ? (opened ? sidebarWidth(i18n.language) : mobile ? 0 : SIDEBAR_COLLAPSED_WIDTH) : 0;

  return (
    <Layout className={`lx-layout${settings.fixedHeader ? ' lx-fixed-header' : ''}`} hasSider>
      {showSidebar && (
        <Sidebar
          menu={sideMenu}
          collapsed={!opened}
          mobile={mobile}
          theme={settings.sideTheme}
          logo={settings.sidebarLogo}
        />
      )}
      {mobile && opened && showSidebar && <div className="lx-drawer-bg" onClick={toggleSidebar} aria-hidden="true" />}
      <Layout style={{ marginLeft: mobile ? 0 : siderWidth, transition: 'margin-left 0.2s' }}>
        <div className="lx-header">
          <Navbar menu={menu} showHamburger={showSidebar} />
          {settings.tagsView && <TagsView />}
        </div>
        <Layout.Content className="lx-main" data-testid="app-main">
          <Outlet />
        </Layout.Content>
      </Layout>
      <SettingsDrawer />
    </Layout>
  );
}
