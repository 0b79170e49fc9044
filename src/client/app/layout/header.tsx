import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { buttonClasses } from '@client/components/ui/button-classes';
import { useSession, useSignOut } from '@client/lib/api/session';
import { Logo } from './logo';
import { MenuToggle } from './menu-toggle';
import { LanguageSwitch, ThemeSwitch } from './preferences';
import { UnreadBadge } from './unread-badge';
import { useLanguageSync } from './use-language-sync';
import { paths } from '@shared/client-paths';

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'text-brand-700 dark:text-gold-300' : 'text-fg hover:bg-surface-muted'}`;

function NavItems() {
  const { t } = useTranslation();
  const { user, isPending } = useSession();
  const { signOut, signingOut } = useSignOut();

  if (isPending) return <span className="h-9 w-40" aria-hidden="true" />;
  if (!user) {
    return (
      <>
        <NavLink to={paths.login()} className={navLink}>
          {t('nav.login')}
        </NavLink>
        <Link to={paths.signup()} className={buttonClasses('primary', 'sm')}>
          {t('nav.signup')}
        </Link>
      </>
    );
  }
  return (
    <>
      {user.isAdmin && (
        <NavLink to={paths.adminOrders()} className={navLink}>
          {t('nav.admin')}
        </NavLink>
      )}
      <NavLink to={paths.dashboard()} className={navLink}>
        <UnreadBadge counts={!user.isAdmin && 'unread'}>{t('nav.dashboard')}</UnreadBadge>
      </NavLink>
      <Link to={paths.order()} className={buttonClasses('primary', 'sm')}>
        {t('nav.createLlc')}
      </Link>
      <button type="button" className={navLink({ isActive: false })} disabled={signingOut} onClick={signOut}>
        {t('nav.logout')}
      </button>
    </>
  );
}

export function Header() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  // here once, not in NavItems: the phone menu renders those a second time
  useLanguageSync();

  return (
    // the menu switches on the header's width in rem (a container query, like the admin header's), so
    // large text (400 % on a 1280 px screen) gets the phone menu, not a row that runs off the screen
    <header className="@container sticky top-0 z-40 border-b border-line bg-surface">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-gold-400 focus:px-3 focus:py-2 focus:text-brand-900"
      >
        {t('skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        {/* the whole width after the logo, items to the right: when the session answers and its links
            replace the placeholder, the language and theme switches stay where they are (no layout shift) */}
        <nav aria-label={t('nav.mainNavigation')} className="hidden flex-1 items-center justify-end gap-2 @3xl:flex">
          <NavItems />
          <LanguageSwitch />
          <ThemeSwitch />
        </nav>
        <div className="flex items-center gap-2 @3xl:hidden">
          <LanguageSwitch />
          <MenuToggle open={open} controls="mobile-menu" onToggle={() => setOpen((value) => !value)} />
        </div>
      </div>
      {open && (
        <nav id="mobile-menu" aria-label={t('nav.mainNavigation')} className="flex flex-col items-stretch gap-2 border-t border-line px-4 py-3 @3xl:hidden">
          <NavItems />
          <div className="pt-1">
            <ThemeSwitch />
          </div>
        </nav>
      )}
    </header>
  );
}
