import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { i18n } from '../locales';
import { feedback } from '../shared/feedback';
import { PageLoading } from '../shared/PageLoading';
import { useStore } from '../shared/store';
import { clearSession, loadSession, session } from './session';

const LoginPage = lazy(() => import('../pages/login/index').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('../pages/register/index').then((m) => ({ default: m.RegisterPage })));
const NotFoundPage = lazy(() => import('../pages/error/404').then((m) => ({ default: m.NotFoundPage })));
const UnauthorizedPage = lazy(() => import('../pages/error/401').then((m) => ({ default: m.UnauthorizedPage })));
const RedirectPage = lazy(() => import('../pages/redirect/index').then((m) => ({ default: m.RedirectPage })));
const Shell = lazy(() => import('./Shell').then((m) => ({ default: m.Shell })));
const InitialPasswordPage = lazy(() =>
  import('../pages/user/initial-password/index').then((m) => ({ default: m.InitialPasswordPage })),
);

/** History-mode navigation starts every new page at the top (spec §2). */
function ScrollReset() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Login with a token goes home; otherwise the page itself. */
function LoginRoute() {
  const token = useStore(session, (state) => state.token);
  return token ? <Navigate to="/" replace /> : <LoginPage />;
}

/**
 * Everything outside the open routes needs a token. The first entry of a reloaded page
 * loads user, permissions, customers and menus before the shell renders.
 */
function AuthGate() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useStore(session, (state) => state.token);
  const routesLoaded = useStore(session, (state) => state.routesLoaded);
  const mustChange = useStore(session, (state) => state.passwordMustChange);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!token || routesLoaded || failed || mustChange) return;
    let cancelled = false;
    loadSession().catch((error: unknown) => {
      if (cancelled) return;
      setFailed(true);
      if (error instanceof Error && error.name !== 'RequestError') feedback.error(error.message);
      clearSession();
      navigate('/', { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [token, routesLoaded, failed, mustChange, navigate]);

  if (!token) {
    const full = location.pathname + location.search + location.hash;
    return <Navigate to={`/login?redirect=${encodeURIComponent(full)}`} replace />;
  }
  // whatever the address, nothing but the change-password screen until the initial password is replaced
  if (mustChange) return <InitialPasswordPage />;
  if (!routesLoaded) return <PageLoading />;
  return (
    <div data-auth-gate="" style={{ display: 'contents' }}>
      <Shell />
    </div>
  );
}

export function AppRoutes() {
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, []);
  return (
    <>
      <ScrollReset />
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/login" element={<LoginRoute />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="/401" element={<UnauthorizedPage />} />
          <Route path="/redirect/*" element={<RedirectPage />} />
          <Route path="*" element={<AuthGate />} />
        </Routes>
      </Suspense>
    </>
  );
}
