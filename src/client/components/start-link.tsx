import type { ReactNode } from 'react';
import { Link } from '@client/lib/router';
import { signupPath } from '@shared/routes';
import { useSession } from '@client/lib/api/session';
import { paths } from '@shared/client-paths';

/**
 * The funnel's Start buttons: the order wizard for someone signed in; for a visitor (and
 * in a prerendered page, rendered with nobody signed in) sign-up first, then on to the wizard.
 */
export function StartLink({ to = paths.order(), className, children }: { to?: string; className: string; children: ReactNode }) {
  const { user } = useSession();
  return (
    <Link to={user ? to : signupPath(to)} className={className}>
      {children}
    </Link>
  );
}
