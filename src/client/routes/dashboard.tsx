import { useTranslation } from 'react-i18next';
import { firstName } from '@shared/names';
import { useSession } from '@client/features/auth/api/session';
import { usePageTitle } from '@client/lib/page-title';

/** Greeting only, until the orders issue builds the dashboard. */
export default function DashboardRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const name = firstName(user?.name);
  usePageTitle(t('nav.dashboard'));
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{name ? t('greeting', { name }) : t('greetingGeneric')}</h1>
    </section>
  );
}
