import { BadgeCheck } from 'lucide-react';
import { useTranslation } from '@client/lib/i18n';
import type { TSessionUser } from '@shared/auth';
import { SideCard } from './side-card';

/** Side panel: who is signed in, and the account status (docs/product.md: Active Member). */
export function AccountCard({ user }: { user: TSessionUser }) {
  const { t } = useTranslation('dashboard');
  const initial = user.name.trim().charAt(0).toUpperCase() || user.email.charAt(0).toUpperCase();
  return (
    <SideCard id="account-title" title={t('account.title')}>
      <div className="mt-4 flex items-center gap-3">
        <span
          aria-hidden
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white dark:bg-gold-400 dark:text-brand-900"
        >
          {initial}
        </span>
        <div className="min-w-0">
          {/* wrapped, not cut: a long email stays readable whole on a phone and at large text */}
          {user.name.trim() && <p className="font-semibold break-words">{user.name}</p>}
          <p className="text-sm wrap-anywhere text-muted">{user.email}</p>
        </div>
      </div>
      <div className="mt-4 flex items-center justify-between gap-3 border-t border-line pt-4 text-sm">
        <span className="text-muted">{t('account.status')}</span>
        <span className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900 dark:bg-green-900/40 dark:text-green-200">
          <BadgeCheck className="size-3.5" aria-hidden />
          {t('account.active')}
        </span>
      </div>
    </SideCard>
  );
}
