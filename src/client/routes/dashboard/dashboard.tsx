import { useTranslation } from '@client/lib/i18n';
import type { TSessionUser } from '@shared/auth';
import { firstName } from '@shared/names';
import { AccountCard } from './account-card';
import { ActionNeeded } from '@client/features/thread/action-needed';
import { ConfirmEmail } from '@client/features/auth/components/confirm-email';
import { isNewAccount } from '@client/features/auth/first-visit';
import { CurrentOrder } from './current-order';
import { MyOrders } from './my-orders';
import { QuickActions } from './quick-actions';
import { StatTiles } from './stat-tiles';
import { TipCard } from './tip-card';

/**
 * The customer dashboard (docs/product.md, "Client routes"): greeting, the current order's state
 * and next step first, then tiles (with more than one order), My Orders and the side panel.
 */
export function Dashboard({ user }: { user: TSessionUser }) {
  const { t } = useTranslation('dashboard');
  const name = firstName(user.name);
  // the account's first visit greets a newcomer; every later one, a customer coming back
  const newcomer = isNewAccount(user.id);
  return (
    <div className="min-h-full bg-surface-muted pb-12">
      <div className="bg-brand-700 pb-20 pt-8 text-white sm:pt-10 dark:bg-brand-900">
        <div className="mx-auto max-w-6xl px-4">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
            {name ? t(newcomer ? 'common:welcome' : 'common:greeting', { name }) : t(newcomer ? 'common:welcomeGeneric' : 'common:greetingGeneric')}
          </h1>
          <p className="mt-1 text-brand-100">{t('subtitle')}</p>
        </div>
      </div>
      <div className="mx-auto -mt-14 max-w-6xl space-y-6 px-4">
        <CurrentOrder />
        <ActionNeeded />
        <ConfirmEmail user={user} />
        <StatTiles />
        <div className="grid grid-cols-1 items-start gap-6 @5xl:grid-cols-[minmax(0,1fr)_20rem]">
          <MyOrders />
          <aside className="min-w-0 space-y-6">
            <AccountCard user={user} />
            <QuickActions />
            <TipCard />
          </aside>
        </div>
      </div>
    </div>
  );
}
