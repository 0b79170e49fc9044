import { CalendarClock, ClipboardList, LayoutDashboard, LifeBuoy, ListTodo, LogOut, type LucideIcon, Plug, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, useLocation } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { useSession, useSignOut } from '@client/lib/api/session';
import { hasAdminAccess } from '@shared/auth';
import { Logo } from './logo';
import { MenuToggle } from './menu-toggle';
import { LanguageSwitch, ThemeSwitch } from './preferences';
import { UnreadBadge } from './unread-badge';
import { useLanguageSync } from './use-language-sync';
import { paths } from '@shared/client-paths';

/** docs/product.md, "Client routes": the admin header links to orders, users and integrations (and the queue, support tickets, deadlines; the
 * team's activity opens from Users: the Spanish row has no room for one more link at 1280 px). */
const sections = [
  { to: paths.adminQueue(), label: 'nav.queue', icon: ListTodo },
  { to: paths.adminOrders(), label: 'nav.orders', icon: ClipboardList },
  { to: paths.adminUsers(), label: 'nav.users', icon: Users },
  { to: paths.adminIntegrations(), label: 'nav.integrations', icon: Plug },
  { to: paths.adminTickets(), label: 'nav.tickets', icon: LifeBuoy },
  { to: paths.adminCompliance(), label: 'nav.compliance', icon: CalendarClock },
] as const satisfies readonly { to: string; label: string; icon: LucideIcon }[];

const itemClasses = 'inline-flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors';
const sectionLink = ({ isActive }: { isActive: boolean }) =>
  `${itemClasses} ${isActive ? 'bg-brand-50 text-brand-700 dark:bg-brand-800 dark:text-gold-300' : 'text-fg hover:bg-surface-muted'}`;
const plainItem = `${itemClasses} text-fg hover:bg-surface-muted disabled:opacity-50`;
// icons only in the menu: with them the Spanish row is 36 px wider than the header's 78rem content
const itemIcon = 'size-4 shrink-0 @min-[76rem]:hidden';

/** The links and actions, laid out in a row (desktop) or a column (the phone menu). */
function AdminNavItems() {
  const { t } = useTranslation('admin');
  const { signOut: logout, signingOut } = useSignOut();
  // the administrator's own items of the queue: one still enrolling has no access to it yet
  const { user } = useSession();
  const counts = Boolean(user && hasAdminAccess(user));
  return (
    <>
      {sections.map(({ to, label, icon: Icon }) => (
        <NavLink key={to} to={to} end={to === paths.adminQueue()} className={sectionLink}>
          <Icon className={itemIcon} aria-hidden />
          <UnreadBadge counts={counts && to === paths.adminQueue() && 'mine'}>{t(label)}</UnreadBadge>
        </NavLink>
      ))}
      <span className="hidden h-6 w-px bg-(--border) @min-[76rem]:block" aria-hidden />
      <NavLink to={paths.dashboard()} className={sectionLink}>
        <LayoutDashboard className={itemIcon} aria-hidden />
        {t('nav.dashboard')}
      </NavLink>
      <button type="button" className={plainItem} disabled={signingOut} onClick={logout}>
        <LogOut className={itemIcon} aria-hidden />
        {t('nav.logout')}
      </button>
    </>
  );
}

/**
 * The header of every admin page, in place of the site header. The row of links (text only) fits from 76rem
 * in both languages, so a 1280 px screen keeps it (with icons, Spanish ran 36 px off any screen). A
 * container query (not a media query) measures that in the root font size, so at 200 % text the
 * phone menu takes over instead of the row running off screen.
 */
export function AdminHeader() {
  const { t } = useTranslation(['admin', 'common']);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useLanguageSync();

  return (
    <header className="@container sticky top-0 z-40 border-b border-line bg-surface">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-gold-400 focus:px-3 focus:py-2 focus:text-brand-900"
      >
        {t('common:skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4">
        <div className="flex items-center gap-2">
          {/* the tagline gives way to the Admin badge on phones (it would wrap to a third line) */}
          <Logo className="max-sm:[&_span_span]:hidden" />
          <span className="rounded-md bg-brand-700 px-1.5 py-0.5 text-[0.7rem] font-bold tracking-wider text-white uppercase dark:bg-gold-400 dark:text-brand-900">
            {t('nav.badge')}
          </span>
        </div>
        <nav aria-label={t('nav.label')} className="hidden items-center gap-1 @min-[76rem]:flex">
          <AdminNavItems />
          <span className="ml-1 flex items-center gap-2">
            <LanguageSwitch />
            <ThemeSwitch />
          </span>
        </nav>
        <div className="flex items-center gap-2 @min-[76rem]:hidden">
          <LanguageSwitch />
          <MenuToggle open={open} controls="admin-menu" onToggle={() => setOpen((value) => !value)} />
        </div>
      </div>
      {open && (
        // the header is sticky: a menu taller than the screen (large text) scrolls inside itself, or its end would be out of reach
        <nav
          id="admin-menu"
          aria-label={t('nav.label')}
          className="flex max-h-[calc(100dvh-4rem)] flex-col items-stretch gap-1 overflow-y-auto overscroll-contain border-t border-line px-4 py-3 @min-[76rem]:hidden"
        >
          <AdminNavItems />
          <div className="pt-2">
            <ThemeSwitch />
          </div>
        </nav>
      )}
    </header>
  );
}
