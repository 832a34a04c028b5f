import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../pages/error/404';
import { feedback } from '../shared/feedback';
import { PageLoading } from '../shared/PageLoading';
import { useStore } from '../shared/store';
import { AppLayout } from './layout/AppLayout';
import { InnerLink } from './layout/InnerLink';
import { hasPage, loadPage } from './pages';
import { type AppRoute, allowedGuardedRoutes, flattenLeaves, type GuardedRoute, generateRoutes } from './routes';
import { session } from './session';
import { ShellContext } from './shell-context';

function RoutePage({ route }: { route: AppRoute }) {
  if (route.kind === 'inner-link') return <InnerLink src={route.link ?? route.path} />;
  const Page = route.component ? loadPage(route.component) : null;
  if (!Page) return <NotFoundPage embedded />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

/** Guarded hidden routes accept numeric ids only; anything else is "not found". */
function GuardedPage({ route }: { route: GuardedRoute }) {
  const params = useParams();
  const id = Object.values(params).find((value) => value !== undefined && value !== params['*']);
  if (!id || !/^\d+$/.test(id)) return <Navigate to="/404" replace />;
  const Page = loadPage(route.component);
  if (!Page) return <NotFoundPage embedded />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

function HomePage() {
  const homePage = useStore(session, (state) => state.homePage);
  const Page = loadPage(`index/${homePage}`) ?? loadPage('index/Index');
  return Page ? (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  ) : (
    <NotFoundPage embedded />
  );
}

const relative = (path: string) => path.replace(/^\//, '');

/** Screens that fill the window without the menu, the navbar and the tabs (the map screen). */
const FULL_SCREEN = new Set(['map-screen/index']);
const isFullScreen = (route: AppRoute) => !!route.component && FULL_SCREEN.has(route.component.replace(/^\/+/, ''));

export function Shell() {
  const { t } = useTranslation();
  const serverRoutes = useStore(session, (state) => state.serverRoutes);
  const permissions = useStore(session, (state) => state.permissions);
  const routes = useMemo(() => generateRoutes(serverRoutes, hasPage), [serverRoutes]);
  const leaves = useMemo(() => flattenLeaves(routes), [routes]);
  const guarded = useMemo(() => allowedGuardedRoutes(permissions), [permissions]);
  const location = useLocation();

  useEffect(() => {
    if (leaves.length === 0) feedback.warning(t('session.noMenus'));
  }, [leaves.length, t]);

  const context = useMemo(() => ({ routes, leaves, guarded }), [routes, leaves, guarded]);

  return (
    <ShellContext.Provider value={context}>
      <Routes location={location}>
        {leaves.filter(isFullScreen).map((route) => (
          <Route key={route.path} path={relative(route.path)} element={<RoutePage route={route} />} />
        ))}
        <Route element={<AppLayout />}>
          <Route index element={<HomePage />} />
          <Route path="web/user/profile" element={<RoutePage route={profileRoute(t('routes.profile'))} />} />
          {leaves
            .filter((route) => !isFullScreen(route))
            .map((route) => (
              <Route key={route.path} path={relative(route.path)} element={<RoutePage route={route} />} />
            ))}
          {guarded.map((route) => (
            <Route key={route.path} path={relative(route.path)} element={<GuardedPage route={route} />} />
          ))}
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Route>
      </Routes>
    </ShellContext.Provider>
  );
}

function profileRoute(title: string): AppRoute {
  return {
    path: '/web/user/profile',
    title,
    hidden: true,
    kind: 'page',
    component: 'user/profile/index',
    resolved: true,
    noCache: false,
    alwaysShow: false,
    children: [],
  };
}
