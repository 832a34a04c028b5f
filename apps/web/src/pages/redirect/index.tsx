import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../../shared/PageLoading';

/** /redirect/{path}: leaves and re-enters a view so it mounts afresh (tab refresh, project switch). */
export function RedirectPage() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = location.pathname.replace(/^\/redirect/, '') || '/';
    navigate(target + location.search, { replace: true });
  }, [location.pathname, location.search, navigate]);
  return <PageLoading />;
}
