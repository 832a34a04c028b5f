import {
  CompressOutlined,
  ExpandOutlined,
  FontSizeOutlined,
  HomeOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MessageOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Avatar, Badge, Breadcrumb, Button, Dropdown, Tooltip } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AlarmBadge } from '../../features/alarm/AlarmBadge';
import { CrewCenter, useUnreadMessages } from '../../features/mobile/CrewCenter';
import { PushNotice } from '../../features/mobile/PushNotice';
import { TerminalCheckIn } from '../../features/mobile/TerminalCheckIn';
import { ALL_CUSTOMERS_ID } from '../../shared/constants';
import { LangSelect } from '../../shared/LangSelect';
import { useStore } from '../../shared/store';
import { setSize, toggleSidebar, UI_SIZES, type UiSize, ui } from '../layout-settings';
import { type AppRoute, routeTrail } from '../routes';
import { logout, session } from '../session';
import { HeaderSearch } from './HeaderSearch';
import { ProjectSelector } from './ProjectSelector';
import { useSunTimes } from './sun';
import { TopMenu } from './TopMenu';
import { useRouteMeta } from './use-route-meta';

function Fullscreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const onChange = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      message.warning(t('navbar.fullscreenUnsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };
  return (
    <Tooltip title={t('navbar.fullscreen')}>
      <Button
        type="text"
        icon={full ? <CompressOutlined /> : <ExpandOutlined />}
        onClick={toggle}
        aria-label={t('navbar.fullscreen')}
      />
    </Tooltip>
  );
}

function SizeSelect() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const size = useStore(ui, (state) => state.size);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: UI_SIZES.map((key) => ({ key, label: t(`navbar.sizes.${key}`) })),
        onClick: ({ key }) => {
          setSize(key as UiSize);
          message.success(t('navbar.sizeChanged'));
        },
      }}
    >
      <Button
        type="text"
        icon={<FontSizeOutlined />}
        title={t('navbar.size')}
        aria-label={t('navbar.size')}
        data-testid="size-select"
      />
    </Dropdown>
  );
}

function SunInfo() {
  const { t } = useTranslation();
  const project = useStore(session, (state) => state.currentProject);
  const times = useSunTimes(project);
  return (
    <span className="lx-sun" data-testid="sun-times" data-computed={times.computed}>
      {t('navbar.sunrise')} {times.sunrise} · {t('navbar.sunset')} {times.sunset}
    </span>
  );
}

function AvatarMenu() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useStore(session, (state) => state.user);
  const unread = useUnreadMessages();
  const [crewCenter, setCrewCenter] = useState(false);
  const confirmLogout = () => {
    modal.confirm({
      title: t('common.hint'),
      content: t('navbar.logoutConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => logout(),
    });
  };
  return (
    <>
      <CrewCenter open={crewCenter} onClose={() => setCrewCenter(false)} />
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'profile', icon: <UserOutlined />, label: t('navbar.profile') },
            {
              key: 'messages',
              icon: <MessageOutlined />,
              label: (
                <Badge count={unread} size="small" offset={[8, 0]}>
                  {t('appFeedback.center')}
                </Badge>
              ),
            },
            { key: 'settings', icon: <SettingOutlined />, label: t('navbar.layoutSettings') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('navbar.logout'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'profile') navigate('/web/user/profile');
            if (key === 'messages') setCrewCenter(true);
            if (key === 'settings') ui.set({ settingsOpen: true });
            if (key === 'logout') confirmLogout();
          },
        }}
      >
        <Button type="text" data-testid="avatar-menu" style={{ paddingInline: 6 }}>
          <Badge dot={unread > 0} offset={[-2, 2]}>
            <Avatar size={28} src={user?.avatar || undefined} icon={<UserOutlined />} />
          </Badge>
          <span style={{ marginLeft: 6 }}>{user?.nickName || user?.userName}</span>
        </Button>
      </Dropdown>
    </>
  );
}

function Breadcrumbs({ menu }: { menu: AppRoute[] }) {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const trail = routeTrail(menu, meta.activeMenu);
  const items = [{ title: t('routes.home') }, ...trail.map((route) => ({ title: route.title }))];
  if (!trail.length && meta.activeMenu !== '/') items.push({ title: meta.title });
  return <Breadcrumb items={items} />;
}

export function Navbar({
  menu,
  showHamburger,
  switcher,
}: {
  /** The menus of the current subsystem. */
  menu: AppRoute[];
  showHamburger: boolean;
  /** The subsystem switcher, when the user has more than one subsystem. */
  switcher?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const opened = useStore(ui, (state) => state.sidebarOpened);
  const topNav = useStore(ui, (state) => state.settings.topNav);
  const mobile = useStore(ui, (state) => state.mobile);
  const [projectOpen, setProjectOpen] = useState(false);
  const project = useStore(session, (state) => state.currentProject);
  const allCustomers = useStore(session, (state) => state.currentCustomer?.id === ALL_CUSTOMERS_ID);

  return (
    <div className="lx-navbar" data-testid="navbar">
      <div className="lx-navbar-left">
        {showHamburger && (
          <Button
            type="text"
            icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={toggleSidebar}
            aria-label={t('navbar.toggleSidebar')}
            data-testid="hamburger"
          />
        )}
        {switcher}
        {topNav ? <TopMenu menu={menu} /> : !mobile && <Breadcrumbs menu={menu} />}
      </div>
      <div className="lx-navbar-right">
        {location.pathname !== '/' && (
          <Tooltip title={t('navbar.home')}>
            <Button
              type="text"
              icon={<HomeOutlined />}
              onClick={() => navigate('/')}
              aria-label={t('navbar.home')}
              data-testid="home-button"
            />
          </Tooltip>
        )}
        <HeaderSearch />
        {!mobile && <SunInfo />}
        <Tooltip title={t('navbar.switchProject')}>
          <span className="lx-project" onClick={() => setProjectOpen(true)} data-testid="project-name">
            {project?.name ?? (allCustomers ? t('customer.all') : t('navbar.noProject'))}
          </span>
        </Tooltip>
        <Tooltip title={t('navbar.help')}>
          <Button
            type="text"
            icon={<QuestionCircleOutlined />}
            href="/doc.html"
            target="_blank"
            aria-label={t('navbar.help')}
          />
        </Tooltip>
        <AlarmBadge />
        <PushNotice />
        <TerminalCheckIn />
        {!mobile && <Fullscreen />}
        <SizeSelect />
        <LangSelect />
        <AvatarMenu />
      </div>
      <ProjectSelector open={projectOpen} onClose={() => setProjectOpen(false)} />
    </div>
  );
}
