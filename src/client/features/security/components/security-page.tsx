import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TSessionUser } from '@shared/auth';
import { paths } from '@shared/client-paths';
import { useTranslation } from '@client/lib/i18n';
import { Link } from '@client/lib/router';
import { PasskeysPanel } from './passkeys-panel';
import { SecondFactorPanel } from './second-factor-panel';
import { SessionsPanel } from './sessions-panel';

/** /dashboard/security: the second factor, passkeys, the account's sessions, then `children` (the account's data to take or erase). */
export function SecurityPage({ user, children }: { user: TSessionUser; children?: ReactNode }) {
  const { t } = useTranslation('security');
  return (
    <div className="min-h-full bg-surface-muted pb-12">
      <div className="mx-auto max-w-3xl space-y-6 px-4 pt-8 sm:pt-10">
        <div>
          <Link to={paths.dashboard()} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-gold-300">
            <ArrowLeft className="size-4" aria-hidden />
            {t('backToDashboard')}
          </Link>
          <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-muted">{t('subtitle')}</p>
        </div>
        <SecondFactorPanel user={user} />
        <PasskeysPanel factorOn={user.twoFactorEnabled} />
        <SessionsPanel />
        {children}
      </div>
    </div>
  );
}
