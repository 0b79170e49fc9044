import { Navigate, Outlet, useLocation } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { PageSpinner } from '@client/components/ui/page-spinner';
import { useSession } from '@client/lib/api/session';
import { paths } from '@shared/client-paths';

/**
 * Convenience only: the server answers 401/403 on its own. A visitor is sent to /login with the
 * place they wanted, to come back to after signing in.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageSpinner label={t('loading')} />;
  if (!user) return <Navigate to={paths.login()} replace state={{ from: location }} />;
  return <Outlet />;
}

/**
 * Administrators only: visitors to /login (with the attempted location), others to /dashboard. One
 * without a second factor sees its enrolment instead of the page (app/layout/admin-layout.tsx).
 */
export function RequireAdmin() {
  const { t } = useTranslation();
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageSpinner label={t('loading')} />;
  if (!user) return <Navigate to={paths.login()} replace state={{ from: location }} />;
  if (!user.isAdmin) return <Navigate to={paths.dashboard()} replace />;
  return <Outlet />;
}
