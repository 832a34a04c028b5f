import { Layout } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { applyDocumentLanguage } from '../../locales';
import { SIDEBAR_COLLAPSED_WIDTH, sidebarWidth } from '../../shared/constants';
import { useStore } from '../../shared/store';
import { syncDevice, toggleSidebar, ui } from '../layout-settings';
import { routeTrail, visibleMenu } from '../routes';
import { session } from '../session';
import { useShellRoutes } from '../shell-context';
import { addView, HOME_VIEW_PATH } from '../tags';
import { Navbar } from './Navbar';
import { SettingsDrawer } from './SettingsDrawer';
import { Sidebar } from './Sidebar';
import { SubsystemSwitcher } from './SubsystemSwitcher';
import { currentSystemId, menuOfSystem, type SwitcherItem, switcherItems } from './subsystems';
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

  const navigate = useNavigate();
  const systems = useStore(session, (state) => state.systems);
  const menu = useMemo(() => visibleMenu(routes), [routes]);
  // The top bar switches subsystem; the page on screen decides which one is current (deep links too).
  const switcher = useMemo(() => switcherItems(menu, systems, i18n.language), [menu, systems, i18n.language]);
  const [chosen, setChosen] = useState<number | null>(null);
  const current = currentSystemId(menu, meta.activeMenu, chosen, switcher);
  useEffect(() => {
    if (current !== null) setChosen(current);
  }, [current]);
  const onSwitch = useCallback(
    (item: SwitcherItem) => {
      setChosen(item.systemId);
      if (item.entry) navigate(item.entry);
    },
    [navigate],
  );
  const systemMenu = useMemo(() => menuOfSystem(menu, current), [menu, current]);
  // Top-menu mode: the sidebar shows the children of the active top entry, and hides when there are none.
  const sideMenu = useMemo(() => {
    if (!settings.topNav) return systemMenu;
    const top = routeTrail(systemMenu, meta.activeMenu)[0];
    return top?.children ?? [];
  }, [systemMenu, settings.topNav, meta.activeMenu]);
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
          <Navbar
            menu={systemMenu}
            showHamburger={showSidebar}
            switcher={
              switcher.length > 1 ? (
                <SubsystemSwitcher items={switcher} current={current} onSwitch={onSwitch} />
              ) : undefined
            }
          />
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
