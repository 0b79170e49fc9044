import { useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, useLocation } from '@client/lib/router';
import { homePathOf, safeReturnPath } from '@shared/routes';
import { useSession } from '@client/lib/api/session';
import { paths } from '@shared/client-paths';

type ReturnState = { from?: { pathname: string; search?: string; hash?: string } } | null;

/**
 * Where a guard sent the user from, if anywhere (an improvement on the spec's fixed targets): the
 * client's guard passes it in the history state, the server's redirect and the funnel's start
 * buttons as ?next=.
 */
export function useReturnPath(): string | null {
  const { state, search } = useLocation() as { state: ReturnState; search: string };
  const from = state?.from;
  if (from?.pathname) return safeReturnPath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
  return safeReturnPath(new URLSearchParams(search).get('next'));
}

const noSubscription = () => () => {};

/**
 * The link from /login to /signup and back: the return path (history state or ?next=) goes along.
 * The server prerendered these pages without a query, so ?next= joins the link once hydrated.
 */
export function useAuthSwitchLink(page: 'login' | 'signup'): { to: string; state: unknown } {
  const { state, search } = useLocation() as { state: ReturnState; search: string };
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const next = hydrated ? safeReturnPath(new URLSearchParams(search).get('next')) : null;
  return { to: paths[page](next ? { next } : {}), state };
}

/**
 * /login and /signup for someone already signed in: straight on to where signing in would take
 * them (the page a guard sent them from, else /admin/orders for administrators, /dashboard for
 * customers). The form shows while the session is still being asked for.
 */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const returnPath = useReturnPath();
  if (user) return <Navigate to={returnPath ?? homePathOf(user)} replace />;
  return children;
}
