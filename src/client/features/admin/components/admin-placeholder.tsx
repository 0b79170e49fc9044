import { ArrowLeft, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { clientPaths } from '@shared/routes';
import { buttonClasses } from '@client/components/ui/button';
import { usePageTitle } from '@client/lib/page-title';
import { useAdminTranslation } from '../hooks/use-admin-translation';

/** SPEC section 2: users and integrations are placeholders for now. */
export function AdminPlaceholder({ page, icon: Icon }: { page: 'users' | 'integrations'; icon: LucideIcon }) {
  const { t } = useAdminTranslation();
  usePageTitle(t(`meta.${page}`));
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 dark:bg-brand-800 dark:text-gold-300">
        <Icon className="size-7" aria-hidden />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight">{t(`meta.${page}`)}</h1>
      <p className="mt-1 text-sm font-semibold tracking-wide text-gold-700 uppercase dark:text-gold-300">{t('comingSoon.title', { ns: 'common' })}</p>
      <p className="mt-3 text-muted">{t(`placeholder.${page}`)}</p>
      <Link to={clientPaths.adminOrders} className={buttonClasses('outline', 'md', 'mt-8')}>
        <ArrowLeft className="size-4" aria-hidden />
        {t('placeholder.back')}
      </Link>
    </section>
  );
}
